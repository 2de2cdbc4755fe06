import type { LiveStream } from "@cloud-contract/types";
import { describe, expect, it } from "vitest";
import { needFixture, needMutations, needState } from "../suite/gates.js";
import { useHarness } from "../suite/harness.js";
import { type NegativeCase, rejects } from "../suite/negative.js";

const h = useHarness();
const RESET = "/streaming/streams/{stream_id}/reset_push_token";
const CHANGE = "the stream's push token (encoders using the old one are cut off)";
const PUSH_URLS = [
  "push_url",
  "backup_push_url",
  "push_url_srt",
  "backup_push_url_srt",
  "push_url_whip",
] as const;

const reset = (streamId: number | string, headers?: Record<string, string>) =>
  h.client.POST(RESET, {
    params: { path: { stream_id: streamId as number } },
    ...(headers ? { headers } : {}),
  });

/** Every push URL of a stream, the multi-region ones included. */
function pushUrlsOf(stream: LiveStream): string[] {
  const urls: string[] = [];
  for (const field of PUSH_URLS) {
    const value = stream[field];
    if (typeof value === "string") urls.push(value);
  }
  for (const entry of stream.multi_region_push_urls ?? []) {
    if (typeof entry === "string") urls.push(entry);
    else for (const value of Object.values(entry ?? {})) if (typeof value === "string") urls.push(value);
  }
  return urls;
}

describe(h.label("resetStreamPushToken"), () => {
  it("answers 200 with the stream", async (t) => {
    needMutations(t, h.ctx, CHANGE);
    const stream = await h.ok("resetStreamPushToken", reset(h.ctx.ids.streamId));
    if (h.ctx.stateful) expect((stream as LiveStream).id).toBe(h.ctx.ids.streamId);
  });

  it("answers 202 with a notice when the ingest cannot be closed", async (t) => {
    needMutations(t, h.ctx, CHANGE);
    if (h.ctx.server === "prism") {
      // Prism serves the documented 202 example when asked for it.
      await h.ok("resetStreamPushToken", reset(h.ctx.ids.streamId, { Prefer: "code=202" }), 202);
      return;
    }
    if (h.ctx.target === "real") {
      t.skip(
        "202 happens only while the platform cannot close a live ingest; the suite cannot bring that about on the real API",
      );
    }
    const streamId = needFixture(t, h.ctx, "backupLiveStreamId");
    const notice = await h.ok("resetStreamPushToken", reset(streamId), 202);
    expect(notice).toEqual(expect.objectContaining({ message: expect.any(String) }));
  });

  rejects(h, [
    {
      name: "a stream id that is not an integer",
      operationId: "resetStreamPushToken",
      call: () => reset("abc"),
    },
    {
      name: "an unknown stream with 404",
      operationId: "resetStreamPushToken",
      needsState: true,
      call: () => reset(987654321),
    },
  ] satisfies NegativeCase[]);
});

describe("push token reset (behaviour): resetStreamPushToken", () => {
  it("changes every push URL to the new token, and the old token is gone", async (t) => {
    needState(t, h.ctx);
    needMutations(t, h.ctx, CHANGE);
    const first = (await h.ok("resetStreamPushToken", reset(h.ctx.ids.streamId))) as LiveStream;
    const second = (await h.ok("resetStreamPushToken", reset(h.ctx.ids.streamId))) as LiveStream;
    const oldToken = first.token;
    const newToken = second.token;
    expect(oldToken, "the stream shows its token").toEqual(expect.any(String));
    expect(newToken).toEqual(expect.any(String));
    expect(newToken).not.toBe(oldToken);

    const before = pushUrlsOf(first);
    const after = pushUrlsOf(second);
    expect(after.length).toBeGreaterThan(0);
    expect(after).toHaveLength(before.length);
    for (const [i, url] of after.entries()) {
      expect(url, "every push URL carries the new token").toContain(newToken as string);
      expect(url, "no push URL keeps the old token").not.toContain(oldToken as string);
      expect(url).not.toBe(before[i]);
    }
  });
});
