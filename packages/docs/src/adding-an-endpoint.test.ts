// CONTRIBUTING's "Adding an endpoint", done as it says in a copy of the repository: a throwaway operation (how
// many tasks are active, in the cloud/tasks area, on existing path parameters) is added by its steps, then
// `pnpm generate`. The files written by hand are at most 8; the copy type-checks; its sandbox serves the
// operation; and its contract suite runs the operation and the operation's statement.
import { execFile } from "node:child_process";
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NX_TEST_ENV } from "./nx-env.js";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../../../", import.meta.url));
const OPERATION = "countActiveTasks";
const PATH = "/cloud/v1/tasks/{project_id}/{region_id}/active/count";
const PATH_FILE = "spec/paths/cloud_v1_tasks_{project_id}_{region_id}_active_count.yaml";
const HANDLERS = "packages/mock/src/sandbox/services/cloud/handlers";
const FOLDER = `packages/contract-tests/src/operations/${OPERATION}`;
const STATEMENT = "tasks.count-needs-key";
/** The behavioural sentence of its description ("until"): advice, which no request can check. */
const WAIT = "Poll it until it is 0 to wait for all of them.";

/** What the steps of "Adding an endpoint" write by hand, in their order: each file and its new text. */
const STEPS: Array<{ file: string; write: (text: string) => string }> = [
  {
    file: PATH_FILE,
    write: () => `parameters:
  - $ref: ../components/parameters/ProjectId.yaml
  - $ref: ../components/parameters/RegionId.yaml
get:
  operationId: ${OPERATION}
  x-area: cloud/tasks
  tags:
    - Cloud
  summary: Count active tasks
  description: How many asynchronous tasks of the project in the region have not finished yet. ${WAIT}
  responses:
    '200':
      description: The number of active tasks.
      content:
        application/json:
          schema:
            type: object
            required:
              - count
            properties:
              count:
                type: integer
                minimum: 0
                description: Active tasks of the project in the region.
          examples:
            two:
              summary: Two active tasks
              value:
                count: 2
    '400':
      $ref: ../components/responses/CloudBadRequest.yaml
    '401':
      $ref: ../components/responses/CloudUnauthorized.yaml
    '403':
      $ref: ../components/responses/CloudForbidden.yaml
    '404':
      $ref: ../components/responses/CloudNotFound.yaml
    '429':
      $ref: ../components/responses/CloudTooManyRequests.yaml
    5XX:
      $ref: ../components/responses/CloudServerError.yaml
`,
  },
  {
    file: "spec/openapi.yaml",
    write: (text) =>
      text.replace(/^components:/m, `  ${PATH}:\n    $ref: ${PATH_FILE.replace("spec/", "")}\ncomponents:`),
  },
  {
    file: `${HANDLERS}/tasks.ts`,
    write: (text) => `${text}
/** GET ${PATH} */
export const ${OPERATION}: CloudHandler<"${OPERATION}"> = (ctx) => {
  const { projectId, regionId } = projectRegion(ctx.app, ctx.params);
  const { count } = ctx.app.parts.cloud.scheduler.activePage(projectId, regionId, [], 0, 1);
  return { status: 200, body: { count } };
};
`,
  },
  {
    file: `${HANDLERS}/tasks.test.ts`,
    write: (text) => `${text}
describe("${OPERATION}", () => {
  it("counts the tasks listActiveTasks lists", async () => {
    await createBareMetal(bareMetal());
    const counted = await ctx.api.call("${OPERATION}", { params: P });
    const listed = await ctx.api.call("listActiveTasks", { params: P });
    expect(counted.body).toEqual({ count: listed.body.count });
  });
});
`,
  },
  {
    file: `${FOLDER}/behaviours.ts`,
    write: () => `import type { Behaviour } from "../../stateful/behaviour.js";
import { type SentenceStatement, sentencesAt } from "../../stateful/sentence-statement.js";

export const behaviours: readonly Behaviour[] = [
  {
    id: "${STATEMENT}",
    operationId: "${OPERATION}",
    source: "spec/components/securitySchemes/ApiKey.yaml",
    statement: "the count needs a known key",
    probe: "auth",
    check: "auth-required",
    brokenBy: "auth.${OPERATION}.no-key",
  },
];

export const sentences: readonly SentenceStatement[] = sentencesAt(
  "openapi.json#/paths/${PATH.replaceAll("/", "~1")}/get/description",
  [["${WAIT}", "advice"]],
);
`,
  },
  {
    file: `${FOLDER}/bugs.ts`,
    write: () => `import { noKeyAccepted } from "../../bugs/bug-kit.js";
import { defineBug as bug, type SeededBug } from "../../bugs/seeded-bug.js";

export const bugs: readonly SeededBug[] = [
  bug("auth.${OPERATION}.no-key", "the count is answered without a key", noKeyAccepted),
];
`,
  },
  {
    file: `spec/code_samples/${OPERATION}.ts`,
    write: () => `import { createCloudClient } from "@cloud-contract/client";

const client = createCloudClient({ baseUrl: "http://127.0.0.1:4011", apiKey: "sandbox-api-key" });

const { data, error } = await client.GET("${PATH}", {
  params: { path: { project_id: 1, region_id: 1 } },
});
if (error) throw new Error(\`counting tasks failed: \${error.message}\`);
console.log(\`\${data.count} tasks not finished\`);
`,
  },
  {
    file: ".changeset/count-active-tasks.md",
    write: () => `---
"@cloud-contract/spec": minor
"@cloud-contract/types": minor
"@cloud-contract/mock": minor
"@cloud-contract/contract-tests": minor
---

\`countActiveTasks\`: how many tasks of a project in a region are active.
`,
  },
];

