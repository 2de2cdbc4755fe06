// Every example a user can copy: the docs' samples (TypeScript files in spec/code_samples, and the curl
// sample the docs build makes for each operation) and the code blocks of the READMEs and of the docs'
// introduction (spec/description.md).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { DocumentModel } from "@cloud-contract/spec/document";
// The docs build's own curl builder: the runner executes exactly what the page shows.
import { operationCurlSample } from "../../../../spec/docs/plugins/curl-sample.js";
import { exampleBlocks } from "./markdown-blocks.js";

export interface Example {
  /** Where a reader finds it: a file (and line), or `curl sample of <operationId>`. */
  where: string;
  language: "ts" | "sh";
  code: string;
  /** Why it is not run (a `<!-- not-run: … -->` marker), when it is not. */
  notRun?: string;
}

/** The Markdown files whose code blocks are examples, relative to the repository root. */
function markdownFiles(root: string): string[] {
  const packages = existsSync(join(root, "packages"))
    ? readdirSync(join(root, "packages"))
        .map((name) => `packages/${name}/README.md`)
        .sort()
    : [];
  return ["README.md", "spec/README.md", "spec/description.md", ...packages].filter((file) =>
    existsSync(join(root, file)),
  );
}

/** The README and introduction blocks under `root`. */
export function markdownExamples(root: string): Example[] {
  return markdownFiles(root).flatMap((file) => exampleBlocks(file, readFileSync(join(root, file), "utf8")));
}

/** The TypeScript samples in `root`/spec/code_samples. */
export function typescriptSamples(root: string): Example[] {
  const dir = join(root, "spec", "code_samples");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".ts"))
    .sort()
    .map((name) => ({
      where: `spec/code_samples/${name}`,
      language: "ts" as const,
      code: readFileSync(join(dir, name), "utf8"),
    }));
}

/** The curl sample of every operation of `model`, as the docs build attaches it. */
export function curlSamples(model: DocumentModel): Example[] {
  return model.operations.map((operation) => ({
    where: `curl sample of ${operation.operationId}`,
    language: "sh" as const,
    code: operationCurlSample(operation.operationId, model),
  }));
}
