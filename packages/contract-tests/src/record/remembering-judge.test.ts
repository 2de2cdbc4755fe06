import { expect, it } from "vitest";
import { createJudge } from "../judge.js";
import { RememberingJudge } from "./remembering-judge.js";

const TASK_ID = "d478ae29-dedc-4869-82f0-96104425f565";
const task = (extra = "") =>
  `{"id":"${TASK_ID}","state":"FINISHED","task_type":"create_bm","user_id":9998,"created_on":"2026-11-21T09:15:02Z"${extra}}`;

it("routes by method and path under the base path, whatever the query", () => {
  const judge = new RememberingJudge(createJudge(), "/base");
  const url = `https://api.example.test/base/cloud/v1/tasks/${TASK_ID}`;
  expect(judge.route("GET", `${url}?a=1`)?.operation.operationId).toBe("getTask");
  expect(judge.route("GET", `${url}?b=2`)?.operation.operationId).toBe("getTask");
  expect(judge.route("DELETE", url)).toBeUndefined();
  expect(judge.route("GET", "https://api.example.test/base/nothing")).toBeUndefined();
});

it("gives a repeated answer the verdict it gave before, and judges a new or long one anew", () => {
  const judge = new RememberingJudge(createJudge(), "");
  const good = judge.verdict("getTask", 200, "application/json", task());
  expect(good.violations).toEqual([]);
  expect(judge.verdict("getTask", 200, "application/json", task())).toBe(good);
  const broken = judge.verdict("getTask", 200, "application/json", task().replace('"FINISHED"', "7"));
  expect(broken.violations.length).toBeGreaterThan(0);
  // Another status is another question, even with the same body.
  expect(judge.verdict("getTask", 404, "application/json", task())).not.toBe(good);
  const long = task(`,"padding":"${"x".repeat(20_000)}"`);
  const first = judge.verdict("getTask", 200, "application/json", long);
  expect(judge.verdict("getTask", 200, "application/json", long)).not.toBe(first);
  expect(judge.verdict("getTask", 200, "application/json", long)).toEqual(first);
});