/** The files `pnpm generate` writes for the operation, each with a generated banner. */
const GENERATED = [
  "packages/contract-tests/src/operations/behaviour-registry.ts",
  "packages/contract-tests/src/operations/bug-registry.ts",
  `${HANDLERS}/index.ts`,
  "packages/types/src/operation-ids.ts",
  "packages/types/src/schema.ts",
];
const GENERATED_BANNER = /^\/\*\*\n \* Generated /;

/** The section "Adding an endpoint" of CONTRIBUTING.md. */
function addingAnEndpoint(): string {
  const text = readFileSync(join(root, "CONTRIBUTING.md"), "utf8");
  const start = text.indexOf("## Adding an endpoint");
  return text.slice(start, text.indexOf("\n## ", start + 1));
}

/** The files the section says a new operation takes by hand (its "Files by hand" sentence), as patterns. */
function filesByHand(): RegExp[] {
  const section = addingAnEndpoint();
  const from = section.indexOf("**Files by hand**");
  const sentence = section.slice(from, section.indexOf("`. ", from) + 1);
  return [...sentence.matchAll(/`([^`]+)`/g)].map(([, template = ""]) => {
    const escaped = template.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/<[^>]+>/g, "[^/.]+");
    return new RegExp(`(^|/)${escaped}$`);
  });
}

/** Runs `command` in the copy, without the variables of the nx run this test may be part of. */
async function inCopy(dir: string, command: string, ...args: string[]): Promise<string> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("NX_")));
  const { stdout } = await run(command, args, {
    cwd: join(copy, dir),
    env: { ...env, ...NX_TEST_ENV, NX_NO_CLOUD: "true" },
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout;
}

const git = (...args: string[]) =>
  inCopy(".", "git", "-c", "user.name=test", "-c", "user.email=test@example.com", ...args);

/** A package's node_modules in the copy: the same links as pnpm made, its own folders (`.bin`, caches) left out. */
function linkNodeModules(pkg: string): void {
  const from = join(root, pkg, "node_modules");
  if (!existsSync(from)) return;
  const relink = (name: string) => {
    const source = join(from, name);
    if (lstatSync(source).isSymbolicLink())
      symlinkSync(readlinkSync(source), join(copy, pkg, "node_modules", name));
    else if (name.startsWith("@")) {
      mkdirSync(join(copy, pkg, "node_modules", name), { recursive: true });
      for (const inner of readdirSync(source)) relink(join(name, inner));
    }
  };
  mkdirSync(join(copy, pkg, "node_modules"), { recursive: true });
  for (const name of readdirSync(from)) if (!name.startsWith(".")) relink(name);
}

/**
 * The repository's files (tracked and new, as `git ls-files` lists them) in a git repository of its own, the
 * installed packages linked, and the builds that the steps do not redo copied (the client's and the mock's).
 */
async function copyRepository(): Promise<void> {
  const { stdout } = await run("git", ["ls-files", "-z", "-co", "--exclude-standard"], {
    cwd: root,
    maxBuffer: 64 * 1024 * 1024,
  });
  for (const file of stdout.split("\0")) {
    if (file === "" || !existsSync(join(root, file))) continue;
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(root, file), join(copy, file));
  }
  symlinkSync(join(root, "node_modules"), join(copy, "node_modules"));
  for (const pkg of ["spec", ...readdirSync(join(root, "packages")).map((name) => `packages/${name}`)]) {
    linkNodeModules(pkg);
  }
  for (const pkg of ["packages/client", "packages/mock"]) {
    cpSync(join(root, pkg, "dist"), join(copy, pkg, "dist"), { recursive: true });
  }
  await git("init", "-q");
  await git("add", "-A");
  await git("commit", "-qm", "before the new endpoint");
}

/** The files changed or added since the copy's commit. */
async function touchedFiles(): Promise<string[]> {
  const status = await git("status", "--porcelain", "-uall", "-z");
  return status
    .split("\0")
    .filter((entry) => entry !== "")
    .map((entry) => entry.slice(3))
    .sort();
}

let copy: string;
// One checker thread: the two packages are checked at once already, and parallel checkers each load the
// shared declarations again.
const tsc = (pkg: string) =>
  inCopy(
    pkg,
    "node",
    "node_modules/typescript-7/bin/tsc",
    "-p",
    "tsconfig.json",
    "--noEmit",
    "--singleThreaded",
  );

beforeAll(async () => {
  copy = mkdtempSync(join(tmpdir(), "adding-an-endpoint-"));
  await copyRepository();
  for (const step of STEPS) {
    const file = join(copy, step.file);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, step.write(existsSync(file) ? readFileSync(file, "utf8") : ""));
  }
  await inCopy(".", "pnpm", "generate");
});

afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe("adding an endpoint, step by step", () => {
  it("writes by hand exactly the files the section lists, at most 8; pnpm generate writes the others", async () => {
    expect(addingAnEndpoint()).toContain("`pnpm generate`");
    const touched = await touchedFiles();
    const byHand = touched.filter((file) => !GENERATED_BANNER.test(readFileSync(join(copy, file), "utf8")));
    expect(byHand).toEqual(STEPS.map((step) => step.file).sort());
    // Each file written by hand is one of the section's list, and each of the list was written once.
    const listed = filesByHand();
    expect(listed.length).toBeLessThanOrEqual(8);
    const listedAs = byHand.map(
      (file) => [file, listed.filter((pattern) => pattern.test(file)).map(String)] as const,
    );
    expect(listedAs.filter(([, patterns]) => patterns.length !== 1)).toEqual([]);
    expect(new Set(listedAs.flatMap(([, patterns]) => patterns)).size).toBe(listed.length);
    expect(touched.filter((file) => !byHand.includes(file))).toEqual(GENERATED);
  });

  it("type-checks: the sandbox with its handler and test, the contract suite with its registries", async () => {
    await Promise.all([tsc("packages/mock"), tsc("packages/contract-tests")]);
  });

  it("is served by the copy's sandbox, and the copy's contract suite runs it and its statement", async () => {
    const spec = await import(join(copy, "spec/dist/lib/document.js"));
    const model = spec.loadDocument();
    const { SANDBOX_FIXTURES, SANDBOX_API_KEY } = await import(
      join(copy, "packages/mock/src/sandbox/fixtures/ids.ts")
    );
    const { startSandbox } = await import(join(copy, "packages/mock/src/sandbox/server.ts"));
    const sandbox = await startSandbox({ specPath: join(copy, "spec/dist/openapi.json") });
    try {
      const sample = model.sampleRequest(OPERATION, SANDBOX_FIXTURES);
      const res = await fetch(`${sandbox.url}${sample.target}`, {
        headers: { Authorization: `apikey ${SANDBOX_API_KEY}` },
      });
      const body = await res.json();
      expect(res.status).toBe(200);
      expect(model.checkResponse(OPERATION, 200, res.headers.get("content-type"), body).violations).toEqual(
        [],
      );

      const suite = join(copy, "packages/contract-tests/src");
      const { OPERATION_IDS } = await import(join(suite, "suite/operations.ts"));
      expect(OPERATION_IDS).toContain(OPERATION);
      const { statementsReport } = await import(join(suite, "stateful/statements.ts"));
      const { unknown, gone, unchecked } = statementsReport();
      expect({ unknown, gone }).toEqual({ unknown: [], gone: [] });
      expect(unchecked.map((row: { text: string }) => row.text)).toContain(WAIT);
      const { BUGS_BY_OPERATION } = await import(join(suite, "operations/bug-registry.ts"));
      expect(BUGS_BY_OPERATION[OPERATION].map((bug: { id: string }) => bug.id)).toEqual([
        `auth.${OPERATION}.no-key`,
      ]);
      const { urlContext } = await import(join(suite, "bugs/engines.ts"));
      const { createJudge } = await import(join(suite, "judge.ts"));
      const { createSequenceEnv } = await import(join(suite, "stateful/world.ts"));
      const { replaySteps } = await import(join(suite, "stateful/sequences.ts"));
      const ctx = urlContext(sandbox.url);
      const env = await createSequenceEnv(
        ctx,
        { baseUrl: sandbox.url, apiKey: ctx.apiKey, fetch },
        createJudge(),
        {
          tenants: true,
        },
      );
      const { ran, failure } = await replaySteps(env, [{ kind: "behaviour", id: STATEMENT }]);
      expect(ran).toHaveLength(1);
      expect(failure?.message).toBeUndefined();
    } finally {
      await sandbox.stop();
    }
  });
});
