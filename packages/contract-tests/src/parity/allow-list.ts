// The allow-list of parity: differences the team knows about and accepts (the sandbox simplifies
// something on purpose). A JSON file:
//   { "allow": [ { "operationId": "getTask", "kind": "extra-field", "pointer": "/request_id",
//                  "reason": "the sandbox sends no request id" } ] }
// Every rule needs a reason; operationId, kind and pointer are optional and a rule matches a difference
// when every field it gives is equal (a pointer ending in `/**` matches everything under it).
import { readFileSync } from "node:fs";
import { messageOf } from "../error-message.js";
import type { ParityDifference } from "./differences.js";

export interface AllowRule {
  operationId?: string;
  kind?: ParityDifference["kind"];
  pointer?: string;
  reason: string;
}

const KINDS = new Set(["status", "missing-field", "extra-field", "type", "task-state"]);

export function loadAllowList(file: string): AllowRule[] {
  let parsed: { allow?: unknown };
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`the allow-list ${file} cannot be read as JSON: ${messageOf(error)}`);
  }
  if (!Array.isArray(parsed?.allow)) throw new Error(`the allow-list ${file} has no "allow" array`);
  return parsed.allow.map((rule: Partial<AllowRule>, n: number) => {
    if (typeof rule?.reason !== "string" || rule.reason.trim() === "") {
      throw new Error(`rule ${n + 1} of the allow-list ${file} gives no reason`);
    }
    if (rule.kind !== undefined && !KINDS.has(rule.kind)) {
      throw new Error(`rule ${n + 1} of the allow-list ${file} has an unknown kind "${rule.kind}"`);
    }
    return rule as AllowRule;
  });
}

function pointerMatches(rule: string | undefined, pointer: string | undefined): boolean {
  if (rule === undefined) return true;
  if (pointer === undefined) return false;
  if (rule.endsWith("/**")) return pointer === rule.slice(0, -3) || pointer.startsWith(rule.slice(0, -2));
  return rule === pointer;
}

/** The rule that allows a difference, if any. */
export function allowedBy(rules: readonly AllowRule[], difference: ParityDifference): AllowRule | undefined {
  return rules.find(
    (rule) =>
      (rule.operationId === undefined || rule.operationId === difference.operationId) &&
      (rule.kind === undefined || rule.kind === difference.kind) &&
      pointerMatches(rule.pointer, difference.pointer),
  );
}
