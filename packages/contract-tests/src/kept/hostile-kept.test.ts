// Kept files written from a HAR full of code-like text — quotes, line breaks (U+2028 too), backticks, `${`,
// `*/` and invalid UTF-8, in recorded URLs, headers, request and response bodies, with two or more
// violations per answer — compile (TypeScript 7, strict, as a user's project resolves the packages) and run
// with `contract-tests kept`, and nothing of that text is executed: each payload would write a marker file.
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type RunningSandbox, SANDBOX_API_KEY, SANDBOX_FIXTURES, startSandbox } from "@cloud-contract/mock";
import { afterAll, beforeAll, expect, it } from "vitest";
import { cleanEnv, runBin } from "../test-support/bin.js";

const PACKAGE_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const TSC = join(PACKAGE_ROOT, "node_modules", "typescript-7", "bin", "tsc");
const packageOf = (name: string) => dirname(fileURLToPath(import.meta.resolve(`${name}/package.json`)));

let sandbox: RunningSandbox;
let work: string;
let marker: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  work = mkdtempSync(join(tmpdir(), "hostile-kept-"));
  marker = join(work, "EXECUTED");
});

afterAll(async () => {
  await sandbox.stop();
  rmSync(work, { recursive: true, force: true });
});

/** Text that writes the marker file if it ever runs as code, in each of the ways text can leave a literal or comment. */
function payloads(): string[] {
  const write = `(await import("node:fs")).writeFileSync(${JSON.stringify(marker)}, "x")`;
  return [
    `\n${write};\n//`,
    `\r\n${write};\r\n`,
    `\u2028${write};\u2028`,
    `"; ${write}; "`,
    `'; ${write}; '`,
    `\`; ${write}; \``,
    `\${${write}}`,
    `*/ ${write}; /*`,
    `</script>\\"); ${write}; //`,
  ];
}

/** A placeholder replaced by raw invalid UTF-8 bytes once the HAR is serialised. */
const INVALID_UTF8 = "@@INVALID_UTF8@@";

function entry(
  method: string,
  url: string,
  responseType: string,
  responseText: string,
  requestBody?: string,
) {
  return {
    startedDateTime: new Date(0).toISOString(),
    time: 1,
    request: {
      method,
      url,
      httpVersion: "HTTP/1.1",
      cookies: [],
      headers: [{ name: "x-note", value: payloads()[0] }],
      queryString: [],
      headersSize: -1,
      bodySize: requestBody?.length ?? 0,
      ...(requestBody === undefined ? {} : { postData: { mimeType: "application/json", text: requestBody } }),
    },
    response: {
      status: 200,
      statusText: "OK",
      httpVersion: "HTTP/1.1",
      cookies: [],
      headers: [{ name: "content-type", value: responseType }],
      content: { size: responseText.length, mimeType: "application/json", text: responseText },
      redirectURL: "",
      headersSize: -1,
      bodySize: responseText.length,
    },
    cache: {},
    timings: { send: 0, wait: 1, receive: 0 },
  };
}

function hostileHar(): Buffer {
  const list = `${sandbox.url}/billing/org/v1/plans/contents`;
  const settings = `${sandbox.url}/iam/reselling/resellers/${SANDBOX_FIXTURES.resellerId}/notification_settings`;
  const entries = payloads().flatMap((text, n) => [
    // The payload in a query name and value, and in the answer's content type.
    entry(
      "GET",
      `${list}?limit=2&${encodeURIComponent(text)}=${encodeURIComponent(text)}`,
      `application/json${text}`,
      "{}",
    ),
    // Two violations (count and results) and more, the payload in the answer's fields and names.
    entry(
      "GET",
      `${list}?limit=${n + 1}`,
      "application/json",
      JSON.stringify({ count: text, results: text, [text]: n }),
    ),
    // A write whose recorded body carries the payload, answered with a body the spec refuses.
    entry(
      "POST",
      settings,
      "application/json",
      JSON.stringify({ [text]: text }),
      JSON.stringify({ email: text, [text]: [text] }),
    ),
  ]);
  entries.push(
    entry("GET", `${list}?limit=${INVALID_UTF8}`, "application/json", `{"count":"${INVALID_UTF8}"}`),
  );
  const text = JSON.stringify({
    log: { version: "1.2", creator: { name: "hostile", version: "1" }, entries },
  });
  const [before, ...rest] = text.split(INVALID_UTF8);
  const bad = Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]);
  return Buffer.concat([Buffer.from(before ?? ""), ...rest.flatMap((part) => [bad, Buffer.from(part)])]);
}

/** A project folder of a user's: the packages in node_modules and a strict tsconfig over the kept files. */
function typeCheck(project: string): { status: number | null; output: string } {
  mkdirSync(join(project, "node_modules", "@cloud-contract"), { recursive: true });
  symlinkSync(PACKAGE_ROOT, join(project, "node_modules", "@cloud-contract", "contract-tests"));
  symlinkSync(packageOf("vitest"), join(project, "node_modules", "vitest"));
  writeFileSync(
    join(project, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: "es2022",
        module: "nodenext",
        moduleResolution: "nodenext",
        skipLibCheck: true,
        types: [],
      },
      include: ["reports/**/*.kept.mts"],
    }),
  );
  const run = spawnSync(process.execPath, [TSC, "-p", join(project, "tsconfig.json")], { encoding: "utf8" });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

it("kept files from a hostile HAR compile, run, and execute none of the recorded text", async () => {
  const har = join(work, "hostile.har");
  writeFileSync(har, hostileHar());
  const reports = join(work, "reports");
  const env = cleanEnv({ NO_COLOR: "1", CONTRACT_API_KEY: SANDBOX_API_KEY });
  const replayed = await runBin(["replay", har, "--reports-dir", reports], { env });
  expect(replayed.code, replayed.stdout).toBe(1);
  const keptDir = join(reports, "kept-failures", "replay-recorded");
  const kept = readdirSync(keptDir);
  expect(kept.length, replayed.stdout).toBe(payloads().length * 3 + 1);
  const list = kept.find((name) => name === "listPlanContents-2.kept.mts") as string;
  const twoViolations = readFileSync(join(keptDir, list), "utf8");
  expect(twoViolations).toMatch(/^\/\/ Failure: .*\/count.*\/results/m);

  const checked = typeCheck(work);
  expect(checked.output).toBe("");
  expect(checked.status).toBe(0);

  const ran = await runBin(["kept", keptDir, "--target", "url", "--base-url", sandbox.url], { env });
  expect([0, 1], `${ran.stdout}${ran.stderr}`).toContain(ran.code);
  // Every file was collected and ran its one test (none failed to compile or import).
  expect(`${ran.stdout}${ran.stderr}`).toMatch(new RegExp(`Tests .*\\(${kept.length}\\)`));
  expect(existsSync(marker)).toBe(false);
});
