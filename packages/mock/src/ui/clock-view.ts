// The tenant's clock: its mode and time, a switch between real and manual time, and steps forward.
import type { Clock, ClockChange } from "../sandbox/control/schema.js";
import { el, fill } from "./dom.js";

export interface ClockView {
  element: HTMLElement;
  show(clock: Clock): void;
}

/** Steps forward a button each offers. */
const STEPS: [string, number][] = [
  ["+1 min", 60_000],
  ["+10 min", 600_000],
  ["+1 h", 3_600_000],
];

/** `change` sends a change and resolves to the clock it left. */
export function clockView(change: (body: ClockChange) => Promise<Clock>): ClockView {
  const shown = el("span", { className: "clock-now" });
  const view: ClockView = {
    element: el(
      "div",
      { className: "clock" },
      shown,
      el("button", { onclick: () => send({ mode: "manual" }) }, "Manual"),
      el("button", { onclick: () => send({ mode: "real" }) }, "Real"),
      ...STEPS.map(([label, ms]) =>
        el("button", { className: "advance", onclick: () => send({ advance_ms: ms }) }, label),
      ),
    ),
    show(clock) {
      fill(shown, el("strong", { "data-mode": clock.mode }, clock.mode), ` ${clock.now}`);
    },
  };
  const send = (body: ClockChange) => change(body).then(view.show);
  return view;
}
