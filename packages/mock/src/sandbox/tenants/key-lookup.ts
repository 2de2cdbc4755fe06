import { ApiError } from "../http/api-error.js";
import type { KeyScope } from "../http/auth.js";
import type { TenantRegistry } from "./registry.js";

/** The API handlers' `lookupKey`: a key's scope in its tenant; an evicted tenant's key is a 401 that says so. */
export function tenantKeyLookup(registry: TenantRegistry): (key: string) => KeyScope | undefined {
  return (key) => {
    const found = registry.lookup(key);
    if (found && "evicted" in found) {
      throw new ApiError(
        401,
        `This key's tenant was evicted (unused for ${registry.idleMs} ms, or the oldest when the sandbox was full); create a new tenant with POST /__sandbox/tenants.`,
        { exceptionClass: "TenantEvicted" },
      );
    }
    return found?.scope;
  };
}
