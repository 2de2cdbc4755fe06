import { type DocumentModel, type Operation, openDocument } from "@cloud-contract/spec/document";
import { compareSchemas, type SchemaContext } from "./schema.js";
import type { Change, DiffResult, Direction, Json, Resolve } from "./types.js";

/**
 * Compares two bundled OpenAPI 3.x documents (every $ref local) and classifies each difference as
 * breaking or not for the consumers of the published types and client.
 */
export function compareSpecs(oldDoc: Json, newDoc: Json): DiffResult {
  const changes: Change[] = [];
  const report = (c: Change) => changes.push(c);
  const oldModel = openDocument(oldDoc);
  const newModel = openDocument(newDoc);
  const resolveOld: Resolve = (node) => oldModel.dereference(node);
  const resolveNew: Resolve = (node) => newModel.dereference(node);
  const before = operationsByKey(oldModel);
  const after = operationsByKey(newModel);

  for (const [key, a] of before) {
    const b = after.get(key);
    if (!b) {
      report({
        severity: "breaking",
        rule: "operation-removed",
        where: key,
        message: `operation ${key} removed`,
      });
      continue;
    }
    compareOperation({ resolveOld, resolveNew, report, oldDoc, newDoc }, key, a, b);
  }
  for (const key of after.keys()) {
    if (!before.has(key)) {
      report({
        severity: "non-breaking",
        rule: "operation-added",
        where: key,
        message: `operation ${key} added`,
      });
    }
  }
  compareComponents(oldDoc, newDoc, report);
  return {
    changes,
    breaking: changes.filter((c) => c.severity === "breaking"),
    nonBreaking: changes.filter((c) => c.severity === "non-breaking"),
  };
}

/** The model's operations keyed `METHOD /path`, the identity of an operation across versions. */
function operationsByKey(model: DocumentModel): Map<string, Operation> {
  return new Map(model.operations.map((op) => [`${op.method} ${op.path}`, op]));
}

interface OpContext {
  resolveOld: Resolve;
  resolveNew: Resolve;
  report: (c: Change) => void;
  oldDoc: Json;
  newDoc: Json;
}

function schemaContext(ctx: OpContext, direction: Direction, where: string): SchemaContext {
  return { resolveOld: ctx.resolveOld, resolveNew: ctx.resolveNew, report: ctx.report, direction, where };
}

function compareOperation(ctx: OpContext, key: string, a: Operation, b: Operation) {
  const { report } = ctx;
  if (a.object.operationId !== b.object.operationId) {
    const message = `operationId ${a.object.operationId} → ${b.object.operationId}`;
    report({ severity: "breaking", rule: "operation-id-changed", where: key, message });
  }
  if (!a.object.deprecated && b.object.deprecated) {
    report({
      severity: "non-breaking",
      rule: "operation-deprecated",
      where: key,
      message: "operation deprecated",
    });
  }
  const security = (doc: Json, op: Json) => JSON.stringify(op.security ?? doc.security ?? []);
  if (security(ctx.oldDoc, a.object) !== security(ctx.newDoc, b.object)) {
    const message = `security ${security(ctx.oldDoc, a.object)} → ${security(ctx.newDoc, b.object)}`;
    report({ severity: "breaking", rule: "security-changed", where: key, message });
  }
  compareParameters(ctx, key, a, b);
  compareRequestBodies(ctx, key, a.object.requestBody, b.object.requestBody);
  compareResponses(ctx, key, a.object.responses ?? {}, b.object.responses ?? {});
}

/** The merged, resolved parameters of an operation by `in name`. */
function parameterMap(op: Operation): Map<string, Json> {
  return new Map(op.parameters.map((p) => [`${p.in} ${p.name}`, p.object]));
}

function compareParameters(ctx: OpContext, key: string, oldOp: Operation, newOp: Operation) {
  const before = parameterMap(oldOp);
  const after = parameterMap(newOp);
  for (const [id, a] of before) {
    const where = `${key} parameter ${id}`;
    const b = after.get(id);
    if (!b) {
      ctx.report({
        severity: "breaking",
        rule: "parameter-removed",
        where,
        message: `parameter ${id} removed`,
      });
      continue;
    }
    if (!a.required && b.required) {
      ctx.report({
        severity: "breaking",
        rule: "parameter-required",
        where,
        message: `parameter ${id} now required`,
      });
    }
    if (a.required && !b.required) {
      const message = `parameter ${id} now optional`;
      ctx.report({ severity: "non-breaking", rule: "parameter-optional", where, message });
    }
    if (a.style !== b.style || a.explode !== b.explode) {
      const message = `serialization ${a.style ?? "default"}/${a.explode ?? "default"} → ${b.style ?? "default"}/${b.explode ?? "default"}`;
      ctx.report({ severity: "breaking", rule: "parameter-style-changed", where, message });
    }
    compareSchemas(schemaContext(ctx, "request", where), a.schema ?? {}, b.schema ?? {});
  }
  for (const [id, b] of after) {
    if (before.has(id)) continue;
    const where = `${key} parameter ${id}`;
    if (b.required) {
      ctx.report({
        severity: "breaking",
        rule: "parameter-required",
        where,
        message: `new required parameter ${id}`,
      });
    } else {
      ctx.report({
        severity: "non-breaking",
        rule: "parameter-added",
        where,
        message: `optional parameter ${id} added`,
      });
    }
  }
}

