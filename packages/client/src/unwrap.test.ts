import type { paths } from "@cloud-contract/types";
import createClient from "openapi-fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCloudClient } from "./create-client.js";
import { ApiError } from "./errors.js";
import { json, startServer, type TestServer, task } from "./test-support/server.js";
import { toApiError, unwrap } from "./unwrap.js";

let server: TestServer;
beforeAll(async () => {
  server = await startServer((req, res) => {
    const id = req.url.split("/").at(-1) ?? "";
    if (id === "conflict") return json(res, 409, { message: "Port is busy" });
    if (id === "no-content") {
      res.writeHead(204);
      return res.end();
    }
    return json(res, 200, task(id, "RUNNING"));
  });
});
afterAll(() => server.close());

const client = () => createCloudClient({ apiKey: "k", baseUrl: server.url });
const getTask = (task_id: string) =>
  client().GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id } } });

describe("unwrap", () => {
  it("returns the data of a successful result", async () => {
    expect(unwrap(await getTask("t-9"))).toMatchObject({ id: "t-9", state: "RUNNING" });
  });

  it("returns undefined data of a 2xx without a body instead of throwing", async () => {
    expect(unwrap(await getTask("no-content"))).toBeUndefined();
  });

  it("throws the ApiError of a failed one, with the method and path template of the call", async () => {
    const result = await getTask("conflict");
    expect(() => unwrap(result)).toThrow(ApiError);
    expect(() => unwrap(result)).toThrow(
      "GET /cloud/v1/tasks/{task_id} failed with status 409: Port is busy",
    );
    expect(toApiError(result)).toMatchObject({
      status: 409,
      method: "GET",
      path: "/cloud/v1/tasks/{task_id}",
    });
  });

  it("works on results of a plain openapi-fetch client too (method unknown, path from the URL)", async () => {
    const plain = createClient<paths>({ baseUrl: server.url });
    const result = await plain.GET("/cloud/v1/tasks/{task_id}", {
      params: { path: { task_id: "conflict" } },
    });
    expect(() => unwrap(result)).toThrow(
      expect.objectContaining({ status: 409, method: "UNKNOWN", path: "/cloud/v1/tasks/conflict" }),
    );
  });
});
