// The tenant's state by kind of resource: a fold per kind with its count, its objects as JSON inside.
import type { TenantState } from "../sandbox/control/schema.js";
import { el, fill } from "./dom.js";

export interface StateView {
  element: HTMLElement;
  show(state: TenantState): void;
}

export function stateView(): StateView {
  const list = el("div", { className: "state-kinds" });
  const opened = new Set<string>();
  return {
    element: list,
    show(state) {
      const kinds = Object.entries(state as Record<string, unknown[]>).sort(([a], [b]) => a.localeCompare(b));
      fill(
        list,
        ...kinds.map(([kind, items]) => {
          const fold = el(
            "details",
            { className: "state-kind", "data-kind": kind, open: opened.has(kind) },
            el("summary", {}, `${kind} (${items.length})`),
            el("pre", {}, JSON.stringify(items, null, 2)),
          );
          fold.ontoggle = () => (fold.open ? opened.add(kind) : opened.delete(kind));
          return fold;
        }),
      );
    },
  };
}
