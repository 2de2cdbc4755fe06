// The Try it panel of the docs page: one operation's request, prefilled and editable, sent to the sandbox
// the server menu names (the page's own by default); the answer's status, headers and body, and the
// contract's verdict of the exchange from the sandbox's journal. A clock and a Reset act on the same tenant.
import type { DocumentModel, Operation } from "@cloud-contract/spec/model";
import { itemAt } from "../lists.js";
import type { JournalEntry } from "../sandbox/control/schema.js";
import { clockView } from "./clock-view.js";
import { el, fill } from "./dom.js";
import { messageOf } from "./error-text.js";
import { messageView } from "./exchange-view.js";
import { type SandboxApi, sandboxApi } from "./sandbox-api.js";
import { prefilledRequest, type RequestField, requestInit, requestTarget } from "./try-it-request.js";
import { violationList } from "./verdict.js";

/** A sandbox the panel can send to. */
export interface SandboxServer {
  /** What the server menu shows. */
  label: string;
  /** Empty path prefix for the calls (`http://127.0.0.1:4011`). */
  baseUrl: string;
  /** The key the panel starts with. */
  key: string;
  fetch: typeof fetch;
}

export interface TryItPanel {
  element: HTMLElement;
  /** Shows the panel with `operation`'s request, prefilled from its examples. */
  open(operation: Operation): void;
}

/** Pages of the journal read at most per answer, looking for the newest call. */
const MAX_JOURNAL_PAGES = 20;

/** The newest call in the journal after call `after` (undefined when none came), and the id to ask after next. */
async function newestCall(api: SandboxApi, after: number): Promise<[JournalEntry | undefined, number]> {
  let newest: JournalEntry | undefined;
  let last = after;
  for (let i = 0; i < MAX_JOURNAL_PAGES; i++) {
    const page = await api.journal(last);
    if (page.last_id < last) return newestCall(api, 0); // the journal began again (a reset)
    newest = page.entries.at(-1) ?? newest;
    if (page.entries.length === 0 || page.last_id === last) break;
    last = page.last_id;
  }
  return [newest, last];
}

