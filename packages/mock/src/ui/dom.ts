// The one DOM helper of the pages: an element with its properties, attributes and children, in one call.

type Child = Node | string | null | undefined | false;

/** Properties set on the element (`className`, `onclick`, `value`, …) and `data-*`/`aria-*` attributes. */
type Props<K extends keyof HTMLElementTagNameMap> = Partial<Omit<HTMLElementTagNameMap[K], "style">> & {
  [attribute: `data-${string}` | `aria-${string}`]: string;
};

/** `el("button", { onclick }, "Send")`: children are nodes or text; falsy ones are left out. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props<K> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (name.startsWith("data-") || name.startsWith("aria-")) element.setAttribute(name, String(value));
    else (element as unknown as Record<string, unknown>)[name] = value;
  }
  for (const child of children) if (child) element.append(child);
  return element;
}

/** Replaces the element's children. */
export function fill(element: Element, ...children: Child[]): void {
  element.replaceChildren(...children.filter((c): c is Node | string => Boolean(c)));
}

/** JSON text shown indented when it parses, as it is otherwise. */
export function prettyJson(text: string | null): string {
  if (text === null) return "";
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
