// Redocly plugin for the docs build: joins the hard-wrapped lines of each Markdown paragraph of a description.
// The YAML files wrap descriptions at 110 columns; Markdown reads those newlines as spaces, but Redoc's search
// index drops them, so its snippets glued words together ("quotas of theproject").

const FENCE = /^ {0,3}(```|~~~)/;
/** A line that starts a block of its own (or ends one): the line break before it stays. */
const STARTS_BLOCK = /^($|\s|[-*+|#>]|\d+\.\s|<)/;

/**
 * Joins each line of a paragraph with the next by a space. Code fences and their content, lists, tables,
 * headings, quotes and HTML (such as an example runner's `<!-- not-run: … -->` marker) keep their lines.
 * @param {string} markdown
 * @returns {string}
 */
export function unwrapParagraphs(markdown) {
  const lines = markdown.split("\n");
  let inFence = false;
  let out = "";
  lines.forEach((line, i) => {
    const fence = FENCE.test(line);
    if (fence) inFence = !inFence;
    out += line;
    const next = lines[i + 1];
    if (next === undefined) return;
    const joins =
      !inFence && !fence && line.trim() !== "" && !line.trimEnd().endsWith("-->") && !FENCE.test(next);
    out += joins && !STARTS_BLOCK.test(next) ? " " : "\n";
  });
  return out;
}

/** @param {{ description?: unknown }} node */
function unwrapDescription(node) {
  if (typeof node.description === "string") node.description = unwrapParagraphs(node.description);
}

function unwrapDescriptions() {
  const visitor = { leave: unwrapDescription };
  return Object.fromEntries(
    ["Info", "Tag", "Operation", "Parameter", "RequestBody", "Response", "Schema", "MediaType", "Header"].map(
      (type) => [type, visitor],
    ),
  );
}

export default function descriptionsPlugin() {
  return {
    id: "descriptions",
    decorators: { oas3: { "unwrap-paragraphs": unwrapDescriptions } },
  };
}
