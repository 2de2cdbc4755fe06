import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createSchemaValidator } from "@cloud-contract/spec/validator";
import type { OpenApiDocument } from "../../bundle.js";
import { createApiHandler, type ExtraRoute } from "../http/api-handler.js";
import type { CompiledOperation } from "../openapi/operations.js";
import { tenantKeyLookup } from "../tenants/key-lookup.js";
import type { TenantRegistry } from "../tenants/registry.js";
import { CONTROL_HANDLERS, type ControlApp } from "./handlers.js";

export const CONTROL_PREFIX = "/__sandbox/";

/** Absolute path of the control API's bundled OpenAPI file (built from `control/openapi.yaml`). */
export const controlSpecPath = (): string =>
  fileURLToPath(new URL("../../../dist/control/openapi.json", import.meta.url));

export function readControlSpec(): OpenApiDocument {
  return JSON.parse(readFileSync(controlSpecPath(), "utf8")) as OpenApiDocument;
}

export interface ControlRouteOptions {
  registry: TenantRegistry;
  /** The sandbox's operations, which faults may name. */
  operations: CompiledOperation[];
  validateResponses: boolean;
}

/**
 * The control API under `/__sandbox/`, served like the API itself from its own OpenAPI file: routing, keys
 * and body validation come from `control/openapi.yaml`, and every call acts on the caller's tenant.
 */
export function controlRoute(options: ControlRouteOptions): ExtraRoute {
  const doc = readControlSpec();
  const { registry, operations } = options;
  const lookupKey = tenantKeyLookup(registry);
  const handler = createApiHandler<ControlApp>({
    doc,
    compile: createSchemaValidator(doc).compile,
    app: { tenant: registry.defaultTenant, registry, operations },
    appFor: (key) => ({
      tenant: registry.tenantOf(key) ?? registry.defaultTenant,
      registry,
      operations,
    }),
    handlers: CONTROL_HANDLERS,
    lookupKey,
    validateResponses: options.validateResponses,
  });
  return (req, res, path) => {
    if (!path.startsWith(CONTROL_PREFIX)) return false;
    handler(req, res);
    return true;
  };
}
