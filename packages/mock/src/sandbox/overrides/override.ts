import type { Override } from "../control/schema.js";

/**
 * An answer chosen for the next calls of one operation of a tenant: plain data, persisted with the tenant, in
 * the shape the control API answers it (`Override` of control/openapi.yaml).
 */
export type OverrideRule = Override;
