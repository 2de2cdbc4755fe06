// A consumer of the package, the way another team writes it: every operation of the spec called through
// the typed client. `tsc` (the package's typecheck) checks the calls and the type assertions below; vitest
// runs them against a local server driven by the spec, which validates each request body.

import { loadDocument } from "@cloud-contract/spec/document";
import type {
  BillingErrorBody,
  CloudErrorBody,
  IamErrorBody,
  InstancePricePreview,
  LiveStream,
  LiveStreamResetNotice,
  PlanContentList,
  QuotaCheckResult,
  ResellerNotificationSetting,
  ResellerNotificationSettingList,
  SecurityGroup,
  StreamingErrorBody,
  Task,
  TaskIdList,
  TaskList,
} from "@cloud-contract/types";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import type { CloudClient } from "./call-types.js";
import { createCloudClient } from "./create-client.js";
import { paginate } from "./paginate.js";
import { startSpecServer } from "./test-support/spec-server.js";
import { unwrap } from "./unwrap.js";

const project = { project_id: 1, region_id: 76 };

/** True when A and B are assignable to each other. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/**
 * Compiles only when A and B are the same type up to assignability both ways. (openapi-fetch rebuilds
 * response types through its `Readable<>` helper, which `toEqualTypeOf` would tell apart from the aliases.)
 */
function sameType<A, B>(..._proof: Same<A, B> extends true ? [] : [never]): void {}

/** Calls every operation once; returns the responses' statuses by operation. */
async function callEveryOperation(client: CloudClient): Promise<number[]> {
  const quota = await client.POST("/cloud/v1/registries/{project_id}/{region_id}/check_limits", {
    params: { path: project },
    body: { storage_limit: 50 },
  });
  sameType<typeof quota.data, QuotaCheckResult | undefined>();
  sameType<typeof quota.error, CloudErrorBody | undefined>();

  const active = await client.GET("/cloud/v1/tasks/{project_id}/{region_id}/active", {
    params: { path: project, query: { limit: 100, offset: 0, task_type: ["create_bm", "rebuild_bm"] } },
  });
  sameType<typeof active.data, TaskList | undefined>();

  const task = await client.GET("/cloud/v1/tasks/{task_id}", {
    params: { path: { task_id: "d478ae29-dedc-4869-82f0-96104425f565" } },
  });
  sameType<typeof task.data, Task | undefined>();
  if (task.data) expectTypeOf(task.data.state).toEqualTypeOf<"NEW" | "RUNNING" | "FINISHED" | "ERROR">();

  const price = await client.POST("/cloud/v2/pricing/{project_id}/{region_id}/instances", {
    params: { path: project },
    body: {
      flavor: "g1-standard-2-4",
      names: ["web-1", "web-2"],
      interfaces: [{ type: "external", ip_family: "ipv4" }],
      volumes: [
        {
          source: "image",
          image_id: "f01fd9a0-9548-48ba-82dc-a8c8b2d6f2f1",
          size: 20,
          type_name: "ssd_hiiops",
        },
      ],
    },
  });
  sameType<typeof price.data, InstancePricePreview | undefined>();

  const group = await client.PATCH("/cloud/v1/securitygroups/{project_id}/{region_id}/{group_id}", {
    params: { path: { ...project, group_id: "2bf3a5d7-9072-40aa-8ac0-a64e39427a2c" } },
    body: {
      name: "web-servers",
      changed_rules: [
        {
          action: "create",
          direction: "ingress",
          ethertype: "IPv4",
          protocol: "tcp",
          port_range_min: 443,
          port_range_max: 443,
        },
        { action: "delete", security_group_rule_id: "0e4f6a8b-2c1d-4e3f-9a5b-6c7d8e9f0a1b" },
      ],
      tags: { environment: "production", deprecated_tag: null },
    },
  });
  sameType<typeof group.data, SecurityGroup | undefined>();

  const groupV2 = await client.PATCH("/cloud/v2/security_groups/{project_id}/{region_id}/{group_id}", {
    params: { path: { ...project, group_id: "2bf3a5d7-9072-40aa-8ac0-a64e39427a2c" } },
    body: {
      description: "Front-end web servers",
      rules: [
        { direction: "egress" },
        { direction: "ingress", protocol: "tcp", port_range_min: 443, port_range_max: 443 },
      ],
      tags: { environment: "production" },
    },
  });
  sameType<typeof groupV2.data, TaskIdList | undefined>();

  const pairs = await client.PUT("/cloud/v2/ports/{project_id}/{region_id}/{port_id}/allow_address_pairs", {
    params: { path: { ...project, port_id: "351b0dd7-ca09-431c-be53-935db3785067" } },
    body: { allowed_address_pairs: [{ ip_address: "192.168.123.20", mac_address: "00:16:3e:f2:87:16" }] },
  });
  sameType<typeof pairs.data, TaskIdList | undefined>();

  const servers = await client.POST("/cloud/v1/bminstances/{project_id}/{region_id}", {
    params: { path: project },
    body: {
      flavor: "bm2-hf-medium",
      image_id: "f01fd9a0-9548-48ba-82dc-a8c8b2d6f2f1",
      name: "bm-db-1",
      interfaces: [{ type: "external", ip_family: "ipv4" }],
      tags: { team: "storage" },
    },
  });
  sameType<typeof servers.data, TaskIdList | undefined>();

  const plans = await client.GET("/billing/org/v1/plans/contents", {
    params: {
      query: {
        plan_id: [317, 318],
        calc_rule_type: ["stepped"],
        default: false,
        ordering: ["plan_id", "-id"],
      },
    },
  });
  sameType<typeof plans.data, PlanContentList | undefined>();
  sameType<typeof plans.error, BillingErrorBody | undefined>();

  const cdn = await client.PATCH("/cdn/resources/{res_id}", {
    params: { path: { res_id: 220_456 } },
    body: { sslData: null, sslEnabled: false },
  });
  expectTypeOf(cdn.response).toEqualTypeOf<Response>();

  const added = await client.POST("/iam/reselling/resellers/{resellerId}/notification_settings", {
    params: { path: { resellerId: 1020 } },
    body: { notification_type: "failed_login", email: "security@reseller.example.com", enabled: true },
  });
  sameType<typeof added.data, ResellerNotificationSetting | undefined>();
  sameType<typeof added.error, IamErrorBody | undefined>();

  const settings = await client.GET("/iam/reselling/resellers/{resellerId}/notification_settings", {
    params: { path: { resellerId: 1020 }, query: { limit: 10, offset: 0, ordering: "-id" } },
  });
  sameType<typeof settings.data, ResellerNotificationSettingList | undefined>();

  const reset = await client.POST("/streaming/streams/{stream_id}/reset_push_token", {
    params: { path: { stream_id: 1_352_417 } },
  });
  sameType<typeof reset.data, LiveStream | LiveStreamResetNotice | undefined>();
  sameType<typeof reset.error, StreamingErrorBody | undefined>();

  return [quota, active, task, price, group, pairs, servers, plans, cdn, added, settings, reset].map(
    (r) => r.response.status,
  );
}

