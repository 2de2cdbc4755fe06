// A url target that is not a sandbox is read-only unless --allow-mutations: behind a proxy that hides the
// sandbox's control API (/__sandbox answers 404), the suite, generate and stateful change nothing in the
// sandbox's world (its state read directly before and after, its clock stopped so that time changes nothing
// either) and skip what would change it, saying so; a kept failure that writes is not sent there. The same sandbox behind url without the proxy is a
// sandbox: the suite changes data there, in a tenant of its own, so the default world is still as it was.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  connectSandbox,
  type RunningSandbox,
  SANDBOX_API_KEY,
  SANDBOX_FIXTURES,
  startSandbox,
} from "@cloud-contract/mock";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { ContractSummary } from "./summary.js";
import { SUITE_SANDBOX } from "./target-session.js";
import { cleanEnv, runBin } from "./test-support/bin.js";
import { writeRecordedGet } from "./test-support/har-file.js";
import { type RewritingProxy, startRewritingProxy } from "./test-support/rewriting-proxy.js";

let sandbox: RunningSandbox;
let hiding: RewritingProxy;
let work: string;

beforeAll(async () => {
  sandbox = await startSandbox(SUITE_SANDBOX);
  hiding = await startRewritingProxy({
    upstream: sandbox.url,
    answer: (exchange) =>
      exchange.path.startsWith("/__sandbox") ? { status: 404, body: { message: "Not Found" } } : undefined,
  });
  work = mkdtempSync(join(tmpdir(), "read-only-url-"));
});

afterAll(async () => {
  await hiding.close();
  await sandbox.stop();
  rmSync(work, { recursive: true, force: true });
});

/** Runs `args` against `baseUrl` and tells whether the default world changed (read directly, clock stopped). */
async function worldChangedBy(args: readonly string[], baseUrl: string, reports?: string) {
  const control = connectSandbox(sandbox.url).forKey(SANDBOX_API_KEY);
  await control.clock.manual();
  try {
    const before = await control.state();
    const where = reports === undefined ? [] : ["--reports-dir", reports];
    const run = await runBin([...args, "--target", "url", "--base-url", baseUrl, ...where], {
      env: cleanEnv({ NO_COLOR: "1" }),
    });
    return { run, before, after: await control.state() };
  } finally {
    await control.clock.real();
  }
}

/** The skip reasons of a run's JSON summary that say a test would have changed data. */
const mutationSkips = (file: string) =>
  (JSON.parse(readFileSync(file, "utf8")) as ContractSummary).operations
    .flatMap((op) => op.skips)
    .filter((skip) => /would change|changes data|pass --allow-mutations/.test(skip.reason));

it.for([
  ["the suite", ["run"], "contract-url.json"],
  ["generate", ["generate", "--cases", "2"], "generated-url.json"],
  ["stateful", ["stateful", "--sequences", "3"], "stateful-url.json"],
] as const)(
  "%s against a url that hides /__sandbox changes nothing without --allow-mutations",
  async ([name, args, summary]) => {
    const reports = join(work, name);
    const { run, before, after } = await worldChangedBy(args, hiding.url, reports);
    expect(run.code, `${run.stdout}${run.stderr}`).toBe(0);
    expect(after).toEqual(before);
    if (name !== "stateful") expect(mutationSkips(join(reports, summary)).length).toBeGreaterThan(0);
    else expect(run.stdout).toMatch(/, read-only\)/);
  },
);

it("a kept failure that writes is not sent to a url that hides /__sandbox without --allow-mutations", async () => {
  const url = `${sandbox.url}/iam/reselling/resellers/${SANDBOX_FIXTURES.resellerId}/notification_settings`;
  const har = join(work, "write.har");
  writeRecordedGet(har, url, "{}");
  const recorded = JSON.parse(readFileSync(har, "utf8"));
  recorded.log.entries[0].request.method = "POST";
  recorded.log.entries[0].request.postData = {
    mimeType: "application/json",
    text: '{"email":"a@example.com"}',
  };
  writeFileSync(har, JSON.stringify(recorded));
  const reports = join(work, "kept-write");
  expect((await runBin(["replay", har, "--reports-dir", reports], { env: cleanEnv() })).code).toBe(1);
  const file = join(reports, "kept-failures", "replay-recorded", "addResellerNotificationSetting-1.kept.mts");
  const { run, before, after } = await worldChangedBy(["kept", file], hiding.url);
  expect(run.code, run.stdout).toBe(2);
  expect(run.stdout).toBe(
    `contract-tests: ${file} sends POST /iam/reselling/resellers/{resellerId}/notification_settings, which changes data, to url ${hiding.url}, which is read-only here (not a sandbox): pass --allow-mutations to send it\n`,
  );
  expect(after).toEqual(before);
});

it("the suite against the sandbox itself by url changes data, in a tenant of its own", async () => {
  const reports = join(work, "sandbox-by-url");
  const { run, before, after } = await worldChangedBy(["run"], sandbox.url, reports);
  expect(run.code, `${run.stdout}${run.stderr}`).toBe(0);
  expect(mutationSkips(join(reports, "contract-url.json"))).toEqual([]);
  expect(after).toEqual(before);
});
