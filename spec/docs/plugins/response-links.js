// Redocly plugin for the docs build: Redoc does not render a response's OpenAPI `links`
// (Redocly/redoc#572), so this decorator writes them into the response's description — which operation
// the answer feeds, a jump to it, and where each parameter comes from.
/** @typedef {{ operationId: string, parameters?: Record<string, unknown>, description?: string, "x-lists"?: string }} Link */

/**
 * The Markdown lines that describe the links of one response; `resolve` follows a `$ref`.
 * @param {Record<string, unknown>} links
 * @param {(node: unknown) => Link} resolve
 * @returns {string[]}
 */
export function describeLinks(links, resolve) {
  return Object.entries(links).map(([name, raw]) => {
    const link = resolve(raw);
    const from = Object.entries(link.parameters ?? {})
      .map(([parameter, expression]) => `\`${parameter}\` ← \`${expression}\``)
      .join(", ");
    const listed = link["x-lists"] ? `; lists \`${link["x-lists"]}\`` : "";
    const about = link.description ? ` ${link.description.trim().replace(/\s+/g, " ")}` : "";
    return `- **${name}**: [${link.operationId}](#operation/${link.operationId}) (${from}${listed}).${about}`;
  });
}

function describeResponseLinks() {
  return {
    Response: {
      /**
       * @param {{ description?: string, links?: Record<string, unknown> }} response
       * @param {{ resolve: (node: unknown) => { node: Link } }} ctx
       */
      leave(response, ctx) {
        if (!response.links || Object.keys(response.links).length === 0) return;
        /** @param {unknown} node */
        const resolve = (node) =>
          /** @type {Link} */ (
            node && typeof node === "object" && "$ref" in node ? ctx.resolve(node).node : node
          );
        const lines = describeLinks(response.links, resolve);
        response.description = `${response.description ?? ""}\n\n**Next calls** (OpenAPI links):\n\n${lines.join("\n")}`;
      },
    },
  };
}

export default function responseLinksPlugin() {
  return {
    id: "response-links",
    decorators: { oas3: { "describe-response-links": describeResponseLinks } },
  };
}
