import { describe, it } from "vitest";
import {
  checkOperationCase,
  getOp,
  type OperationCase,
  patchOp,
} from "../../test-support/operation-cases.js";

const OPERATION_CASES: OperationCase[] = [
  {
    name: "response media type added",
    expect: "response-media-type-added",
    mutate: (d) => (getOp(d).responses["200"].content["text/csv"] = {}),
  },
  {
    name: "request media type removed",
    expect: "request-media-type-removed",
    mutate: (d) => {
      const c = patchOp(d).requestBody.content;
      c["application/merge-patch+json"] = c["application/json"];
      delete c["application/json"];
    },
  },
  {
    name: "request media type added",
    expect: "request-media-type-added",
    mutate: (d) => {
      const c = patchOp(d).requestBody.content;
      c["application/merge-patch+json"] = c["application/json"];
    },
  },
  {
    name: "response media type removed",
    expect: "response-media-type-removed",
    mutate: (d) => {
      const r = getOp(d).responses["200"];
      r.content = { "text/plain": {} };
    },
  },
];

describe("the media types rules", () => {
  it.each(OPERATION_CASES)("$name → $expect", checkOperationCase);
});
