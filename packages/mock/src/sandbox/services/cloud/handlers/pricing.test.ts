import { describe, expect, it } from "vitest";
import { useSandbox } from "../../../../test-support/sandbox.js";
import { SANDBOX_FIXTURES as F } from "../../../fixtures/ids.js";
import { PRICES } from "../prices.js";

const ctx = useSandbox();
const params = { project_id: F.projectId, region_id: F.regionId };
const preview = (body: unknown, p: Record<string, number> = params) =>
  ctx.api.call("previewInstancePrice", { params: p, body });
const base = { flavor: F.vmFlavor, interfaces: [{ type: "external" }], names: ["a"] };

describe("instance price preview", () => {
  it("prices the flavor and the external IP from the table, with discount and tax", async () => {
    const res = await preview(base);
    expect(res.status).toBe(200);
    const flavorHour = 0.0312;
    const raw = flavorHour + PRICES.externalIpPerHour;
    const discount = flavorHour * 0.1;
    expect(res.body).toMatchObject({
      currency_code: "EUR",
      price_status: "show",
      vm_count: 1,
      tax_percent: 20,
      discount_details: [{ resource: "flavor", discount: "10.00" }],
      per_hour: { flavor: flavorHour, external_ip: PRICES.externalIpPerHour, floating_ip: 0, volumes: {} },
      per_month: { flavor: 22.78, external_ip: 2.99, floating_ip: 0 },
      per_gb: PRICES.perGb,
    });
    expect(res.body.total_price_per_hour).toBeCloseTo((raw - discount) * 1.2, 4);
    expect(res.body.total_price_per_month).toBeCloseTo((raw - discount) * 1.2 * 730, 2);
    expect(res.body.price_without_discount_per_month).toBeCloseTo(raw * 1.2 * 730, 2);
    expect(Number(res.body.discount_percent)).toBeCloseTo((discount / raw) * 100, 2);
  });

  it("gives equal prices for equal requests", async () => {
    const body = { ...base, volumes: [{ source: "image", size: 40, type_name: "ssd_hiiops" }] };
    const [a, b] = await Promise.all([preview(body), preview(body)]);
    expect(a.body).toEqual(b.body);
  });

  it("multiplies by the number of names or name templates", async () => {
    const one = await preview(base);
    const three = await preview({ ...base, names: ["a", "b", "c"] });
    const templates = await preview({
      ...base,
      names: undefined,
      name_templates: ["x-{ip_octets}", "y", "z"],
    });
    expect(three.body.vm_count).toBe(3);
    expect(three.body.per_hour.flavor).toBeCloseTo(one.body.per_hour.flavor * 3, 6);
    expect(templates.body).toEqual(three.body);
  });

  it("prices new floating IPs and volumes per type; existing ones cost nothing", async () => {
    const res = await preview({
      flavor: F.vmFlavor,
      names: ["a"],
      interfaces: [
        { type: "subnet", network_id: F.networkId, subnet_id: F.subnetId, floating_ip: { source: "new" } },
        {
          type: "any_subnet",
          network_id: F.networkId,
          floating_ip: { source: "existing", existing_floating_id: F.networkId },
        },
      ],
      volumes: [
        { source: "image", size: 10, type_name: "standard" },
        { source: "new-volume", size: 100, type_name: "cold" },
        { source: "new-volume", size: 100 },
        { source: "existing-volume" },
      ],
    });
    expect(res.body.per_hour.floating_ip).toBe(PRICES.floatingIpPerHour);
    expect(res.body.per_hour.external_ip).toBe(0);
    expect(res.body.per_hour.volumes).toEqual({ standard: 110 * 0.00006, cold: 100 * 0.00003 });
  });

  it("answers price_status error with null totals for an unknown flavor", async () => {
    const res = await preview({ ...base, flavor: "x1-imaginary" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      price_status: "error",
      total_price_per_hour: null,
      total_price_per_month: null,
    });
  });

  it("has no discount for project 2", async () => {
    const res = await preview(base, { project_id: F.otherProjectId, region_id: 1 });
    expect(res.body.discount_details).toEqual([]);
    expect(res.body.discount_percent).toBe("0.00");
  });

  it.each([
    ["neither names nor name_templates", { ...base, names: undefined }],
    ["no flavor", { ...base, flavor: undefined }],
    ["an unknown volume type", { ...base, volumes: [{ source: "new-volume", size: 1, type_name: "tape" }] }],
  ])("answers 400 for %s (the schema refuses it)", async (_name, body) => {
    expect((await preview(body)).status).toBe(400);
  });

  it("counts name_templates when names is empty", async () => {
    const res = await preview({ ...base, names: [], name_templates: ["vm-{ip_octets}", "vm2-{ip_octets}"] });
    expect(res.status).toBe(200);
    expect(res.body.vm_count).toBe(2);
  });

  it("prices no instances for empty name lists, refusing nothing the schema accepts", async () => {
    const res = await preview({ ...base, names: [] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ vm_count: 0, total_price_per_hour: 0 });
  });

  it("adds no price for a volume without a size (it takes its image's) and prices the rest", async () => {
    const res = await preview({
      ...base,
      volumes: [{ source: "image" }, { source: "new-volume", size: 10, type_name: "cold" }],
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.per_hour.volumes)).toEqual(["cold"]);
    expect(res.body.per_hour.volumes.cold).toBeCloseTo(10 * PRICES.volumePerGibHour.cold, 6);
  });

  it("prices ssd_local volumes with the flavor: no volume price of their own", async () => {
    const plain = await preview(base);
    const local = await preview({
      ...base,
      volumes: [{ source: "new-volume", size: 50, type_name: "ssd_local" }],
    });
    expect(local.status).toBe(200);
    expect(local.body.per_hour.volumes).toEqual({});
    expect(local.body.total_price_per_hour).toBe(plain.body.total_price_per_hour);
  });
});
