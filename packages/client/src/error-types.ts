// The types that narrow an ApiError's body by its operation and status, computed from the generated
// `operations`: every documented error status (exact, or a range such as `5XX`) with its body, and every
// other status with an `unknown` body, so that the type says no more than the spec does.
import type { OperationId, operations } from "@cloud-contract/types";

type Digit = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
type ToNumber<S> = S extends `${infer N extends number}` ? N : never;

/** Every status an error answer can have: 300 to 599 (fetch shows no 1xx, and 2xx are successes). */
export type ErrorStatus = ToNumber<`${3 | 4 | 5}${Digit}${Digit}`>;

/** The statuses a response key of the spec stands for: `404` → 404, `"5XX"` → 500 | … | 599. */
type StatusesOf<Key> = Key extends number
  ? Key
  : Key extends `${infer Class extends 1 | 2 | 3 | 4 | 5}XX`
    ? ToNumber<`${Class}${Digit}${Digit}`>
    : ToNumber<Key>;

/** The body of one response of the spec: its JSON content, else its one content, else none. */
type BodyOf<Response> = Response extends { content: { "application/json": infer Body } }
  ? Body
  : Response extends { content: infer Content extends object }
    ? Content[keyof Content]
    : undefined;

type Responses<Id extends OperationId> = operations[Id]["responses"];
/** The statuses the operation documents exactly (an exact key wins over a range). */
type ExactStatuses<Id extends OperationId> = Extract<keyof Responses<Id>, number>;
/** The error statuses the operation documents, exactly or by a range. */
type DocumentedErrorStatuses<Id extends OperationId> = Extract<StatusesOf<keyof Responses<Id>>, ErrorStatus>;

type StatusMember<Id extends OperationId, Status, Body> = [Status] extends [never]
  ? never
  : { readonly operationId: Id; readonly status: Status; readonly body: Body };

/** One member per documented error response of the operation, and one for every other status. */
export type StatusAndBody<Id extends OperationId> =
  | {
      [Key in keyof Responses<Id>]: StatusMember<
        Id,
        Extract<Key extends number ? Key : Exclude<StatusesOf<Key>, ExactStatuses<Id>>, ErrorStatus>,
        BodyOf<Responses<Id>[Key]>
      >;
    }[keyof Responses<Id>]
  | StatusMember<
      Id,
      Exclude<ErrorStatus, DocumentedErrorStatuses<Id>>,
      "default" extends keyof Responses<Id> ? BodyOf<Responses<Id>["default"]> : unknown
    >;
