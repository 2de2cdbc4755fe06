/** How much a change matters to existing consumers: error breaks them, warning may, info does not. */
export type Level = "error" | "warning" | "info";

/**
 * A rule: its level and what it means. A rule whose `policy` is set is a promise to consumers (deprecation
 * notice): a major bump does not excuse it, only a waiver does.
 */
export interface RuleSpec {
  level: Level;
  summary: string;
  policy?: true;
}

/** What an exchange witness is built from: the finding it proves. */
export interface Proved {
  operation: string;
  message: string;
  before: string;
}

/** The exchange that stops working, built from a finding whose change breaks by its structure alone. */
export type ExchangeWitness = (finding: Proved) => { at: string; because: string };

/**
 * A family of rules in one module: its rules by id, and a witness constructor for each error rule that the
 * structure of the change proves. The other error rules are proved by a value built from the change
 * (construct.ts) and checked with the spec's validator against both contracts.
 */
export interface RuleFamily<Id extends string = string> {
  family: string;
  rules: Record<Id, RuleSpec>;
  exchanges: Partial<Record<Id, ExchangeWitness>>;
}

/** The exchange witness of a broken deprecation promise: its dates prove it. */
export const promiseBroken: ExchangeWitness = (f) => ({ at: f.operation, because: f.message });

/** An exchange witness: what stops working at the finding's operation, and the finding's message. */
export const breaksAs =
  (what: string): ExchangeWitness =>
  (f) => ({ at: f.operation, because: `${what}: ${f.message}` });
