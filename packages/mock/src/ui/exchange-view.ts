// A request or an answer as the pages show it: a first line, its headers and its body (JSON indented).
import { el, prettyJson } from "./dom.js";

export interface ShownMessage {
  headers: Record<string, string>;
  body: string | null;
  truncated?: boolean;
}

/** `title` (`POST /cloud/v1/…`, `200`) over the headers and the body. */
export function messageView(title: string, message: ShownMessage): HTMLElement {
  const headers = Object.entries(message.headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join("\n");
  return el(
    "section",
    { className: "message" },
    el("h4", {}, title),
    headers && el("pre", { className: "headers" }, headers),
    message.body !== null &&
      el("pre", { className: "body" }, prettyJson(message.body), message.truncated ? "\n… (cut)" : ""),
  );
}
