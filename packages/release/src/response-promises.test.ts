import { openDocument } from "@cloud-contract/spec/document";
import { describe, expect, it } from "vitest";
import { promiseChanges } from "./response-promises.js";

/** A document whose `Answer` schema is `answer`, with the shared schemas a test needs beside it. */
function docOf(answer: unknown, schemas: Record<string, unknown> = {}) {
  return {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {},
    components: { schemas: { Answer: answer, ...schemas } },
  };
}

function changes(
  before: unknown,
  after: unknown,
  value: unknown,
  schemas: [Record<string, unknown>, Record<string, unknown>] = [{}, {}],
) {
  const side = (doc: ReturnType<typeof docOf>) => ({
    model: openDocument(doc),
    schema: { value: doc.components.schemas.Answer, ptr: "/components/schemas/Answer" },
  });
  return promiseChanges(side(docOf(before, schemas[0])), side(docOf(after, schemas[1])), value);
}

const pet = (kind: string, extra: Record<string, unknown> = {}) => ({
  type: "object",
  required: ["kind"],
  properties: { kind: { const: kind }, ...extra },
});

describe("promiseChanges", () => {
  it("says nothing when the schemas promise the same, however they are written", () => {
    const inline = { type: "object", properties: { id: { type: "string" } } };
    const split = { allOf: [{ $ref: "#/components/schemas/Base" }] };
    expect(changes(inline, split, { id: "a", extra: 1 }, [{}, { Base: inline }])).toEqual([]);
  });

  it("looks behind a schema written alike on both sides when what it refers to changed", () => {
    const answer = { type: "object", properties: { task: { $ref: "#/components/schemas/Task" } } };
    const task = (type: string) => ({ type: "object", properties: { state: { type } } });
    expect(
      changes(answer, answer, { task: { state: "NEW" } }, [
        { Task: task("string") },
        { Task: task("integer") },
      ]),
    ).toEqual([{ pointer: "/task/state", message: "now promises integer (was string)" }]);
    expect(
      changes(answer, answer, { task: { state: "NEW" } }, [
        { Task: task("string") },
        { Task: task("string") },
      ]),
    ).toEqual([]);
  });

  it("names a received field the candidate dropped, once per place in a list", () => {
    const list = (item: unknown) => ({
      type: "object",
      properties: { results: { type: "array", items: item } },
    });
    const task = { type: "object", properties: { id: { type: "string" }, user_id: { type: "integer" } } };
    const without = { type: "object", properties: { id: { type: "string" } } };
    const body = {
      results: [
        { id: "a", user_id: 1 },
        { id: "b", user_id: 2 },
      ],
    };
    expect(changes(list(task), list(without), body)).toEqual([
      {
        pointer: "/results/0/user_id",
        message:
          'field "user_id" is no longer in the candidate\'s schema, and the recorded answer carries it',
      },
    ]);
  });

  it("judges a union member by the variant the received value matches", () => {
    const before = {
      oneOf: [pet("cat", { lives: { type: "integer" } }), pet("dog", { bark: { type: "string" } })],
    };
    const after = { oneOf: [pet("cat", { lives: { type: ["integer", "null"] } }), pet("dog")] };
    expect(changes(before, after, { kind: "cat", lives: 9 })).toEqual([
      { pointer: "/lives", message: "now nullable (integer | null, was integer)" },
    ]);
    expect(changes(before, after, { kind: "dog", bark: "woof" })).toEqual([
      {
        pointer: "/bark",
        message: 'field "bark" is no longer in the candidate\'s schema, and the recorded answer carries it',
      },
    ]);
  });

  it("names a field now writeOnly behind a $ref, a dropped format and an enum that lost its list", () => {
    const before = {
      type: "object",
      properties: {
        secret: { type: "string" },
        at: { type: "string", format: "date-time" },
        state: { enum: ["A", "B"] },
      },
    };
    const after = {
      type: "object",
      properties: {
        secret: { $ref: "#/components/schemas/Secret" },
        at: { type: "string" },
        state: { type: "string" },
      },
    };
    expect(
      changes(before, after, { secret: "s", at: "2026-01-01T00:00:00Z", state: "A" }, [
        {},
        { Secret: { type: "string", writeOnly: true } },
      ]),
    ).toEqual([
      { pointer: "/secret", message: 'field "secret" is now writeOnly: the candidate no longer sends it' },
      { pointer: "/at", message: "format now unstated (was date-time)" },
      { pointer: "/state", message: 'no longer limited to ["A","B"]' },
    ]);
  });

  it("lets a response tighten: a narrower type, a shorter enum and a new format are no change of promise", () => {
    const before = {
      type: "object",
      properties: { n: { type: ["integer", "null"] }, s: { enum: ["A", "B"] }, d: { type: "string" } },
    };
    const after = {
      type: "object",
      properties: { n: { type: "integer" }, s: { enum: ["A"] }, d: { type: "string", format: "date" } },
    };
    expect(changes(before, after, { n: 1, s: "A", d: "2026-01-01" })).toEqual([]);
  });
});