function compareRequestBodies(ctx: OpContext, key: string, oldBody: Json, newBody: Json) {
  const where = `${key} request body`;
  const a = oldBody ? ctx.resolveOld(oldBody).value : undefined;
  const b = newBody ? ctx.resolveNew(newBody).value : undefined;
  if (!a && !b) return;
  if (a && !b) {
    ctx.report({
      severity: "breaking",
      rule: "request-body-removed",
      where,
      message: "request body removed",
    });
    return;
  }
  if (!a && b) {
    const required = b.required === true;
    const message = required ? "new required request body" : "optional request body added";
    ctx.report({
      severity: required ? "breaking" : "non-breaking",
      rule: "request-body-added",
      where,
      message,
    });
    return;
  }
  if (!a.required && b.required) {
    const message = "request body now required";
    ctx.report({ severity: "breaking", rule: "request-body-required", where, message });
  }
  if (a.required && !b.required) {
    const message = "request body now optional";
    ctx.report({ severity: "non-breaking", rule: "request-body-optional", where, message });
  }
  compareContent(ctx, where, a.content ?? {}, b.content ?? {}, "request");
}

function compareContent(ctx: OpContext, where: string, before: Json, after: Json, direction: Direction) {
  for (const [type, media] of Object.entries<Json>(before)) {
    const at = `${where} ${type}`;
    if (!(type in after)) {
      ctx.report({
        severity: "breaking",
        rule: "media-type-removed",
        where: at,
        message: `media type ${type} removed`,
      });
      continue;
    }
    compareSchemas(schemaContext(ctx, direction, at), media?.schema ?? {}, after[type]?.schema ?? {});
  }
  for (const type of Object.keys(after)) {
    if (type in before) continue;
    const at = `${where} ${type}`;
    ctx.report({
      severity: "non-breaking",
      rule: "media-type-added",
      where: at,
      message: `media type ${type} added`,
    });
  }
}

function isSuccess(status: string) {
  return /^2/.test(status);
}

function compareResponses(ctx: OpContext, key: string, before: Json, after: Json) {
  for (const [status, response] of Object.entries<Json>(before)) {
    const where = `${key} response ${status}`;
    if (!(status in after)) {
      // Code written for a success status stops working; one error status fewer only means less to handle.
      const severity = isSuccess(status) ? "breaking" : "non-breaking";
      ctx.report({ severity, rule: "response-removed", where, message: `response ${status} removed` });
      continue;
    }
    const a = ctx.resolveOld(response).value ?? {};
    const b = ctx.resolveNew(after[status]).value ?? {};
    compareContent(ctx, where, a.content ?? {}, b.content ?? {}, "response");
  }
  for (const status of Object.keys(after)) {
    if (status in before) continue;
    const where = `${key} response ${status}`;
    ctx.report({
      severity: "non-breaking",
      rule: "response-added",
      where,
      message: `response ${status} added`,
    });
  }
}

/** Component names are part of the published types (`components["schemas"]["Task"]`, aliases). */
function compareComponents(oldDoc: Json, newDoc: Json, report: (c: Change) => void) {
  const sections = new Set([
    ...Object.keys(oldDoc.components ?? {}),
    ...Object.keys(newDoc.components ?? {}),
  ]);
  for (const section of sections) {
    const before = oldDoc.components?.[section] ?? {};
    const after = newDoc.components?.[section] ?? {};
    for (const name of Object.keys(before)) {
      if (name in after) continue;
      const where = `#/components/${section}/${name}`;
      report({
        severity: "breaking",
        rule: "component-removed",
        where,
        message: `component ${name} removed`,
      });
    }
    for (const name of Object.keys(after)) {
      if (name in before) continue;
      const where = `#/components/${section}/${name}`;
      report({
        severity: "non-breaking",
        rule: "component-added",
        where,
        message: `component ${name} added`,
      });
    }
  }
}
