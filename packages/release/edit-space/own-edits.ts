// The developers' own single edits of the real bundle (spec/dist/openapi.json), written before the
// edit-space table's results were looked at: each says what it does, how it should be judged, and edits a
// copy of the bundle in place. "debatable" edits are reported but not scored.
import type { Json } from "../src/diff/types.js";

export type Expected = "breaking" | "harmless" | "debatable";

export interface OwnEdit {
  name: string;
  expected: Expected;
  apply: (doc: Json) => void;
}

const schemas = (doc: Json) => doc.components.schemas;
const op = (doc: Json, path: string, method: string) => doc.paths[path][method];
const TASK = "/cloud/v1/tasks/{task_id}";
const ACTIVE = "/cloud/v1/tasks/{project_id}/{region_id}/active";
const PLANS = "/billing/org/v1/plans/contents";
const GROUP = "/cloud/v1/securitygroups/{project_id}/{region_id}/{group_id}";
const PUSH_TOKEN = "/streaming/streams/{stream_id}/reset_push_token";

/** Renames a schema component and every `$ref` to it. */
function renameSchema(doc: Json, from: string, to: string) {
  const text = JSON.stringify(doc).replaceAll(
    `"#/components/schemas/${from}"`,
    `"#/components/schemas/${to}"`,
  );
  const next = JSON.parse(text);
  next.components.schemas[to] = next.components.schemas[from];
  delete next.components.schemas[from];
  for (const key of Object.keys(doc)) delete doc[key];
  Object.assign(doc, next);
}

