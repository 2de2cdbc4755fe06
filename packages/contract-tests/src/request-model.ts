// What each operation accepts, as the new parts (generate, coverage) need it: its parameters and the schema of
// its JSON request body, taken from the spec's document model (which merges and resolves them).
import { type OpenApiDocument, openDocument, resolveRef } from "@cloud-contract/spec/document";

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

/** The request side of every operation, in document order. */
export function requestModels(doc: OpenApiDocument): RequestModel[] {
  return openDocument(doc).operations.map((op) => {
    const model: RequestModel = {
      operationId: op.operationId,
      method: op.method,
      path: op.path,
      parameters: op.parameters.map(({ name, in: where, required, schema }) => ({
        name,
        in: where,
        required,
        schema,
      })),
    };
    const schema = op.requestBody?.content["application/json"]?.schema;
    if (op.requestBody && schema) model.body = { required: op.requestBody.required, schema };
    return model;
  });
}

/** Resolves a schema's `$ref` chain within the bundle. */
export function resolveSchema(doc: OpenApiDocument, schema: unknown): Schema {
  return resolveRef<Schema>(doc, schema);
}
