// The types of the sandbox's handlers, taken per operation from the generated `operations` of
// @cloud-contract/types: what a handler of K receives (path, query, body) and what it may answer. A handler
// sees the tenant `T` as its service does (see `ServiceTenant` in services/service.ts).
import type { OperationId, operations } from "@cloud-contract/types";
import type { Handler, RequestContext } from "../http/handler.js";
import type { JsonContent, OrEmpty } from "../http/operation-parts.js";

type Operation<K extends OperationId> = operations[K];

export type PathParams<K extends OperationId> = OrEmpty<NonNullable<Operation<K>["parameters"]["path"]>>;
export type QueryParams<K extends OperationId> = OrEmpty<NonNullable<Operation<K>["parameters"]["query"]>>;
/** The JSON body; `| undefined` when the operation's body is optional. */
export type RequestBody<K extends OperationId> = undefined extends Operation<K>["requestBody"]
  ? JsonContent<NonNullable<Operation<K>["requestBody"]>> | undefined
  : JsonContent<Operation<K>["requestBody"]>;

type Responses<K extends OperationId> = Operation<K>["responses"];
type SuccessStatus<K extends OperationId> = Extract<keyof Responses<K>, 200 | 201 | 202 | 204>;

/** A documented success answer of K: its status and the body that status documents. Errors are thrown. */
export type SandboxResult<K extends OperationId> = {
  [S in SuccessStatus<K>]: {
    status: S;
    body: JsonContent<Responses<K>[S]>;
    headers?: Record<string, string>;
  };
}[SuccessStatus<K>];

type RequestOf<K extends OperationId> = {
  params: PathParams<K>;
  query: QueryParams<K>;
  body: RequestBody<K>;
};

export type SandboxContext<K extends OperationId, T> = RequestContext<T, RequestOf<K>>;
export type SandboxHandler<K extends OperationId, T> = Handler<T, RequestOf<K>, SandboxResult<K>>;

/** One handler per operation of the spec over the tenant `T`: a missing one is a compile error. */
export type SandboxHandlers<T> = { [K in OperationId]: SandboxHandler<K, T> };
