import { describe, expect, it } from "vitest";
import { createRedactor, MIN_REDACTED_LENGTH, REDACTED, redactDeep } from "./redact.js";

const secret = "sk-0123456789abcdef";
const redact = createRedactor(secret);

describe("createRedactor", () => {
  it("replaces every occurrence and leaves other text alone", () => {
    expect(redact(`key ${secret}, again ${secret}`)).toBe(`key ${REDACTED}, again ${REDACTED}`);
    expect(redact("nothing secret here")).toBe("nothing secret here");
  });

  it(`does not look for secrets shorter than ${MIN_REDACTED_LENGTH} characters in free text`, () => {
    expect(createRedactor("k")("keep kind words")).toBe("keep kind words");
  });
});

describe("redactDeep", () => {
  it("redacts strings at any depth, keys included, without touching the original", () => {
    const value = { message: `bad ${secret}`, info: { [secret]: [secret, 1, true, null] } };
    expect(redactDeep(value, redact)).toEqual({
      message: `bad ${REDACTED}`,
      info: { [REDACTED]: [REDACTED, 1, true, null] },
    });
    expect(value.message).toBe(`bad ${secret}`);
  });

  it("returns the value itself without a redactor", () => {
    const value = { a: secret };
    expect(redactDeep(value, undefined)).toBe(value);
  });
});
