import type { NetworkInterface } from "@cloud-contract/types";
import { describe, expect, it, type TestContext } from "vitest";
import type { ContractContext } from "../context.js";
import { needFixture } from "../suite/gates.js";
import { useHarness } from "../suite/harness.js";
import { type NegativeCase, rejects } from "../suite/negative.js";
import { projectRegion } from "../suite/requests.js";

const h = useHarness();
const PRICING = "/cloud/v2/pricing/{project_id}/{region_id}/instances";

/** Sends any body, well-formed or not: negative cases break the request type on purpose. */
const preview = (body: Record<string, unknown>) =>
  h.client.POST(PRICING, { params: { path: projectRegion(h.ctx) }, body: body as never });

/** One interface of each variant of the discriminated union (type = external | subnet | any_subnet | reserved_fixed_ip). */
const VARIANTS: Array<{
  type: NetworkInterface["type"];
  make: (t: TestContext, ctx: ContractContext) => NetworkInterface;
}> = [
  { type: "external", make: () => ({ type: "external", ip_family: "ipv4", interface_name: "eth0" }) },
  {
    type: "subnet",
    make: (t, ctx) => ({
      type: "subnet",
      network_id: needFixture(t, ctx, "networkId"),
      subnet_id: needFixture(t, ctx, "subnetId"),
      floating_ip: { source: "new" },
    }),
  },
  {
    type: "any_subnet",
    make: (t, ctx) => ({
      type: "any_subnet",
      network_id: needFixture(t, ctx, "networkId"),
      ip_family: "dual",
    }),
  },
  { type: "reserved_fixed_ip", make: (_t, ctx) => ({ type: "reserved_fixed_ip", port_id: ctx.ids.portId }) },
];

describe(h.label("previewInstancePrice"), () => {
  for (const { type, make } of VARIANTS) {
    it(`answers 200 for an interface of type ${type}`, async (t) => {
      const flavor = needFixture(t, h.ctx, "instanceFlavor");
      const price = await h.ok(
        "previewInstancePrice",
        preview({ flavor, interfaces: [make(t, h.ctx)], names: ["contract-a"] }),
      );
      if (h.ctx.stateful) expect(price.vm_count ?? 1).toBe(1);
    });
  }

  it("answers 200 for name templates and volumes, pricing one instance per template", async (t) => {
    const flavor = needFixture(t, h.ctx, "instanceFlavor");
    const price = await h.ok(
      "previewInstancePrice",
      preview({
        flavor,
        interfaces: [{ type: "external" }],
        name_templates: ["web-{ip_octets}", "db-{ip_octets}"],
        volumes: [{ source: "new-volume", size: 20, type_name: "ssd_hiiops" }],
      }),
    );
    if (h.ctx.stateful) expect(price.vm_count ?? 2).toBe(2);
  });

  rejects(h, [
    {
      name: "neither names nor name_templates",
      operationId: "previewInstancePrice",
      call: () => preview({ flavor: "g1-standard-2-4", interfaces: [{ type: "external" }] }),
    },
    {
      name: "an interface of an unknown type",
      operationId: "previewInstancePrice",
      call: () => preview({ flavor: "g1-standard-2-4", interfaces: [{ type: "vpn" }], names: ["a"] }),
    },
    {
      name: "a volume source outside its enum",
      operationId: "previewInstancePrice",
      call: () =>
        preview({
          flavor: "g1-standard-2-4",
          interfaces: [{ type: "external" }],
          names: ["a"],
          volumes: [{ source: "floppy", size: 1 }],
        }),
    },
  ] satisfies NegativeCase[]);
});
