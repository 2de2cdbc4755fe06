import { createCloudClient, waitForTasks } from "@cloud-contract/client";

// The local sandbox (pnpm sandbox); for production, drop baseUrl and pass your own API key.
const client = createCloudClient({ baseUrl: "http://127.0.0.1:4011", apiKey: "sandbox-api-key" });

// `rules` is the whole rule set wanted: rules left out are removed, so the group keeps egress and HTTPS open
// and gains SSH from an office network. A request that changes nothing starts no task (`tasks` is empty).
const { data, error } = await client.PATCH("/cloud/v2/security_groups/{project_id}/{region_id}/{group_id}", {
  params: { path: { project_id: 1, region_id: 1, group_id: "2bf3a5d7-9072-40aa-8c3b-5c3b6a6a3f0e" } },
  body: {
    name: "web-servers",
    rules: [
      { direction: "egress", ethertype: "IPv4" },
      {
        direction: "ingress",
        ethertype: "IPv4",
        protocol: "tcp",
        port_range_min: 443,
        port_range_max: 443,
        remote_ip_prefix: "0.0.0.0/0",
      },
      {
        direction: "ingress",
        ethertype: "IPv4",
        protocol: "tcp",
        port_range_min: 22,
        port_range_max: 22,
        remote_ip_prefix: "198.51.100.0/24",
      },
    ],
    tags: { environment: "production" },
  },
});
if (error) throw new Error(`security group update failed: ${error.message}`);
await waitForTasks(client, data.tasks);
console.log("security group updated");
