// The console's HTML: the styles inline and one module script, served by the sandbox itself (no outside asset).

/** Where the sandbox serves the page, and the folder of its modules under it. */
export const CONSOLE_PATH = "/__sandbox/";
export const CONSOLE_MODULES = "/__sandbox/ui/";

const STYLE = `
:root { font: 14px/1.4 system-ui, sans-serif; color: #1c2430; background: #f5f6f8; }
body { margin: 0; }
header { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 1.5rem; padding: 0.6rem 1rem;
  background: #1c2430; color: #fff; }
header h1 { font-size: 1.1rem; margin: 0; }
header input { font: 13px ui-monospace, monospace; padding: 0.25rem; }
.status-line { margin: 0; font-size: 0.85rem; opacity: 0.85; white-space: nowrap; }
main { display: grid; grid-template-columns: minmax(0, 3fr) minmax(18rem, 1fr); gap: 1rem; padding: 1rem; }
.panel { background: #fff; border: 1px solid #d9dde3; border-radius: 6px; padding: 0.5rem 0.75rem; margin-bottom: 1rem; }
.panel h2 { font-size: 0.95rem; margin: 0.2rem 0 0.5rem; }
button { font: inherit; font-size: 0.85rem; padding: 0.15rem 0.5rem; margin: 0.1rem; cursor: pointer; }
table.journal { width: 100%; border-collapse: collapse; font-size: 0.85rem; }
.journal th, .journal td { text-align: left; padding: 0.25rem 0.4rem; border-bottom: 1px solid #eceef1; vertical-align: top; }
.journal th { white-space: nowrap; }
.journal tr.call { cursor: pointer; }
.journal tr.call:hover { background: #f0f4fa; }
.path { font-family: ui-monospace, monospace; overflow-wrap: break-word; }
.method { font-weight: 600; }
.badge { display: inline-block; border-radius: 3px; padding: 0 0.4rem; font-size: 0.8rem; color: #fff; }
.breach-none .badge, .badge.breach-none { background: #2e7d32; }
.badge.breach-caller { background: #c77700; }
.badge.breach-sandbox { background: #c62828; }
.badge.breach-unjudged { background: #78808a; }
.first-violation { color: #8a4b00; font-family: ui-monospace, monospace; font-size: 0.8rem; }
.call-detail { padding: 0.5rem; background: #fafbfc; }
.exchange { display: grid; grid-template-columns: 1fr 1fr; gap: 0.75rem; }
.message h4 { margin: 0.4rem 0 0.2rem; font-family: ui-monospace, monospace; }
pre { margin: 0.2rem 0; padding: 0.4rem; background: #f0f2f5; border-radius: 4px; max-height: 20rem; overflow: auto;
  font: 12px/1.35 ui-monospace, monospace; white-space: pre-wrap; word-break: break-word; }
.violation { font-family: ui-monospace, monospace; font-size: 0.8rem; }
.armed { padding-left: 1.1rem; font-size: 0.85rem; }
textarea { width: 100%; box-sizing: border-box; font: 12px ui-monospace, monospace; }
.problem { color: #c62828; font-size: 0.85rem; }
.state-kind summary { cursor: pointer; }
`;

/** The page: its modules come from {@link CONSOLE_MODULES}. */
export function consolePage(): string {
  return [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    "<title>Sandbox console</title>",
    `<style>${STYLE}</style>`,
    "</head>",
    "<body>",
    '<div id="console">Loading…</div>',
    `<script type="module" src="${CONSOLE_MODULES}console.js"></script>`,
    "</body>",
    "</html>",
    "",
  ].join("\n");
}
