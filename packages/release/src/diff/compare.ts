import {
  DEFAULT_DEPRECATION_POLICY,
  type DeprecationPolicy,
  removalRule,
  sunsetChanges,
} from "./deprecation.js";
import { child, escapeSegment, follow, followSchema } from "./pointer.js";
import { proveFindings } from "./prove.js";
import { levelOf, type RuleId } from "./rules.js";
import { compareSchemas, type SchemaChange } from "./schema.js";
import { compareSecurity } from "./security.js";
import type { Direction, Finding, Json, Located } from "./types.js";
import type { Site } from "./witness.js";

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

export interface CompareOptions {
  policy?: DeprecationPolicy;
  /** Search a witness for every error finding (prove.ts); true unless set false. */
  witnesses?: boolean;
}

/** A schema change as an operation reports it: where the schema it was found in is read or sent. */
export type SitedChange = SchemaChange & { site?: Site };

/** What a change inside one operation needs to become a finding. */
export interface OperationScope {
  oldDoc: Json;
  newDoc: Json;
  policy: DeprecationPolicy;
  stability: string;
  report: (change: SitedChange) => void;
  /** Schema changes by pair, shared by all operations of one comparison. */
  memo: Map<string, SchemaChange[]>;
  /** Changes between two components (see compareSchemas), shared the same way. */
  pairs: Map<string, SchemaChange[]>;
}

/**
 * Compares two bundled OpenAPI 3.x documents (every `$ref` local) and judges each difference by a rule of
 * RULES: one finding per change and operation, with JSON pointers into both documents.
 */
export function compareSpecs(oldDoc: Json, newDoc: Json, options: CompareOptions = {}): Finding[] {
  const policy = options.policy ?? {
    ...DEFAULT_DEPRECATION_POLICY,
    today: new Date().toISOString().slice(0, 10),
  };
  const findings: Finding[] = [];
  const sites = new Map<Finding, Site>();
  const memo = new Map<string, SchemaChange[]>();
  const pairs = new Map<string, SchemaChange[]>();
  const before = operations(oldDoc);
  const after = operations(newDoc);
  const finding = (operation: string, operationId: string | undefined, c: SchemaChange): Finding => ({
    rule: c.rule,
    level: levelOf(c.rule),
    operation,
    operationId,
    message: c.message,
    before: c.before,
    after: c.after,
  });
  for (const [identity, a] of before) {
    const b = after.get(identity);
    if (!b) {
      const key = a.label;
      const rule = removalRule("operation", "operation-removed", deprecationOf(a.value), policy);
      const container = follow(newDoc, child({ value: newDoc, ptr: "" }, "paths", a.path));
      const afterPtr = container.value ? container.ptr : "/paths";
      findings.push(
        finding(key, a.value.operationId, {
          rule,
          message: `operation ${key} removed`,
          before: a.ptr,
          after: afterPtr,
        }),
      );
      continue;
    }
    const key = b.label;
    const stability = b.value["x-stability-level"] ?? a.value["x-stability-level"] ?? policy.defaultStability;
    // One finding per change and operation, however many statuses or parameters share the schema.
    const reported = new Set<string>();
    const scope: OperationScope = {
      oldDoc,
      newDoc,
      policy,
      stability,
      memo,
      pairs,
      report: (c) => {
        const id = `${c.rule}|${c.before}|${c.after}|${c.message}`;
        if (reported.has(id)) return;
        reported.add(id);
        const found = finding(key, b.value.operationId, c);
        if (c.site) sites.set(found, c.site);
        findings.push(found);
      },
    };
    compareOperation(scope, key, a, b);
  }
  for (const [identity, b] of after) {
    if (before.has(identity)) continue;
    const key = b.label;
    const container = follow(oldDoc, child({ value: oldDoc, ptr: "" }, "paths", b.path));
    findings.push(
      finding(key, b.value.operationId, {
        rule: "operation-added",
        message: `operation ${key} added`,
        before: container.value ? container.ptr : "/paths",
        after: b.ptr,
      }),
    );
  }
  compareComponents(oldDoc, newDoc, (c) => findings.push(finding("components", undefined, c)));
  compareServers(oldDoc, newDoc, (c) => findings.push(finding("servers", undefined, c)));
  if (options.witnesses !== false) proveFindings(oldDoc, newDoc, findings, sites);
  return findings;
}

