import { describe, expect, it } from "vitest";
import { base, scheme } from "../test-support/operation-cases.js";
import { compareSpecs } from "./compare.js";
import { DEFAULT_DEPRECATION_POLICY } from "./deprecation.js";
import type { Json } from "./types.js";

const policy = { ...DEFAULT_DEPRECATION_POLICY, today: "2026-06-01" };

describe("compareSpecs on operations, parameters, bodies, statuses and security", () => {
  it.each<[string, (d: Json) => void, (d: Json) => void]>([
    [
      "a server URL templated, its variable's default the old URL",
      (d) => (d.servers = [{ url: "https://api.example.com/v1" }]),
      (d) =>
        (d.servers = [
          {
            url: "https://{host}/v1",
            variables: { host: { default: "api.example.com", enum: ["api.example.com"] } },
          },
        ]),
    ],
    [
      "a security scheme renamed, asking the same",
      () => {},
      (d) => {
        d.components.securitySchemes.Key = d.components.securitySchemes.ApiKey;
        delete d.components.securitySchemes.ApiKey;
        d.security = [{ Key: [] }];
      },
    ],
    ["an API-key header name re-cased", () => {}, (d) => (scheme(d).name = "authorization")],
    [
      "a bearer scheme's token format reworded (documentation only)",
      (d) => (d.security = [{ Bearer: [] }]),
      (d) => (d.components.securitySchemes.Bearer.bearerFormat = "JWT"),
    ],
  ])("sees no break in %s", (_name, setup, mutate) => {
    const oldDoc = base();
    setup(oldDoc);
    const newDoc = structuredClone(oldDoc);
    mutate(newDoc);
    const findings = compareSpecs(oldDoc, newDoc, { policy }).filter((f) => f.level !== "info");
    expect(findings).toEqual([]);
  });

  it("sees no change in a path parameter renamed (the URL is the same)", () => {
    const newDoc = base();
    const item = newDoc.paths["/items/{id}"];
    item.parameters[0].name = "item_id";
    delete newDoc.paths["/items/{id}"];
    newDoc.paths["/items/{item_id}"] = item;
    const findings = compareSpecs(base(), newDoc, { policy });
    expect(findings).toEqual([]);
  });

  it("names the operation and its operationId on every finding of a shared component, once per operation", () => {
    const newDoc = base();
    delete newDoc.components.schemas.Item.properties.id;
    const findings = compareSpecs(base(), newDoc, { policy }).filter(
      (f) => f.rule === "response-optional-property-removed",
    );
    expect(findings.map((f) => `${f.operationId} ${f.operation}`).sort()).toEqual([
      "getItem GET /items/{id}",
      "updateItem PATCH /items/{id}",
    ]);
    expect(findings[0]?.before).toBe("/components/schemas/Item/properties/id");
    expect(findings[0]?.after).toBe("/components/schemas/Item");
  });
});
