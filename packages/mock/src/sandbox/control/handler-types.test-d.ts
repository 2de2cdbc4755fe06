// Type tests (run by the typecheck target's tsc): the control handler table holds exactly the operations of
// control/openapi.yaml, each answering only the statuses and bodies documented for it there.
import { describe, expectTypeOf, it } from "vitest";
import type { ControlHandler, ControlHandlers } from "./handler-types.js";
import { CONTROL_HANDLERS } from "./handlers.js";
import type { ControlResult } from "./operation-types.js";

const { createTenant, ...withoutCreateTenant } = CONTROL_HANDLERS;
const clock = { mode: "manual", now: "2026-11-21T09:15:02.000Z" } as const;

describe("ControlHandlers", () => {
  it("refuses a table with an operation missing or one the control spec does not have", () => {
    // @ts-expect-error — createTenant is missing
    const missing: ControlHandlers = withoutCreateTenant;
    // @ts-expect-error — the control spec has no operation resumeTenant
    const extra: ControlHandlers = { ...withoutCreateTenant, createTenant, resumeTenant: createTenant };
    expectTypeOf(missing).toEqualTypeOf<ControlHandlers>();
    expectTypeOf(extra).toEqualTypeOf<ControlHandlers>();
  });

  it("refuses an answer whose status or body the operation does not document", () => {
    // @ts-expect-error — getClock documents 200, not 201
    const wrongStatus: ControlHandler<"getClock"> = () => ({ status: 201, body: clock });
    // @ts-expect-error — `time` is not a field of Clock, and `now` is missing
    const wrongBody: ControlHandler<"getClock"> = () => ({ status: 200, body: { mode: "real", time: 0 } });
    // @ts-expect-error — deleteFault's 204 has no body
    const bodyOn204: ControlHandler<"deleteFault"> = () => ({ status: 204, body: clock });
    const right: ControlHandler<"getClock"> = () => ({ status: 200, body: clock });
    expectTypeOf(wrongStatus).toEqualTypeOf(right);
    expectTypeOf(wrongBody).toEqualTypeOf(right);
    expectTypeOf(bodyOn204).toEqualTypeOf<ControlHandler<"deleteFault">>();
  });

  it("types each request from its operation", () => {
    expectTypeOf<Parameters<ControlHandler<"completeTask">>[0]["params"]>().toEqualTypeOf<{
      task_id: string;
    }>();
    expectTypeOf<ControlResult<"addFault">["status"]>().toEqualTypeOf<201>();
  });
});
