// The journal as a table, newest call first: per row the time, method, path, status, duration, what answered
// and the verdict; a click opens the call's violations, request and answer, and a Keep as test button.
import type { JournalEntry } from "../sandbox/control/schema.js";
import { el } from "./dom.js";
import { messageView } from "./exchange-view.js";
import { download, keptTestFile, keptTestName } from "./kept-test.js";
import { verdictBadge, violationList, violationText } from "./verdict.js";

export interface JournalView {
  element: HTMLElement;
  /** Adds newer calls at the top. */
  add(entries: JournalEntry[]): void;
  clear(): void;
}

const timeOf = (at: string) => at.slice(11, 23);

/** What answered, when it was not the operation's behaviour. */
function answeredBy(entry: JournalEntry): string {
  if (entry.answered_by === "fault" || entry.fault) return `fault (${entry.fault?.kind ?? "?"})`;
  if (entry.answered_by === "override") return "override";
  return entry.answered_by === "sandbox" ? "sandbox" : "";
}

function detail(entry: JournalEntry, baseUrl: string): HTMLElement {
  const target = `${entry.method} ${entry.path}${entry.query ? `?${entry.query}` : ""}`;
  return el(
    "div",
    { className: "call-detail" },
    violationList(entry.verdict),
    el(
      "div",
      { className: "exchange" },
      messageView(target, entry.request),
      messageView(`${entry.status}`, entry.answer),
    ),
    el(
      "button",
      {
        className: "keep",
        onclick: () => download(keptTestName(entry), keptTestFile(entry, baseUrl)),
      },
      "Keep as test",
    ),
  );
}

/** The journal of the sandbox at `baseUrl` (the kept tests' default target). */
export function journalView(baseUrl: string): JournalView {
  const body = el("tbody");
  const table = el(
    "table",
    { className: "journal" },
    el(
      "thead",
      {},
      el(
        "tr",
        {},
        ...["#", "time", "method", "path", "status", "ms", "answered by", "verdict"].map((h) =>
          el("th", {}, h),
        ),
      ),
    ),
    body,
  );
  const rowOf = (entry: JournalEntry) => {
    const first = entry.verdict.request_violations[0] ?? entry.verdict.answer_violations[0];
    const row = el(
      "tr",
      { className: `call breach-${entry.verdict.breach}`, "data-id": String(entry.id) },
      el("td", {}, String(entry.id)),
      el("td", {}, timeOf(entry.at)),
      el("td", { className: "method" }, entry.method),
      el("td", { className: "path" }, entry.path, entry.query ? `?${entry.query}` : ""),
      el("td", { className: "status" }, entry.status === 0 ? "cut" : String(entry.status)),
      el("td", {}, String(entry.duration_ms)),
      el("td", {}, answeredBy(entry)),
      el(
        "td",
        { className: "verdict-cell" },
        verdictBadge(entry.verdict),
        first && el("span", { className: "first-violation" }, ` ${violationText(first)}`),
      ),
    );
    let open: HTMLElement | undefined;
    row.onclick = () => {
      if (open) {
        open.remove();
        open = undefined;
        return;
      }
      open = el("tr", { className: "detail-row" }, el("td", { colSpan: 8 }, detail(entry, baseUrl)));
      row.after(open);
    };
    return row;
  };
  return {
    element: el("div", { className: "journal-wrap" }, table),
    add(entries) {
      for (const entry of entries) body.prepend(rowOf(entry));
    },
    clear() {
      body.replaceChildren();
    },
  };
}
