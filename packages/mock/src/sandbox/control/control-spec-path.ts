import { fileURLToPath } from "node:url";

/** Absolute path of the control API's bundled OpenAPI file (built from `control/openapi.yaml`). */
export const controlSpecPath = (): string =>
  fileURLToPath(new URL("../../../dist/control/openapi.json", import.meta.url));
