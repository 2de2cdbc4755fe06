import { type Merged, SERVICES } from "../services/services.js";
import type { Store } from "../store.js";
import type { SandboxHandlers } from "./types.js";

type Services = typeof SERVICES;

/**
 * The sandbox's handler of every operation of the spec, by operationId, put together from each service's
 * declared table (`services/<service>/handlers/`); a tenant's store is every service's tenant at once.
 */
export const SANDBOX_HANDLERS: SandboxHandlers<Store> = Object.assign(
  {},
  ...Object.values(SERVICES).map((service) => service.handlers),
) as Merged<Services[keyof Services]["handlers"]>;
