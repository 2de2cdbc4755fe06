// Save and load the tenant's world: "Save snapshot" downloads it as a JSON file, "Load snapshot" replaces the
// tenant with a chosen file's (each problem of a refused one is listed: entity, pointer and rule).

import { el, fill } from "./dom.js";
import { messageOf } from "./error-text.js";
import { download } from "./kept-test.js";
import { ControlError, type SandboxApi } from "./sandbox-api.js";

export interface SnapshotView {
  element: HTMLElement;
}

/** The buttons and the outcome line; `loaded` runs after a snapshot replaced the tenant. */
export function snapshotView(
  api: Pick<SandboxApi, "snapshot" | "restore">,
  loaded: () => void,
): SnapshotView {
  const outcome = el("div", { className: "snapshot-outcome", "aria-live": "polite" });
  const file = el("input", {
    type: "file",
    accept: "application/json,.json",
    id: "snapshot-file",
    hidden: true,
  });
  const save = async () => {
    try {
      const snapshot = await api.snapshot();
      download("sandbox-snapshot.json", JSON.stringify(snapshot, null, 2), "application/json");
      fill(outcome, "Snapshot saved.");
    } catch (error) {
      fill(outcome, el("p", { className: "problem" }, messageOf(error)));
    }
  };
  file.onchange = async () => {
    const chosen = file.files?.[0];
    file.value = "";
    if (!chosen) return;
    try {
      await api.restore(JSON.parse(await chosen.text()));
      fill(outcome, `Loaded ${chosen.name}.`);
      loaded();
    } catch (error) {
      const problems = error instanceof ControlError ? problemsOf(error.body) : [];
      fill(
        outcome,
        el("p", { className: "problem" }, messageOf(error)),
        problems.length > 0 &&
          el(
            "ul",
            { className: "snapshot-problems" },
            ...problems.map((p) => el("li", { className: "violation" }, p)),
          ),
      );
    }
  };
  return {
    element: el(
      "div",
      { className: "snapshot" },
      el("button", { id: "save-snapshot", onclick: save }, "Save snapshot"),
      el("button", { id: "load-snapshot", onclick: () => file.click() }, "Load snapshot"),
      file,
      outcome,
    ),
  };
}

/** A refusal's problems, one line each. */
function problemsOf(body: unknown): string[] {
  const problems = (body as { info?: { problems?: { entity?: string; pointer: string; rule: string }[] } })
    ?.info?.problems;
  return (problems ?? []).map((p) => `${p.entity ? `${p.entity} at ` : ""}${p.pointer || "/"}: ${p.rule}`);
}
