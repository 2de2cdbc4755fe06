// An override typed by the API's generated operation types: its status one the operation documents and its
// body the schema of that status, so that an off-contract answer does not compile.
import type { OperationId, operations } from "@cloud-contract/types";
import type { OverrideRequest } from "../sandbox/control/schema.js";

type Responses<K extends OperationId> = operations[K]["responses"];

/** The statuses a documented range stands for in an override (`5XX` → 500, 502, 503, 504). */
interface RangeStatuses {
  "4XX": 400 | 401 | 403 | 404 | 409 | 422 | 429;
  "5XX": 500 | 502 | 503 | 504;
}

/** The statuses K documents: its exact ones and those of its ranges. */
export type OverrideStatus<K extends OperationId> =
  | Extract<keyof Responses<K>, number>
  | {
      [R in keyof RangeStatuses]: R extends keyof Responses<K> ? RangeStatuses[R] : never;
    }[keyof RangeStatuses];

type RangeOf<S extends number> = `${S}` extends `${infer Digit}${string}` ? `${Digit}XX` : never;

type ResponseOf<K extends OperationId, S extends number> = S extends keyof Responses<K>
  ? Responses<K>[S]
  : Responses<K>[RangeOf<S> & keyof Responses<K>];

/** The JSON body status S of K documents; `never` when it documents none (the body must be left out). */
export type OverrideBody<K extends OperationId, S extends number> =
  ResponseOf<K, S> extends {
    content: { "application/json": infer Body };
  }
    ? Body
    : never;

/** What `tenant.overrides.add` takes: an `OverrideRequest` whose status and body K documents. */
export type TypedOverride<K extends OperationId, S extends OverrideStatus<K>> = Omit<
  OverrideRequest,
  "operation_id" | "status" | "body"
> & {
  operation_id: K;
  status: S;
  /** Left out, a body valid against the schema is generated with the tenant's seed. */
  body?: OverrideBody<K, S>;
};
