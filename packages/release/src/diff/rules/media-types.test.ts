import { describe, it } from "vitest";
import {
  checkOperationCase,
  getOp,
  type OperationCase,
  patchOp,
} from "../../test-support/operation-cases.js";
import type { Json } from "../types.js";

const upload = (d: Json) => patchOp(d).requestBody.content["multipart/form-data"];

/** A multipart request and response whose `file` field is a PNG or JPEG image. */
function multipartUpload(d: Json) {
  const media = () => ({
    schema: { type: "object", properties: { file: { type: "string", contentMediaType: "image/png" } } },
    encoding: { file: { contentType: "image/png, image/jpeg" } },
  });
  patchOp(d).requestBody.content["multipart/form-data"] = media();
  getOp(d).responses["200"].content["multipart/mixed"] = media();
}

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
  {
    name: "a multipart request field's content type narrowed",
    setup: multipartUpload,
    expect: "request-encoding-changed",
    mutate: (d) => (upload(d).encoding.file.contentType = "image/png"),
  },
  {
    name: "a multipart response field's content type widened",
    setup: multipartUpload,
    expect: "response-encoding-changed",
    mutate: (d) =>
      (getOp(d).responses["200"].content["multipart/mixed"].encoding.file.contentType += ", image/gif"),
  },
  {
    name: "a multipart request field takes one more content type",
    setup: multipartUpload,
    expect: "encoding-widened",
    mutate: (d) => (upload(d).encoding.file.contentType += ", image/gif"),
  },
];

describe("the media types rules", () => {
  it.each(OPERATION_CASES)("$name → $expect", checkOperationCase);
});
