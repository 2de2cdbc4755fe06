// Requests that break exactly one constraint of the spec, made from a well-formed request: a query
// bound or enum, a required body field left out, a body enum, type or length broken. Each is kept only
// when the spec's own schema check says the result is invalid (so a break is never a valid request).
import { queryValue } from "../coverage-report/model.js";
import { flatten } from "../generate/plan.js";
import { objectOf } from "../json-fields.js";
import type { Judge } from "../judge.js";
import { type RequestModel, resolveSchema } from "../request-model.js";
import { propertiesOf, requiredOf } from "../schema-keywords.js";
import type { WireRequest } from "./http.js";

export interface Break {
  /** `query limit above its maximum 1000`, `body without its required flavor`. */
  label: string;
  apply(request: WireRequest): WireRequest;
}

const NOT_IN_ENUM = "stateful-not-in-enum";
const NOT_A_NUMBER = "stateful-not-a-number";
/** Longer than any pattern of the spec lets a string be. */
const PATTERN_BREAKER = "x".repeat(1000);

function queryBreaks(judge: Judge, model: RequestModel): Break[] {
  const out: Break[] = [];
  for (const parameter of model.parameters.filter((p) => p.in === "query")) {
    const schema = resolveSchema(judge.doc, parameter.schema);
    const items = schema.type === "array" ? resolveSchema(judge.doc, schema.items) : undefined;
    const candidates: Array<[string, string[]]> = [];
    if (typeof schema.maximum === "number")
      candidates.push([`above its maximum ${schema.maximum}`, [String(schema.maximum + 1)]]);
    if (typeof schema.minimum === "number")
      candidates.push([`below its minimum ${schema.minimum}`, [String(schema.minimum - 1)]]);
    if (Array.isArray(schema.enum) || Array.isArray(items?.enum))
      candidates.push(["outside its enum", [NOT_IN_ENUM]]);
    if (schema.type === "integer") candidates.push(["not an integer", [NOT_A_NUMBER]]);
    for (const [what, values] of candidates) {
      if (judge.schemaErrors(parameter.schema, queryValue(judge.doc, parameter.schema, values)).length === 0)
        continue;
      out.push({
        label: `query ${parameter.name} ${what}`,
        apply: (request) => ({
          ...request,
          query: [
            ...request.query.filter(([name]) => name !== parameter.name),
            ...values.map((v): [string, string] => [parameter.name, v]),
          ],
        }),
      });
    }
  }
  return out;
}

function bodyBreaks(judge: Judge, model: RequestModel, sample: WireRequest): Break[] {
  const body = sample.body;
  if (!model.body || body === null || typeof body !== "object" || Array.isArray(body)) return [];
  const schema = flatten(judge.doc, model.body.schema);
  const properties = propertiesOf(schema);
  const candidates: Array<[string, (value: Record<string, unknown>) => void]> = [];
  for (const name of requiredOf(schema)) {
    candidates.push([`body without its required ${name}`, (value) => delete value[name]]);
  }
  for (const [name, raw] of Object.entries(properties)) {
    if (!(name in body)) continue;
    const property = resolveSchema(judge.doc, raw);
    if (Array.isArray(property.enum))
      candidates.push([`body ${name} outside its enum`, (value) => (value[name] = NOT_IN_ENUM)]);
    if (typeof property.maxLength === "number") {
      const length = property.maxLength + 1;
      candidates.push([
        `body ${name} longer than ${property.maxLength}`,
        (value) => (value[name] = "x".repeat(length)),
      ]);
    }
    if (property.type === "boolean")
      candidates.push([`body ${name} not a boolean`, (value) => (value[name] = "yes")]);
    if (typeof property.pattern === "string")
      candidates.push([`body ${name} not matching its pattern`, (value) => (value[name] = PATTERN_BREAKER)]);
    const maxItems = property.maxItems;
    const items = objectOf(body)[name];
    if (typeof maxItems === "number" && Array.isArray(items) && items.length > 0) {
      candidates.push([
        `body ${name} with more than ${maxItems} items`,
        (value) => (value[name] = Array.from({ length: maxItems + 1 }, () => items[0])),
      ]);
    }
  }
  const out: Break[] = [];
  for (const [label, change] of candidates) {
    const apply = (request: WireRequest): WireRequest => {
      const value = structuredClone(request.body) as Record<string, unknown>;
      change(value);
      return { ...request, body: value };
    };
    if (judge.schemaErrors(model.body.schema, apply(sample).body).length > 0) out.push({ label, apply });
  }
  return out;
}

/** Every single-constraint break of an operation's request that the spec's check confirms. */
export function breaksOf(judge: Judge, model: RequestModel, sample: WireRequest): Break[] {
  return [...queryBreaks(judge, model), ...bodyBreaks(judge, model, sample)];
}
