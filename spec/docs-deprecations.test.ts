// The docs build writes each deprecated item's sunset into its description (docs/plugins/deprecations.js), so a
// reader of the page sees when an operation, parameter or field may go away.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { sunsetNote } from "./docs/plugins/deprecations.js";

const plugin = fileURLToPath(new URL("./docs/plugins/deprecations.js", import.meta.url));
const redocly = fileURLToPath(new URL("../scripts/redocly.mjs", import.meta.url));
const specDir = fileURLToPath(new URL(".", import.meta.url));

describe("sunsetNote", () => {
  it.each([
    [
      { deprecated: true, "x-sunset": "2027-03-01" },
      "**Deprecated:** may be removed on or after 2027-03-01.",
    ],
    [{ deprecated: true }, "**Deprecated:** no removal date is set yet."],
    [
      { deprecated: true, "x-successor": "getNew" },
      "**Deprecated:** no removal date is set yet. Use [getNew](#operation/getNew) instead.",
    ],
    [{ deprecated: false, "x-sunset": "2027-03-01" }, undefined],
    [{}, undefined],
  ])("%j → %s", (node, note) => expect(sunsetNote(node)).toBe(note));
});

describe("a bundle made with the docs' deprecation plugin", () => {
  const work = mkdtempSync(join(tmpdir(), "docs-deprecations-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("names the sunset of a deprecated operation, parameter and field, and leaves the others alone", () => {
    writeFileSync(
      join(work, "redocly.yaml"),
      `plugins:\n  - ${JSON.stringify(plugin)}\ndecorators:\n  deprecations/note-sunsets: on\n`,
    );
    const spec = {
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: {
        "/old": {
          get: {
            operationId: "getOld",
            description: "Reads the old thing.",
            deprecated: true,
            "x-sunset": "2027-03-01",
            parameters: [
              {
                name: "legacy",
                in: "query",
                deprecated: true,
                "x-sunset": "2027-01-15",
                schema: { type: "string" },
              },
              { name: "kept", in: "query", schema: { type: "string" } },
            ],
            responses: {
              "200": {
                description: "ok",
                content: {
                  "application/json": {
                    schema: {
                      type: "object",
                      properties: { old_field: { type: "string", deprecated: true }, id: { type: "string" } },
                    },
                  },
                },
              },
            },
          },
        },
      },
    };
    writeFileSync(join(work, "openapi.json"), JSON.stringify(spec));
    const out = join(work, "out.json");
    execFileSync(
      process.execPath,
      [redocly, "bundle", join(work, "openapi.json"), "--config", join(work, "redocly.yaml"), "-o", out],
      {
        cwd: specDir,
        stdio: "pipe",
      },
    );
    const get = JSON.parse(readFileSync(out, "utf8")).paths["/old"].get;
    expect(get.description).toBe(
      "**Deprecated:** may be removed on or after 2027-03-01.\n\nReads the old thing.",
    );
    expect(get.parameters[0].description).toBe("**Deprecated:** may be removed on or after 2027-01-15.");
    expect(get.parameters[1].description).toBeUndefined();
    const properties = get.responses["200"].content["application/json"].schema.properties;
    expect(properties.old_field.description).toBe("**Deprecated:** no removal date is set yet.");
    expect(properties.id.description).toBeUndefined();
  });
});
