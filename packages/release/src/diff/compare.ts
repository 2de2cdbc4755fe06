import { createHash } from "node:crypto";
import type { KeptParts } from "../kept-results.js";
import { DEFAULT_DEPRECATION_POLICY, type DeprecationPolicy } from "./deprecation.js";
import type { Finding } from "./finding.js";
import { documentReads } from "./operation-reads.js";
import { child, follow } from "./pointer.js";
import { type Built, proveFindings } from "./prove.js";
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
  /**
   * Each operation's findings kept by a digest of all that comparing it reads of both documents (its path
   * items, what they refer to, servers, security, the policy): a kept operation is not compared again.
   */
  kept?: KeptParts<Finding[]>;
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
  /** Findings outside an operation compared on both sides: a removed or added operation, components, servers. */
  const loose: Finding[] = [];
  const witnesses = options.witnesses !== false;
  const built: Built = new Map();
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
  for (const [identity, a] of before) {
    const b = after.get(identity);
    if (!b) {
      const removed = finding(a.label, a.value.operationId, operationRemoved(a, newDoc, policy));
      loose.push(removed);
      findings.push(removed);
      continue;
    }
    const stability = b.value["x-stability-level"] ?? a.value["x-stability-level"] ?? policy.defaultStability;
    const compute = () => compareOperation(a, b, stability);
    if (!options.kept) findings.push(...compute());
    else {
      const reads = [
        identity,
        witnesses,
        policy,
        documentReads(oldDoc).operation(a.path),
        documentReads(newDoc).operation(b.path),
      ];
      findings.push(...options.kept.get(digestOf(reads), compute));
    }
  }
  /** The findings of one operation present on both sides, with their witnesses. */
  function compareOperation(a: OperationNode, b: OperationNode, stability: string): Finding[] {
    const group = findingGroup();
    const scope = group.scopeFor(b.label, b.value.operationId, stability);
    compareOperationHeads(scope, a, b);
    compareSecurity(scope, a, b);
    compareOperationServers(scope, a, b);
    compareParameters(scope, a, b);
    compareRequestBodies(scope, a, b);
    compareResponses(scope, a, b);
    compareCallbacks(scope, a, b);
    return group.proved();
  }
  /**
   * Findings reported through scopes (an operation's, or the webhooks'), each change once, with the site of
   * each schema change for its witness.
   */
  function findingGroup() {
    const found: Finding[] = [];
    const sites = new Map<Finding, Site>();
    // One finding per change and scope, however many statuses or parameters share the schema.
    const reported = new Set<string>();
    // Remembered within the group only: an operation's findings never depend on which operations were
    // compared before it (a recursive schema's walk stops where it started), so a kept operation's are those
    // computed.
    const memo = new Map<string, Change[]>();
    const pairs = new Map<string, Change[]>();
    /**
     * The changes between two schemas, computed once per pair and direction: a component reached from many
     * statuses or parameters is compared once.
     */
    const schemaChanges = (direction: Direction, stability: string, x: Located, y: Located): Change[] => {
      const key = `${direction}|${stability}|${x.ptr}|${y.ptr}`;
      let changes = memo.get(key);
      if (!changes) {
        const made: Change[] = [];
        const walk = { oldDoc, newDoc, policy, stability, direction, pairs, seen: new Set<string>() };
        compareSchemas({ ...walk, report: (c) => made.push(c) }, x, y);
        changes = made;
        memo.set(key, changes);
      }
      return changes;
    };
    const scopeFor = (label: string, operationId: string | undefined, stability: string): OperationScope => {
      const scope: OperationScope = {
        oldDoc,
        newDoc,
        policy,
        stability,
        report: (c) => {
          const id = `${label}|${c.rule}|${c.before}|${c.after}|${c.message}`;
          if (reported.has(id)) return;
          reported.add(id);
          const made = finding(label, operationId, c);
          if (c.site) sites.set(made, c.site);
          found.push(made);
        },
        compareSchemasAt: (direction, place, x, y) => {
          const site = { direction, place, before: x.ptr, after: y.ptr };
          for (const change of schemaChanges(direction, stability, x, y)) scope.report({ ...change, site });
        },
      };
      return scope;
    };
    const proved = () => {
      if (witnesses) proveFindings(oldDoc, newDoc, found, sites, built);
      return found;
    };
    return { scopeFor, proved };
  }
  const webhooks = findingGroup();
  compareWebhooks(oldDoc, newDoc, (label) => webhooks.scopeFor(label, undefined, policy.defaultStability));
  findings.push(...webhooks.proved());
  const rest = findings.length;
  for (const [identity, b] of after) {
    if (before.has(identity)) continue;
    findings.push(finding(b.label, b.value.operationId, operationAdded(b, oldDoc)));
  }
  compareComponents(oldDoc, newDoc, (c) => findings.push(finding("components", undefined, c)));
  compareServers(oldDoc, newDoc, (c) => findings.push(finding("servers", undefined, c)));
  compareDialect(oldDoc, newDoc, (c) => findings.push(finding("document", undefined, c)));
  if (witnesses) proveFindings(oldDoc, newDoc, [...loose, ...findings.slice(rest)], new Map(), built);
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

/** A digest of JSON values: the name of what they determine. */
const digestOf = (values: unknown[]) => createHash("sha256").update(JSON.stringify(values)).digest("hex");
