// What each operation accepts, read from the bundle: its parameters (the path item's and the
// operation's, merged) and the schema of its JSON request body. The one place the new parts read
// request schemas; it moves to the spec's document model when that lands.
import type { OpenApiDocument } from "@cloud-contract/spec/validator";
import { deref } from "./validate.js";

/** A JSON Schema object of the bundle (its `$ref`s still point into the bundle). */
export type Schema = Record<string, unknown>;

export interface ParameterModel {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required: boolean;
  schema: Schema;
}

export interface RequestModel {
  operationId: string;
  method: string;
  path: string;
  parameters: ParameterModel[];
  /** The application/json body schema, when the operation takes a body. */
  body?: { required: boolean; schema: Schema };
}

interface RawParameter {
  name: string;
  in: ParameterModel["in"];
  required?: boolean;
  schema?: Schema;
}

/** The request side of every operation, in document order. */
export function requestModels(doc: OpenApiDocument): RequestModel[] {
  const models: RequestModel[] = [];
  for (const [path, rawItem] of Object.entries<Record<string, unknown>>(doc.paths ?? {})) {
    const item = deref<Record<string, unknown>>(doc, rawItem);
    const shared = ((item.parameters as unknown[]) ?? []).map((p) => deref<RawParameter>(doc, p));
    // An operation is any member of the path item that has an operationId (no list of methods here).
    for (const [method, value] of Object.entries(item)) {
      const op = value as { operationId?: string; parameters?: unknown[]; requestBody?: unknown } | null;
      if (typeof op !== "object" || op === null || typeof op.operationId !== "string") continue;
      const own = (op.parameters ?? []).map((p) => deref<RawParameter>(doc, p));
      const merged = new Map<string, RawParameter>();
      for (const p of [...shared, ...own]) merged.set(`${p.in}:${p.name}`, p);
      const model: RequestModel = {
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        parameters: [...merged.values()].map((p) => ({
          name: p.name,
          in: p.in,
          required: p.required === true,
          schema: p.schema ?? {},
        })),
      };
      if (op.requestBody) {
        const body = deref<{ required?: boolean; content?: Record<string, { schema?: Schema }> }>(
          doc,
          op.requestBody,
        );
        const schema = body.content?.["application/json"]?.schema;
        if (schema) model.body = { required: body.required === true, schema };
      }
      models.push(model);
    }
  }
  return models;
}

/** Resolves a schema's `$ref` chain within the bundle. */
export function resolveSchema(doc: OpenApiDocument, schema: unknown): Schema {
  return deref<Schema>(doc, schema);
}
