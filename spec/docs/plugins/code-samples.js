// Redocly plugin for the docs build: attaches spec/code_samples/<operationId>.ts to each operation as an
// x-codeSamples entry (lang TypeScript), and its curl sample (see curl-sample.js). The
// TypeScript samples stay real files that are type-checked against the client (packages/docs), and
// packages/docs runs both kinds against a sandbox, so the page never shows a sample that does not work.
import { existsSync, readFileSync } from "node:fs";
import { operationCurlSample, samplesDir } from "./curl-sample.js";

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

function attachCurlSamples() {
  return {
    Operation: {
      leave(operation) {
        const source = operationCurlSample(operation.operationId);
        const samples = (operation["x-codeSamples"] ?? []).filter((s) => s.lang !== "curl");
        const at = samples.findIndex((s) => s.lang === "TypeScript") + 1;
        samples.splice(at, 0, { lang: "curl", label: "curl", source });
        operation["x-codeSamples"] = samples;
      },
    },
  };
}

export default function codeSamplesPlugin() {
  return {
    id: "code-samples",
    decorators: {
      oas3: {
        "attach-typescript-samples": attachTypescriptSamples,
        "attach-curl-samples": attachCurlSamples,
      },
    },
  };
}