interface OperationNode extends Located {
  path: string;
  pathItem: Located;
  /** `GET /tasks/{task_id}` */
  label: string;
}

/**
 * The identity of an operation across versions: its method and path template with the parameter names left
 * out (`GET /tasks/{}`), since renaming a path parameter changes no URL.
 */
export const operationIdentity = (method: string, path: string) =>
  `${method.toUpperCase()} ${path.replace(/\{[^}]*\}/g, "{}")}`;

/** The operations of a document by identity. */
function operations(doc: Json): Map<string, OperationNode> {
  const map = new Map<string, OperationNode>();
  for (const path of Object.keys(doc.paths ?? {})) {
    const pathItem = follow(doc, child({ value: doc, ptr: "" }, "paths", path));
    for (const method of METHODS) {
      const op = child(pathItem, method);
      if (op.value && typeof op.value === "object")
        map.set(operationIdentity(method, path), {
          ...op,
          path,
          pathItem,
          label: `${method.toUpperCase()} ${path}`,
        });
    }
  }
  return map;
}

function deprecationOf(node: Json) {
  return {
    deprecated: node?.deprecated === true,
    sunset: typeof node?.["x-sunset"] === "string" ? node["x-sunset"] : undefined,
  };
}

function compareOperation(scope: OperationScope, key: string, a: OperationNode, b: OperationNode) {
  const { report } = scope;
  if (a.value.operationId !== b.value.operationId) {
    const message = `operationId ${a.value.operationId} → ${b.value.operationId}`;
    report({ rule: "operation-id-changed", message, before: a.ptr, after: b.ptr });
  }
  const was = deprecationOf(a.value);
  const now = deprecationOf(b.value);
  if (!was.deprecated && now.deprecated) {
    report({
      rule: "operation-deprecated",
      message: `operation ${key} deprecated`,
      before: a.ptr,
      after: b.ptr,
    });
  }
  for (const { rule, message } of sunsetChanges(was, now, scope.stability, scope.policy)) {
    report({ rule, message: `operation ${key}: ${message}`, before: a.ptr, after: b.ptr });
  }
  compareSecurity(scope, a, b);
  compareOperationServers(scope, a, b);
  compareParameters(scope, a, b);
  compareRequestBodies(scope, child(a, "requestBody"), child(b, "requestBody"), a.ptr, b.ptr);
  compareResponses(scope, a, b);
}

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

/**
 * The changes between two schemas, computed once per pair and direction: a shared component reached from
 * many operations (or many statuses of one) is compared once.
 */
function schemaChanges(scope: OperationScope, direction: Direction, a: Located, b: Located): SchemaChange[] {
  const key = `${direction}|${scope.stability}|${a.ptr}|${b.ptr}`;
  let changes = scope.memo.get(key);
  if (!changes) {
    const found: SchemaChange[] = [];
    const ctx = { ...scope, direction, seen: new Set<string>(), report: (c: SchemaChange) => found.push(c) };
    compareSchemas(ctx, a, b);
    changes = found;
    scope.memo.set(key, changes);
  }
  return changes;
}

/** Compares the schemas an operation reads or sends at `place` (`query limit`, `request body application/json`). */
function compareSchemasOf(
  scope: OperationScope,
  direction: Direction,
  place: string,
  a: Located,
  b: Located,
) {
  const site = { direction, place, before: a.ptr, after: b.ptr };
  for (const change of schemaChanges(scope, direction, a, b)) scope.report({ ...change, site });
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

function compareParameters(scope: OperationScope, a: OperationNode, b: OperationNode) {
  const before = parameters(scope.oldDoc, a);
  const after = parameters(scope.newDoc, b);
  const report = (rule: RuleId, message: string, x: string, y: string) =>
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
        "request-parameter",
        "request-parameter-removed",
        deprecationOf(p.value),
        scope.policy,
      );
      report(rule, `parameter ${nameOf(p)} removed`, p.ptr, b.ptr);
      continue;
    }
    const required = (x: Located) => x.value.required === true || x.value.in === "path";
    if (!required(p) && required(q))
      report("request-parameter-became-required", `parameter ${nameOf(p)} is now required`, p.ptr, q.ptr);
    if (required(p) && !required(q))
      report(
        "request-parameter-became-optional",
        `parameter ${nameOf(p)} is no longer required`,
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
      report(rule, `parameter ${nameOf(p)}: ${message}`, p.ptr, q.ptr);
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
    compareSchemasOf(scope, "request", nameOf(p), schemaOf(p), schemaOf(q));
  }
  for (const [id, q] of after) {
    if (before.has(id) || moved.has(id)) continue;
    const required = q.value.required === true || q.value.in === "path";
    const rule = required ? "request-parameter-added-required" : "request-parameter-added-optional";
    report(rule, `${required ? "required" : "optional"} parameter ${nameOf(q)} added`, a.ptr, q.ptr);
  }
}

