// The request of a Try it panel: its fields prefilled from the operation's examples (path and query
// parameters, the JSON body), and the `fetch` call those fields make once the reader has edited them.
import type { DocumentModel, Json, Operation } from "@cloud-contract/spec/model";

export interface RequestField {
  name: string;
  in: "path" | "query";
  required: boolean;
  /** An exploded array parameter: its comma-separated items go as repeated keys (else as typed, in one). */
  repeated: boolean;
  value: string;
  /** Its first example as text, shown in an empty field (an optional filter is not sent unless filled in). */
  example: string;
}

export interface TryRequest {
  fields: RequestField[];
  /** The JSON body as text; undefined when the operation takes none. */
  body: string | undefined;
}

const firstExample = (node: Json | undefined): unknown => {
  if (!node) return undefined;
  if ("example" in node) return node.example;
  const examples = node.examples;
  if (Array.isArray(examples)) return examples[0];
  if (examples && typeof examples === "object") {
    const first = Object.values(examples as Record<string, { value?: unknown }>)[0];
    return first?.value;
  }
  return undefined;
};

const asText = (value: unknown): string =>
  value === undefined || value === null
    ? ""
    : Array.isArray(value)
      ? value.join(",")
      : typeof value === "object"
        ? JSON.stringify(value)
        : String(value);

/**
 * The operation's parameters and JSON body: a required parameter set to its first example (or default), an
 * optional one to its default only — its example is a placeholder, so a prefilled call is not narrowed by a filter
 * the reader did not choose (and lists what the sandbox holds).
 */
export function prefilledRequest(model: DocumentModel, operation: Operation): TryRequest {
  const fields = operation.parameters
    .filter((p): p is typeof p & { in: "path" | "query" } => p.in === "path" || p.in === "query")
    .map((p) => {
      const schema = model.resolve<Json>(p.schema);
      const example = firstExample(p.object) ?? firstExample(schema) ?? schema.default;
      return {
        name: p.name,
        in: p.in,
        required: p.required,
        repeated: schema.type === "array" && p.explode !== false,
        value: asText(p.required ? example : schema.default),
        example: asText(example),
      };
    });
  const json = operation.requestBody?.content["application/json"];
  const body = json ? JSON.stringify(firstExample(json as Json) ?? {}, null, 2) : undefined;
  return { fields, body };
}

/** The path and query the fields make (`/cloud/v1/tasks/d478…?limit=10`); empty query fields are left out. */
export function requestTarget(operation: Operation, fields: readonly RequestField[]): string {
  let path = operation.path;
  const query = new URLSearchParams();
  for (const field of fields) {
    if (field.in === "path") path = path.replace(`{${field.name}}`, encodeURIComponent(field.value));
    else if (field.value !== "")
      for (const item of field.repeated ? field.value.split(",") : [field.value])
        query.append(field.name, item);
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** The `fetch` options of the call: the key, and the body (as typed) when the operation takes one. */
export function requestInit(operation: Operation, key: string, body: string | undefined): RequestInit {
  const headers: Record<string, string> = { Authorization: `apikey ${key}`, Accept: "application/json" };
  if (body === undefined) return { method: operation.method, headers };
  return { method: operation.method, headers: { ...headers, "Content-Type": "application/json" }, body };
}
