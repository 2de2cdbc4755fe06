import type { LiveStreamResetNotice } from "@cloud-contract/types";
import { notFound } from "../../../http/api-error.js";
import type { StreamingHandler } from "../tenant.js";

const PUSH_URL_FIELDS = [
  "push_url",
  "backup_push_url",
  "push_url_srt",
  "backup_push_url_srt",
  "push_url_whip",
] as const;

/**
 * POST /streaming/streams/{stream_id}/reset_push_token — one new token in every push URL. A stream live on
 * its backup server cannot have its ingest closed automatically: the token is reset, and the answer is 202
 * with a notice; otherwise the live sessions end and the answer is 200 with the stream.
 */
export const resetStreamPushToken: StreamingHandler<"resetStreamPushToken"> = (ctx) => {
  const stream = ctx.app.entities.streams.get(ctx.params.stream_id);
  if (!stream) throw notFound(`Stream ${ctx.params.stream_id}`);
  const old = stream.token ?? "";
  const token = ctx.app.random.hex(32);
  stream.token = token;
  for (const field of PUSH_URL_FIELDS) {
    const url = stream[field];
    if (typeof url === "string") stream[field] = old ? url.replaceAll(old, token) : url;
  }
  if (Array.isArray(stream.multi_region_push_urls)) {
    stream.multi_region_push_urls = stream.multi_region_push_urls.map((entry) =>
      old ? (JSON.parse(JSON.stringify(entry).replaceAll(old, token)) as typeof entry) : entry,
    );
  }
  if (stream.backup_live) {
    const notice: LiveStreamResetNotice = {
      message:
        "Token reset successful (it's already new). However, your active stream state prevents automated termination, you should now manually restart the stream with the new token.",
    };
    return { status: 202, body: notice };
  }
  if (stream.live) {
    stream.live = false;
    stream.stream_source_type = null;
    stream.finished_at_primary = new Date(ctx.app.now()).toISOString();
  }
  return { status: 200, body: stream };
};