export const OWN_EDITS: OwnEdit[] = [
  {
    name: "response: required Task.user_id removed",
    expected: "breaking",
    apply: (d) => {
      delete schemas(d).Task.properties.user_id;
      schemas(d).Task.required = schemas(d).Task.required.filter((n: string) => n !== "user_id");
    },
  },
  {
    name: "response: optional Task.acknowledged_at removed",
    expected: "breaking",
    apply: (d) => {
      delete schemas(d).Task.properties.acknowledged_at;
    },
  },
  {
    name: "response: enum value added to TaskState ($ref)",
    expected: "debatable",
    apply: (d) => {
      schemas(d).TaskState.enum.push("PAUSED");
    },
  },
  {
    name: "request: email maxLength 254 → 100",
    expected: "breaking",
    apply: (d) => {
      schemas(d).ResellerNotificationSettingCreateRequest.properties.email.maxLength = 100;
    },
  },
  {
    name: "request: email maxLength 254 → 300",
    expected: "harmless",
    apply: (d) => {
      schemas(d).ResellerNotificationSettingCreateRequest.properties.email.maxLength = 300;
    },
  },
  {
    name: "request: optional field enabled made required",
    expected: "breaking",
    apply: (d) => {
      schemas(d).ResellerNotificationSettingCreateRequest.required.push("enabled");
    },
  },
  {
    name: "response: enum value added to LiveStream.record_type (inline)",
    expected: "debatable",
    apply: (d) => {
      schemas(d).LiveStream.properties.record_type.enum.push("hybrid");
    },
  },
  {
    name: "parameter behind $ref: limit maximum 1000 → 500",
    expected: "breaking",
    apply: (d) => {
      d.components.parameters.TaskListLimit.schema.maximum = 500;
    },
  },
  {
    name: "parameter behind $ref: limit maximum 1000 → 2000",
    expected: "harmless",
    apply: (d) => {
      d.components.parameters.TaskListLimit.schema.maximum = 2000;
    },
  },
  {
    name: "request in a variant: port_range_min minimum 0 → 1",
    expected: "breaking",
    apply: (d) => {
      schemas(d).SecurityGroupRuleCreate.properties.port_range_min.minimum = 1;
    },
  },
  {
    name: "request in a variant: port_range_max maximum 65535 → 70000",
    expected: "harmless",
    apply: (d) => {
      schemas(d).SecurityGroupRuleCreate.properties.port_range_max.maximum = 70000;
    },
  },
  {
    name: "union description reworded",
    expected: "harmless",
    apply: (d) => {
      schemas(d).NetworkInterface.description = "Another wording.";
    },
  },
  {
    name: "request union: variant reserved_fixed_ip removed",
    expected: "breaking",
    apply: (d) => {
      const ni = schemas(d).NetworkInterface;
      ni.oneOf = ni.oneOf.filter((v: Json) => !v.$ref.endsWith("ReservedFixedIp"));
      delete ni.discriminator.mapping.reserved_fixed_ip;
    },
  },
  {
    name: "request union: variants reordered",
    expected: "harmless",
    apply: (d) => {
      schemas(d).NetworkInterface.oneOf.reverse();
    },
  },
  {
    name: "response: Task.state $ref inlined (TaskState kept)",
    expected: "harmless",
    apply: (d) => {
      schemas(d).Task.properties.state = structuredClone(schemas(d).TaskState);
    },
  },
  {
    name: "response: Task.user_id wrapped in allOf",
    expected: "harmless",
    apply: (d) => {
      const p = schemas(d).Task.properties;
      p.user_id = { allOf: [p.user_id] };
    },
  },
  {
    name: "response: format uuid added to Task.id",
    expected: "harmless",
    apply: (d) => {
      schemas(d).Task.properties.id.format = "uuid";
    },
  },
  {
    name: "path parameter: format uuid added to port_id",
    expected: "breaking",
    apply: (d) => {
      d.components.parameters.PortId.schema.format = "uuid";
    },
  },
  {
    name: "request at depth: mac_address pattern lower case only",
    expected: "breaking",
    apply: (d) => {
      schemas(d).AllowedAddressPair.properties.mac_address.pattern = "^[0-9a-f]{2}(?::[0-9a-f]{2}){5}$";
    },
  },
  {
    name: "response: created_on no longer nullable",
    expected: "harmless",
    apply: (d) => {
      schemas(d).Task.properties.created_on.type = "string";
    },
  },
  {
    name: "response: user_id may be null",
    expected: "breaking",
    apply: (d) => {
      schemas(d).Task.properties.user_id.type = ["integer", "null"];
    },
  },
  {
    name: "getTask 200 response removed",
    expected: "breaking",
    apply: (d) => {
      delete op(d, TASK, "get").responses["200"];
    },
  },
  {
    name: "getTask 429 response removed",
    expected: "debatable",
    apply: (d) => {
      delete op(d, TASK, "get").responses["429"];
    },
  },
  {
    name: "optional query parameter added",
    expected: "harmless",
    apply: (d) => {
      op(d, ACTIVE, "get").parameters.push({ name: "since", in: "query", schema: { type: "string" } });
    },
  },
  {
    name: "required query parameter added",
    expected: "breaking",
    apply: (d) => {
      op(d, ACTIVE, "get").parameters.push({
        name: "since",
        in: "query",
        required: true,
        schema: { type: "string" },
      });
    },
  },
  {
    name: "getTask needs no authentication",
    expected: "harmless",
    apply: (d) => {
      op(d, TASK, "get").security = [];
    },
  },
  {
    name: "security scheme header renamed",
    expected: "breaking",
    apply: (d) => {
      d.components.securitySchemes.ApiKey.name = "X-Api-Key";
    },
  },
  {
    name: "production server moved to /v2",
    expected: "breaking",
    apply: (d) => {
      d.servers[0].url = "https://api.gcore.com/v2";
    },
  },
  {
    name: "server description reworded",
    expected: "harmless",
    apply: (d) => {
      d.servers[0].description = "Live";
    },
  },
  {
    name: "operation resetStreamPushToken removed",
    expected: "breaking",
    apply: (d) => {
      delete d.paths["/streaming/streams/{stream_id}/reset_push_token"].post;
    },
  },
  {
    name: "operationId getTask → fetchTask",
    expected: "breaking",
    apply: (d) => {
      op(d, TASK, "get").operationId = "fetchTask";
    },
  },
  {
    name: "request media type replaced by merge-patch+json",
    expected: "breaking",
    apply: (d) => {
      const body = op(d, "/cloud/v1/securitygroups/{project_id}/{region_id}/{group_id}", "patch").requestBody;
      body.content = { "application/merge-patch+json": body.content["application/json"] };
    },
  },
  {
    name: "request object closed (additionalProperties: false)",
    expected: "breaking",
    apply: (d) => {
      schemas(d).ResellerNotificationSettingCreateRequest.additionalProperties = false;
    },
  },
  {
    name: "response object closed (additionalProperties: false)",
    expected: "harmless",
    apply: (d) => {
      schemas(d).QuotaCheckResult.additionalProperties = false;
    },
  },
  {
    name: "request array: interfaces minItems 1 → 2",
    expected: "breaking",
    apply: (d) => {
      schemas(d).BareMetalServerCreateRequest.properties.interfaces.minItems = 2;
    },
  },
  {
    name: "request array: interfaces minItems 1 → 0",
    expected: "harmless",
    apply: (d) => {
      schemas(d).BareMetalServerCreateRequest.properties.interfaces.minItems = 0;
    },
  },
  {
    name: "response: task_type may not be create_bm (not)",
    expected: "harmless",
    apply: (d) => {
      schemas(d).Task.properties.task_type.not = { const: "create_bm" };
    },
  },
  {
    name: "request: flavor may not be bm1-basic (not)",
    expected: "breaking",
    apply: (d) => {
      schemas(d).BareMetalServerCreateRequest.properties.flavor.not = { const: "bm1-basic" };
    },
  },
  {
    name: "schema Task renamed CloudTask",
    expected: "breaking",
    apply: (d) => renameSchema(d, "Task", "CloudTask"),
  },
  {
    name: "response: Task.user_id writeOnly",
    expected: "breaking",
    apply: (d) => {
      schemas(d).Task.properties.user_id.writeOnly = true;
    },
  },
  {
    name: "request: name readOnly",
    expected: "debatable",
    apply: (d) => {
      schemas(d).BareMetalServerCreateRequest.properties.name.readOnly = true;
    },
  },
  {
    name: "request union: discriminator value external → ext",
    expected: "breaking",
    apply: (d) => {
      const m = schemas(d).NetworkInterface.discriminator.mapping;
      m.ext = m.external;
      delete m.external;
      schemas(d).NetworkInterfaceExternal.properties.type.const = "ext";
    },
  },
  {
    name: "query parameter explode false → true",
    expected: "breaking",
    apply: (d) => {
      const p = op(d, PLANS, "get").parameters.find((x: Json) => x.name === "ordering");
      p.explode = true;
    },
  },
  {
    name: "response at depth: money_value pattern loosened",
    expected: "debatable",
    apply: (d) => {
      schemas(d).PlanContentPrice.properties.money_value.pattern = "^\\d+\\.\\d+$";
    },
  },
  {
    name: "Task description reworded",
    expected: "harmless",
    apply: (d) => {
      schemas(d).Task.description = "A task.";
    },
  },
  {
    name: "request: image_id requires apptemplate_id (dependentRequired)",
    expected: "breaking",
    apply: (d) => {
      schemas(d).BareMetalServerCreateRequest.dependentRequired = { image_id: ["apptemplate_id"] };
    },
  },
  {
    name: "request example changed",
    expected: "harmless",
    apply: (d) => {
      schemas(d).ResellerNotificationSettingCreateRequest.examples = [
        { notification_type: "failed_login", email: "a@b.example.com" },
      ];
    },
  },
  {
    name: "query parameter task_type moved to a header",
    expected: "breaking",
    apply: (d) => {
      op(d, ACTIVE, "get").parameters[2].in = "header";
    },
  },
  {
    name: "request array: interfaces uniqueItems",
    expected: "breaking",
    apply: (d) => {
      schemas(d).BareMetalServerCreateRequest.properties.interfaces.uniqueItems = true;
    },
  },
  {
    name: "request: interface_name maxLength beside $ref-free allOf 37 → 20",
    expected: "breaking",
    apply: (d) => {
      const p = schemas(d).NetworkInterfaceExternal.properties;
      p.interface_name = { allOf: [p.interface_name, { maxLength: 20 }] };
    },
  },
  {
    name: "response: Task.state $ref with a sibling description",
    expected: "harmless",
    apply: (d) => {
      schemas(d).Task.properties.state = {
        $ref: "#/components/schemas/TaskState",
        description: "Where it is.",
      };
    },
  },
  {
    name: "response: TaskState without NEW",
    expected: "breaking",
    apply: (d) => {
      schemas(d).TaskState.enum = schemas(d).TaskState.enum.filter((v: string) => v !== "NEW");
    },
  },
  {
    name: "request union: discriminator value external mapped to the subnet variant",
    expected: "breaking",
    apply: (d) => {
      schemas(d).NetworkInterface.discriminator.mapping.external =
        "#/components/schemas/NetworkInterfaceSubnet";
    },
  },
  {
    name: "path-level servers: getTask sent to another host",
    expected: "breaking",
    apply: (d) => {
      d.paths[TASK].servers = [{ url: "https://tasks.example.com" }];
    },
  },
  {
    name: "production server URL templated, its default the old host",
    expected: "harmless",
    apply: (d) => {
      d.servers[0] = {
        url: "https://{host}",
        description: d.servers[0].description,
        variables: { host: { default: "api.gcore.com", enum: ["api.gcore.com"] } },
      };
    },
  },
  {
    name: "security scheme ApiKey renamed Key, asking the same",
    expected: "harmless",
    apply: (d) => {
      const text = JSON.stringify(d).replaceAll('{"ApiKey":[]}', '{"Key":[]}');
      const next = JSON.parse(text);
      next.components.securitySchemes = { Key: next.components.securitySchemes.ApiKey };
      for (const key of Object.keys(d)) delete d[key];
      Object.assign(d, next);
    },
  },
  {
    name: "API-key header name re-cased (authorization)",
    expected: "harmless",
    apply: (d) => {
      d.components.securitySchemes.ApiKey.name = "authorization";
    },
  },
  {
    name: "request: SecurityGroupRuleCreate requires priority, which properties does not declare",
    expected: "breaking",
    apply: (d) => {
      schemas(d).SecurityGroupRuleCreate.required.push("priority");
    },
  },
  {
    name: "query parameter task_type: schema moved to content application/json",
    expected: "breaking",
    apply: (d) => {
      const param = op(d, ACTIVE, "get").parameters[2];
      param.content = { "application/json": { schema: param.schema } };
      delete param.schema;
      delete param.style;
      delete param.explode;
    },
  },
  {
    name: "response: Tag patternProperties that shadow its declared key",
    expected: "harmless",
    apply: (d) => {
      schemas(d).Tag.patternProperties = { "^key$": { type: "string" } };
    },
  },
  {
    name: "request: security group rule description maxLength 255 → 64",
    expected: "breaking",
    apply: (d) => {
      schemas(d).SecurityGroupRuleCreate.properties.description.maxLength = 64;
    },
  },
  {
    name: "request: SecurityGroupRuleCreate closed (additionalProperties false)",
    expected: "breaking",
    apply: (d) => {
      schemas(d).SecurityGroupRuleCreate.additionalProperties = false;
    },
  },
  {
    name: "response: Task.created_on date-time → date",
    expected: "breaking",
    apply: (d) => {
      const created = schemas(d).Task.properties.created_on;
      created.format = "date";
      delete created.examples;
    },
  },
  {
    name: "response: TaskState reached through 100 bare $refs",
    expected: "harmless",
    apply: (d) => {
      for (let i = 0; i < 100; i++)
        schemas(d)[`StateHop${i}`] = {
          $ref: i === 99 ? "#/components/schemas/TaskState" : `#/components/schemas/StateHop${i + 1}`,
        };
      schemas(d).Task.properties.state = { $ref: "#/components/schemas/StateHop0" };
    },
  },
  {
    name: "getTask deprecated, its sunset 30 days away (stable needs 180)",
    expected: "breaking",
    apply: (d) => Object.assign(op(d, TASK, "get"), { deprecated: true, "x-sunset": "2026-07-01" }),
  },
  {
    name: "getTask deprecated, its sunset two years away",
    expected: "harmless",
    apply: (d) => Object.assign(op(d, TASK, "get"), { deprecated: true, "x-sunset": "2028-06-01" }),
  },
  {
    name: "getTask deprecated without a sunset date",
    expected: "harmless",
    apply: (d) => (op(d, TASK, "get").deprecated = true),
  },
  {
    name: "the deprecated security-group update given a sunset 30 days away",
    expected: "breaking",
    apply: (d) => (op(d, GROUP, "patch")["x-sunset"] = "2026-07-01"),
  },
  {
    name: "the deprecated security-group update given a sunset two years away",
    expected: "harmless",
    apply: (d) => (op(d, GROUP, "patch")["x-sunset"] = "2028-06-01"),
  },
  {
    name: "resetStreamPushToken takes a required JSON body",
    expected: "breaking",
    apply: (d) =>
      (op(d, PUSH_TOKEN, "post").requestBody = {
        required: true,
        content: { "application/json": { schema: { type: "object" } } },
      }),
  },
  {
    name: "resetStreamPushToken takes an optional JSON body",
    expected: "harmless",
    apply: (d) =>
      (op(d, PUSH_TOKEN, "post").requestBody = {
        content: { "application/json": { schema: { type: "object" } } },
      }),
  },
  {
    name: "request: new required field locale on a notification setting",
    expected: "breaking",
    apply: (d) => {
      const body = schemas(d).ResellerNotificationSettingCreateRequest;
      body.properties.locale = { type: "string" };
      body.required.push("locale");
    },
  },
  {
    name: "request: new optional field locale on a notification setting",
    expected: "harmless",
    apply: (d) =>
      (schemas(d).ResellerNotificationSettingCreateRequest.properties.locale = { type: "string" }),
  },
  {
    name: "response: new field Task.priority",
    expected: "harmless",
    apply: (d) => (schemas(d).Task.properties.priority = { type: "integer" }),
  },
  {
    name: "request: notification type failed_login no longer accepted",
    expected: "breaking",
    apply: (d) => (schemas(d).ResellerNotificationType.enum = ["deletion_request"]),
  },
  {
    name: "request and response: notification type password_change added (the type is read back too)",
    expected: "debatable",
    apply: (d) => schemas(d).ResellerNotificationType.enum.push("password_change"),
  },
  {
    name: "response: Task.id may be null",
    expected: "breaking",
    apply: (d) => (schemas(d).Task.properties.id.type = ["string", "null"]),
  },
  {
    name: "response: Task.user_id at least 1",
    expected: "harmless",
    apply: (d) => (schemas(d).Task.properties.user_id.minimum = 1),
  },
  {
    name: "parameter behind $ref: offset minimum 0 → 1",
    expected: "breaking",
    apply: (d) => (d.components.parameters.TaskListOffset.schema.minimum = 1),
  },
  {
    name: "parameter behind $ref: limit exclusiveMinimum 0 dropped",
    expected: "harmless",
    apply: (d) => delete d.components.parameters.TaskListLimit.schema.exclusiveMinimum,
  },
  {
    name: "request: enabled must be true (const)",
    expected: "breaking",
    apply: (d) => (schemas(d).ResellerNotificationSettingCreateRequest.properties.enabled.const = true),
  },
  {
    name: "getTask summary reworded",
    expected: "harmless",
    apply: (d) => (op(d, TASK, "get").summary = "Read one task"),
  },
  {
    name: "optional header parameter X-Request-Id added to getTask",
    expected: "harmless",
    apply: (d) =>
      (op(d, TASK, "get").parameters = [{ name: "X-Request-Id", in: "header", schema: { type: "string" } }]),
  },
  {
    name: "response: Task.created_on no longer said to be a date-time",
    expected: "breaking",
    apply: (d) => delete schemas(d).Task.properties.created_on.format,
  },
  {
    name: "response: TaskState NEW renamed QUEUED",
    expected: "breaking",
    apply: (d) => (schemas(d).TaskState.enum[0] = "QUEUED"),
  },
  {
    name: "request: email maxLength dropped",
    expected: "harmless",
    apply: (d) => delete schemas(d).ResellerNotificationSettingCreateRequest.properties.email.maxLength,
  },
  {
    name: "request array: at most 4 interfaces",
    expected: "breaking",
    apply: (d) => (schemas(d).BareMetalServerCreateRequest.properties.interfaces.maxItems = 4),
  },
  {
    name: "response: Task.user_id integer → number",
    expected: "breaking",
    apply: (d) => (schemas(d).Task.properties.user_id.type = "number"),
  },
  {
    name: "request: flavor string → integer",
    expected: "breaking",
    apply: (d) => {
      const flavor = schemas(d).BareMetalServerCreateRequest.properties.flavor;
      flavor.type = "integer";
      flavor.examples = [1];
    },
  },
  {
    name: "response: Task.error at most 1000 characters",
    expected: "harmless",
    apply: (d) => (schemas(d).Task.properties.error.maxLength = 1000),
  },
  {
    name: "the shared not-found response's description reworded",
    expected: "harmless",
    apply: (d) => (d.components.responses.CloudNotFound.description = "No such thing."),
  },
  {
    name: "response: Task.detailed_state without CLUSTER_RESIZE",
    expected: "breaking",
    apply: (d) => {
      const detailed = schemas(d).Task.properties.detailed_state;
      detailed.enum = detailed.enum.filter((v: string) => v !== "CLUSTER_RESIZE");
    },
  },
  {
    name: "response: Task.acknowledged_by no longer nullable",
    expected: "harmless",
    apply: (d) => (schemas(d).Task.properties.acknowledged_by.type = "integer"),
  },
  {
    name: "a new operation: the logs of a task",
    expected: "harmless",
    apply: (d) =>
      (d.paths["/cloud/v1/tasks/{task_id}/logs"] = {
        get: {
          operationId: "listTaskLogs",
          parameters: [{ name: "task_id", in: "path", required: true, schema: { type: "string" } }],
          responses: { "200": { description: "The task's log lines." } },
        },
      }),
  },
  {
    name: "path parameter behind $ref: task_id must look like a UUID",
    expected: "breaking",
    apply: (d) => (d.components.parameters.TaskId.schema.pattern = "^[0-9a-f-]{36}$"),
  },
  {
    name: "response: Task.project_id may also be a string",
    expected: "breaking",
    apply: (d) => (schemas(d).Task.properties.project_id.type = ["integer", "string", "null"]),
  },
  {
    name: "request: enabled defaults to true",
    expected: "harmless",
    apply: (d) => (schemas(d).ResellerNotificationSettingCreateRequest.properties.enabled.default = true),
  },
  {
    name: "response: Task.task_type description reworded",
    expected: "harmless",
    apply: (d) => (schemas(d).Task.properties.task_type.description = "What the task does."),
  },
  {
    name: "parameter behind $ref: offset at most 10000",
    expected: "breaking",
    apply: (d) => (d.components.parameters.TaskListOffset.schema.maximum = 10000),
  },
  {
    name: "parameter behind $ref: limit's default 10 → 20",
    expected: "harmless",
    apply: (d) => (d.components.parameters.TaskListLimit.schema.default = 20),
  },
  {
    name: "getTask 200 answers a new optional header",
    expected: "harmless",
    apply: (d) =>
      (op(d, TASK, "get").responses["200"].headers = {
        "X-RateLimit-Remaining": { schema: { type: "integer" } },
      }),
  },
  {
    name: "response: Task.client_id now always there (required)",
    expected: "harmless",
    apply: (d) => schemas(d).Task.required.push("client_id"),
  },
  {
    name: "request: flavor must start with bm",
    expected: "breaking",
    apply: (d) => (schemas(d).BareMetalServerCreateRequest.properties.flavor.pattern = "^bm"),
  },
  {
    name: "response: Task.user_id no longer required",
    expected: "breaking",
    apply: (d) => {
      schemas(d).Task.required = schemas(d).Task.required.filter((n: string) => n !== "user_id");
    },
  },
  {
    name: "request: CDN sslData no longer nullable",
    expected: "breaking",
    apply: (d) => (schemas(d).CdnCertificateRevokeRequest.properties.sslData.type = "integer"),
  },
  {
    name: "request: CDN sslEnabled no longer required",
    expected: "harmless",
    apply: (d) => (schemas(d).CdnCertificateRevokeRequest.required = ["sslData"]),
  },
  {
    name: "response: price currency_code without AZN",
    expected: "breaking",
    apply: (d) => {
      const currency = schemas(d).InstancePricePreview.properties.currency_code;
      currency.enum = currency.enum.filter((v: string | null) => v !== "AZN");
    },
  },
  {
    name: "request: registry storage_limit at least 1",
    expected: "breaking",
    apply: (d) => (schemas(d).RegistryQuotaCheckRequest.properties.storage_limit.minimum = 1),
  },
  {
    name: "request: registry storage_limit's default dropped",
    expected: "harmless",
    apply: (d) => delete schemas(d).RegistryQuotaCheckRequest.properties.storage_limit.default,
  },
  {
    name: "response: quota baremetal_basic_count_limit removed",
    expected: "breaking",
    apply: (d) => delete schemas(d).QuotaCheckResult.properties.baremetal_basic_count_limit,
  },
  {
    name: "response: plan list next no longer said to be a URI",
    expected: "breaking",
    apply: (d) => delete schemas(d).PlanContentList.properties.next.format,
  },
  {
    name: "request: price preview names at most 63 characters",
    expected: "breaking",
    apply: (d) => (schemas(d).InstancePricePreviewRequest.properties.names.items.maxLength = 63),
  },
  {
    name: "response: plan list count at least 0",
    expected: "harmless",
    apply: (d) => (schemas(d).PlanContentList.properties.count.minimum = 0),
  },
  {
    name: "response: plan list previous description added",
    expected: "harmless",
    apply: (d) => (schemas(d).PlanContentList.properties.previous.description = "The page before, if any."),
  },
  {
    name: "request array: at most 5 allowed address pairs (was 10)",
    expected: "breaking",
    apply: (d) => (schemas(d).AllowedAddressPairsRequest.properties.allowed_address_pairs.maxItems = 5),
  },
  {
    name: "request array: up to 20 allowed address pairs (was 10)",
    expected: "harmless",
    apply: (d) => (schemas(d).AllowedAddressPairsRequest.properties.allowed_address_pairs.maxItems = 20),
  },
  {
    name: "request: an address pair's mac_address no longer nullable",
    expected: "breaking",
    apply: (d) => (schemas(d).AllowedAddressPair.properties.mac_address.type = "string"),
  },
  {
    name: "request: an address pair's mac_address in any case or with dashes",
    expected: "harmless",
    apply: (d) =>
      (schemas(d).AllowedAddressPair.properties.mac_address.pattern =
        "^[0-9A-Fa-f]{2}(?:[:-][0-9A-Fa-f]{2}){5}$"),
  },
  {
    name: "request: an address pair requires mac_address",
    expected: "breaking",
    apply: (d) => schemas(d).AllowedAddressPair.required.push("mac_address"),
  },
  {
    name: "response: plan content comment removed",
    expected: "breaking",
    apply: (d) => {
      const content = schemas(d).PlanContent;
      delete content.properties.comment;
      content.required = content.required.filter((n: string) => n !== "comment");
    },
  },
  {
    name: "response: plan content id integer → string",
    expected: "breaking",
    apply: (d) => (schemas(d).PlanContent.properties.id.type = "string"),
  },
  {
    name: "the replace-address-pairs operation answers 422 too",
    expected: "harmless",
    apply: (d) =>
      (op(d, "/cloud/v2/ports/{project_id}/{region_id}/{port_id}/allow_address_pairs", "put").responses[
        "422"
      ] = {
        description: "The pairs cannot be applied.",
      }),
  },
  {
    name: "the registry quota check answers 201 instead of 200",
    expected: "breaking",
    apply: (d) => {
      const responses = op(d, "/cloud/v1/registries/{project_id}/{region_id}/check_limits", "post").responses;
      responses["201"] = responses["200"];
      delete responses["200"];
    },
  },
  {
    name: "the v2 security-group update's operationId reworded (updateSecurityGroupV2 → patchSecurityGroup)",
    expected: "breaking",
    apply: (d) =>
      (op(d, "/cloud/v2/security_groups/{project_id}/{region_id}/{group_id}", "patch").operationId =
        "patchSecurityGroup"),
  },
];
