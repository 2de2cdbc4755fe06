// `record` through a real proxy in front of the sandbox: a scoped key handed out by createTenant is never
// written in clear, though the recorded calls carry it in two more places — a tag value the client sets to it
// (request and answer), and the /__sandbox/state answer that shows that tag — and never as a credential.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  SANDBOX_FIXTURES as F,
  type RunningSandbox,
  SANDBOX_API_KEY,
  startSandbox,
} from "@cloud-contract/mock";
import { REDACTED } from "@cloud-contract/mock/redact";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createJudge } from "../judge.js";
import { startRecordProxy } from "./proxy.js";

let work: string;
let sandbox: RunningSandbox;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "record-credentials-"));
  sandbox = await startSandbox({ port: 0 });
});

afterAll(async () => {
  await sandbox?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe("record", () => {
  it("redacts a scoped key in a tag value and in a /__sandbox/state answer, where it was never a credential", async () => {
    const proxy = await startRecordProxy({ upstream: sandbox.url, outDir: work, judge: createJudge() });
    const call = async (method: string, path: string, key: string, body?: unknown) => {
      const res = await fetch(`${proxy.url}${path}`, {
        method,
        headers: {
          Authorization: `apikey ${key}`,
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, text: await res.text() };
    };
    const created = await call("POST", "/__sandbox/tenants", SANDBOX_API_KEY);
    expect(created.status).toBe(201);
    const tenant = JSON.parse(created.text) as { api_key: string; scoped_api_keys: { api_key: string }[] };
    const scoped = tenant.scoped_api_keys[0]?.api_key ?? "";
    expect(scoped).toMatch(/^sbx_/);
    const group = `/cloud/v1/securitygroups/${F.projectId}/${F.regionId}/${F.securityGroupId}`;
    const tagged = await call("PATCH", group, tenant.api_key, { tags: { handed_over: scoped } });
    expect(tagged.status).toBe(200);
    expect(tagged.text).toContain(scoped);
    const state = await call("GET", "/__sandbox/state", tenant.api_key);
    expect(state.text).toContain(scoped);
    await proxy.stop();

    const [file] = readdirSync(work).filter((name) => name.endsWith(".har"));
    const har = readFileSync(join(work, file as string), "utf8");
    expect(har).not.toContain(scoped);
    expect(har).not.toContain(tenant.api_key);
    const entries = (
      JSON.parse(har) as {
        log: {
          entries: {
            request: { url: string; postData?: { text: string } };
            response: { content: { text?: string } };
          }[];
        };
      }
    ).log.entries;
    const patch = entries.find((e) => e.request.url.endsWith(group));
    expect(patch?.request.postData?.text).toContain(`"handed_over":"${REDACTED}"`);
    const stateEntry = entries.find((e) => e.request.url.endsWith("/__sandbox/state"));
    expect(stateEntry?.response.content.text).toContain(REDACTED);
  });
});
