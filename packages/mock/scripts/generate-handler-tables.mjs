// Generates each service's handler table, src/sandbox/services/<service>/handlers/index.ts, from the spec:
// an operation whose area (`x-area`) is `<service>/<topic>` is the export named after its operationId of
// handlers/<topic>.ts. A handler not written yet fails the type check; one the spec does not know is not served.
// Run: pnpm generate (or pnpm --filter @cloud-contract/mock generate; nx bundles the spec first).
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadDocument } from "@cloud-contract/spec/document";

const servicesDir = fileURLToPath(new URL("../src/sandbox/services/", import.meta.url));

const BANNER = `/**
 * Generated from @cloud-contract/spec (dist/openapi.json) by scripts/generate-handler-tables.mjs — do not edit.
 * An operation of area \`<service>/<topic>\` is the export of handlers/<topic>.ts named after it: write it
 * there and run \`pnpm generate\`; a test fails when this file is stale.
 */
`;

/** The file of a service's handler table. */
export const handlerTableFile = (service) => `${servicesDir}${service}/handlers/index.ts`;

/** The operationIds of each topic of each service, from the operations' areas. */
function topicsByService(model) {
  const services = new Map();
  for (const { operationId, area } of model.operations) {
    const [service, topic, ...rest] = String(area).split("/");
    if (!service || !topic || rest.length > 0) {
      throw new Error(`${operationId}: its x-area "${area}" is not <service>/<topic>`);
    }
    const topics = services.get(service) ?? new Map();
    topics.set(topic, [...(topics.get(topic) ?? []), operationId]);
    services.set(service, topics);
  }
  return services;
}

/** `import { a, b } from "./topic.js";`, wrapped as Biome wraps a line longer than 110 characters. */
function importLine(names, topic) {
  const line = `import { ${names.join(", ")} } from "./${topic}.js";`;
  if (line.length <= 110) return line;
  return ["import {", ...names.map((name) => `  ${name},`), `} from "./${topic}.js";`].join("\n");
}

/** The contents of each service's handler table for the spec of `model`, by service name. */
export function renderHandlerTables(model = loadDocument()) {
  const tables = new Map();
  for (const [service, topics] of topicsByService(model)) {
    const Service = service[0].toUpperCase() + service.slice(1);
    const operations = [...topics.values()].flat().sort();
    const imports = [...topics.keys()]
      .sort()
      .map((topic) => importLine([...topics.get(topic)].sort(), topic));
    const text = [
      BANNER,
      'import type { ServiceHandlers } from "../../service.js";',
      `import type { ${Service}Tenant } from "../tenant.js";`,
      ...imports,
      "",
      `/** The ${service} service's handlers, by operationId. */`,
      `export const ${service.toUpperCase()}_HANDLERS = {`,
      ...operations.map((operationId) => `  ${operationId},`),
      `} satisfies ServiceHandlers<${Service}Tenant>;`,
      "",
    ].join("\n");
    tables.set(service, text);
  }
  return tables;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const [service, text] of renderHandlerTables()) {
    writeFileSync(handlerTableFile(service), text);
    console.log(`wrote ${handlerTableFile(service)} (${text.length} characters)`);
  }
}
