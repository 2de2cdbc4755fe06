// The scripted flow the snapshot tests take a snapshot after, and the read calls whose answers must come back
// the same from a world restored from it.
import { SANDBOX_FIXTURES as F } from "../sandbox/fixtures/ids.js";

/** One call: its method, path (with query) and JSON body. */
export interface FlowCall {
  method: string;
  path: string;
  body?: unknown;
}

/** Sends a call with a key and answers its status, body text and parsed body. */
export type Caller = (call: FlowCall) => Promise<{ status: number; text: string; json: unknown }>;

/**
 * On a manual clock: creates a bare metal server and finishes its task, updates the security group, adds two
 * notification settings, and leaves a task of the port's pairs running (it ends 5 s of the clock later).
 * Answers the created task's id.
 */
export async function runScriptedFlow(call: Caller, control: Caller): Promise<{ bareMetalTaskId: string }> {
  const expectOk = async (what: Promise<{ status: number; text: string; json: unknown }>) => {
    const answer = await what;
    if (answer.status >= 300) throw new Error(`the flow's call answered ${answer.status}: ${answer.text}`);
    return answer.json as Record<string, unknown>;
  };
  await expectOk(control({ method: "POST", path: "/__sandbox/clock", body: { mode: "manual" } }));
  const created = await expectOk(
    call({
      method: "POST",
      path: `/cloud/v1/bminstances/${F.projectId}/${F.regionId}`,
      body: {
        flavor: F.bareMetalFlavor,
        image_id: F.imageId,
        interfaces: [
          { type: "external" },
          { type: "subnet", network_id: F.networkId, subnet_id: F.subnetId },
        ],
      },
    }),
  );
  const bareMetalTaskId = (created.tasks as string[])[0] as string;
  await expectOk(
    control({
      method: "POST",
      path: `/__sandbox/tasks/${bareMetalTaskId}/complete`,
      body: { state: "FINISHED" },
    }),
  );
  await expectOk(
    call({
      method: "PATCH",
      path: `/cloud/v1/securitygroups/${F.projectId}/${F.regionId}/${F.securityGroupId}`,
      body: {
        name: "web-servers-restored",
        tags: { environment: "staging", owner: "snapshots" },
        changed_rules: [
          {
            action: "create",
            direction: "ingress",
            ethertype: "IPv4",
            protocol: "tcp",
            port_range_min: 22,
            port_range_max: 22,
            remote_ip_prefix: "10.0.0.0/8",
          },
        ],
      },
    }),
  );
  for (const [type, email] of [
    ["deletion_request", "restore@acme.example"],
    ["failed_login", "audit@acme.example"],
  ]) {
    await expectOk(
      call({
        method: "POST",
        path: `/iam/reselling/resellers/${F.resellerId}/notification_settings`,
        body: { notification_type: type, email },
      }),
    );
  }
  await expectOk(
    call({
      method: "PUT",
      path: `/cloud/v2/ports/${F.projectId}/${F.regionId}/${F.portId}/allow_address_pairs`,
      body: { allowed_address_pairs: [{ ip_address: "192.168.10.0/24" }] },
    }),
  );
  return { bareMetalTaskId };
}

/** The twelve read calls compared between a world and its restored copy. */
export const readCalls = (bareMetalTaskId: string): FlowCall[] => [
  { method: "GET", path: `/cloud/v1/tasks/${bareMetalTaskId}` },
  { method: "GET", path: `/cloud/v1/tasks/${F.finishedTaskId}` },
  { method: "GET", path: `/cloud/v1/tasks/${F.runningTaskIds[0]}` },
  { method: "GET", path: `/cloud/v1/tasks/${F.projectId}/${F.regionId}/active` },
  { method: "GET", path: `/cloud/v1/tasks/${F.projectId}/${F.regionId}/active?limit=1&offset=1` },
  { method: "GET", path: `/iam/reselling/resellers/${F.resellerId}/notification_settings` },
  {
    method: "GET",
    path: `/iam/reselling/resellers/${F.resellerId}/notification_settings?ordering=-id&limit=2`,
  },
  { method: "GET", path: `/iam/reselling/resellers/${F.otherResellerId}/notification_settings` },
  { method: "GET", path: "/billing/org/v1/plans/contents?limit=3" },
  {
    method: "POST",
    path: `/cloud/v1/registries/${F.projectId}/${F.regionId}/check_limits`,
    body: { storage_limit: 2000 },
  },
  { method: "GET", path: "/__sandbox/state" },
  { method: "GET", path: "/__sandbox/clock" },
];
