// `cloud-mock seed-from-har FILE… --out seed.json`: a seed of what recorded answers show, each entry redacted
// as `contract-tests record` redacts (./redact) before anything of it is read.
import { readFile, writeFile } from "node:fs/promises";
import { bundledModel } from "@cloud-contract/spec/bundled";
import type { Entry, Har } from "har-format";
import type { Invocation } from "./cli-args.js";
import { messageOf } from "./error-message.js";
import { Redactor } from "./redact/redact.js";
import { checkSnapshot } from "./sandbox/snapshot/check.js";
import { seedFromHar } from "./sandbox/snapshot/from-har.js";
import { describeProblem } from "./sandbox/snapshot/refusal.js";

/** Writes the seed; 0 when it loads, 1 when it would not (its problems listed), 2 when a HAR cannot be read. */
export async function runSeedFromHar(
  invocation: Extract<Invocation, { command: "seed-from-har" }>,
  io: { out: { write(text: string): unknown }; err: { write(text: string): unknown } },
): Promise<number> {
  const redactor = new Redactor();
  const entries: Entry[] = [];
  for (const file of invocation.hars) {
    try {
      const har = JSON.parse(await readFile(file, "utf8")) as Har;
      if (!Array.isArray(har.log?.entries)) throw new Error("it has no log.entries");
      for (const entry of har.log.entries) entries.push(redactor.redact(entry));
    } catch (error) {
      io.err.write(`cloud-mock: cannot read ${file} as a HAR: ${messageOf(error).split("\n")[0]}\n`);
      return 2;
    }
  }
  const model = bundledModel();
  const { seed, unplaced } = seedFromHar(entries, model, invocation.seed ?? 1);
  await writeFile(invocation.out, `${JSON.stringify(seed, null, 2)}\n`);
  const counts = Object.entries(seed.entities).map(([kind, list]) => `${list?.length ?? 0} ${kind}`);
  io.out.write(`Wrote ${invocation.out}: ${counts.join(", ") || "no entities"}\n`);
  for (const { call, reason } of unplaced) io.out.write(`not placed: ${call} (${reason})\n`);
  const problems = checkSnapshot(seed, model, seed.seed);
  for (const problem of problems) io.err.write(`does not load: ${describeProblem(problem)}\n`);
  return problems.length > 0 ? 1 : 0;
}
