// Redocly plugin for the docs build: attaches spec/code_samples/<operationId>.ts to each operation as an
// x-codeSamples entry (lang TypeScript). The samples stay real files that are type-checked against the
// client (packages/docs), so the page never shows a sample that no longer compiles.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const samplesDir = fileURLToPath(new URL("../../code_samples/", import.meta.url));

/** Returns the sample of an operation, or undefined when spec/code_samples has none. */
export function readSample(operationId) {
  const file = `${samplesDir}${operationId}.ts`;
  return existsSync(file) ? readFileSync(file, "utf8").trimEnd() : undefined;
}

function attachTypescriptSamples() {
  return {
    Operation: {
      leave(operation) {
        const source = operation.operationId ? readSample(operation.operationId) : undefined;
        if (source === undefined) {
          // A decorator's reports are not shown by build-docs: fail the build instead.
          throw new Error(
            `spec/code_samples/${operation.operationId}.ts is missing (every operation needs a sample).`,
          );
        }
        const others = (operation["x-codeSamples"] ?? []).filter((s) => s.lang !== "TypeScript");
        operation["x-codeSamples"] = [{ lang: "TypeScript", label: "TypeScript", source }, ...others];
      },
    },
  };
}

export default function codeSamplesPlugin() {
  return {
    id: "code-samples",
    decorators: { oas3: { "attach-typescript-samples": attachTypescriptSamples } },
  };
}
