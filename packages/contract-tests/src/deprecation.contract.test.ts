// Every deprecated operation of the spec is answered with `Deprecation` (RFC 9745, its `x-deprecated-since`),
// a `Link` to its successor (`rel="successor-version"`) and `Sunset` (RFC 8594) where it has an `x-sunset`.
// The sandbox promises these headers; the public API's documentation does not, so other targets skip.
import { loadDocument } from "@cloud-contract/spec/document";
import { describe, expect, it } from "vitest";
import { useHarness } from "./suite/harness.js";
import type { OperationId } from "./suite/operations.js";
import { sampleCall } from "./suite/requests.js";

const h = useHarness();
const model = loadDocument();
const DEPRECATED = model.operations.filter((o) => o.deprecation !== undefined);

describe("deprecated operations say so in their answers", () => {
  it("the spec deprecates at least one operation, each naming the day and its successor", () => {
    expect(DEPRECATED.length).toBeGreaterThan(0);
    for (const { operationId, deprecation } of DEPRECATED) {
      expect(deprecation?.since, operationId).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(model.findOperation(deprecation?.successor ?? ""), operationId).toBeDefined();
    }
  });

  for (const { operationId, deprecation } of DEPRECATED) {
    it(`${h.label(operationId as OperationId)} answers with Deprecation and its successor's Link`, async (t) => {
      if (!h.ctx.sandbox) t.skip("the sandbox promises deprecation headers; the public API documents none");
      // An unknown key: refused before anything changes, and the answer still names the deprecation.
      const client = h.clientWithAuthorization("apikey contract-tests-not-a-key");
      const { result } = await h.check(
        operationId as OperationId,
        sampleCall(operationId as OperationId, client, h.ctx),
      );
      const headers = result.response.headers;
      expect(headers.get("deprecation")).toBe(`@${Date.parse(deprecation?.since ?? "") / 1000}`);
      const successor = model.operation(deprecation?.successor ?? "").path.replace(/\{[^}]+\}/g, "[^/>]+");
      expect(headers.get("link")).toMatch(new RegExp(`^<${successor}>; rel="successor-version"$`));
      if (deprecation?.sunset) {
        expect(headers.get("sunset")).toBe(new Date(Date.parse(deprecation.sunset)).toUTCString());
      } else expect(headers.get("sunset")).toBeNull();
    });
  }
});
