// The shapes of the control API for the typed helper, named after their schemas in control/openapi.yaml
// (generated into ../sandbox/control/schema.ts).
import type { components } from "../sandbox/control/schema.js";

type Schemas = components["schemas"];

/** A key of a tenant bound to some projects or resellers. */
export type ScopedKey = Schemas["ScopedKey"];
/** The ids of a tenant's seeded fixtures. */
export type TenantIds = Schemas["TenantIds"];
/** What `POST /__sandbox/tenants` answers. */
export type TenantInfo = Schemas["Tenant"];
/** The tenant's clock: its mode and the time it shows (ISO 8601). */
export type ClockInfo = Schemas["Clock"];
/** How a task ends: `FINISHED`, or `ERROR` with its `error` text. */
export type TaskCompletion = Schemas["TaskCompletion"];
/** What `POST /__sandbox/faults` takes. */
export type FaultRequest = Schemas["FaultRequest"];
/** An armed fault, with the calls it will still spoil. */
export type Fault = Schemas["Fault"];
/** What `POST /__sandbox/overrides` takes (untyped by operation; `tenant.overrides.add` types it). */
export type OverrideRequest = Schemas["OverrideRequest"];
/** An armed override, with the calls it will still answer and those it answered. */
export type Override = Schemas["Override"];
/** Whether the tenant enforces the API's rate limits, and each limit the spec states. */
export type RateLimitsInfo = Schemas["RateLimits"];
/** One API call of the tenant's journal: request, answer, what answered and the contract's verdict. */
export type JournalEntry = Schemas["JournalEntry"];
