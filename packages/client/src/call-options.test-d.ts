// Type tests (run by the typecheck target's tsc): every call method takes exactly the per-call options it
// honours, and refuses unknown ones and methods the path does not have.
import type { LiveStream, Task, TaskIdList } from "@cloud-contract/types";
import { describe, expectTypeOf, it } from "vitest";
import type { CloudClient } from "./call-types.js";

declare const client: CloudClient;
const task = { params: { path: { task_id: "d478ae29-dedc-4869-82f0-96104425f565" } } };
const project = { project_id: 1, region_id: 1 };
const bareMetal = {
  flavor: "bm1-infrastructure-small",
  image_id: "b5b4d65d-945f-4b98-ab6f-332319c724ef",
  interfaces: [{ type: "external" as const }],
};

describe("per-call options", () => {
  it("GET takes timeoutMs, retry and signal, and refuses anything else", () => {
    client.GET("/cloud/v1/tasks/{task_id}", { ...task, timeoutMs: 300, retry: false, signal: null });
    client.GET("/cloud/v1/tasks/{task_id}", {
      ...task,
      retry: { maxRetries: 1 },
      signal: AbortSignal.timeout(9),
    });
    // @ts-expect-error — not an option of a call
    client.GET("/cloud/v1/tasks/{task_id}", { ...task, idempotencyKey: "k" });
    // @ts-expect-error — a typo of timeoutMs
    client.GET("/cloud/v1/tasks/{task_id}", { ...task, timeout: 300 });
    // @ts-expect-error — retry is false or a policy
    client.GET("/cloud/v1/tasks/{task_id}", { ...task, retry: true });
    // @ts-expect-error — timeoutMs is a number of milliseconds
    client.GET("/cloud/v1/tasks/{task_id}", { ...task, timeoutMs: "300" });
  });

  it("POST takes them and refuses anything else", () => {
    const init = { params: { path: project }, body: bareMetal };
    client.POST("/cloud/v1/bminstances/{project_id}/{region_id}", { ...init, timeoutMs: 0, retry: false });
    // @ts-expect-error — the API has no idempotency-key header
    client.POST("/cloud/v1/bminstances/{project_id}/{region_id}", { ...init, idempotencyKey: "k" });
    // @ts-expect-error — a streaming call without path params
    client.POST("/streaming/streams/{stream_id}/reset_push_token", { timeoutMs: 5 });
    client.POST("/streaming/streams/{stream_id}/reset_push_token", {
      params: { path: { stream_id: 1352417 } },
      signal: AbortSignal.timeout(1_000),
    });
  });

  it("PUT and PATCH take them and refuse anything else", () => {
    const port = { ...project, port_id: "1f0ca628-a73b-42c0-bdac-7b10d023e097" };
    const path = "/cloud/v2/ports/{project_id}/{region_id}/{port_id}/allow_address_pairs";
    client.PUT(path, {
      params: { path: port },
      body: { allowed_address_pairs: [] },
      retry: { maxRetries: 3 },
    });
    // @ts-expect-error — unknown option
    client.PUT(path, { params: { path: port }, body: { allowed_address_pairs: [] }, retries: 3 });
    const cdn = { params: { path: { res_id: 220 } }, body: { sslData: null, sslEnabled: false } };
    client.PATCH("/cdn/resources/{res_id}", { ...cdn, timeoutMs: 1_000 });
    // @ts-expect-error — unknown option
    client.PATCH("/cdn/resources/{res_id}", { ...cdn, idempotencyKey: "k" });
  });

  it("request(method, …) takes them and refuses anything else", () => {
    client.request("get", "/cloud/v1/tasks/{task_id}", { ...task, timeoutMs: 5 });
    // @ts-expect-error — unknown option
    client.request("get", "/cloud/v1/tasks/{task_id}", { ...task, idempotencyKey: "k" });
  });

  it("refuses a method the path does not have, and DELETE, HEAD, OPTIONS, TRACE on every path", () => {
    // @ts-expect-error — the path has no POST
    client.POST("/cloud/v1/tasks/{task_id}", task);
    // @ts-expect-error — the path has no GET
    client.GET("/cloud/v1/bminstances/{project_id}/{region_id}", { params: { path: project } });
    // @ts-expect-error — no operation of the API is a DELETE
    client.DELETE("/cloud/v1/tasks/{task_id}", task);
    // @ts-expect-error — nor a HEAD
    client.HEAD("/cloud/v1/tasks/{task_id}", task);
    // @ts-expect-error — nor an OPTIONS
    client.OPTIONS("/cloud/v1/tasks/{task_id}", task);
    // @ts-expect-error — nor a TRACE
    client.TRACE("/cloud/v1/tasks/{task_id}", task);
    // @ts-expect-error — request() with a method the path does not have
    client.request("post", "/cloud/v1/tasks/{task_id}", task);
  });

  it("types the answer by the operation, and by parseAs", async () => {
    const read = await client.GET("/cloud/v1/tasks/{task_id}", task);
    // openapi-fetch rebuilds answers through its Readable<>: the same type, not the same alias.
    expectTypeOf<NonNullable<typeof read.data>>().toExtend<Task>();
    expectTypeOf<Task>().toExtend<NonNullable<typeof read.data>>();
    const text = await client.GET("/cloud/v1/tasks/{task_id}", { ...task, parseAs: "text" });
    expectTypeOf(text.data).toEqualTypeOf<string | undefined>();
    const created = await client.POST("/cloud/v1/bminstances/{project_id}/{region_id}", {
      params: { path: project },
      body: bareMetal,
    });
    expectTypeOf<TaskIdList>().toExtend<NonNullable<typeof created.data>>();
    const reset = await client.POST("/streaming/streams/{stream_id}/reset_push_token", {
      params: { path: { stream_id: 1 } },
    });
    expectTypeOf<LiveStream>().toExtend<NonNullable<typeof reset.data>>();
  });
});
