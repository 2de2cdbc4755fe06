// Type tests (run by the typecheck target's tsc): an override keeps the API's contract at compile time — its
// status one the operation documents, its body the schema of that status.
import { describe, expectTypeOf, it } from "vitest";
import type { OverrideStatus } from "./override-types.js";
import type { TenantControl } from "./sandbox-control.js";

declare const tenant: TenantControl;

describe("tenant.overrides.add", () => {
  it("takes a body of the status's schema and refuses one off the contract", () => {
    void tenant.overrides.add({
      operation_id: "listActiveTasks",
      status: 200,
      body: { count: 0, results: [] },
    });
    void tenant.overrides.add({
      operation_id: "listActiveTasks",
      status: 200,
      // @ts-expect-error — count is an integer in TaskList
      body: { count: "two", results: [] },
    });
    void tenant.overrides.add({
      operation_id: "listActiveTasks",
      status: 200,
      // @ts-expect-error — results is required in TaskList
      body: { count: 0 },
    });
  });

  it("refuses a status the operation does not document and an unknown operation", () => {
    // @ts-expect-error — listActiveTasks documents no 302
    void tenant.overrides.add({ operation_id: "listActiveTasks", status: 302 });
    // @ts-expect-error — there is no operation listEverything
    void tenant.overrides.add({ operation_id: "listEverything", status: 200 });
  });

  it("takes the statuses of a documented range and a body left out", () => {
    void tenant.overrides.add({ operation_id: "listActiveTasks", status: 503 });
    expectTypeOf<OverrideStatus<"listActiveTasks">>().toEqualTypeOf<
      200 | 400 | 401 | 403 | 404 | 429 | 500 | 502 | 503 | 504
    >();
  });
});
