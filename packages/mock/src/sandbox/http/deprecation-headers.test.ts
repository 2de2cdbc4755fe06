// A deprecated operation's answers say so (RFC 9745 Deprecation, RFC 8594 Sunset) and point at the successor.
import { loadDocument } from "@cloud-contract/spec/document";
import { describe, expect, it } from "vitest";
import { useSandbox } from "../../test-support/sandbox.js";
import { SANDBOX_FIXTURES as F } from "../fixtures/ids.js";
import { deprecationHeadersOf } from "./deprecation-headers.js";

const model = loadDocument();
const ctx = useSandbox();

describe("the sandbox's answers to updateSecurityGroup (deprecated since 2026-05-27)", () => {
  const params = { project_id: F.projectId, region_id: F.regionId, group_id: F.securityGroupId };
  const successor = `/cloud/v2/security_groups/${F.projectId}/${F.regionId}/${F.securityGroupId}`;

  it.each([
    ["a success", params, { name: "web-servers" }, 200],
    ["a refusal", params, { name: 5 }, 400],
    ["a missing group", { ...params, group_id: "0d8f7b1e-0000-4000-8000-000000000000" }, {}, 404],
  ])(
    "%s carries Deprecation and the successor's Link, with the request's own ids",
    async (_, p, body, status) => {
      const res = await ctx.api.call("updateSecurityGroup", { params: p, body });
      expect(res.status).toBe(status);
      expect(res.headers.get("deprecation")).toBe(`@${Date.UTC(2026, 4, 27) / 1000}`);
      expect(res.headers.get("link")).toBe(
        `<${successor.replace(F.securityGroupId, String(p.group_id))}>; rel="successor-version"`,
      );
      expect(res.headers.get("sunset")).toBeNull();
    },
  );

  it("answers other operations without them", async () => {
    const res = await ctx.api.call("getTask", { params: { task_id: F.runningTaskIds[0] as string } });
    expect(res.status).toBe(200);
    expect(res.headers.get("deprecation")).toBeNull();
  });
});

describe("deprecationHeadersOf", () => {
  const op = model.operation("updateSecurityGroup");
  it("adds Sunset as an HTTP-date when the operation has an x-sunset", () => {
    const headers = deprecationHeadersOf(model, {
      ...op,
      deprecation: { since: "2026-05-27", successor: undefined, sunset: "2027-06-30" },
    });
    expect(headers?.({})).toEqual({ Deprecation: "@1779840000", Sunset: "Wed, 30 Jun 2027 00:00:00 GMT" });
  });

  it("keeps the Link one valid header line whatever the request's path held", () => {
    const headers = deprecationHeadersOf(model, op);
    expect(headers?.({ project_id: "1", region_id: "2", group_id: "a b>é\r\n" }).Link).toBe(
      '</cloud/v2/security_groups/1/2/a%20b%3E%C3%A9%0D%0A>; rel="successor-version"',
    );
  });

  it("is undefined for an operation that is not deprecated", () => {
    expect(deprecationHeadersOf(model, model.operation("updateSecurityGroupV2"))).toBeUndefined();
  });
});
