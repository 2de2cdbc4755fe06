// The Try it request on the bundled spec: fields prefilled from each operation's examples, and the target
// and fetch options they make (array styles as the spec declares them, path values encoded).
import { bundledModel } from "@cloud-contract/spec/bundled";
import { afterAll, describe, expect, it } from "vitest";
import { SANDBOX_FIXTURES as F, SANDBOX_API_KEY } from "../sandbox/fixtures/ids.js";
import { createSandbox } from "../sandbox/in-process.js";
import { prefilledRequest, requestInit, requestTarget } from "./try-it-request.js";

const model = bundledModel();
const sandbox = createSandbox();
afterAll(() => sandbox.close());

describe("the Try it request", () => {
  it("prefills every path parameter of every operation and the body of those that take one", () => {
    for (const op of model.operations) {
      const { fields, body } = prefilledRequest(model, op);
      for (const field of fields.filter((f) => f.in === "path")) {
        expect(field.value, `${op.operationId} ${field.name}`).not.toBe("");
      }
      expect(body === undefined, op.operationId).toBe(op.requestBody === undefined);
      if (body !== undefined) expect(() => JSON.parse(body), op.operationId).not.toThrow();
    }
  });

  it("sends an exploded array as repeated keys and an `explode: false` one comma-joined, as typed", () => {
    const op = model.operation("listPlanContents");
    const fields = prefilledRequest(model, op).fields.map((f) =>
      f.name === "plan_id"
        ? { ...f, value: "317,318" }
        : f.name === "ordering"
          ? { ...f, value: "plan_id,-id" }
          : f,
    );
    const query = new URLSearchParams(requestTarget(op, fields).split("?")[1]);
    expect(query.getAll("plan_id")).toEqual(["317", "318"]);
    expect(query.getAll("ordering")).toEqual(["plan_id,-id"]);
  });

  it("encodes path values and leaves empty query fields out", () => {
    const op = model.operation("getTask");
    const fields = prefilledRequest(model, op).fields.map((f) => ({ ...f, value: "a/b c" }));
    expect(requestTarget(op, fields)).toBe("/cloud/v1/tasks/a%2Fb%20c");
    const list = model.operation("listActiveTasks");
    const blank = prefilledRequest(model, list).fields.map((f) =>
      f.in === "query" ? { ...f, value: "" } : f,
    );
    expect(requestTarget(list, blank)).not.toContain("?");
  });

  it("leaves an optional filter empty with its example as the placeholder: List active tasks, as prefilled, lists the sandbox's", async () => {
    const op = model.operation("listActiveTasks");
    const { fields } = prefilledRequest(model, op);
    const taskType = fields.find((f) => f.name === "task_type");
    expect(taskType).toMatchObject({ required: false, value: "", example: "create_bm,rebuild_bm" });
    const answer = await sandbox.fetch(
      new Request(
        `http://sandbox.test${requestTarget(op, fields)}`,
        requestInit(op, SANDBOX_API_KEY, undefined),
      ),
    );
    expect(answer.status).toBe(200);
    expect((await answer.json()).count).toBe(F.runningTaskIds.length);
  });

  it("carries the key, and a JSON body only where the operation takes one", () => {
    const create = requestInit(model.operation("createBareMetalServers"), "k1", "{}");
    expect(create).toMatchObject({ method: "POST", body: "{}" });
    expect(create.headers).toMatchObject({ Authorization: "apikey k1", "Content-Type": "application/json" });
    const get = requestInit(model.operation("getTask"), "k1", undefined);
    expect(get).not.toHaveProperty("body");
  });
});
