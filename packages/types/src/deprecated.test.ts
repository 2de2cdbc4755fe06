// A deprecated operation, parameter or field reaches users of the types as `@deprecated`, so their editor strikes
// it through long before the release gate lets it go (at its `x-sunset` date).
import { describe, expect, it } from "vitest";
import { renderSchemaOf } from "../scripts/generate.mjs";

describe("the generated types of deprecated items", () => {
  it("mark the operation, the parameter and the field @deprecated, and nothing else", async () => {
    const types = await renderSchemaOf({
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: {
        "/old/{id}": {
          get: {
            operationId: "getOld",
            deprecated: true,
            "x-sunset": "2027-03-01",
            parameters: [
              { name: "id", in: "path", required: true, schema: { type: "string" } },
              { name: "legacy", in: "query", deprecated: true, schema: { type: "string" } },
            ],
            responses: {
              "200": {
                description: "ok",
                content: { "application/json": { schema: { $ref: "#/components/schemas/Old" } } },
              },
            },
          },
        },
      },
      components: {
        schemas: {
          Old: {
            type: "object",
            properties: { old_field: { type: "string", deprecated: true }, id: { type: "string" } },
          },
        },
      },
    });
    // The line above a declaration holds its doc comment.
    const above = (declaration: RegExp) =>
      types.slice(0, types.search(declaration)).trimEnd().split("\n").at(-1);
    // openapi-fetch's `client.GET(path)` reads `paths[path].get`: that is where the editor shows it.
    expect(above(/\bget: operations\["getOld"\]/)).toContain("@deprecated");
    expect(above(/\blegacy\?: string/)).toContain("@deprecated");
    expect(above(/\bold_field\?: string/)).toContain("@deprecated");
    expect(above(/\bid\?: string/)).not.toContain("@deprecated");
    expect(types.match(/@deprecated/g)).toHaveLength(3);
  });
});
