// The contract's verdict of an exchange as the pages show it: a badge (kept, the caller's break, the
// sandbox's break, not judged) and the list of violations, each where it is and what the contract asks.
import type { ContractViolation, ExchangeVerdict } from "../sandbox/control/schema.js";
import { el } from "./dom.js";

const LABELS: Record<ExchangeVerdict["breach"], string> = {
  none: "kept",
  caller: "caller's break",
  sandbox: "sandbox's break",
  unjudged: "not judged",
};

/** A short badge for the verdict; its `data-breach` is the verdict's `breach`. */
export function verdictBadge(verdict: ExchangeVerdict): HTMLElement {
  return el(
    "span",
    { className: `badge breach-${verdict.breach}`, "data-breach": verdict.breach },
    LABELS[verdict.breach],
  );
}

/** `body /flavor: Field required`. */
export const violationText = (v: ContractViolation) => `${v.in} ${v.pointer || "(whole)"}: ${v.rule}`;

/** The violations of request and answer, each side under its own heading; the note when not judged. */
export function violationList(verdict: ExchangeVerdict): HTMLElement {
  const side = (title: string, violations: ContractViolation[]) =>
    violations.length > 0 &&
    el(
      "div",
      { className: "violations" },
      el("strong", {}, title),
      el("ul", {}, ...violations.map((v) => el("li", { className: "violation" }, violationText(v)))),
    );
  return el(
    "div",
    { className: "verdict" },
    verdictBadge(verdict),
    side("The request breaks the contract:", verdict.request_violations),
    side("The answer breaks the contract:", verdict.answer_violations),
    verdict.note && el("p", { className: "note" }, verdict.note),
  );
}
