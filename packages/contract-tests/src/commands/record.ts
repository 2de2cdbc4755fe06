// `contract-tests record`: runs the record proxy until SIGINT or SIGTERM, then writes everything and
// prints the summary. Exit 1 when an exchange broke the contract.
import { readFileSync } from "node:fs";
import type { RecordCommand } from "../cli.js";
import { createJudge } from "../judge.js";
import { type RecordSummary, startRecordProxy } from "../record/proxy.js";

export function judgeFor(spec: string | undefined) {
  return createJudge(spec === undefined ? undefined : JSON.parse(readFileSync(spec, "utf8")));
}

export function describeRecording(summary: RecordSummary): string {
  const broken = Object.entries(summary.broken).map(([id, n]) => `${id} ${n}`);
  return [
    `recorded ${summary.exchanges} exchanges to ${summary.file}`,
    `${summary.violations} violations${broken.length ? ` (${broken.join(", ")})` : ""}; ${summary.unknownRoutes} not in the spec`,
  ].join("\n");
}

export async function runRecord(
  command: RecordCommand,
  out: NodeJS.WritableStream,
  stopSignal: Promise<unknown> = new Promise((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  }),
): Promise<number> {
  const proxy = await startRecordProxy({
    upstream: command.upstream,
    port: command.port,
    outDir: command.outDir,
    judge: judgeFor(command.spec),
    onViolation: (text) => out.write(`${text}\n`),
  });
  out.write(`recording ${proxy.url} → ${command.upstream} into ${proxy.file} (Ctrl-C stops)\n`);
  await stopSignal;
  const summary = await proxy.stop();
  out.write(`${describeRecording(summary)}\n`);
  return summary.violations > 0 ? 1 : 0;
}
