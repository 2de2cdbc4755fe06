import { describe, it } from "vitest";
import { checkOperationCase, getOp, type OperationCase } from "../../test-support/operation-cases.js";
import type { Json } from "../types.js";

/** A call the API makes: a JSON body with a `state` string, answered 200 with an `ok` flag. */
const call = () => ({
  post: {
    requestBody: {
      content: {
        "application/json": { schema: { type: "object", properties: { state: { type: "string" } } } },
      },
    },
    responses: {
      "200": {
        description: "taken",
        content: {
          "application/json": {
            schema: { type: "object", properties: { ok: { type: "boolean" } } },
          },
        },
      },
    },
  },
});

const withWebhook = (d: Json) => (d.webhooks = { itemChanged: call() });
const withCallback = (d: Json) => (getOp(d).callbacks = { onChange: { "{$request.query.hook}": call() } });
const body = (item: Json) => item.post.requestBody.content["application/json"].schema.properties;
const answer = (item: Json) => item.post.responses["200"].content["application/json"].schema;

const OPERATION_CASES: OperationCase[] = [
  {
    name: "a webhook no longer sent",
    setup: withWebhook,
    expect: "webhook-removed",
    mutate: (d) => delete d.webhooks.itemChanged,
  },
  {
    name: "a new webhook",
    expect: "webhook-added",
    mutate: withWebhook,
  },
  {
    name: "a webhook's payload may hold another type (the consumer reads it)",
    setup: withWebhook,
    expect: "response-type-widened",
    mutate: (d) => (body(d.webhooks.itemChanged).state.type = ["string", "integer"]),
  },
  {
    name: "a webhook's answer refuses what consumers send (the consumer sends it)",
    setup: withWebhook,
    expect: "request-limit-narrowed",
    mutate: (d) => (answer(d.webhooks.itemChanged).additionalProperties = false),
  },
  {
    name: "a callback no longer sent",
    setup: withCallback,
    expect: "callback-removed",
    mutate: (d) => delete getOp(d).callbacks.onChange,
  },
  {
    name: "a new callback",
    expect: "callback-added",
    mutate: withCallback,
  },
];

describe("the webhooks and callbacks rules", () => {
  it.each(OPERATION_CASES)("$name → $expect", checkOperationCase);
});
