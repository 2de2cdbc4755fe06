// Writes dist/snapshot.schema.json, the JSON Schema of a sandbox snapshot (`@cloud-contract/mock/snapshot.schema.json`),
// from the built entity declarations and the bundled spec. Run by the package's build, after tsc.
import { writeFile } from "node:fs/promises";
import { bundledModel } from "@cloud-contract/spec/bundled";
import { publishedSnapshotSchema } from "../dist/sandbox/snapshot/json-schema.js";

const out = new URL("../dist/snapshot.schema.json", import.meta.url);
const schema = publishedSnapshotSchema(
  bundledModel(),
  "https://github.com/cloud-contract/cloud-contract/packages/mock/snapshot.schema.json",
);
await writeFile(out, `${JSON.stringify(schema, null, 2)}\n`);
