// Finds kept failures (`*.kept.mts`) in a file or folder and reads back the case each one holds, without
// running it: the data between its KEPT_OPENING and KEPT_CLOSING lines, which the writer put there as JSON.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { messageOf } from "../error-message.js";
import { readSavedTarget } from "../saved-target.js";
import type { KeptCase } from "./kept-case.js";
import { KEPT_CLOSING, KEPT_OPENING, KEPT_SUFFIX } from "./kept-test-file.js";

/** The kept files at `path`: itself, or every `*.kept.mts` under it. Throws naming `path` when there is none. */
export function keptFiles(path: string): string[] {
  let isFile: boolean;
  try {
    isFile = statSync(path).isFile();
  } catch (error) {
    throw new Error(`${path} cannot be read: ${messageOf(error)}`);
  }
  if (isFile) return [path];
  const found = readdirSync(path, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(KEPT_SUFFIX))
    .map((name) => join(path, name))
    .sort();
  if (found.length === 0) throw new Error(`no kept failure (*${KEPT_SUFFIX}) in ${path}`);
  return found;
}

/** The case a kept file holds; throws naming the file when it is not one contract-tests wrote. */
export function readKeptFile(file: string): KeptCase {
  const lines = readFileSync(file, "utf8").split("\n");
  const start = lines.indexOf(KEPT_OPENING);
  const end = lines.indexOf(KEPT_CLOSING, start + 1);
  const notOne = `${file} is not a kept failure written by contract-tests (its case data is missing)`;
  if (start === -1 || end === -1) throw new Error(notOne);
  let kept: unknown;
  try {
    kept = JSON.parse(`{${lines.slice(start + 1, end).join("\n")}}`);
  } catch {
    throw new Error(notOne);
  }
  if (!isKeptCase(kept)) {
    throw new Error(
      `${file} is not a kept failure written by contract-tests (no target, operation or method)`,
    );
  }
  return kept;
}

/** Whether parsed data has what running a kept case needs: its target, operation, method and path. */
function isKeptCase(value: unknown): value is KeptCase {
  return (
    typeof value === "object" &&
    value !== null &&
    "target" in value &&
    readSavedTarget(value.target) !== undefined &&
    "operationId" in value &&
    typeof value.operationId === "string" &&
    "method" in value &&
    typeof value.method === "string" &&
    "template" in value &&
    typeof value.template === "string"
  );
}
