import type { BareMetalServerCreateRequest, NetworkInterface, TaskIdList } from "@cloud-contract/types";
import { assertRoom } from "../../../handlers/common.js";
import type { Random } from "../../../random.js";
import type { Instance, Port } from "../shapes.js";
import type { CloudHandler, CloudTenant } from "../tenant.js";
import { projectRegion } from "./project-region.js";

/**
 * POST /cloud/v1/bminstances/{project_id}/{region_id} — starts a `create_bm` task. It finishes with the
 * new instance and one port per interface in `created_resources`, or ends in ERROR when the flavor is not
 * a known bare metal flavor or the image / application template / an interface's network is unknown.
 */
export const createBareMetalServers: CloudHandler<"createBareMetalServers"> = (ctx) => {
  const { projectId, regionId } = projectRegion(ctx.app, ctx.params);
  const request = ctx.body;
  const store = ctx.app;
  assertRoom(store, { tasks: 1, instances: 1, ports: request.interfaces.length });
  const instanceId = store.random.uuid();
  const name =
    request.name ?? renderTemplate(request.name_template, store.random) ?? `bm-${instanceId.slice(0, 8)}`;
  const problem = creationProblem(store, request);
  const outcome = problem
    ? ({ state: "ERROR", error: problem } as const)
    : ({
        state: "FINISHED",
        effect: buildEffect(store, request, instanceId, name, projectId, regionId),
      } as const);
  const task = store.parts.cloud.scheduler.start(
    {
      task_type: "create_bm",
      project_id: projectId,
      region_id: regionId,
      request_id: ctx.requestId,
      data: {
        name,
        flavor_name: request.flavor,
        keypair_name: request.ssh_key_name ?? null,
        network_config: { interfaces: request.interfaces },
        security_groups: null,
      },
    },
    outcome,
  );
  const body: TaskIdList = { tasks: [task.id] };
  return { status: 200, body };
};

/** Why the creation will fail, or undefined when it will finish. */
function creationProblem(store: CloudTenant, request: BareMetalServerCreateRequest): string | undefined {
  const flavor = store.reference.cloud.flavors.get(request.flavor);
  if (!flavor) return `Flavor ${request.flavor} does not exist in this region.`;
  if (flavor.kind !== "baremetal") return `Flavor ${request.flavor} is not a bare metal flavor.`;
  if (request.image_id !== undefined && !store.reference.cloud.images.has(request.image_id)) {
    return `Image ${request.image_id} does not exist in this region.`;
  }
  if (
    request.apptemplate_id !== undefined &&
    !store.reference.cloud.appTemplates.has(request.apptemplate_id)
  ) {
    return `Application template ${request.apptemplate_id} does not exist.`;
  }
  for (const iface of request.interfaces) {
    if ("network_id" in iface && !store.reference.cloud.networks.has(iface.network_id)) {
      return `Network ${iface.network_id} does not exist in this region.`;
    }
  }
  return undefined;
}

function buildEffect(
  store: CloudTenant,
  request: BareMetalServerCreateRequest,
  instanceId: string,
  name: string,
  projectId: number,
  regionId: number,
): { kind: "createBareMetal"; instance: Instance; ports: Port[] } {
  const ports = request.interfaces.map((iface) =>
    newPort(store.random, iface, instanceId, projectId, regionId),
  );
  const instance: Instance = {
    id: instanceId,
    name,
    project_id: projectId,
    region_id: regionId,
    flavor: request.flavor,
    image_id: request.image_id ?? null,
    apptemplate_id: request.apptemplate_id ?? null,
    status: "BUILD",
    created_at: new Date(store.now()).toISOString(),
    port_ids: ports.map((p) => p.id),
  };
  return { kind: "createBareMetal", instance, ports };
}

function newPort(
  random: Random,
  iface: NetworkInterface,
  instanceId: string,
  projectId: number,
  regionId: number,
): Port {
  const mac = ["fa", "16", "3e", random.hex(2), random.hex(2), random.hex(2)].join(":");
  return {
    id: random.uuid(),
    project_id: projectId,
    region_id: regionId,
    network_id: "network_id" in iface ? iface.network_id : "external",
    instance_id: instanceId,
    mac_address: mac,
    ip_address: `10.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(2, 254)}`,
    allowed_address_pairs: [],
  };
}

function renderTemplate(template: string | undefined, random: Random): string | undefined {
  if (template === undefined) return undefined;
  const octets = [random.int(0, 255), random.int(0, 255), random.int(2, 254)];
  return template
    .replaceAll("{ip_octets}", octets.join("-"))
    .replaceAll("{two_ip_octets}", octets.slice(1).join("-"))
    .replaceAll("{one_ip_octet}", String(octets[2]));
}
