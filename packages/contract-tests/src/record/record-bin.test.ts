// The record command as a process: Ctrl-C (SIGINT) stops it only after every exchange is written.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RunningSandbox, SANDBOX_API_KEY, SANDBOX_FIXTURES, startSandbox } from "@cloud-contract/mock";
import type { Har } from "har-format";
import { afterAll, beforeAll, expect, it } from "vitest";
import { printed, startBin } from "../test-support/bin.js";

let sandbox: RunningSandbox;
let out: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  out = mkdtempSync(join(tmpdir(), "record-bin-"));
});

afterAll(async () => {
  await sandbox.stop();
  rmSync(out, { recursive: true, force: true });
});

it("records through the bin until SIGINT, then writes the HAR with secrets redacted and exits", async () => {
  const bin = startBin(["record", "--upstream", sandbox.url, "--out", out]);
  const [, url = ""] = await printed(bin, /recording (http:\/\/127\.0\.0\.1:\d+)/);
  const headers = { authorization: `apikey ${SANDBOX_API_KEY}`, "content-type": "application/json" };
  const { projectId, regionId } = SANDBOX_FIXTURES;
  const create = await fetch(`${url}/cloud/v1/bminstances/${projectId}/${regionId}`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      flavor: SANDBOX_FIXTURES.bareMetalFlavor,
      image_id: SANDBOX_FIXTURES.imageId,
      interfaces: [{ type: "external" }],
      name: "recorded",
      password: "very-secret-password",
    }),
  });
  expect(create.status).toBe(200);
  const reset = await fetch(`${url}/streaming/streams/${SANDBOX_FIXTURES.streamId}/reset_push_token`, {
    method: "POST",
    headers,
  });
  const { token } = (await reset.json()) as { token: string };

  bin.child.kill("SIGINT");
  const { code, stdout, stderr } = await bin.finished;
  const output = stdout + stderr;
  expect(code, output).toBe(0);
  expect(output).toMatch(/recorded 2 exchanges to .*\.har/);
  const [file] = readdirSync(out).filter((name) => name.endsWith(".har"));
  const text = readFileSync(join(out, file as string), "utf8");
  expect((JSON.parse(text) as Har).log.entries).toHaveLength(2);
  for (const secret of [SANDBOX_API_KEY, "very-secret-password", token]) expect(text).not.toContain(secret);
});
