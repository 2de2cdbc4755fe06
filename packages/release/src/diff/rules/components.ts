// Components: their names are part of the published types (`components["schemas"]["Task"]`, aliases).
import { escapeSegment } from "../pointer.js";
import type { Change } from "../scope.js";
import type { Json } from "../types.js";
import type { RuleFamily } from "./rule.js";

const RULES = {
  "component-removed": {
    level: "error",
    summary: "a component is gone: @cloud-contract/types exports it by name",
  },
  "component-removed-untyped": {
    level: "info",
    summary: "a component the types do not export is gone (a security scheme, an example, a link)",
  },
  "component-added": { level: "info", summary: "a new component" },
} as const;

export const componentRules: RuleFamily<keyof typeof RULES> = {
  family: "components",
  rules: RULES,
  exchanges: {
    "component-removed": (f) => ({
      at: "@cloud-contract/types",
      because: `code that imports it by name no longer compiles: ${f.message}`,
    }),
  },
};

/** The rule of a new component: the changelog lists them. */
export const COMPONENT_ADDED = "component-added" satisfies keyof typeof RULES;

/** The sections of components that @cloud-contract/types exports by name (openapi-typescript's output). */
const TYPED_SECTIONS = new Set([
  "schemas",
  "responses",
  "parameters",
  "requestBodies",
  "headers",
  "pathItems",
]);

export function compareComponents(oldDoc: Json, newDoc: Json, report: (c: Change) => void) {
  const sections = new Set([
    ...Object.keys(oldDoc.components ?? {}),
    ...Object.keys(newDoc.components ?? {}),
  ]);
  for (const section of sections) {
    const before = oldDoc.components?.[section] ?? {};
    const after = newDoc.components?.[section] ?? {};
    const at = (name: string) => `/components/${escapeSegment(section)}/${escapeSegment(name)}`;
    for (const name of Object.keys(before)) {
      if (name in after) continue;
      report({
        rule: TYPED_SECTIONS.has(section) ? "component-removed" : "component-removed-untyped",
        message: `component ${section}/${name} removed`,
        before: at(name),
        after: `/components/${section}`,
      });
    }
    for (const name of Object.keys(after)) {
      if (name in before) continue;
      report({
        rule: COMPONENT_ADDED,
        message: `component ${section}/${name} added`,
        before: `/components/${section}`,
        after: at(name),
      });
    }
  }
}
