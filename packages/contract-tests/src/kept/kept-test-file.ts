// Writes a kept failure as a vitest file that sends the case again with @cloud-contract/client and judges
// the answer as the run did: it fails while the cause is there and passes once the answer keeps the
// contract. The key is never written: the file reads CONTRACT_API_KEY (the sandbox's public key is the
// fallback when the run used it).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { SANDBOX_API_KEY } from "@cloud-contract/mock";
import { curlLine, type Outcome, type RequestCase } from "../generate/request-case.js";
import { ensureDir } from "../record/har.js";
import { API_KEY_VARIABLE, BASE_URL_VARIABLE } from "../run-config/target.js";
import { type KeptCase, keepCase, type RecordedAnswer } from "./kept-case.js";

export interface KeptRun {
  /** The base URL the run sent to: the file's fallback for CONTRACT_BASE_URL. */
  baseUrl: string;
  /** The key the run sent (written only when it is the sandbox's public one). */
  apiKey: string;
  curl: string;
}

/** `[["a","1"],["a","2"],["b","3"]]` → `{ a: ["1","2"], b: "3" }` (the client repeats array values). */
function queryObject(query: ReadonlyArray<[string, string]>): Record<string, string | string[]> {
  const object: Record<string, string | string[]> = {};
  for (const [name, value] of query) {
    const previous = object[name];
    object[name] =
      previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return object;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

export function keptTestFile(kept: KeptCase, run: KeptRun): string {
  const key = run.apiKey === SANDBOX_API_KEY ? ` ?? ${JSON.stringify(SANDBOX_API_KEY)}` : "";
  const init = [
    `    params: { path: kept.pathParams, query: ${JSON.stringify(queryObject(kept.query))} },`,
    ...(kept.body === undefined ? [] : ["    body: kept.body,"]),
    `    parseAs: "text",`,
  ];
  return [
    `// Kept failure (${kept.from}) of ${kept.operationId}: ${kept.observed.failure}`,
    `// Expected ${kept.expected}; the run got ${kept.observed.status}.`,
    `// By hand: ${run.curl}`,
    "// Run: CONTRACT_BASE_URL=… CONTRACT_API_KEY=… npx vitest run <this file> (fails until the cause is fixed)",
    `import { createCloudClient } from "@cloud-contract/client";`,
    `import { keptCaseFailure } from "@cloud-contract/contract-tests";`,
    `import { expect, it } from "vitest";`,
    "",
    `const kept = ${json(kept)};`,
    "",
    `it(${JSON.stringify(`${kept.operationId} (${kept.plan}): ${kept.expected}`)}, async () => {`,
    "  const client = createCloudClient({",
    `    baseUrl: process.env.${BASE_URL_VARIABLE} ?? ${JSON.stringify(run.baseUrl)},`,
    `    apiKey: process.env.${API_KEY_VARIABLE}${key},`,
    "    retry: false,",
    "  });",
    `  const { response, data, error } = await client.request(${JSON.stringify(kept.method.toLowerCase())}, ${JSON.stringify(kept.template)}, {`,
    ...init,
    "  });",
    `  const answer = response.ok ? data : error;`,
    `  expect(keptCaseFailure(kept, response.status, response.headers.get("content-type"), answer)).toBeUndefined();`,
    "});",
    "",
  ].join("\n");
}

/** Writes the file as `<dir>/<name>.test.ts`; returns its path. */
export function writeKeptFailure(dir: string, name: string, kept: KeptCase, run: KeptRun): string {
  ensureDir(dir);
  const file = join(dir, `${name}.test.ts`);
  writeFileSync(file, keptTestFile(kept, run));
  return file;
}

/** A failing request of any command (generate, replay, parity, stateful): what was sent, the answer, why it fails. */
export interface FailingRequest {
  case: RequestCase;
  outcome: Outcome;
  failure: string;
  /** The answer a recording got, which a parity case expects again. */
  recorded?: RecordedAnswer;
}

/**
 * Keeps a failing request as `<dir>/<name>.test.ts` with its curl line; `from` names the run (`replay, x.har#3`).
 * Returns the file and the curl line (which names `keyVariable` when the run took its key from one).
 */
export function keepFailure(
  dir: string,
  name: string,
  failing: FailingRequest,
  from: string,
  target: { baseUrl: string; apiKey: string; keyVariable?: string },
): { file: string; curl: string } {
  const curl = curlLine(target.baseUrl, failing.case, target.keyVariable);
  const kept = keepCase(failing.case, failing.outcome, failing.failure, from, failing.recorded);
  return {
    file: writeKeptFailure(dir, name, kept, { baseUrl: target.baseUrl, apiKey: target.apiKey, curl }),
    curl,
  };
}
