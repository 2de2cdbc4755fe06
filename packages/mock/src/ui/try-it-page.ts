// The docs page's Try it, bundled into dist-browser/try-it.js (an IIFE the spec's docs build inlines): an
// in-process sandbox living in the page, a tenant of its own for the visit (manual clock), a Try it button
// on every operation Redoc renders, and the panel they open. Nothing leaves the page unless the reader picks
// the running sandbox in the server menu.
import { bundledModel } from "@cloud-contract/spec/bundled";
import { createSandbox } from "../sandbox/in-process.js";
import { el } from "./dom.js";
import { tryItPanel } from "./try-it-panel.js";

/** The page sandbox's task delay: long enough that tasks wait for the clock control. */
const TASK_DELAY_MS = 5 * 60_000;
const PAGE_ORIGIN = "http://sandbox.in-process";
const RUNNING_SANDBOX = "http://127.0.0.1:4011";
const RUNNING_SANDBOX_KEY = "sandbox-api-key";

const STYLE = `
.try-it-open { margin-left: 0.75rem; font: 600 12px sans-serif; padding: 2px 10px; border: 1px solid #2e6bd6;
  border-radius: 3px; background: #fff; color: #2e6bd6; cursor: pointer; vertical-align: middle; }
.try-it { position: fixed; top: 0; right: 0; bottom: 0; width: min(560px, 100vw); z-index: 1000; overflow: auto;
  box-sizing: border-box; padding: 12px 16px; background: #fff; border-left: 1px solid #c9ced6;
  box-shadow: -4px 0 16px rgba(0,0,0,0.12); font: 13px/1.4 sans-serif; color: #1c2430; }
.try-it[hidden], .try-it [hidden] { display: none; }
.try-head { display: flex; justify-content: space-between; align-items: baseline; gap: 8px; }
.try-title { margin: 0 0 8px; font: 600 14px ui-monospace, monospace; overflow-wrap: break-word; }
.try-title small { font-weight: normal; color: #5b6472; }
.try-method { color: #2e6bd6; }
.try-deprecated { margin: 0 0 8px; padding: 4px 8px; border-left: 3px solid #b26a00; background: #fff4e0; }
.try-it label { display: block; margin: 6px 0; font-size: 12px; color: #3b4350; }
.try-it input, .try-it textarea, .try-it select { display: block; width: 100%; box-sizing: border-box;
  font: 12px ui-monospace, monospace; padding: 3px; }
.try-server-row { display: grid; grid-template-columns: 1fr 1fr; gap: 6px; }
.try-it button { font: 12px sans-serif; padding: 3px 10px; margin: 4px 4px 4px 0; cursor: pointer; }
.try-send { background: #2e6bd6; color: #fff; border: 1px solid #2e6bd6; border-radius: 3px; }
.try-clock { margin: 6px 0; padding: 4px 6px; background: #f5f6f8; border-radius: 4px; }
.try-clock .clock { display: inline; }
.try-status { font: 600 13px ui-monospace, monospace; }
.try-verdict { margin: 4px 0; }
.try-it pre { max-height: 18rem; overflow: auto; padding: 6px; background: #f0f2f5; border-radius: 4px;
  font: 12px/1.35 ui-monospace, monospace; white-space: pre-wrap; }
.try-it .badge { display: inline-block; padding: 0 6px; border-radius: 3px; color: #fff; font-size: 12px; }
.try-it .badge[data-breach="none"] { background: #2e7d32; }
.try-it .badge[data-breach="caller"] { background: #c77700; }
.try-it .badge[data-breach="sandbox"] { background: #c62828; }
.try-it .badge[data-breach="unjudged"] { background: #78808a; }
.try-it .problem { color: #c62828; }
`;

async function mountTryIt(): Promise<void> {
  const model = bundledModel();
  const sandbox = createSandbox({ taskDelayMs: TASK_DELAY_MS });
  const tenant = await sandbox.control.tenant();
  await tenant.clock.manual();
  const panel = tryItPanel(
    model,
    [
      {
        label: "This page's sandbox (in the page)",
        baseUrl: PAGE_ORIGIN,
        key: tenant.key,
        fetch: sandbox.fetch,
      },
      {
        label: `Running sandbox at ${RUNNING_SANDBOX}`,
        baseUrl: RUNNING_SANDBOX,
        key: RUNNING_SANDBOX_KEY,
        fetch: (input, init) => fetch(input, init),
      },
    ],
    TASK_DELAY_MS + 1_000,
  );
  document.head.append(el("style", {}, STYLE));
  document.body.append(panel.element);

  // Redoc's section ids end with the operationId (lower case in some versions): match either way.
  const byId = new Map(model.operations.map((op) => [op.operationId.toLowerCase(), op]));
  const addButtons = () => {
    for (const section of document.querySelectorAll<HTMLElement>('[data-item-kind="httpItem"]')) {
      const heading = section.querySelector("h2");
      if (!heading || heading.querySelector(".try-it-open")) continue;
      const id = section.getAttribute("data-section-id")?.split("/").pop()?.toLowerCase() ?? "";
      const operation = byId.get(id);
      if (!operation) continue;
      heading.append(
        el(
          "button",
          { className: "try-it-open", type: "button", onclick: () => panel.open(operation) },
          "Try it",
        ),
      );
    }
  };
  // Redoc renders sections as they come into view: each new one gets its button.
  new MutationObserver(addButtons).observe(document.body, { childList: true, subtree: true });
  addButtons();
}

void mountTryIt();
