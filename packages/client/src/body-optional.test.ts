// An answer the spec says may come without its body (revokeCdnCertificate's 200, `x-body-optional`) is a success
// with no data, from a real server; any other empty success is still a typed error.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { EmptyBodyError } from "./answer-errors.js";
import { createCloudClient } from "./create-client.js";

let server: Server;
let baseUrl: string;
beforeAll(async () => {
  // Every request is answered 200 with no body and no content type, as the CDN service documents its revoke.
  server = createServer((_req, res) => {
    res.writeHead(200, { "content-length": "0" });
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The success variant of a call's result. */
type Success<R> = Extract<R, { error?: undefined }>;
/** A getTask call, for its type only (never sent). */
const readTask = () =>
  createCloudClient({ apiKey: "k" }).GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id: "t" } } });

const revoke = { params: { path: { res_id: 42 } }, body: { sslData: null, sslEnabled: false } };

describe("an answer the spec allows without a body", () => {
  it.each([
    ["off", { throwOnError: false }],
    [
      "throwOnError and validateResponses: throw",
      { throwOnError: true, validateResponses: "throw" as const },
    ],
  ])("revokeCdnCertificate's empty 200 is a success with no data (%s)", async (_, options) => {
    const client = createCloudClient({ baseUrl, apiKey: "k", ...options });
    const result = await client.PATCH("/cdn/resources/{res_id}", revoke);
    expect(result.response.status).toBe(200);
    expect(result.error).toBeUndefined();
    expect(result.data).toBeUndefined();
    // Typed as such: a success may hold no data here, and not where the spec promises a body.
    expectTypeOf<undefined>().toExtend<Success<typeof result>["data"]>();
    type TaskData = Success<Awaited<ReturnType<typeof readTask>>>["data"];
    expectTypeOf<TaskData>().not.toBeNever();
    expectTypeOf<undefined>().not.toExtend<TaskData>();
  });

  it("any other operation's empty 200 is still an EmptyBodyError", async () => {
    const client = createCloudClient({ baseUrl, apiKey: "k", throwOnError: true, retry: false });
    await expect(
      client.GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id: "t" } } }),
    ).rejects.toThrow(EmptyBodyError);
  });
});
