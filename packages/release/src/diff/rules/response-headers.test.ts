import { describe, it } from "vitest";
import { checkOperationCase, getOp, type OperationCase } from "../../test-support/operation-cases.js";

const OPERATION_CASES: OperationCase[] = [
  {
    name: "required response header removed",
    expect: "response-required-header-removed",
    mutate: (d) => delete getOp(d).responses["200"].headers["X-Request-Id"],
  },
  {
    name: "optional response header removed",
    expect: "response-optional-header-removed",
    mutate: (d) => delete getOp(d).responses["200"].headers.ETag,
  },
  {
    name: "response header added (name case ignored for the others)",
    expect: "response-header-added",
    mutate: (d) => {
      const h = getOp(d).responses["200"].headers;
      h["x-request-id"] = h["X-Request-Id"];
      delete h["X-Request-Id"];
      h["Retry-After"] = { schema: { type: "integer" } };
    },
  },
  {
    name: "response header may now be missing",
    expect: "response-header-became-optional",
    mutate: (d) => (getOp(d).responses["200"].headers["X-Request-Id"].required = false),
  },
  {
    name: "response header exploded",
    expect: "response-header-serialization-changed",
    mutate: (d) => (getOp(d).responses["200"].headers.ETag.explode = true),
  },
  {
    name: "response header's schema moved to content",
    expect: "response-header-serialization-changed",
    mutate: (d) => {
      const h = getOp(d).responses["200"].headers.ETag;
      h.content = { "application/json": { schema: h.schema } };
      delete h.schema;
    },
  },
];

describe("the response headers rules", () => {
  it.each(OPERATION_CASES)("$name → $expect", checkOperationCase);
});
