import { readdir, readFile } from "node:fs/promises";
import { describe, expect, expectTypeOf, it } from "vitest";
import type {
  ApiErrorBody,
  BillingErrorBody,
  CdnErrorBody,
  CloudErrorBody,
  IamErrorBody,
  InstancePricePreviewRequest,
  LiveStream,
  NetworkInterface,
  NetworkInterfaceExternal,
  NetworkInterfaceSubnet,
  OperationId,
  PathTemplate,
  ResellerNotificationSettingCreateRequest,
  SecurityGroupRuleChange,
  StreamingErrorBody,
  Task,
} from "./index.js";
import type { OPERATION_IDS } from "./operation-ids.js";

describe("friendly names", () => {
  it("are generated for every schema of the spec under its own name, and only for schemas", async () => {
    const dir = new URL("../../../spec/components/schemas/", import.meta.url);
    const schemas = (await readdir(dir)).map((f) => f.replace(/\.yaml$/, ""));
    const generated = await readFile(new URL("./schema.ts", import.meta.url), "utf8");
    const aliases = [...generated.matchAll(/^export type (\w+) = components\['(\w+)'\]\['(\w+)'\];$/gm)];
    expect(aliases.map((m) => m[2])).toEqual(aliases.map(() => "schemas"));
    expect(aliases.map((m) => m[3]).sort()).toEqual(schemas.sort());
    for (const [, name, , schema] of aliases) expect(name).toBe(schema);
  });

  it("keep ApiErrorBody as the union of the services' error bodies", () => {
    expectTypeOf<ApiErrorBody>().toEqualTypeOf<
      CloudErrorBody | BillingErrorBody | CdnErrorBody | IamErrorBody | StreamingErrorBody
    >();
    expectTypeOf<CloudErrorBody["message"]>().toEqualTypeOf<string>();
    expectTypeOf<Extract<CdnErrorBody, { message: string }>["status"]>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Extract<StreamingErrorBody, { data: string[] }>["errors"]>().toEqualTypeOf<string[]>();
  });

  it("type the interface variants as a union discriminated by `type`", () => {
    expectTypeOf<NetworkInterface["type"]>().toEqualTypeOf<
      "external" | "subnet" | "any_subnet" | "reserved_fixed_ip"
    >();
    expectTypeOf<Extract<NetworkInterface, { type: "subnet" }>>().toEqualTypeOf<NetworkInterfaceSubnet>();
    expectTypeOf<Extract<NetworkInterface, { type: "external" }>>().toEqualTypeOf<NetworkInterfaceExternal>();
    expectTypeOf<SecurityGroupRuleChange["action"]>().toEqualTypeOf<"create" | "delete">();
  });

  it("keep the keywords the spec adds beside a $ref (the price preview's interface security groups)", () => {
    type PricedInterface = InstancePricePreviewRequest["interfaces"][number];
    expectTypeOf<NonNullable<PricedInterface["security_groups"]>[number]["id"]>().toEqualTypeOf<string>();
    expectTypeOf<PricedInterface["type"]>().toEqualTypeOf<NetworkInterface["type"]>();
    expectTypeOf<Extract<PricedInterface, { type: "subnet" }>["subnet_id"]>().toEqualTypeOf<string>();
  });

  it("keep required and optional fields as the spec says", () => {
    expectTypeOf<Task["id"]>().toEqualTypeOf<string>();
    expectTypeOf<Task["state"]>().toEqualTypeOf<"NEW" | "RUNNING" | "FINISHED" | "ERROR">();
    expectTypeOf<LiveStream["name"]>().toEqualTypeOf<string>();
    expectTypeOf<ResellerNotificationSettingCreateRequest["notification_type"]>().toEqualTypeOf<
      "deletion_request" | "failed_login"
    >();
  });

  it("name the operations and their paths, each operation at one path", () => {
    expectTypeOf<"resetStreamPushToken">().toExtend<OperationId>();
    expectTypeOf<"/streaming/streams/{stream_id}/reset_push_token">().toExtend<PathTemplate>();
    // @ts-expect-error — not an operation of this API
    expectTypeOf<"deleteEverything">().toExtend<OperationId>();
    expectTypeOf<(typeof OPERATION_IDS)[keyof typeof OPERATION_IDS]>().toEqualTypeOf<OperationId>();
  });
});
