// One recording of the suite's own run (with the behaviour tests) against a sandbox, through the record proxy,
// shared by the test files that read it (parity; record and replay) instead of one recording each: made in
// vitest's own process by recorded-suite-setup.ts (a global setup) when the first file asks for it.
import { get } from "node:http";
import { inject } from "vitest";
import type { RecordedSuite } from "./recorded-suite-setup.js";

/**
 * The shared recording, once it is done (the first caller of the run starts it). node:http rather than fetch:
 * the answer comes when the suite has run, which on a busy machine can be longer than fetch waits for headers.
 */
export function recordedSuite(): Promise<RecordedSuite> {
  return new Promise((resolve, reject) => {
    get(inject("recordedSuiteUrl"), (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        text += chunk;
      });
      res.on("end", () => {
        if (res.statusCode !== 200) return reject(new Error(`the shared recording failed: ${text}`));
        const recorded: RecordedSuite = JSON.parse(text);
        resolve(recorded);
      });
      res.on("error", reject);
    }).on("error", reject);
  });
}
