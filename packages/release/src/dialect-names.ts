// The JSON Schema dialects the gate reads (schema-dialects.ts rewrites the earlier ones in 2020-12), by the
// URIs of their meta-schemas.

export type Dialect = "2020-12" | "2019-09" | "draft-07" | "draft-06" | "draft-04";

/** The dialects the gate reads, by their meta-schema URIs (OpenAPI 3.1's own are 2020-12 with annotations). */
const DIALECTS: Record<string, Dialect> = {
  "https://json-schema.org/draft/2020-12/schema": "2020-12",
  "https://spec.openapis.org/oas/3.1/dialect/base": "2020-12",
  "https://spec.openapis.org/oas/3.1/dialect/2024-11-10": "2020-12",
  "https://json-schema.org/draft/2019-09/schema": "2019-09",
  "http://json-schema.org/draft-07/schema": "draft-07",
  "http://json-schema.org/draft-06/schema": "draft-06",
  "http://json-schema.org/draft-04/schema": "draft-04",
};

/** The dialect a meta-schema URI names (an empty fragment and the scheme of json-schema.org aside), if known. */
export function dialectNamed(uri: string): Dialect | undefined {
  const plain = uri
    .replace(/#$/, "")
    .replace(/^https?:\/\/json-schema\.org\/draft-0/, "http://json-schema.org/draft-0")
    .replace(/^https?:\/\/json-schema\.org\/draft\//, "https://json-schema.org/draft/");
  return DIALECTS[plain];
}

/** The names of the dialects the gate reads, for a refusal's message. */
export const READ_DIALECTS = "JSON Schema 2020-12, 2019-09, draft-07, draft-06 or draft-04";
