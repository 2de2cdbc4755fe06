// The request of a Try it panel: its fields prefilled from the operation's sample request (the spec model's:
// path and query parameters, the JSON body), and the `fetch` call those fields make once the reader has edited them.
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

const asText = (value: unknown): string =>
  value === undefined || value === null
    ? ""
    : Array.isArray(value)
      ? value.join(",")
      : typeof value === "object"
        ? JSON.stringify(value)
        : String(value);

/**
 * The operation's parameters and JSON body, from the spec model's sample request: a required parameter and the
 * body as it sends them, an optional parameter set to its default only — its example is a placeholder, so a
 * prefilled call is not narrowed by a filter the reader did not choose (and lists what the sandbox holds).
 */
export function prefilledRequest(model: DocumentModel, operation: Operation): TryRequest {
  const sample = model.sampleRequest(operation.operationId);
  const fields = operation.parameters
    .filter((p): p is typeof p & { in: "path" | "query" } => p.in === "path" || p.in === "query")
    .map((p) => {
      const schema = model.resolve<Json>(p.schema);
      const sent = p.in === "path" ? sample.pathParameters[p.name] : sample.query[p.name];
      return {
        name: p.name,
        in: p.in,
        required: p.required,
        repeated: schema.type === "array" && p.explode !== false,
        value: asText(p.required ? sent : schema.default),
        example: asText(model.parameterExample(p)),
      };
    });
  const json = operation.requestBody?.content["application/json"];
  const body = json ? JSON.stringify(sample.body ?? {}, null, 2) : undefined;
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
