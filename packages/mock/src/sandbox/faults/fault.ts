import type { Fault } from "../control/schema.js";

/**
 * A fault armed for the next calls of a tenant (one operation, one service or all): plain data, persisted with
 * the tenant, in the shape the control API answers it (`Fault` of control/openapi.yaml).
 */
export type FaultRule = Fault;
