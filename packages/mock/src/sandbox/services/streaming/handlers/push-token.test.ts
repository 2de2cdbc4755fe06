import type { LiveStream } from "@cloud-contract/types";
import { beforeEach, describe, expect, it } from "vitest";
import { useSandbox } from "../../../../test-support/sandbox.js";
import { SANDBOX_FIXTURES as F } from "../../../fixtures/ids.js";

const ctx = useSandbox();
beforeEach(() => ctx.sandbox.reset());

const URL_FIELDS = [
  "push_url",
  "backup_push_url",
  "push_url_srt",
  "backup_push_url_srt",
  "push_url_whip",
] as const;
const reset = (streamId: number) =>
  ctx.api.call<LiveStream>("resetStreamPushToken", { params: { stream_id: streamId } });
const stored = (id: number) => ctx.sandbox.state().streams.find((s) => s.id === id) as LiveStream;

function expectShapes(stream: LiveStream, token: string): void {
  const id = stream.id;
  expect(stream.push_url).toMatch(new RegExp(`^rtmp://[^/]+/in/${id}\\?${token}$`));
  expect(stream.backup_push_url).toMatch(new RegExp(`^rtmp://[^/]+/in/${id}\\?${token}$`));
  expect(stream.push_url_srt).toMatch(new RegExp(`^srt://[^:/]+:\\d+\\?streamid=${id}#${token}$`));
  expect(stream.backup_push_url_srt).toMatch(new RegExp(`^srt://[^:/]+:\\d+\\?streamid=${id}#${token}$`));
  expect(stream.push_url_whip).toMatch(new RegExp(`^https://[^/]+/${id}_${token}/whip$`));
}

describe("push token reset", () => {
  it("puts one new token into all five push URLs, keeping their shapes, and answers 200 with the stream", async () => {
    const before = stored(F.streamId);
    expectShapes(before, before.token as string);
    const res = await reset(F.streamId);
    expect(res.status).toBe(200);
    const token = res.body.token as string;
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect(token).not.toBe(before.token);
    expectShapes(res.body, token);
    for (const field of URL_FIELDS) {
      expect(res.body[field]).not.toContain(before.token);
      // Only the token changed: hosts and ports stay.
      expect(res.body[field]?.replace(token, "T")).toBe(before[field]?.replace(before.token as string, "T"));
    }
    expect(stored(F.streamId)).toEqual(res.body);
  });

  it("keeps only one token: a second reset replaces the first new one everywhere", async () => {
    const first = (await reset(F.streamId)).body;
    const second = (await reset(F.streamId)).body;
    expect(second.token).not.toBe(first.token);
    const text = JSON.stringify(second);
    expect(text).not.toContain(first.token);
    expect(text.split(second.token as string).length - 1).toBe(6); // token + five URLs
  });

  it("answers 202 with a notice for a stream live on its backup server, and still resets the token", async () => {
    const before = stored(F.backupLiveStreamId);
    const res = await reset(F.backupLiveStreamId);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: expect.stringMatching(/restart/i) });
    const after = stored(F.backupLiveStreamId);
    expect(after.token).not.toBe(before.token);
    expectShapes(after, after.token as string);
    expect(after.backup_live).toBe(true);
  });

  it("answers 404 for an unknown stream and 400 for a stream id that is not an integer", async () => {
    expect((await reset(4242)).status).toBe(404);
    const res = await fetch(`${ctx.sandbox.url}/streaming/streams/abc/reset_push_token`, {
      method: "POST",
      headers: { Authorization: "apikey sandbox-api-key" },
    });
    // resetStreamPushToken documents no 422, so the sandbox answers 400.
    expect(res.status).toBe(400);
  });
});
