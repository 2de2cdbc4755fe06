import { fileURLToPath } from "node:url";
import { type DocumentModel, loadDocument } from "@cloud-contract/spec/document";
import { createApiHandler, type ExtraRoute } from "../http/api-handler.js";
import type { Store } from "../store.js";
import { tenantKeyLookup } from "../tenants/key-lookup.js";
import type { TenantRegistry } from "../tenants/registry.js";
import { CONTROL_HANDLERS, type ControlApp } from "./handlers.js";

export const CONTROL_PREFIX = "/__sandbox/";

/** Absolute path of the control API's bundled OpenAPI file (built from `control/openapi.yaml`). */
export const controlSpecPath = (): string =>
  fileURLToPath(new URL("../../../dist/control/openapi.json", import.meta.url));

export interface ControlRouteOptions {
  registry: TenantRegistry;
  /** The served API, whose operations faults name. */
  served: DocumentModel;
  validateResponses: boolean;
  /** Commits a tenant's changes (durable modes); the answer waits for it. */
  commit?: (store: Store) => Promise<void>;
}

/**
 * The control API under `/__sandbox/`, served like the API itself from its own OpenAPI file: routing, keys
 * and body validation come from `control/openapi.yaml`, and every call acts on the caller's tenant.
 */
export function controlRoute(options: ControlRouteOptions): ExtraRoute {
  const { registry, served } = options;
  const lookupKey = tenantKeyLookup(registry);
  const handler = createApiHandler<ControlApp>({
    model: loadDocument(controlSpecPath()),
    app: { tenant: registry.defaultTenant, registry, served },
    appFor: (key) => ({
      tenant: registry.tenantOf(key) ?? registry.defaultTenant,
      registry,
      served,
    }),
    handlers: CONTROL_HANDLERS,
    onWrite: (app) => options.commit?.(app.tenant.store),
    lookupKey,
    validateResponses: options.validateResponses,
  });
  return (req, res, path) => {
    if (!path.startsWith(CONTROL_PREFIX)) return false;
    handler(req, res);
    return true;
  };
}
