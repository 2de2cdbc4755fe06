// The probe of what a creation's task says it is building: its `data` names the SSH key pair the creation
// sent, or null when it sent none (a key absent from `data` is allowed: none of them is always there).
import { objectOf, stringsOf } from "../json-fields.js";
import { fail, fresh, type Probe, sample, succeed, withBody } from "./probe-kit.js";
import { fillPath } from "./samples.js";

export const taskData: Probe = async (world, b) => {
  // A key pair of a fresh name exists only where nothing checks it: on a sandbox.
  if (!world.control) return;
  const from = b.from ?? "createBareMetalServers";
  const base = await sample(world, from);
  const key = fresh("probe-key-");
  for (const sent of [key, undefined]) {
    const body = { ...objectOf(base.body), ssh_key_name: sent };
    const tasks = stringsOf((await succeed(world, b, withBody(base, body))).tasks);
    for (const id of tasks) {
      const path = fillPath(world.operation("getTask"), { task_id: id });
      const task = await succeed(world, b, { operationId: "getTask", method: "GET", path, query: [] });
      const data = objectOf(task.data);
      if ("keypair_name" in data && data.keypair_name !== (sent ?? null))
        fail(
          b,
          `a creation with ssh_key_name ${JSON.stringify(sent ?? null)} has a task whose keypair_name is ${JSON.stringify(data.keypair_name)}`,
        );
    }
  }
};
