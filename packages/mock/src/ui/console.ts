// The sandbox console (served at /__sandbox/): the journal of the tenant's calls, live, its state, its clock,
// its faults and overrides, for the key in the key field. The page polls the journal for calls newer than
// those it shows; every call it makes carries the key.

import { armedView } from "./armed-view.js";
import { clockView } from "./clock-view.js";
import { el, fill } from "./dom.js";
import { messageOf } from "./error-text.js";
import { journalView } from "./journal-view.js";
import { sandboxApi } from "./sandbox-api.js";
import { snapshotView } from "./snapshot-view.js";
import { stateView } from "./state-view.js";

/** How often the page asks for newer calls, in ms. */
const POLL_MS = 400;
const DEFAULT_KEY = "sandbox-api-key";
const KEY_STORE = "sandbox-console-key";

const FAULT_EXAMPLE = { operation_id: "getTask", kind: "status", status: 503, times: 1, retry_after_s: 1 };
const OVERRIDE_EXAMPLE = { operation_id: "getTask", status: 404, times: 1 };

function section(title: string, ...children: HTMLElement[]): HTMLElement {
  return el("section", { className: `panel panel-${title.toLowerCase()}` }, el("h2", {}, title), ...children);
}

export function mountConsole(root: HTMLElement, baseUrl = location.origin): void {
  const keyInput = el("input", {
    id: "key",
    value: sessionStorage.getItem(KEY_STORE) ?? DEFAULT_KEY,
    size: 40,
    "aria-label": "API key",
  });
  let key = keyInput.value;
  const api = sandboxApi("", () => key);
  const status = el("p", { className: "status-line", "aria-live": "polite" });
  const journal = journalView(baseUrl);
  const state = stateView();
  const clock = clockView(api.setClock);
  const faults = armedView(
    "fault",
    { list: api.faults, add: api.addFault, remove: api.deleteFault },
    FAULT_EXAMPLE,
  );
  const overrides = armedView(
    "override",
    { list: api.overrides, add: api.addOverride, remove: api.deleteOverride },
    OVERRIDE_EXAMPLE,
  );
  let after = 0;
  let generation = 0;

  const shown = (error: unknown) => fill(status, `⚠ ${messageOf(error)}`);
  const refreshTenant = () =>
    Promise.all([api.state().then(state.show), faults.refresh(), overrides.refresh()]).catch(shown);

  /** Switches the page to the key in the field: the journal starts again from its first call. */
  const open = () => {
    key = keyInput.value.trim();
    sessionStorage.setItem(KEY_STORE, key);
    generation += 1;
    after = 0;
    journal.clear();
    void refreshTenant();
  };

  const poll = async (run: number) => {
    try {
      const page = await api.journal(after);
      const now = await api.clock();
      if (run !== generation) return;
      clock.show(now);
      if (page.last_id < after) {
        // The journal began again (a new sandbox at the same address): show it from its start.
        after = 0;
        journal.clear();
      } else if (page.entries.length > 0) {
        journal.add(page.entries);
        after = page.last_id;
        void refreshTenant();
      }
      fill(status, `Tenant of ${key.slice(0, 6)}…: ${after} ${after === 1 ? "call" : "calls"} seen.`);
    } catch (error) {
      if (run === generation) shown(error);
    }
  };
  const loop = async () => {
    await poll(generation);
    setTimeout(loop, POLL_MS);
  };

  const newTenant = async () => {
    try {
      keyInput.value = (await api.newTenant()).api_key;
      open();
    } catch (error) {
      shown(error);
    }
  };
  const reset = () => api.reset().then(refreshTenant, shown);
  const snapshots = snapshotView(api, () => void refreshTenant());

  fill(
    root,
    el(
      "header",
      {},
      el("h1", {}, "Sandbox console"),
      el(
        "div",
        { className: "tenant" },
        keyInput,
        el("button", { id: "open-key", onclick: open }, "Open"),
        el("button", { onclick: newTenant }, "New tenant"),
        el("button", { onclick: reset }, "Reset tenant"),
      ),
      status,
    ),
    el(
      "main",
      {},
      section("Journal", journal.element),
      el(
        "aside",
        {},
        section("Snapshot", snapshots.element),
        section("Clock", clock.element),
        section("Faults", faults.element),
        section("Overrides", overrides.element),
        section("State", state.element),
      ),
    ),
  );
  void refreshTenant();
  void loop();
}

const root = document.getElementById("console");
if (root) mountConsole(root);
