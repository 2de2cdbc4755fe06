import { expect, it } from "vitest";
import { dialectNamed } from "./dialect-names.js";

it.each([
  ["https://spec.openapis.org/oas/3.1/dialect/base", "2020-12"],
  ["https://json-schema.org/draft/2020-12/schema#", "2020-12"],
  ["http://json-schema.org/draft/2019-09/schema", "2019-09"],
  ["http://json-schema.org/draft-07/schema#", "draft-07"],
  ["https://json-schema.org/draft-07/schema", "draft-07"],
  ["http://json-schema.org/draft-04/schema#", "draft-04"],
  ["https://example.com/my-dialect", undefined],
  ["http://json-schema.org/draft-03/schema#", undefined],
])("%s names %s", (uri, dialect) => {
  expect(dialectNamed(uri)).toBe(dialect);
});
