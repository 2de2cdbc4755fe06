import type { DocumentModel } from "@cloud-contract/spec/model";
import { type CatchUpCall, createPipeline, type Pipeline } from "../http/pipeline.js";
import type { Store } from "../store.js";
import type { Tenant, TenantRegistry } from "../tenants/registry.js";
import { controlDocument } from "./control-document.js";
import type { ControlApp } from "./handler-types.js";
import { CONTROL_HANDLERS } from "./handlers.js";

export const CONTROL_PREFIX = "/__sandbox/";

export interface ControlCoreOptions {
  registry: TenantRegistry;
  /** The served API, whose operations faults name. */
  served: DocumentModel;
  validateResponses: boolean;
  /** The caller's tenant, found once (the same authentication as the API's); undefined for an unknown key. */
  tenantFor: (key: string) => Tenant | undefined | Promise<Tenant | undefined>;
  /** Whether a tenant's store is still served. */
  isLive?: (store: Store) => boolean;
  /** The API's catch-up stage (replicas), on the tenant's store. */
  catchUp?: (store: Store, call: CatchUpCall) => Promise<() => Promise<void>>;
  /** While a tenant's store holds changes not yet committed: the end of their COMMIT (reads wait for it). */
  uncommitted?: (store: Store) => Promise<void> | undefined;
  /** Commits a tenant's changes (durable modes); the answer waits for it. */
  commit?: (store: Store) => Promise<void>;
  onUnexpected?: (error: unknown, requestId: string) => void;
}

/**
 * The control API under `/__sandbox/`, served by the same pipeline as the API from its own OpenAPI file:
 * routing, keys and body validation come from `control/openapi.yaml`, and every call acts on the caller's
 * tenant.
 */
export function controlCore(options: ControlCoreOptions): Pipeline {
  const { registry, served, catchUp } = options;
  return createPipeline<ControlApp>({
    model: controlDocument(),
    handlers: CONTROL_HANDLERS,
    appFor: async (key) => {
      const tenant = await options.tenantFor(key);
      return tenant && { app: { tenant, registry, served } };
    },
    ...(options.isLive ? { isLive: (app: ControlApp) => options.isLive?.(app.tenant.store) ?? true } : {}),
    ...(catchUp ? { catchUp: (app: ControlApp, call) => catchUp(app.tenant.store, call) } : {}),
    ...(options.uncommitted
      ? { uncommitted: (app: ControlApp) => options.uncommitted?.(app.tenant.store) }
      : {}),
    onWrite: (app) => options.commit?.(app.tenant.store),
    validateResponses: options.validateResponses,
    ...(options.onUnexpected ? { onUnexpected: options.onUnexpected } : {}),
  });
}
