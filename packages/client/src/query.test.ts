import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCloudClient } from "./create-client.js";
import { serializeQuery } from "./query.js";
import { json, startServer, type TestServer } from "./test-support/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startServer((_req, res) =>
    json(res, 200, { count: 0, results: [], next: null, previous: null }),
  );
});
afterAll(() => server.close());

const lastUrl = () => server.requests.at(-1)?.url;

describe("query serialization on the wire", () => {
  it("sends the plan-contents filters as the API reads them", async () => {
    const client = createCloudClient({ apiKey: "k", baseUrl: server.url });
    await client.GET("/billing/org/v1/plans/contents", {
      params: {
        query: {
          plan_id: [317, 318],
          calc_rule_type: ["stepped", "unit"],
          currency_char_code: ["EUR", "USD"],
          product_internal_name: ["CDN", "CLOUD"],
          default: false,
          feature_name: "cdn traffic",
          ordering: ["plan_id", "-id"],
          limit: 100,
          offset: 200,
        },
      },
    });
    expect(lastUrl()).toBe(
      "/billing/org/v1/plans/contents?plan_id=317&plan_id=318&calc_rule_type=stepped&calc_rule_type=unit" +
        "&currency_char_code=EUR&currency_char_code=USD&product_internal_name=CDN&product_internal_name=CLOUD" +
        "&default=false&feature_name=cdn%20traffic&ordering=plan_id,-id&limit=100&offset=200",
    );
  });

  it("sends true, a single ordering key and leaves out empty and null values", async () => {
    const client = createCloudClient({ apiKey: "k", baseUrl: server.url });
    await client.GET("/billing/org/v1/plans/contents", {
      params: {
        query: {
          default: true,
          ordering: ["-default"],
          region_id: [],
          currency_id: [1, null],
          id: undefined,
        },
      },
    });
    expect(lastUrl()).toBe("/billing/org/v1/plans/contents?default=true&ordering=-default&currency_id=1");
  });

  it("sends the active-tasks filters as repeated task_type parameters", async () => {
    const client = createCloudClient({ apiKey: "k", baseUrl: server.url });
    await client.GET("/cloud/v1/tasks/{project_id}/{region_id}/active", {
      params: {
        path: { project_id: 1, region_id: 76 },
        query: {
          limit: 1000,
          offset: 0,
          task_type: ["create_bm", "rebuild_bm", "update_port_allowed_address_pairs"],
        },
      },
    });
    expect(lastUrl()).toBe(
      "/cloud/v1/tasks/1/76/active?limit=1000&offset=0&task_type=create_bm&task_type=rebuild_bm" +
        "&task_type=update_port_allowed_address_pairs",
    );
  });

  it("sends the notification-settings ordering, a plain string, as it is", async () => {
    const client = createCloudClient({ apiKey: "k", baseUrl: server.url });
    await client.GET("/iam/reselling/resellers/{resellerId}/notification_settings", {
      params: { path: { resellerId: 1020 }, query: { ordering: "-email", limit: 10 } },
    });
    expect(lastUrl()).toBe("/iam/reselling/resellers/1020/notification_settings?ordering=-email&limit=10");
  });
});

describe("serializeQuery", () => {
  it.each([
    { query: {}, expected: "" },
    { query: { a: "x y&z" }, expected: "a=x%20y%26z" },
    { query: { flag: true, off: false, n: 0 }, expected: "flag=true&off=false&n=0" },
    { query: { ids: [1, 2, 3] }, expected: "ids=1&ids=2&ids=3" },
    { query: { ordering: ["a", "-b"] }, expected: "ordering=a,-b" },
    { query: { ordering: [] }, expected: "" },
    { query: { ordering: ["a,b"] }, expected: "ordering=a%2Cb" },
    { query: { skip: undefined, none: null, list: [] }, expected: "" },
  ])("$query → $expected", ({ query, expected }) => {
    expect(serializeQuery(query)).toBe(expected);
  });

  it("refuses objects, which no parameter of this API takes", () => {
    expect(() => serializeQuery({ filter: { a: 1 } })).toThrow(TypeError);
  });
});
