import type { Json } from "../diff/types.js";

/** A spec of one POST operation at `path` taking `request` as its JSON body and answering `response` (200). */
export function bodyOperationSpec(path: string, request: Json, response: Json, components?: Json): Json {
  const json = (schema: Json) => ({ "application/json": { schema } });
  return {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {
      [path]: {
        post: {
          operationId: "sendBody",
          requestBody: { required: true, content: json(request) },
          responses: { "200": { description: "ok", content: json(response) } },
        },
      },
    },
    ...(components ? { components } : {}),
  };
}

/** The request or response body schema of a {@link bodyOperationSpec} document. */
export function bodyOf(doc: Json, path: string, side: "request" | "response"): Json {
  const op = doc.paths[path].post;
  const media = side === "request" ? op.requestBody.content : op.responses["200"].content;
  return media["application/json"].schema;
}

/** A spec of `GET /tasks/{id}` answering an object whose `required` is `required` (its one property: `id`). */
export const getTaskSpec = (required: string[]): Json => ({
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  paths: {
    "/tasks/{id}": {
      get: {
        operationId: "getTask",
        responses: {
          "200": {
            description: "ok",
            content: {
              "application/json": {
                schema: { type: "object", required, properties: { id: { type: "string" } } },
              },
            },
          },
        },
      },
    },
  },
});

/** The fingerprint of the finding between `getTaskSpec(["id"])` and `getTaskSpec([])`. */
export const ID_OPTIONAL_FINGERPRINT =
  "response-property-became-optional GET /tasks/{id} /paths/~1tasks~1{id}/get/responses/200/content/application~1json/schema/properties/id";
