// Security: a way of authenticating gone or added, a scheme whose meaning changed.
import { child, follow } from "../pointer.js";
import type { OperationScope } from "../scope.js";
import type { Json, Located } from "../types.js";
import { breaksAs, type RuleFamily } from "./rule.js";

const RULES = {
  "security-alternative-removed": {
    level: "error",
    summary: "a way of authenticating that worked is no longer accepted",
  },
  "security-alternative-added": { level: "info", summary: "one more way of authenticating" },
  "security-scheme-changed": {
    level: "error",
    summary:
      "a security scheme asks otherwise: its type, name, location, HTTP scheme, OAuth flow URLs or scopes, or OpenID Connect URL",
  },
} as const;

export const securityRules: RuleFamily<keyof typeof RULES> = {
  family: "security",
  rules: RULES,
  exchanges: {
    "security-alternative-removed": breaksAs("a request authenticated as before is refused"),
    "security-scheme-changed": breaksAs("credentials sent as before are not where the candidate reads them"),
  },
};

type Requirement = Record<string, string[]>;

/** The operation's security requirements (its own, else the document's), each an alternative. */
function requirements(doc: Json, op: Located): Located {
  if (Array.isArray(op.value.security)) return child(op, "security");
  return { value: Array.isArray(doc.security) ? doc.security : [], ptr: "/security" };
}

/** An empty list means no authentication: one alternative that asks for nothing. */
const alternatives = (list: Located): Requirement[] => (list.value.length === 0 ? [{}] : list.value);

/** Whether a client that satisfies `have` also satisfies `need` (every scheme and scope of `need` in `have`). */
const satisfies = (have: Requirement, need: Requirement) =>
  Object.entries(need).every(
    ([scheme, scopes]) => scheme in have && scopes.every((s) => have[scheme]?.includes(s)),
  );

/** What a scheme asks of a client; `bearerFormat` only documents how the server makes its tokens. */
const SCHEME_FIELDS = ["type", "in", "name", "scheme", "openIdConnectUrl", "flows"];

/** An OAuth scheme's flows by the URLs a client talks to; its scopes are compared apart (more are no change). */
function flowUrls(flows: Json): Json {
  if (!flows || typeof flows !== "object") return flows;
  const out: Json = {};
  for (const kind of Object.keys(flows).sort()) {
    const { authorizationUrl, tokenUrl, refreshUrl } = flows[kind] ?? {};
    out[kind] = { authorizationUrl, tokenUrl, refreshUrl };
  }
  return out;
}

/** The scopes of a scheme's flows a client could ask for before and cannot now. */
function scopesLost(before: Json, after: Json): string[] {
  const lost: string[] = [];
  for (const [kind, flow] of Object.entries<Json>(before?.flows ?? {})) {
    const now = after?.flows?.[kind]?.scopes ?? {};
    for (const scope of Object.keys(flow?.scopes ?? {})) if (!(scope in now)) lost.push(`${kind} ${scope}`);
  }
  return lost;
}

/**
 * What a scheme asks of a client, whatever it is called: its fields, the HTTP scheme and a header's name
 * lower-cased (both are case-insensitive on the wire).
 */
function schemeShape(doc: Json, name: string): { node: Located; shape: string } {
  const node = follow(doc, child({ value: doc, ptr: "" }, "components", "securitySchemes", name));
  const caseless = (field: string) => field === "scheme" || (field === "name" && node.value?.in === "header");
  const shape = SCHEME_FIELDS.map((field) => {
    const value = field === "flows" ? flowUrls(node.value?.flows) : node.value?.[field];
    return JSON.stringify(caseless(field) && typeof value === "string" ? value.toLowerCase() : value);
  }).join("|");
  return { node, shape };
}

/** A requirement by what its schemes ask (scheme shape → scopes), so a scheme renamed alike is the same. */
function byShape(doc: Json, requirement: Requirement): Requirement {
  const out: Requirement = {};
  for (const [name, scopes] of Object.entries(requirement)) out[schemeShape(doc, name).shape] = scopes;
  return out;
}

/**
 * A consumer authenticates with one alternative: it keeps working while some new alternative asks for no
 * more than its own, with schemes unchanged. A new alternative takes nothing away.
 */
export function compareSecurity(scope: OperationScope, a: Located, b: Located) {
  const before = requirements(scope.oldDoc, a);
  const after = requirements(scope.newDoc, b);
  const oldAlternatives = alternatives(before);
  const newAlternatives = alternatives(after);
  const show = (r: Requirement) =>
    Object.keys(r).length === 0 ? "no authentication" : Object.keys(r).join(" + ");
  const oldShapes = oldAlternatives.map((r) => byShape(scope.oldDoc, r));
  const newShapes = newAlternatives.map((r) => byShape(scope.newDoc, r));
  oldAlternatives.forEach((have, i) => {
    const shape = oldShapes[i] ?? {};
    if (newShapes.some((need) => satisfies(shape, need))) return;
    // Satisfied by name, a scheme's meaning changed: reported once, as the scheme that changed (below).
    if (newAlternatives.some((need) => satisfies(have, need))) return;
    const message = `security alternative "${show(have)}" is no longer accepted`;
    scope.report({
      rule: "security-alternative-removed",
      message,
      before: `${before.ptr}/${i}`,
      after: after.ptr,
    });
  });
  newAlternatives.forEach((need, i) => {
    const shape = newShapes[i] ?? {};
    if (oldShapes.some((have) => satisfies(have, shape) && satisfies(shape, have))) return;
    if (oldAlternatives.some((have) => satisfies(have, need) && satisfies(need, have))) return;
    const message = `security alternative "${show(need)}" added`;
    scope.report({
      rule: "security-alternative-added",
      message,
      before: before.ptr,
      after: `${after.ptr}/${i}`,
    });
  });
  const used = new Set(
    oldAlternatives.flatMap((r) => Object.keys(r)).filter((n) => newAlternatives.some((r) => n in r)),
  );
  for (const name of used) {
    const x = schemeShape(scope.oldDoc, name);
    const y = schemeShape(scope.newDoc, name);
    const lost = scopesLost(x.node.value, y.node.value);
    if (x.shape === y.shape && lost.length === 0) continue;
    const describe = (v: Json) => `${v?.type ?? "?"} ${v?.in ?? v?.scheme ?? ""} ${v?.name ?? ""}`.trim();
    const message =
      x.shape === y.shape
        ? `security scheme ${name}: scope(s) ${lost.join(", ")} no longer offered`
        : `security scheme ${name} changed: ${describe(x.node.value)} → ${describe(y.node.value)}`;
    scope.report({ rule: "security-scheme-changed", message, before: x.node.ptr, after: y.node.ptr });
  }
}
