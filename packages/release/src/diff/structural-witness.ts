import type { RuleId } from "./rules.js";
import type { Finding, Witness } from "./types.js";

/** The exchange that stops working, for changes of structure the comparer proves breaking by themselves. */
const EXCHANGES: Partial<Record<RuleId, (f: Finding) => Omit<Witness, "kind">>> = {
  "operation-removed": (f) => ({
    at: f.operation,
    because: "the released contract routes it; the candidate has no such operation",
  }),
  "operation-id-changed": (f) => ({
    at: f.operation,
    because: `${f.message}: the client's and the types' name for it no longer exists`,
  }),
  "security-alternative-removed": (f) => ({
    at: f.operation,
    because: `a request authenticated as before is refused: ${f.message}`,
  }),
  "security-scheme-changed": (f) => ({
    at: f.operation,
    because: `credentials sent as before are not where the candidate reads them: ${f.message}`,
  }),
  "server-changed": (f) => ({
    at: "every operation",
    because: `a request sent to the released server URL: ${f.message}`,
  }),
  "request-parameter-added-required": (f) => ({
    at: f.operation,
    because: `a request without it is refused: ${f.message}`,
  }),
  "request-parameter-became-required": (f) => ({
    at: f.operation,
    because: `a request without it is refused: ${f.message}`,
  }),
  "request-parameter-moved": (f) => ({
    at: f.operation,
    because: `the value a client sends where it was is no longer read: ${f.message}`,
  }),
  "request-parameter-serialization-changed": (f) => ({
    at: f.operation,
    because: `a value serialised as before reads differently: ${f.message}`,
  }),
  "request-body-added-required": (f) => ({ at: f.operation, because: "a request without a body is refused" }),
  "request-body-became-required": (f) => ({
    at: f.operation,
    because: "a request without a body is refused",
  }),
  "request-media-type-removed": (f) => ({
    at: f.operation,
    because: `a body sent as before is refused: ${f.message}`,
  }),
  "request-property-read-only": (f) => ({
    at: f.operation,
    because: `a request that sends the field as before: ${f.message}`,
  }),
  "request-discriminator-changed": (f) => ({
    at: f.operation,
    because: `a variant chosen as before: ${f.message}`,
  }),
  "response-discriminator-changed": (f) => ({
    at: f.operation,
    because: `code that picks the variant as before: ${f.message}`,
  }),
  "response-success-status-removed": (f) => ({
    at: f.operation,
    because: `code written for it gets another answer: ${f.message}`,
  }),
  "response-required-header-removed": (f) => ({
    at: f.operation,
    because: `an answer without the header: ${f.message}`,
  }),
  "response-header-became-optional": (f) => ({
    at: f.operation,
    because: `an answer without the header: ${f.message}`,
  }),
  "response-media-type-removed": (f) => ({
    at: f.operation,
    because: `code that reads it gets another type: ${f.message}`,
  }),
  "response-required-property-removed": (f) => ({
    at: f.operation,
    because: `a released answer carries it and code that reads it no longer compiles against @cloud-contract/types: ${f.message}`,
  }),
  "response-optional-property-removed": (f) => ({
    at: f.operation,
    because: `a released answer carries it and code that reads it no longer compiles against @cloud-contract/types: ${f.message}`,
  }),
  "response-enum-value-removed": (f) => ({
    at: "@cloud-contract/types",
    because: `code that compares with the removed value no longer compiles against the regenerated types: ${f.message} at ${f.before}`,
  }),
  "response-property-write-only": (f) => ({
    at: f.operation,
    because: `a released answer carries it; the candidate no longer sends it: ${f.message}`,
  }),
  "component-removed": (f) => ({
    at: "@cloud-contract/types",
    because: `code that imports it by name no longer compiles: ${f.message}`,
  }),
};

/** The exchange witness of a structural finding, or undefined when its rule needs a value to prove it. */
export function structuralWitness(finding: Finding): Witness | undefined {
  const make = EXCHANGES[finding.rule];
  if (make) return { kind: "exchange", ...make(finding) };
  // A broken deprecation promise is a policy, proven by its dates.
  if (/before-sunset|sunset-/.test(finding.rule))
    return { kind: "exchange", at: finding.operation, because: finding.message };
  return undefined;
}
