import { describe, expect, it } from "vitest";
import { responseFieldsNowNullable } from "./nullable.js";
import type { Change } from "./types.js";

const widened = (where: string, message: string): Change => ({
  severity: "breaking",
  rule: "type-widened",
  where,
  message,
});

describe("responseFieldsNowNullable", () => {
  it.each([
    [
      "a response field that may now be null",
      widened("GET /a response 200 #/x", "type widened: number → number | null"),
      true,
    ],
    [
      "an object that may now be null",
      widened("GET /a response 200 #/o", "type widened: object → object | null"),
      true,
    ],
    [
      "a request field that may now be null",
      widened("POST /a request body #/x", "type widened: string → string | null"),
      false,
    ],
    [
      "a response field that was nullable already",
      widened("GET /a response 200 #/x", "type widened: string | null → any"),
      false,
    ],
    [
      "a response widening without null",
      widened("GET /a response 200 #/x", "type widened: integer → number"),
      false,
    ],
    [
      "a removed field",
      {
        severity: "breaking",
        rule: "field-removed",
        where: "GET /a response 200 #/x",
        message: "type widened: a → a | null",
      } as Change,
      false,
    ],
  ])("%s → %s", (_name, change, listed) => {
    expect(responseFieldsNowNullable([change])).toEqual(listed ? [change] : []);
  });
});