/** `runToDoneMs`: how far Run to done moves the clock (past the page sandbox's task delay). */
export function tryItPanel(
  model: DocumentModel,
  servers: readonly SandboxServer[],
  runToDoneMs: number,
): TryItPanel {
  let server = itemAt(servers, 0);
  let operation: Operation | undefined;
  let fields: RequestField[] = [];
  let seen = 0;
  /** Whether the open operation's answer is on show (Run to done then sends a read again). */
  let answered = false;

  const keyInput = el("input", {
    className: "try-key",
    value: server.key,
    size: 36,
    "aria-label": "API key",
  });
  const api = sandboxApi(
    "",
    () => keyInput.value.trim(),
    (input, init) => server.fetch(`${server.baseUrl}${String(input)}`, init),
  );
  const menu = el(
    "select",
    { className: "try-server", "aria-label": "server" },
    ...servers.map((s, i) => el("option", { value: String(i) }, s.label)),
  );
  const title = el("h3", { className: "try-title" });
  const deprecated = el("p", { className: "try-deprecated", hidden: true });
  const form = el("div", { className: "try-fields" });
  const body = el("textarea", { className: "try-body", rows: 10, "aria-label": "request body" });
  const bodyBlock = el("label", { className: "try-body-block" }, "Body (JSON)", body);
  const problem = el("p", { className: "problem", "aria-live": "polite" });
  const answer = el("div", { className: "try-answer", "aria-live": "polite" });
  const clock = clockView(api.setClock);

  const shown = (error: unknown) => fill(problem, `⚠ ${messageOf(error)}`);
  const showClock = () => api.clock().then(clock.show, shown);

  const send = async () => {
    if (!operation) return;
    fill(problem);
    fill(answer, el("p", {}, "Sending…"));
    const target = requestTarget(operation, fields);
    const text = operation.requestBody ? body.value : undefined;
    try {
      const res = await server.fetch(
        `${server.baseUrl}${target}`,
        requestInit(operation, keyInput.value.trim(), text),
      );
      const headers: Record<string, string> = {};
      res.headers.forEach((value, name) => {
        headers[name] = value;
      });
      const answerText = await res.text();
      const [entry, last] = await newestCall(api, seen);
      seen = last;
      const judged = entry && entry.method === operation.method && entry.status === res.status;
      fill(
        answer,
        el(
          "p",
          { className: "try-status", "data-status": String(res.status) },
          `${operation.method} ${target} → ${res.status} ${res.statusText}`,
        ),
        el(
          "div",
          { className: "try-verdict" },
          "Contract verdict: ",
          judged
            ? violationList(entry.verdict)
            : el("span", { className: "note" }, "the sandbox's journal has no entry for this call."),
        ),
        messageView(`${res.status}`, { headers, body: answerText || null }),
      );
      answered = true;
      void showClock();
    } catch (error) {
      fill(answer);
      shown(error);
    }
  };

  const open = (next: Operation) => {
    operation = next;
    const request = prefilledRequest(model, next);
    fields = request.fields;
    fill(
      title,
      el("span", { className: "try-method" }, next.method),
      ` ${next.path} `,
      el("small", {}, next.operationId),
    );
    showDeprecation(next);
    fill(
      form,
      ...fields.map((field) =>
        el(
          "label",
          { className: `try-field try-${field.in}` },
          `${field.name} (${field.in}${field.required ? ", required" : ""})`,
          el("input", {
            value: field.value,
            placeholder: field.example,
            "data-field": field.name,
            oninput: (event: Event) => {
              field.value = (event.target as HTMLInputElement).value;
            },
          }),
        ),
      ),
    );
    body.value = request.body ?? "";
    bodyBlock.hidden = request.body === undefined;
    answered = false;
    fill(answer);
    fill(problem);
    element.hidden = false;
    void showClock();
  };

  /** A deprecated operation says so above its request, with a link that opens its successor. */
  const showDeprecation = (next: Operation) => {
    const successor = next.deprecation?.successor && model.findOperation(next.deprecation.successor);
    deprecated.hidden = next.deprecation === undefined;
    if (!next.deprecation) return fill(deprecated);
    const when = next.deprecation.sunset
      ? `It may be removed on or after ${next.deprecation.sunset}.`
      : "No removal date is set yet.";
    fill(
      deprecated,
      el("strong", {}, "Deprecated. "),
      ...(successor
        ? [
            "Use ",
            el(
              "a",
              {
                className: "try-successor",
                href: `#/${successor.tag?.toLowerCase()}/${successor.operationId.toLowerCase()}`,
                onclick: () => open(successor),
              },
              successor.operationId,
            ),
            " instead. ",
          ]
        : []),
      when,
    );
  };

  menu.onchange = () => {
    server = itemAt(servers, Number(menu.value));
    keyInput.value = server.key;
    seen = 0;
    fill(answer);
    void showClock();
  };
  const reset = () =>
    api.reset().then(() => {
      seen = 0;
      fill(answer, el("p", { className: "note" }, "The tenant is back to its seeded fixtures."));
      return showClock();
    }, shown);
  // The clock moves on; a read on show is sent again, so its answer shows where the tasks went.
  const runToDone = () =>
    api.setClock({ advance_ms: runToDoneMs }).then(async (info) => {
      clock.show(info);
      if (answered && operation?.method === "GET") await send();
    }, shown);

  const element = el(
    "aside",
    { className: "try-it", hidden: true, "aria-label": "Try it" },
    el(
      "div",
      { className: "try-head" },
      title,
      el("button", { className: "try-close", onclick: () => (element.hidden = true) }, "Close"),
    ),
    deprecated,
    el("div", { className: "try-server-row" }, menu, keyInput),
    form,
    bodyBlock,
    el(
      "div",
      { className: "try-actions" },
      el("button", { className: "try-send", onclick: send }, "Send"),
      el("button", { className: "try-reset", onclick: reset }, "Reset tenant"),
    ),
    el(
      "div",
      { className: "try-clock" },
      clock.element,
      el("button", { className: "run-to-done", onclick: runToDone }, "Run to done"),
    ),
    problem,
    answer,
  );
  return { element, open };
}
