import type { LiveStream } from "@cloud-contract/types";
import { SANDBOX_FIXTURES as F } from "../../fixtures/ids.js";

/** The push URLs of a stream, in the shapes of the interface specification. */
export function pushUrls(
  streamId: number,
  token: string,
): Pick<
  LiveStream,
  "push_url" | "backup_push_url" | "push_url_srt" | "backup_push_url_srt" | "push_url_whip"
> {
  return {
    push_url: `rtmp://vp-push-fra1.domain.com/in/${streamId}?${token}`,
    backup_push_url: `rtmp://vp-push-ams2.domain.com/in/${streamId}?${token}`,
    push_url_srt: `srt://vp-push-fra1-srt.domain.com:5001?streamid=${streamId}#${token}`,
    backup_push_url_srt: `srt://vp-push-ams2-srt.domain.com:5001?streamid=${streamId}#${token}`,
    push_url_whip: `https://whip.domain.com/${streamId}_${token}/whip`,
  };
}

function stream(id: number, name: string, token: string, extra: Partial<LiveStream>): LiveStream {
  const base = `https://${F.clientId}.gvideo.io`;
  return {
    id,
    name,
    active: true,
    pull: false,
    uri: null,
    auto_record: false,
    record_type: "origin",
    hls_mpegts_endlist_tag: true,
    dvr_enabled: false,
    dvr_duration: 3600,
    cdn_id: null,
    client_user_id: null,
    client_entity_data: null,
    html_overlay: false,
    quality_set_id: null,
    broadcast_ids: [],
    projection: "regular",
    live: false,
    backup_live: false,
    token,
    stream_source_type: null,
    ...pushUrls(id, token),
    created_at: "2026-11-20T15:47:03Z",
    started_at_primary: null,
    started_at_backup: null,
    finished_at_primary: null,
    iframe_url: `https://player.gvideo.co/streams/${F.clientId}_${id}`,
    dash_url: `${base}/cmaf/${F.clientId}_${id}/index.mpd`,
    hls_cmaf_url: `${base}/cmaf/${F.clientId}_${id}/master.m3u8`,
    hls_mpegts_url: `${base}/mpegts/${F.clientId}_${id}/master_mpegts.m3u8`,
    screenshot: `https://static.gvideo.co/videoplatform/streams/${F.clientId}/${id}/screenshots/last.jpg`,
    transcoded_qualities: null,
    recording_duration: null,
    transcoding_speed: null,
    frame_rate: null,
    video_height: null,
    video_width: null,
    html_overlays: [],
    ...extra,
  };
}

export const streams = (): LiveStream[] => [
  stream(F.streamId, "Product launch keynote", "9b2f6c1e47a04d8e8f3a5c7d2e1b0a96", {
    broadcast_ids: [8815],
    dvr_enabled: true,
    dvr_duration: 7200,
  }),
  stream(F.backupLiveStreamId, "Night shift (backup encoder on air)", "3c4d5e6f708192a3b4c5d6e7f8091a2b", {
    live: true,
    backup_live: true,
    stream_source_type: "rtmp",
    started_at_primary: "2026-11-21T08:00:00Z",
    started_at_backup: "2026-11-21T08:05:00Z",
    transcoded_qualities: ["1080p", "720p", "480p"],
    transcoding_speed: 1,
    frame_rate: 30,
    video_height: 1080,
    video_width: 1920,
  }),
];
