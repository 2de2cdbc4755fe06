import { createCloudClient } from "@cloud-contract/client";

const client = createCloudClient({ apiKey: process.env.CLOUD_API_KEY });

// Tags follow JSON Merge Patch: a string sets a tag, null removes it, absent keys stay as they are.
const { data: group, error } = await client.PATCH(
  "/cloud/v1/securitygroups/{project_id}/{region_id}/{group_id}",
  {
    params: { path: { project_id: 1, region_id: 1, group_id: "2bf3a5d7-9072-40aa-8c3b-5c3b6a6a3f0e" } },
    body: {
      changed_rules: [
        {
          action: "create",
          direction: "ingress",
          ethertype: "IPv4",
          protocol: "tcp",
          port_range_min: 22,
          port_range_max: 22,
          remote_ip_prefix: "203.0.113.0/24",
        },
      ],
      tags: { environment: "production", deprecated_tag: null },
    },
  },
);
if (error) throw new Error(`security group update failed: ${error.message}`);
console.log(group.name, group.tags_v2);
