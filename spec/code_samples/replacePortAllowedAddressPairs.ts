import { createCloudClient, waitForTasks } from "@cloud-contract/client";

// The local sandbox (pnpm sandbox); for production, drop baseUrl and pass your own API key.
const client = createCloudClient({ baseUrl: "http://127.0.0.1:4011", apiKey: "sandbox-api-key" });

// Replaces the whole list (an empty list clears it); the change runs as an asynchronous task.
const { data, error } = await client.PUT(
  "/cloud/v2/ports/{project_id}/{region_id}/{port_id}/allow_address_pairs",
  {
    params: { path: { project_id: 1, region_id: 1, port_id: "1f0ca628-a73b-42c0-bdac-7b10d023e097" } },
    body: {
      allowed_address_pairs: [
        { ip_address: "192.168.123.20", mac_address: "00:16:3e:f2:87:16" },
        { ip_address: "10.0.5.0/24" },
      ],
    },
  },
);
if (error) throw new Error(`replacing address pairs failed: ${error.message}`);
await waitForTasks(client, data.tasks);
console.log("address pairs replaced");
