// Type tests (run by the typecheck target's tsc): an ApiError's body is narrowed by its operation and
// status, as documented.
import type {
  BillingErrorBody,
  CloudErrorBody,
  components,
  IamErrorBody,
  StreamingErrorBody,
} from "@cloud-contract/types";
import { assertType, describe, expectTypeOf, it } from "vitest";
import { createCloudClient } from "./create-client.js";
import { ApiError } from "./errors.js";
import { toApiError } from "./unwrap.js";

type CloudNotFoundBody = components["responses"]["CloudNotFound"]["content"]["application/json"];

describe("ApiError narrowing", () => {
  it("gives an operation's documented body for each documented status, and unknown for the others", () => {
    const err = {} as ApiError<"getTask">;
    expectTypeOf(err.operationId).toEqualTypeOf<"getTask">();
    if (err.status === 404) expectTypeOf(err.body).toEqualTypeOf<CloudNotFoundBody>();
    if (err.status === 503) expectTypeOf(err.body).toEqualTypeOf<CloudErrorBody>();
    // 409 is not documented for getTask: nothing is promised about the body.
    if (err.status === 409) expectTypeOf(err.body).toBeUnknown();
    // 422 neither (getTask has no body to validate).
    if (err.status === 422) expectTypeOf(err.body).toBeUnknown();
  });

  it("narrows through instanceof, then operationId, then status", () => {
    const caught: unknown = undefined;
    if (caught instanceof ApiError) {
      expectTypeOf(caught.requestId).toEqualTypeOf<string | undefined>();
      if (caught.operationId === "listPlanContents" && caught.status === 400)
        expectTypeOf(caught.body).toEqualTypeOf<BillingErrorBody>();
      if (caught.operationId === "addResellerNotificationSetting" && caught.status === 400)
        expectTypeOf(caught.body).toEqualTypeOf<IamErrorBody>();
      if (caught.operationId === "resetStreamPushToken" && caught.status === 404)
        expectTypeOf(caught.body).toEqualTypeOf<StreamingErrorBody>();
      // A result of another openapi-fetch client, through toApiError: no operation, nothing promised.
      if (caught.operationId === undefined) expectTypeOf(caught.body).toBeUnknown();
    }
  });

  it("has only statuses an error answer can have", () => {
    const err = {} as ApiError<"getTask">;
    // @ts-expect-error — 200 is a success, never an ApiError
    if (err.status === 200) return;
    // @ts-expect-error — no HTTP status
    if (err.status === 700) return;
  });
});

describe("toApiError", () => {
  it("is an ApiError inside `if (result.error)`, and may be undefined outside it", async () => {
    const client = createCloudClient({ apiKey: "k" });
    const result = await client.GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id: "t" } } });
    expectTypeOf(toApiError(result)).toEqualTypeOf<ApiError | undefined>();
    if (result.error) {
      assertType<ApiError>(toApiError(result));
      expectTypeOf(toApiError(result)).toEqualTypeOf<ApiError>();
      expectTypeOf(toApiError(result).status).toBeNumber();
    }
    // @ts-expect-error: outside the check the error may be undefined, so `.status` is refused.
    toApiError(result).status;
  });
});
