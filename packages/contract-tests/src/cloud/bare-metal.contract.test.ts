import type { NetworkInterface } from "@cloud-contract/types";
import { describe, expect, it } from "vitest";
import { needFixture, needMutations } from "../suite/gates.js";
import { useHarness } from "../suite/harness.js";
import { longText, type NegativeCase, rejects } from "../suite/negative.js";
import { projectRegion } from "../suite/requests.js";

const h = useHarness();
const BM = "/cloud/v1/bminstances/{project_id}/{region_id}";
const CHANGE = "billable bare metal servers (never deleted by the suite)";
const IMAGE = "b5b4d65d-945f-4b98-ab6f-332319c724ef";
const EXTERNAL: NetworkInterface = { type: "external" };

const create = (body: Record<string, unknown>) =>
  h.client.POST(BM, { params: { path: projectRegion(h.ctx) }, body: body as never });

describe(h.label("createBareMetalServers"), () => {
  it("answers 200 with task ids for a server from an image", async (t) => {
    needMutations(t, h.ctx, CHANGE);
    const flavor = needFixture(t, h.ctx, "bareMetalFlavor");
    const imageId = needFixture(t, h.ctx, "imageId");
    const { tasks } = await h.ok(
      "createBareMetalServers",
      create({
        flavor,
        image_id: imageId,
        interfaces: [EXTERNAL],
        name: "contract-image",
        tags: { suite: "contract" },
      }),
    );
    expect(tasks.length).toBeGreaterThan(0);
  });

  it("answers 200 with task ids for a server from an application template, named by a template", async (t) => {
    needMutations(t, h.ctx, CHANGE);
    const flavor = needFixture(t, h.ctx, "bareMetalFlavor");
    const appTemplateId = needFixture(t, h.ctx, "appTemplateId");
    const { tasks } = await h.ok(
      "createBareMetalServers",
      create({
        flavor,
        apptemplate_id: appTemplateId,
        interfaces: [EXTERNAL],
        name_template: "contract-{ip_octets}",
        app_config: {},
      }),
    );
    expect(tasks.length).toBeGreaterThan(0);
  });

  rejects(h, [
    {
      name: "neither image_id nor apptemplate_id",
      operationId: "createBareMetalServers",
      call: () => create({ flavor: "bm1-infrastructure-small", interfaces: [EXTERNAL] }),
    },
    {
      name: "a 256-character tag key",
      operationId: "createBareMetalServers",
      call: () =>
        create({
          flavor: "bm1-infrastructure-small",
          image_id: IMAGE,
          interfaces: [EXTERNAL],
          tags: { [longText(256)]: "v" },
        }),
    },
    {
      name: "a 256-character tag value",
      operationId: "createBareMetalServers",
      call: () =>
        create({
          flavor: "bm1-infrastructure-small",
          image_id: IMAGE,
          interfaces: [EXTERNAL],
          tags: { k: longText(256, "v") },
        }),
    },
    {
      name: "an interface of an unknown type",
      operationId: "createBareMetalServers",
      call: () =>
        create({ flavor: "bm1-infrastructure-small", image_id: IMAGE, interfaces: [{ type: "vpn" }] }),
    },
    {
      name: "a floating IP source outside its enum",
      operationId: "createBareMetalServers",
      call: () =>
        create({
          flavor: "bm1-infrastructure-small",
          image_id: IMAGE,
          interfaces: [
            {
              type: "subnet",
              network_id: "6b9a3f1e-2c4d-4e8f-9a0b-1c2d3e4f5a6b",
              subnet_id: "7c0b4e2f-3d5e-4f9a-8b1c-2d3e4f5a6b7c",
              floating_ip: { source: "borrowed" },
            },
          ],
        }),
    },
    {
      name: "an image_id that is not a UUID",
      operationId: "createBareMetalServers",
      call: () => create({ flavor: "bm1-infrastructure-small", image_id: "ubuntu", interfaces: [EXTERNAL] }),
    },
    {
      name: "user_data that is not base64",
      operationId: "createBareMetalServers",
      call: () =>
        create({
          flavor: "bm1-infrastructure-small",
          image_id: IMAGE,
          interfaces: [EXTERNAL],
          user_data: "#!/bin/sh\necho hi",
        }),
    },
  ] satisfies NegativeCase[]);
});
