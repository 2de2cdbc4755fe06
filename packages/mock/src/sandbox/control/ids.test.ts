import { readFileSync } from "node:fs";
import controlBundle from "@cloud-contract/mock/control/openapi.json" with { type: "json" };
import { describe, expect, it } from "vitest";
import { SANDBOX_FIXTURES as F } from "../fixtures/ids.js";
import { TENANT_IDS, tenantIdsOf } from "./ids.js";

const { Tenant, TenantIds } = controlBundle.components.schemas;

describe("TENANT_IDS", () => {
  it("is the example of the control spec's Tenant: the spec documents the fixture table", () => {
    expect(TENANT_IDS).toEqual(Tenant.examples[0]?.ids);
  });

  it("holds every field of TenantIds, read from the fixture of the same name in camelCase", () => {
    expect(Object.keys(TENANT_IDS).sort()).toEqual([...TenantIds.required].sort());
    expect(TENANT_IDS.security_group_id).toBe(F.securityGroupId);
    expect(TENANT_IDS.cdn_resource_without_certificate_id).toBe(F.cdnResourceWithoutCertificateId);
    expect(TENANT_IDS.running_task_ids).toEqual(F.runningTaskIds);
  });

  it("follows the table it is given, and copies its arrays", () => {
    const ids = tenantIdsOf({ ...F, projectId: 7, runningTaskIds: ["t-1"] });
    expect(ids.project_id).toBe(7);
    expect(ids.running_task_ids).toEqual(["t-1"]);
    ids.running_task_ids.push("t-2");
    expect(TENANT_IDS.running_task_ids).toEqual(F.runningTaskIds);
  });

  it("is each shown in the README's fixture table", () => {
    const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
    const table = readme.slice(readme.indexOf("## Fixtures"), readme.indexOf("## What the sandbox does"));
    const missing = Object.entries(TENANT_IDS)
      .flatMap(([field, value]) => [value].flat().map((id) => [field, `\`${id}\``]))
      .filter(([, shown]) => !table.includes(shown as string));
    expect(missing).toEqual([]);
  });
});
