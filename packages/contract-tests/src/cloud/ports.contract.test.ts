import { replacePortAllowedAddressPairsAndWait } from "@cloud-contract/client";
import type { AllowedAddressPair } from "@cloud-contract/types";
import { describe, expect, it } from "vitest";
import { needMutations, needState } from "../suite/gates.js";
import { useHarness } from "../suite/harness.js";
import { type NegativeCase, rejects } from "../suite/negative.js";
import { projectRegion } from "../suite/requests.js";

const h = useHarness();
const PAIRS = "/cloud/v2/ports/{project_id}/{region_id}/{port_id}/allow_address_pairs";
const CHANGE = "the port's allowed address pairs (they cannot be read back, so they are not restored)";
const FAST_POLL = { intervalMs: 50, maxIntervalMs: 500, timeoutMs: 20_000 };

const put = (body: Record<string, unknown>) =>
  h.client.PUT(PAIRS, {
    params: { path: { ...projectRegion(h.ctx), port_id: h.ctx.ids.portId } },
    body: body as never,
  });

/** `count` distinct pairs: 192.0.2.1, 192.0.2.2, … */
const pairs = (count: number): AllowedAddressPair[] =>
  Array.from({ length: count }, (_, i) => ({
    ip_address: `192.0.2.${i + 1}`,
    mac_address: "00:16:3e:f2:87:16",
  }));

describe(h.label("replacePortAllowedAddressPairs"), () => {
  const shapes = [
    { name: "one pair", body: { allowed_address_pairs: pairs(1) } },
    { name: "ten pairs (the maximum)", body: { allowed_address_pairs: pairs(10) } },
    {
      name: "CIDR ranges without a MAC address",
      body: { allowed_address_pairs: [{ ip_address: "10.0.0.0/24" }, { ip_address: "2001:db8::/64" }] },
    },
    { name: "no pairs (clears them)", body: { allowed_address_pairs: [] } },
  ];
  for (const { name, body } of shapes) {
    it(`answers 200 with task ids to ${name}`, async (t) => {
      needMutations(t, h.ctx, CHANGE);
      const { tasks } = await h.ok("replacePortAllowedAddressPairs", put(body));
      expect(tasks.length).toBeGreaterThan(0);
    });
  }

  rejects(h, [
    {
      name: "an ip_address that is neither an address nor a CIDR range",
      operationId: "replacePortAllowedAddressPairs",
      call: () => put({ allowed_address_pairs: [{ ip_address: "not-an-ip" }] }),
    },
  ] satisfies NegativeCase[]);
});

describe("port address pairs (behaviour): replacePortAllowedAddressPairs → waitForTasks", () => {
  it("the replacement's tasks finish (replacePortAllowedAddressPairsAndWait)", async (t) => {
    needState(t, h.ctx);
    needMutations(t, h.ctx, CHANGE);
    const done = await replacePortAllowedAddressPairsAndWait(
      h.client,
      {
        params: { path: { ...projectRegion(h.ctx), port_id: h.ctx.ids.portId } },
        body: { allowed_address_pairs: pairs(2) },
      },
      FAST_POLL,
    );
    expect(done.length).toBeGreaterThan(0);
    for (const task of done) {
      expect(task).toMatchObject({ state: "FINISHED", task_type: "update_port_allowed_address_pairs" });
    }
  });
});