/** Calls the compiler must refuse. Never run: `tsc` fails if any line below stops being an error. */
async function wrongCalls(client: CloudClient) {
  await client.POST("/iam/reselling/resellers/{resellerId}/notification_settings", {
    params: { path: { resellerId: 1020 } },
    // @ts-expect-error — `email` is required
    body: { notification_type: "failed_login" },
  });
  await client.POST("/iam/reselling/resellers/{resellerId}/notification_settings", {
    params: { path: { resellerId: 1020 } },
    // @ts-expect-error — not a notification type of the enum
    body: { notification_type: "weekly_digest", email: "a@example.com" },
  });
  await client.POST("/cloud/v1/bminstances/{project_id}/{region_id}", {
    params: { path: project },
    // @ts-expect-error — `flavor` is required
    body: { image_id: "f01fd9a0-9548-48ba-82dc-a8c8b2d6f2f1", interfaces: [{ type: "external" }] },
  });
  await client.GET("/cloud/v1/tasks/{project_id}/{region_id}/active", {
    // @ts-expect-error — not a task type of the enum
    params: { path: project, query: { task_type: ["create_everything"] } },
  });
  await client.GET("/billing/org/v1/plans/contents", {
    // @ts-expect-error — ordering keys are an enum
    params: { query: { ordering: ["cheapest"] } },
  });
  await client.PATCH("/cdn/resources/{res_id}", {
    params: { path: { res_id: 1 } },
    // @ts-expect-error — `sslEnabled` is required
    body: { sslData: null },
  });
  // @ts-expect-error — path parameters are required
  await client.GET("/cloud/v1/tasks/{task_id}", {});
  // @ts-expect-error — the path has no POST
  await client.POST("/cloud/v1/tasks/{task_id}", { params: { path: { task_id: "t" } } });
  // @ts-expect-error — no such path in the spec
  await client.GET("/cloud/v1/instances", {});
  const page = paginate(client, "/cloud/v1/tasks/{project_id}/{region_id}/active", {
    params: { path: project },
  });
  for await (const item of page) sameType<typeof item, Task>();
  const read = await client.GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id: "t" } } });
  // @ts-expect-error — sameType itself tells types apart: a task is not a task list
  sameType<typeof read.data, TaskList | undefined>();
  // @ts-expect-error — not a paginated list
  paginate(client, "/cloud/v1/tasks/{task_id}");
  // @ts-expect-error — the active tasks need their path parameters
  paginate(client, "/cloud/v1/tasks/{project_id}/{region_id}/active");
}

/** The operationIds of the spec, as its document model lists them. */
const operationIds = loadDocument()
  .operations.map((op) => op.operationId)
  .sort();

describe("a consumer calling every operation", () => {
  let server: Awaited<ReturnType<typeof startSpecServer>>;
  beforeAll(async () => {
    server = await startSpecServer();
  });
  afterAll(() => server.close());

  it("reaches every operation of the spec with requests the spec accepts", async () => {
    const client = createCloudClient({ apiKey: "consumer-test-key", baseUrl: server.url });
    const statuses = await callEveryOperation(client);
    expect(server.hits.map((h) => h.operationId).sort()).toEqual(operationIds);
    for (const hit of server.hits) {
      expect(hit.bodyErrors, hit.operationId).toEqual([]);
      expect(hit.authorized, hit.operationId).toBe(true);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201, 200, 200]);
  });

  it("keeps the refused calls in the compiled file (they are checked by tsc, not run)", () => {
    expect(wrongCalls).toBeTypeOf("function");
  });

  it("gets typed data back through unwrap", async () => {
    const client = createCloudClient({ apiKey: "consumer-test-key", baseUrl: server.url });
    const task = unwrap(
      await client.GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id: "t" } } }),
    );
    sameType<typeof task, Task>();
    expect(task.state).toBeTypeOf("string");
  });
});