function compareRequestBodies(
  scope: OperationScope,
  oldBody: Located,
  newBody: Located,
  oldOp: string,
  newOp: string,
) {
  const a = follow(scope.oldDoc, oldBody);
  const b = follow(scope.newDoc, newBody);
  const report = (rule: RuleId, message: string, x: string, y: string) =>
    scope.report({ rule, message, before: x, after: y });
  if (!a.value && !b.value) return;
  if (!b.value) return report("request-body-removed", "request body removed", a.ptr, newOp);
  if (!a.value) {
    const required = b.value.required === true;
    const rule = required ? "request-body-added-required" : "request-body-added-optional";
    return report(rule, `${required ? "required" : "optional"} request body added`, oldOp, b.ptr);
  }
  if (!a.value.required && b.value.required)
    report("request-body-became-required", "request body is now required", a.ptr, b.ptr);
  if (a.value.required && !b.value.required)
    report("request-body-became-optional", "request body is no longer required", a.ptr, b.ptr);
  compareContent(scope, "request", "request body", child(a, "content"), child(b, "content"));
}

function compareContent(scope: OperationScope, direction: Direction, place: string, a: Located, b: Located) {
  const before = a.value ?? {};
  const after = b.value ?? {};
  for (const type of Object.keys(before)) {
    if (!(type in after)) {
      scope.report({
        rule: `${direction}-media-type-removed`,
        message: `media type ${type} removed`,
        before: child(a, type).ptr,
        after: b.ptr,
      });
      continue;
    }
    compareSchemasOf(
      scope,
      direction,
      `${place} ${type}`,
      followSchema(scope.oldDoc, child(a, type, "schema")),
      followSchema(scope.newDoc, child(b, type, "schema")),
    );
  }
  for (const type of Object.keys(after)) {
    if (type in before) continue;
    scope.report({
      rule: `${direction}-media-type-added`,
      message: `media type ${type} added`,
      before: a.ptr,
      after: child(b, type).ptr,
    });
  }
}

const isSuccess = (status: string) => /^2/.test(status);

function compareResponses(scope: OperationScope, a: OperationNode, b: OperationNode) {
  const before = child(a, "responses");
  const after = child(b, "responses");
  for (const status of Object.keys(before.value ?? {})) {
    const x = follow(scope.oldDoc, child(before, status));
    if (!(status in (after.value ?? {}))) {
      // Code written for a success status stops working; one error status fewer only means less to handle.
      const rule = isSuccess(status)
        ? "response-success-status-removed"
        : "response-non-success-status-removed";
      scope.report({ rule, message: `response ${status} removed`, before: x.ptr, after: after.ptr });
      continue;
    }
    const y = follow(scope.newDoc, child(after, status));
    compareContent(scope, "response", `response ${status}`, child(x, "content"), child(y, "content"));
    compareHeaders(scope, status, x, y);
  }
  for (const status of Object.keys(after.value ?? {})) {
    if (status in (before.value ?? {})) continue;
    const rule = isSuccess(status) ? "response-success-status-added" : "response-non-success-status-added";
    scope.report({
      rule,
      message: `response ${status} added`,
      before: before.ptr,
      after: child(after, status).ptr,
    });
  }
}

/** A response's headers by lower-case name, each resolved. */
function headers(doc: Json, response: Located): Map<string, Located> {
  const list = child(response, "headers");
  const map = new Map<string, Located>();
  for (const name of Object.keys(list.value ?? {}))
    map.set(name.toLowerCase(), follow(doc, child(list, name)));
  return map;
}

