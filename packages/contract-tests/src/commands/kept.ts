// `contract-tests kept [FILE|DIR]`: runs kept failures (`*.kept.mts`) from any folder with a vitest
// configuration of its own, each against the target it failed on (a fresh local server of the same kind,
// or the same base URL) unless target flags name another. Exit 0 every kept file passes (the causes are
// fixed), 1 one still fails, 2 they cannot run (no kept file, a target that does not answer, a write to a
// read-only target).
import { dirname, join, resolve } from "node:path";
import { loadDocument } from "@cloud-contract/spec/document";
import { keptFiles, readKeptFile } from "../kept/kept-files.js";
import { runKeptFiles } from "../kept/run-kept.js";
import { resolveReportsDir } from "../run-config/run-config.js";
import type { ReadyTarget, TargetFlags } from "../run-config/target.js";
import { replayTarget, type SavedTarget, unreachableSaved } from "../saved-target.js";
import { openTarget } from "../target-session.js";
import { CannotRun, type CliIo, type CommandModule } from "./command.js";
import { addMutationOptions, addTargetOptions, type MutationValues, type TargetValues } from "./options.js";

interface KeptSettings {
  path: string;
  flags: TargetFlags;
}

export const keptCommand: CommandModule = {
  register(program, io, choose) {
    const command = program
      .command("kept")
      .description(
        "Run kept failures (*.kept.mts, which generate, stateful, replay and parity write) from any folder: each against the target it failed on — its kind and base URL; the key from --api-key or CONTRACT_API_KEY — unless target flags name another. A url target that is not a sandbox gets no write without --allow-mutations.",
      );
    addTargetOptions(command, undefined, "each file's own target");
    addMutationOptions(command);
    command
      .argument(
        "[path]",
        "a kept file, or a folder searched for them (default: the reports folder's kept-failures)",
      )
      .action((path: string | undefined, values: TargetValues & MutationValues) => {
        const settings: KeptSettings = {
          path:
            path === undefined
              ? join(resolveReportsDir(undefined, io.env, io.cwd), "kept-failures")
              : resolve(io.cwd, path),
          flags: values,
        };
        choose({ settings, run: () => runKept(settings, io) });
      });
  },
};

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

async function runKept(settings: KeptSettings, io: CliIo): Promise<number> {
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
