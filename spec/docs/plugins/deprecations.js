// Redocly plugin for the docs build: a deprecated operation, parameter or field says in its description what
// replaces it (an operation's `x-successor`, linked) and when it goes away (its `x-sunset` date), since Redoc
// shows only a "Deprecated" badge. The release gate allows the removal from that date on.

/**
 * The sentence a deprecated item's description gains.
 * @param {{ deprecated?: unknown, "x-sunset"?: unknown, "x-successor"?: unknown }} node
 * @returns {string | undefined}
 */
export function sunsetNote(node) {
  if (node.deprecated !== true) return undefined;
  const sunset = node["x-sunset"];
  const successor = node["x-successor"];
  const use =
    typeof successor === "string" && successor !== ""
      ? ` Use [${successor}](#operation/${successor}) instead.`
      : "";
  return typeof sunset === "string" && sunset !== ""
    ? `**Deprecated:** may be removed on or after ${sunset}.${use}`
    : `**Deprecated:** no removal date is set yet.${use}`;
}

/** @param {{ description?: unknown, deprecated?: unknown, "x-sunset"?: unknown }} node */
export function noteSunset(node) {
  const note = sunsetNote(node);
  if (note === undefined) return;
  const description = typeof node.description === "string" ? node.description.trim() : "";
  if (description.includes(note)) return;
  node.description = description === "" ? note : `${note}\n\n${description}`;
}

function noteSunsets() {
  const visitor = { leave: noteSunset };
  return { Operation: visitor, Parameter: visitor, Schema: visitor };
}

export default function deprecationsPlugin() {
  return {
    id: "deprecations",
    decorators: { oas3: { "note-sunsets": noteSunsets } },
  };
}
