import { describe, expect, it } from "vitest";
import { Router } from "./router.js";

const router = new Router<string>();
router.add("get", "/cloud/v1/tasks/{task_id}", "getTask");
router.add("get", "/cloud/v1/tasks/{project_id}/{region_id}/active", "listActiveTasks");
router.add("get", "/cloud/v1/tasks/special", "literal");
router.add("post", "/iam/{resellerId}/settings", "add");
router.add("get", "/iam/{resellerId}/settings", "list");

describe("Router", () => {
  it.each([
    ["GET", "/cloud/v1/tasks/abc", "getTask", { task_id: "abc" }],
    ["GET", "/cloud/v1/tasks/1/2/active", "listActiveTasks", { project_id: "1", region_id: "2" }],
    ["GET", "/cloud/v1/tasks/special", "literal", {}],
    ["POST", "/iam/7/settings", "add", { resellerId: "7" }],
    ["GET", "/iam/7/settings", "list", { resellerId: "7" }],
  ])("%s %s → %s", (method, path, route, params) => {
    expect(router.match(method, path)).toMatchObject({ route, params });
  });

  it.each([
    "/cloud/v1/tasks",
    "/cloud/v1/tasks/",
    "/cloud/v1/tasks/1/2",
    "/cloud/v1/tasks/1/2/active/x",
    "//iam/7/settings",
  ])("matches nothing for %s", (path) => {
    expect(router.match("GET", path)).toEqual({ route: undefined, allowed: [], params: {} });
  });

  it("tells the methods of a path that exists for others", () => {
    expect(router.match("DELETE", "/iam/7/settings")).toMatchObject({
      route: undefined,
      allowed: ["POST", "GET"],
    });
  });

  it("refuses a duplicate route and a parameter inside a segment", () => {
    expect(() => router.add("GET", "/cloud/v1/tasks/{other}", "x")).toThrow(/clashes/);
    expect(() => new Router().add("GET", "/files/{name}.json", "x")).toThrow(/whole segment/);
  });
});
