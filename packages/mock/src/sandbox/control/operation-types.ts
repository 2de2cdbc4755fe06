// What a control API operation receives and may answer, per operation of the `operations` generated from
// control/openapi.yaml (./schema.ts), whoever answers it: the control API's handlers or a service's.
import type { JsonContent, OrEmpty } from "../http/operation-parts.js";
import type { operations } from "./schema.js";

export type ControlOperationId = keyof operations;

type Operation<K extends ControlOperationId> = operations[K];

type Responses<K extends ControlOperationId> = Operation<K>["responses"];
type SuccessStatus<K extends ControlOperationId> = Extract<keyof Responses<K>, 200 | 201 | 204>;

/** A documented success answer of K: its status and the body that status documents. Errors are thrown. */
export type ControlResult<K extends ControlOperationId> = {
  [S in SuccessStatus<K>]: { status: S } & BodyOf<JsonContent<Responses<K>[S]>>;
}[SuccessStatus<K>];
/** A status without content (204) answers no body. */
type BodyOf<Body> = [Body] extends [undefined] ? { body?: undefined } : { body: Body };

/** The validated request of K: its path parameters, its query and its JSON body. */
export type ControlRequest<K extends ControlOperationId> = {
  params: OrEmpty<NonNullable<Operation<K>["parameters"]["path"]>>;
  query: object;
  body: JsonContent<Operation<K>["requestBody"]>;
};
