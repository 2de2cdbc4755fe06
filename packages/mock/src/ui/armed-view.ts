// What a tenant has armed for its next calls (faults or overrides): the list with a Remove per item, and a
// form of JSON to add one, refused with the control API's message when the contract does not allow it.

import { el, fill } from "./dom.js";
import { messageOf } from "./error-text.js";

interface Armed {
  id: string;
  operation_id?: string;
  times: number;
}

export interface ArmedSource<T extends Armed> {
  list(): Promise<{ results: T[] }>;
  add(body: unknown): Promise<T>;
  remove(id: string): Promise<void>;
}

export interface ArmedView {
  element: HTMLElement;
  refresh(): Promise<void>;
}

/** One line of an armed item: what it does, in a few words. */
const summary = (item: Armed & Record<string, unknown>) =>
  [
    item.operation_id ?? item.service ?? "every operation",
    item.kind ?? "",
    item.status === undefined ? "" : `→ ${item.status}`,
    `×${item.times}`,
  ]
    .filter(Boolean)
    .join(" ");

/** The list and form of `name` (`fault`), the form prefilled with `example`. */
export function armedView<T extends Armed>(
  name: string,
  source: ArmedSource<T>,
  example: unknown,
): ArmedView {
  const list = el("ul", { className: `armed armed-${name}` });
  const input = el("textarea", {
    rows: 5,
    value: JSON.stringify(example, null, 2),
    "aria-label": `new ${name}`,
  });
  const problem = el("p", { className: "problem" });
  const refresh = async () => {
    const { results } = await source.list();
    fill(
      list,
      ...(results.length === 0 ? [el("li", { className: "none" }, `No ${name}s.`)] : []),
      ...results.map((item) =>
        el(
          "li",
          { "data-id": item.id },
          summary(item as T & Record<string, unknown>),
          " ",
          el("button", { onclick: () => source.remove(item.id).then(refresh) }, "Remove"),
        ),
      ),
    );
  };
  const add = async () => {
    fill(problem);
    try {
      await source.add(JSON.parse(input.value));
      await refresh();
    } catch (error) {
      fill(problem, messageOf(error));
    }
  };
  return {
    element: el(
      "div",
      { className: "armed-view" },
      list,
      input,
      el("button", { className: "add", onclick: add }, `Add ${name}`),
      problem,
    ),
    refresh,
  };
}
