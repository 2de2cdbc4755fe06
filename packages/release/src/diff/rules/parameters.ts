// Parameters: gone, new, required or not, moved to another place, serialised otherwise; their schemas are
// compared by the schema families.
import { deprecationOf, removalRule } from "../deprecation.js";
import { child, follow } from "../pointer.js";
import type { OperationNode, OperationScope } from "../scope.js";
import type { Json, Located } from "../types.js";
import { sunsetChanges } from "./deprecation.js";
import { breaksAs, promiseBroken, type RuleFamily } from "./rule.js";

const RULES = {
  "request-parameter-removed": { level: "warning", summary: "a parameter is no longer documented" },
  "request-parameter-removed-after-sunset": {
    level: "info",
    summary: "a deprecated parameter is gone after its sunset",
  },
  "request-parameter-removed-before-sunset": {
    level: "error",
    policy: true,
    summary: "a deprecated parameter is gone before its sunset date",
  },
  "request-parameter-added-required": { level: "error", summary: "a new required parameter" },
  "request-parameter-added-optional": { level: "info", summary: "a new optional parameter" },
  "request-parameter-became-required": { level: "error", summary: "an optional parameter is now required" },
  "request-parameter-became-optional": { level: "info", summary: "a required parameter is now optional" },
  "request-parameter-moved": {
    level: "error",
    summary: "a parameter moved (query, header, path, cookie): what clients send is no longer read",
  },
  "request-parameter-serialization-changed": {
    level: "error",
    summary: "a parameter's style or explode changed, or reserved characters are no longer taken as they are",
  },
  "request-parameter-empty-value-refused": {
    level: "error",
    summary: "a query parameter sent empty (`?q=`) is no longer allowed",
  },
  "request-parameter-empty-value-allowed": {
    level: "info",
    summary: "a query parameter may now be sent empty",
  },
} as const;

type Id = keyof typeof RULES;

const withoutIt = breaksAs("a request without it is refused");

export const parameterRules: RuleFamily<Id> = {
  family: "parameters",
  rules: RULES,
  exchanges: {
    "request-parameter-removed-before-sunset": promiseBroken,
    "request-parameter-added-required": withoutIt,
    "request-parameter-became-required": withoutIt,
    "request-parameter-moved": breaksAs("the value a client sends where it was is no longer read"),
    "request-parameter-serialization-changed": breaksAs("a value serialised as before reads differently"),
    "request-parameter-empty-value-refused": breaksAs("a request that sends it empty is refused"),
  },
};

/**
 * Path-item and operation parameters merged (the operation's win), keyed `in:name`; a path parameter by its
 * place in the template (`path:#1`), so that renaming it is no change.
 */
function parameters(doc: Json, op: OperationNode): Map<string, Located> {
  const map = new Map<string, Located>();
  const places = [...op.path.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]);
  for (const owner of [op.pathItem, op]) {
    const list = owner.value.parameters;
    if (!Array.isArray(list)) continue;
    list.forEach((_, i) => {
      const p = follow(doc, child(owner, "parameters", i));
      const name = p.value.in === "header" ? String(p.value.name).toLowerCase() : p.value.name;
      const place = p.value.in === "path" ? places.indexOf(name) : -1;
      map.set(place >= 0 ? `path:#${place + 1}` : `${p.value.in}:${name}`, p);
    });
  }
  return map;
}

/** A parameter's style and explode, defaults written out (OpenAPI 3.1, 4.8.12.4): the same on the wire. */
const styleOf = (p: Located): string =>
  p.value.style ?? (p.value.in === "query" || p.value.in === "cookie" ? "form" : "simple");
const explodeOf = (p: Located): boolean => p.value.explode ?? styleOf(p) === "form";

/** How a parameter's value is written: by `schema` (its style) or as a media type of `content` (JSON, …). */
const serializationOf = (p: Located): string => {
  const types = Object.keys(p.value.content ?? {});
  return types.length > 0 ? `content ${types.join(", ")}` : "schema";
};

/** `query limit`, `path task_id` */
const nameOf = (p: Located) => `${p.value.in} ${p.value.name}`;

const required = (x: Located) => x.value.required === true || x.value.in === "path";