function compareHeaders(scope: OperationScope, status: string, x: Located, y: Located) {
  const before = headers(scope.oldDoc, x);
  const after = headers(scope.newDoc, y);
  const report = (rule: RuleId, message: string, a: string, b: string) =>
    scope.report({ rule, message, before: a, after: b });
  for (const [name, h] of before) {
    const g = after.get(name);
    if (!g) {
      const rule = h.value?.required
        ? "response-required-header-removed"
        : "response-optional-header-removed";
      report(rule, `response header ${name} removed`, h.ptr, y.ptr);
      continue;
    }
    if (h.value?.required && !g.value?.required) {
      report("response-header-became-optional", `response header ${name} may now be missing`, h.ptr, g.ptr);
    }
    compareSchemasOf(
      scope,
      "response",
      `response ${status} header ${name}`,
      child(h, "schema"),
      child(g, "schema"),
    );
  }
  for (const [name, g] of after) {
    if (!before.has(name)) report("response-header-added", `response header ${name} added`, x.ptr, g.ptr);
  }
}

/** The sections of components that @cloud-contract/types exports by name (openapi-typescript's output). */
const TYPED_SECTIONS = new Set([
  "schemas",
  "responses",
  "parameters",
  "requestBodies",
  "headers",
  "pathItems",
]);

/** Component names are part of the published types (`components["schemas"]["Task"]`, aliases). */
function compareComponents(oldDoc: Json, newDoc: Json, report: (c: SchemaChange) => void) {
  const sections = new Set([
    ...Object.keys(oldDoc.components ?? {}),
    ...Object.keys(newDoc.components ?? {}),
  ]);
  for (const section of sections) {
    const before = oldDoc.components?.[section] ?? {};
    const after = newDoc.components?.[section] ?? {};
    const at = (name: string) => `/components/${escapeSegment(section)}/${escapeSegment(name)}`;
    for (const name of Object.keys(before)) {
      if (name in after) continue;
      report({
        rule: TYPED_SECTIONS.has(section) ? "component-removed" : "component-removed-untyped",
        message: `component ${section}/${name} removed`,
        before: at(name),
        after: `/components/${section}`,
      });
    }
    for (const name of Object.keys(after)) {
      if (name in before) continue;
      report({
        rule: "component-added",
        message: `component ${section}/${name} added`,
        before: `/components/${section}`,
        after: at(name),
      });
    }
  }
}

/**
 * A server's URL as a client reaches it: each `{variable}` replaced by its default (what a client configured
 * with the server uses), without a trailing slash.
 */
function serverUrl(server: Json): string {
  const variables = server?.variables ?? {};
  return String(server?.url ?? "")
    .replace(/\{([^}]*)\}/g, (whole, name: string) => {
      const value = variables[name]?.default;
      return value === undefined ? whole : String(value);
    })
    .replace(/\/+$/, "");
}

const serverUrls = (servers: Json): string[] => (Array.isArray(servers) ? servers : []).map(serverUrl);

/** Server URLs that are gone (an error: clients configured with them stop reaching the API) and new ones. */
function compareServerLists(
  before: Located,
  after: Located,
  report: (c: SchemaChange) => void,
  what = "server",
) {
  const was = serverUrls(before.value);
  const now = serverUrls(after.value);
  was.forEach((url, i) => {
    if (now.includes(url)) return;
    report({
      rule: "server-changed",
      message: `${what} ${url} is gone`,
      before: `${before.ptr}/${i}`,
      after: after.ptr,
    });
  });
  now.forEach((url, i) => {
    if (was.includes(url)) return;
    report({
      rule: "server-added",
      message: `${what} ${url} added`,
      before: before.ptr,
      after: `${after.ptr}/${i}`,
    });
  });
}

function compareServers(oldDoc: Json, newDoc: Json, report: (c: SchemaChange) => void) {
  compareServerLists(
    { value: oldDoc.servers, ptr: "/servers" },
    { value: newDoc.servers, ptr: "/servers" },
    report,
  );
}

/**
 * The servers an operation is sent to (its own, else its path's, else the document's), compared when the
 * operation or its path names servers of its own on either side: the document's are compared once, apart.
 */
function compareOperationServers(scope: OperationScope, a: OperationNode, b: OperationNode) {
  const serversOf = (doc: Json, op: OperationNode): Located => {
    for (const owner of [op, op.pathItem])
      if (Array.isArray(owner.value?.servers)) return child(owner, "servers");
    return { value: doc.servers, ptr: "/servers" };
  };
  const x = serversOf(scope.oldDoc, a);
  const y = serversOf(scope.newDoc, b);
  if (x.ptr === "/servers" && y.ptr === "/servers") return;
  compareServerLists(x, y, scope.report, "operation server");
}
