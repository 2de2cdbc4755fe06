// The docs page shows every link of the spec: Redoc does not render OpenAPI links, so the docs build's
// decorator (docs/plugins/response-links.js) writes them into the response descriptions.
import { describe, expect, it } from "vitest";
import { describeLinks } from "./docs/plugins/response-links.js";
import { loadDocument } from "./src/document.js";

const model = loadDocument();

describe("the docs' description of links", () => {
  it("names each link, jumps to its operation and says where every parameter comes from", () => {
    const written = model.operation("createBareMetalServers").object.responses as Record<
      string,
      { links: Record<string, unknown> }
    >;
    const lines = describeLinks(written["200"]?.links ?? {}, (node: unknown) => model.resolve(node));
    expect(lines).toEqual([
      expect.stringMatching(
        /^- \*\*GetTask\*\*: \[getTask\]\(#operation\/getTask\) \(`task_id` ← `\$response\.body#\/tasks\/0`\)\. Poll/,
      ),
      expect.stringMatching(
        /^- \*\*ListActiveTasks\*\*: \[listActiveTasks\]\(#operation\/listActiveTasks\) \(`project_id` ← `\$request\.path\.project_id`, `region_id` ← `\$request\.path\.region_id`; lists `\$response\.body#\/tasks\/0`\)\./,
      ),
    ]);
  });

  it("covers every link of every operation, one line each", () => {
    for (const op of model.operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        const raw = (op.object.responses as Record<string, unknown>)[status];
        const links = (model.resolve(raw) as { links?: Record<string, unknown> }).links ?? {};
        const lines = describeLinks(links, (node: unknown) => model.resolve(node));
        expect(
          lines.map((line) => /\[(\w+)\]/.exec(line)?.[1]),
          `${op.operationId} ${status}`,
        ).toEqual(response.links.map((link) => link.operationId));
      }
    }
  });
});
