// The published snapshot schema (dist/snapshot.schema.json, written by the build) stands alone and describes
// what the sandbox writes: a snapshot passes it, a task in no task state does not.
import { readFileSync } from "node:fs";
import { openDocument } from "@cloud-contract/spec/model";
import { describe, expect, it } from "vitest";
import { ENTITY_KINDS } from "../entities.js";
import { SANDBOX_FIXTURES as F } from "../fixtures/ids.js";
import { createSandbox } from "../in-process.js";

const published = JSON.parse(
  readFileSync(new URL("../../../dist/snapshot.schema.json", import.meta.url), "utf8"),
) as { $defs: Record<string, unknown>; properties: { entities: { properties: object } } };

/** A check against the published file alone: its `$defs` become a document's only schemas. */
function publishedCheck() {
  const { $defs, $schema: _, $id: __, ...root } = published as Record<string, unknown>;
  const text = JSON.stringify({ ...($defs as object), Snapshot: root }).replaceAll(
    '"$ref":"#/$defs/',
    '"$ref":"#/components/schemas/',
  );
  const model = openDocument({ openapi: "3.1.0", paths: {}, components: { schemas: JSON.parse(text) } });
  return (value: unknown) => model.checkSchema("Snapshot", value);
}

describe("the published snapshot schema", () => {
  it("refers only to its own $defs and lists every kind of entity", () => {
    expect(JSON.stringify(published)).not.toContain("#/components/");
    expect(Object.keys(published.properties.entities.properties).sort()).toEqual([...ENTITY_KINDS].sort());
  });

  it("accepts a snapshot the sandbox wrote and refuses a task in no task state", async () => {
    const sandbox = createSandbox();
    const snapshot = await (await sandbox.control.tenant()).snapshot();
    await sandbox.close();
    const check = publishedCheck();
    expect(check(snapshot)).toEqual([]);
    const broken = structuredClone(snapshot);
    const task = broken.entities.tasks?.find((t) => t.id === F.finishedTaskId) as { state: string };
    task.state = "DONE";
    expect(check(broken).map((e) => e.pointer)).toContain("/entities/tasks/2/state");
  });
});
