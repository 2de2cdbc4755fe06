// The rule table, built from the rule modules (rules/registry.ts): an id, its level and what it means.
import { RULE_FAMILIES } from "./rules/registry.js";
import type { ExchangeWitness, Level, RuleFamily, RuleSpec } from "./rules/rule.js";

export type { Level } from "./rules/rule.js";

type IdsOf<F> = F extends RuleFamily<infer Id> ? Id : never;

/** Every id a rule module defines. */
export type RuleId = IdsOf<(typeof RULE_FAMILIES)[number]>;

const BY_ID = new Map<string, { spec: RuleSpec; family: RuleFamily }>();
for (const family of RULE_FAMILIES) {
  for (const [id, spec] of Object.entries<RuleSpec>(family.rules)) {
    const other = BY_ID.get(id);
    if (other) throw new Error(`rule ${id} is defined by ${other.family.family} and ${family.family}`);
    BY_ID.set(id, { spec, family });
  }
}

export const isRuleId = (id: string): id is RuleId => BY_ID.has(id);

/** The id a detector reported, checked against the modules. */
export function ruleId(id: string): RuleId {
  if (!isRuleId(id)) throw new Error(`rule ${id} is defined by no rule module (rules/registry.ts)`);
  return id;
}

const entry = (rule: RuleId) => {
  const found = BY_ID.get(rule);
  if (!found) throw new Error(`rule ${rule} is defined by no rule module`);
  return found;
};

/** Every rule id, in the registry's order. */
export const RULE_IDS: RuleId[] = [...BY_ID.keys()].filter(isRuleId);

export const levelOf = (rule: RuleId): Level => entry(rule).spec.level;
export const isPolicyRule = (rule: RuleId): boolean => entry(rule).spec.policy === true;
/** The exchange witness constructor of a rule its structure proves, if it has one. */
export const exchangeWitnessOf = (rule: RuleId): ExchangeWitness | undefined =>
  entry(rule).family.exchanges[rule];
