import { createCloudClient } from "@cloud-contract/client";

// The local sandbox (pnpm sandbox); for production, drop baseUrl and pass your own API key.
const client = createCloudClient({ baseUrl: "http://127.0.0.1:4011", apiKey: "sandbox-api-key" });

const params = { path: { project_id: 1, region_id: 1, group_id: "2bf3a5d7-9072-40aa-8c3b-5c3b6a6a3f0e" } };

// Open SSH to an office network and patch the tags (JSON Merge Patch: a string sets a tag, null removes it).
const { data: group, error } = await client.PATCH(
  "/cloud/v1/securitygroups/{project_id}/{region_id}/{group_id}",
  {
    params,
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

// A rule is removed by its id: close SSH again (a group refuses a second rule with the same properties).
const ssh = group.security_group_rules?.find((rule) => rule.remote_ip_prefix === "203.0.113.0/24");
if (ssh?.id) {
  const { error: closing } = await client.PATCH(
    "/cloud/v1/securitygroups/{project_id}/{region_id}/{group_id}",
    {
      params,
      body: { changed_rules: [{ action: "delete", security_group_rule_id: ssh.id }] },
    },
  );
  if (closing) throw new Error(`removing the rule failed: ${closing.message}`);
}
