import { readFile } from "node:fs/promises";
import { codeOf, messageOf } from "../../error-message.js";
import { parseJson } from "../exact-json.js";
import type { SnapshotDocument } from "./format.js";

/** The snapshot a `--seed-file` holds (checked when the sandbox is composed); one line naming the file when it cannot be read as JSON. */
export async function readSeedFile(path: string): Promise<SnapshotDocument> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw new Error(`cannot read --seed-file ${path}: ${String(codeOf(error) ?? error)}`);
  }
  try {
    return parseJson(text) as SnapshotDocument;
  } catch (error) {
    throw new Error(`--seed-file ${path} is not JSON: ${messageOf(error).split("\n")[0]}`);
  }
}
