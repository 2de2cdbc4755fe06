import { DEFAULT_DEPRECATION_POLICY, type DeprecationPolicy } from "./deprecation.js";
import type { Finding } from "./finding.js";
import { child, follow } from "./pointer.js";
import { proveFindings } from "./prove.js";
import { compareComponents } from "./rules/components.js";
import { compareDialect } from "./rules/dialect.js";
import { compareOperationHeads, operationAdded, operationRemoved } from "./rules/operations.js";
import { compareParameters } from "./rules/parameters.js";
import { compareRequestBodies } from "./rules/request-body.js";
import { compareResponses } from "./rules/response-statuses.js";
import { compareSecurity } from "./rules/security.js";
import { compareOperationServers, compareServers } from "./rules/servers.js";
import { compareCallbacks, compareWebhooks } from "./rules/webhooks.js";
import { levelOf, ruleId } from "./rules.js";
import { compareSchemas } from "./schema.js";
import type { Change, OperationNode, OperationScope } from "./scope.js";
import type { Direction, Json, Located } from "./types.js";
import type { Site } from "./witness.js";

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

export interface CompareOptions {
  policy?: DeprecationPolicy;
  /** Build a witness for every error finding (prove.ts); true unless set false. */
  witnesses?: boolean;
}

/**
 * Compares two bundled OpenAPI 3.x documents (every `$ref` local) and judges each difference by a rule of
 * the rule modules (rules/registry.ts): one finding per change and operation, with JSON pointers into both
 * documents.
 */
export function compareSpecs(oldDoc: Json, newDoc: Json, options: CompareOptions = {}): Finding[] {
  const policy = options.policy ?? {
    ...DEFAULT_DEPRECATION_POLICY,
    today: new Date().toISOString().slice(0, 10),
  };
  const findings: Finding[] = [];
  const sites = new Map<Finding, Site>();
  const memo = new Map<string, Change[]>();
  const pairs = new Map<string, Change[]>();
  const before = operations(oldDoc);
  const after = operations(newDoc);
  const finding = (operation: string, operationId: string | undefined, c: Change): Finding => {
    const rule = ruleId(c.rule);
    return {
      rule,
      level: levelOf(rule),
      operation,
      operationId,
      message: c.message,
      before: c.before,
      after: c.after,
    };
  };
  /** The scope of one operation (or webhook): where its changes are reported, once each. */
  const scopeFor = (label: string, operationId: string | undefined, stability: string): OperationScope => {
    // One finding per change and operation, however many statuses or parameters share the schema.
    const reported = new Set<string>();
    /**
     * The changes between two schemas, computed once per pair and direction: a shared component reached from
     * many operations (or many statuses of one) is compared once.
     */
    const schemaChanges = (direction: Direction, x: Located, y: Located): Change[] => {
      const key = `${direction}|${stability}|${x.ptr}|${y.ptr}`;
      let changes = memo.get(key);
      if (!changes) {
        const found: Change[] = [];
        const walk = { oldDoc, newDoc, policy, stability, direction, pairs, seen: new Set<string>() };
        compareSchemas({ ...walk, report: (c) => found.push(c) }, x, y);
        changes = found;
        memo.set(key, changes);
      }
      return changes;
    };
    const scope: OperationScope = {
      oldDoc,
      newDoc,
      policy,
      stability,
      report: (c) => {
        const id = `${c.rule}|${c.before}|${c.after}|${c.message}`;
        if (reported.has(id)) return;
        reported.add(id);
        const found = finding(label, operationId, c);
        if (c.site) sites.set(found, c.site);
        findings.push(found);
      },
      compareSchemasAt: (direction, place, x, y) => {
        const site = { direction, place, before: x.ptr, after: y.ptr };
        for (const change of schemaChanges(direction, x, y)) scope.report({ ...change, site });
      },
    };
    return scope;
  };
  for (const [identity, a] of before) {
    const b = after.get(identity);
    if (!b) {
      findings.push(finding(a.label, a.value.operationId, operationRemoved(a, newDoc, policy)));
      continue;
    }
    const stability = b.value["x-stability-level"] ?? a.value["x-stability-level"] ?? policy.defaultStability;
    const scope = scopeFor(b.label, b.value.operationId, stability);
    compareOperationHeads(scope, a, b);
    compareSecurity(scope, a, b);
    compareOperationServers(scope, a, b);
    compareParameters(scope, a, b);
    compareRequestBodies(scope, a, b);
    compareResponses(scope, a, b);
    compareCallbacks(scope, a, b);
  }
  compareWebhooks(oldDoc, newDoc, (label) => scopeFor(label, undefined, policy.defaultStability));
  for (const [identity, b] of after) {
    if (before.has(identity)) continue;
    findings.push(finding(b.label, b.value.operationId, operationAdded(b, oldDoc)));
  }
  compareComponents(oldDoc, newDoc, (c) => findings.push(finding("components", undefined, c)));
  compareServers(oldDoc, newDoc, (c) => findings.push(finding("servers", undefined, c)));
  compareDialect(oldDoc, newDoc, (c) => findings.push(finding("document", undefined, c)));
  if (options.witnesses !== false) proveFindings(oldDoc, newDoc, findings, sites);
  return findings;
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