export function compareParameters(scope: OperationScope, a: OperationNode, b: OperationNode) {
  const before = parameters(scope.oldDoc, a);
  const after = parameters(scope.newDoc, b);
  const report = (rule: Id, message: string, x: string, y: string) =>
    scope.report({ rule, message, before: x, after: y });
  const moved = new Set<string>();
  const same = (x: Located, y: Located) =>
    String(x.value.name).toLowerCase() === String(y.value.name).toLowerCase();
  for (const [id, p] of before) {
    const q = after.get(id);
    // The same name in another place, new there: the parameter moved (path parameters are matched by place).
    const elsewhere = [...after].find(
      ([key, x]) => x.value.in !== p.value.in && same(x, p) && !before.has(key) && !key.startsWith("path:"),
    );
    if (!q && elsewhere && p.value.in !== "path") {
      moved.add(elsewhere[0]);
      report(
        "request-parameter-moved",
        `parameter ${nameOf(p)} moved to ${elsewhere[1].value.in}`,
        p.ptr,
        elsewhere[1].ptr,
      );
      continue;
    }
    if (!q) {
      const rule = removalRule(
        {
          plain: "request-parameter-removed",
          afterSunset: "request-parameter-removed-after-sunset",
          beforeSunset: "request-parameter-removed-before-sunset",
        },
        deprecationOf(p.value),
        scope.policy,
      );
      report(rule, `parameter ${nameOf(p)} removed`, p.ptr, b.ptr);
      continue;
    }
    if (!required(p) && required(q))
      report("request-parameter-became-required", `parameter ${nameOf(p)} is now required`, p.ptr, q.ptr);
    if (required(p) && !required(q))
      report(
        "request-parameter-became-optional",
        `parameter ${nameOf(p)} is no longer required`,
        p.ptr,
        q.ptr,
      );
    // allowEmptyValue (query only): `?q=` taken, or no longer.
    const empty = (x: Located) => x.value.in === "query" && x.value.allowEmptyValue === true;
    if (empty(p) !== empty(q))
      report(
        empty(q) ? "request-parameter-empty-value-allowed" : "request-parameter-empty-value-refused",
        `parameter ${nameOf(p)}: ${empty(q) ? "may now be sent empty" : "may no longer be sent empty"}`,
        p.ptr,
        q.ptr,
      );
    // allowReserved (query only): a value with `/?#[]@!$&'()*+,;=` sent as it is was read; now it must be
    // percent-encoded. The reverse takes both.
    const reserved = (x: Located) => x.value.in === "query" && x.value.allowReserved === true;
    if (reserved(p) && !reserved(q))
      report(
        "request-parameter-serialization-changed",
        `parameter ${nameOf(p)}: reserved characters must now be percent-encoded`,
        p.ptr,
        q.ptr,
      );
    if (styleOf(p) !== styleOf(q) || explodeOf(p) !== explodeOf(q)) {
      const show = (x: Located) => `${styleOf(x)}/${explodeOf(x)}`;
      report(
        "request-parameter-serialization-changed",
        `parameter ${nameOf(p)}: style/explode ${show(p)} → ${show(q)}`,
        p.ptr,
        q.ptr,
      );
    }
    for (const { rule, message } of sunsetChanges(
      deprecationOf(p.value),
      deprecationOf(q.value),
      scope.stability,
      scope.policy,
    )) {
      scope.report({ rule, message: `parameter ${nameOf(p)}: ${message}`, before: p.ptr, after: q.ptr });
    }
    if (serializationOf(p) !== serializationOf(q)) {
      report(
        "request-parameter-serialization-changed",
        `parameter ${nameOf(p)}: ${serializationOf(p)} → ${serializationOf(q)}`,
        p.ptr,
        q.ptr,
      );
      continue;
    }
    const schemaOf = (x: Located) => {
      const type = Object.keys(x.value.content ?? {})[0];
      return type === undefined ? child(x, "schema") : child(x, "content", type, "schema");
    };
    scope.compareSchemasAt("request", nameOf(p), schemaOf(p), schemaOf(q));
  }
  for (const [id, q] of after) {
    if (before.has(id) || moved.has(id)) continue;
    const isRequired = required(q);
    const rule = isRequired ? "request-parameter-added-required" : "request-parameter-added-optional";
    report(rule, `${isRequired ? "required" : "optional"} parameter ${nameOf(q)} added`, a.ptr, q.ptr);
  }
}
