import { describe, expect, it } from "vitest";
import { findProvenanceWords } from "./prose-words.js";
import { loadDocument } from "./src/document.js";

describe("the bundle's descriptions, summaries and titles", () => {
  it("speak about the API only, never about how the spec was written", () => {
    expect(findProvenanceWords(loadDocument().doc)).toEqual([]);
  });
});

describe("findProvenanceWords", () => {
  it("finds a description that says seed", () => {
    const doc = { paths: { "/x": { get: { description: "The seed calls this /v1/x." } } } };
    expect(findProvenanceWords(doc)).toEqual([{ where: "/paths/~1x/get/description", word: "seed" }]);
  });

  it.each([
    ["summary", "Typed as the interface specification says."],
    ["title", "Shape from the public reference"],
    ["description", "As the public API reference allows."],
    ["description", "The public SDKs show it."],
  ])("finds a %s saying %j", (key, text) => {
    expect(findProvenanceWords({ components: { schemas: { A: { [key]: text } } } })).not.toEqual([]);
  });

  it("reads a schema property named description as a schema, and passes plain API prose", () => {
    const doc = {
      components: {
        schemas: {
          Rule: {
            description: "One rule of a security group; traffic no rule matches is dropped.",
            properties: { description: { type: "string", description: "Free text of the rule." } },
          },
        },
      },
    };
    expect(findProvenanceWords(doc)).toEqual([]);
  });
});
