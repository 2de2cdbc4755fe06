// The fields a refusal names, judged against the request: every service's reference keys a rejected field by
// its name (`email`, `sslData`, a parameter's name), so each name a refusal gives must be one the operation
// takes — a parameter, or a property of its JSON request body (a field inside one by the property holding it).
import { type DocumentModel, isObject, type Json, type Operation } from "@cloud-contract/spec/model";

const isTextList = (value: unknown) =>
  Array.isArray(value) && value.every((item) => typeof item === "string");

/**
 * The reasons per field a refusal's body reports, whatever its service's shape: `errors` (CDN, IAM) or
 * `invalid_fields` (the sandbox's cloud reports) when an object, else the body itself when every member is
 * a list of reasons (billing's validation report). None for any other body.
 */
function reasonsPerField(body: unknown): Json | undefined {
  if (!isObject(body)) return undefined;
  if ("errors" in body) return isObject(body.errors) ? body.errors : undefined;
  if (isObject(body.invalid_fields)) return body.invalid_fields;
  const members = Object.values(body);
  return members.length > 0 && members.every(isTextList) ? body : undefined;
}

/** The top-level names of the fields a refusal reports reasons for (`interfaces.0.type` → `interfaces`). */
export function refusedFieldNames(body: unknown): string[] {
  const reasons = reasonsPerField(body);
  return reasons ? Object.keys(reasons).map((key) => key.split(".")[0] ?? key) : [];
}

/** The names a request of `operation` can carry: its parameters and its JSON body's top-level properties. */
export function requestFieldNames(model: DocumentModel, operation: Operation): Set<string> {
  const names = new Set(operation.parameters.map((parameter) => parameter.name));
  const json = Object.entries(operation.requestBody?.content ?? {}).find(([type]) => type.includes("json"));
  addProperties(model, json?.[1].schema, names, new Set());
  return names;
}

/** Adds the property names of `node` and of every branch it combines (allOf, anyOf, oneOf, a `$ref`). */
function addProperties(model: DocumentModel, node: unknown, names: Set<string>, seen: Set<unknown>): void {
  if (!isObject(node) || seen.has(node)) return;
  seen.add(node);
  if (typeof node.$ref === "string") addProperties(model, model.resolve(node), names, seen);
  if (isObject(node.properties)) for (const name of Object.keys(node.properties)) names.add(name);
  for (const keyword of ["allOf", "anyOf", "oneOf"]) {
    const branches = node[keyword];
    if (Array.isArray(branches)) for (const branch of branches) addProperties(model, branch, names, seen);
  }
}

/** The names a refusal gives that the request of `operation` cannot carry. */
export function unknownRefusedFields(model: DocumentModel, operation: Operation, body: unknown): string[] {
  const known = requestFieldNames(model, operation);
  return refusedFieldNames(body).filter((name) => !known.has(name));
}
