// The work of `contract-tests kept` (see kept.ts): the kept files grouped by target, each group run by vitest.
import { dirname } from "node:path";
import { loadDocument } from "@cloud-contract/spec/document";
import { keptFiles, readKeptFile } from "../kept/kept-files.js";
import { runKeptFiles } from "../kept/run-kept.js";
import type { ReadyTarget, TargetFlags } from "../run-config/target.js";
import { replayTarget, type SavedTarget, unreachableSaved } from "../saved-target.js";
import { openTarget } from "../target-session.js";
import { CannotRun, type CliIo } from "./command.js";

export interface KeptSettings {
  path: string;
  flags: TargetFlags;
}

interface TargetGroup {
  plan: ReadyTarget;
  saved: SavedTarget;
  files: Array<{ file: string; operationId: string; method: string; template: string }>;
}

/** The kept files by the target each runs against. */
function groupByTarget(settings: KeptSettings, io: CliIo): TargetGroup[] {
  const groups = new Map<string, TargetGroup>();
  for (const file of keptFiles(settings.path)) {
    const kept = readKeptFile(file);
    const plan = replayTarget(file, kept.target, settings.flags, io.env);
    if (plan.kind === "invalid") throw new CannotRun(plan.message);
    if (plan.kind === "skip")
      throw new CannotRun(`cannot run --target ${plan.target}: missing ${plan.missing.join(", ")}`);
    const key = JSON.stringify(plan);
    const group = groups.get(key) ?? { plan, saved: kept.target, files: [] };
    group.files.push({ file, operationId: kept.operationId, method: kept.method, template: kept.template });
    groups.set(key, group);
  }
  return [...groups.values()];
}

export async function runKept(settings: KeptSettings, io: CliIo): Promise<number> {
  const groups = groupByTarget(settings, io);
  const operations = loadDocument().operations;
  const root = settings.path.endsWith(".mts") ? dirname(settings.path) : settings.path;
  let code = 0;
  for (const group of groups) {
    const first = group.files[0]?.file ?? settings.path;
    const unreachable = await unreachableSaved(first, group.saved, settings.flags);
    if (unreachable !== undefined) throw new CannotRun(unreachable);
    const session = await openTarget(group.plan);
    try {
      const { ctx } = session;
      for (const kept of group.files) {
        const writes = operations.find((op) => op.operationId === kept.operationId)?.writes ?? true;
        if (writes && !ctx.allowMutations) {
          throw new CannotRun(
            `${kept.file} sends ${kept.method} ${kept.template}, which changes data, to ${ctx.target} ${ctx.baseUrl}, which is read-only here (${ctx.sandbox ? "--read-only" : "not a sandbox"}): pass --allow-mutations to send it`,
          );
        }
      }
      io.out.write(`kept: ${group.files.length} file(s) against ${ctx.target} ${ctx.baseUrl}\n`);
      const files = group.files.map((kept) => kept.file);
      code = Math.max(code, await runKeptFiles(files, root, { baseUrl: ctx.baseUrl, apiKey: ctx.apiKey }));
    } finally {
      await session.stop();
    }
  }
  return code;
}
