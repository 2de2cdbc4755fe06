import { createCloudClient } from "@cloud-contract/client";

// The local sandbox (pnpm sandbox); for production, drop baseUrl and pass your own API key.
const client = createCloudClient({ baseUrl: "http://127.0.0.1:4011", apiKey: "sandbox-api-key" });

// Price two instances before creating them: one public and one private interface, two volumes.
const { data, error } = await client.POST("/cloud/v2/pricing/{project_id}/{region_id}/instances", {
  params: { path: { project_id: 1, region_id: 1 } },
  body: {
    flavor: "g1-standard-2-4",
    names: ["web-1", "web-2"],
    interfaces: [
      { type: "external", ip_family: "ipv4" },
      {
        type: "subnet",
        network_id: "6b9a3f1e-2c4d-4e8f-9a0b-1c2d3e4f5a6b",
        subnet_id: "2731a56e-a5c9-44be-80c2-02c57c594573",
      },
    ],
    volumes: [
      {
        source: "image",
        image_id: "b5b4d65d-945f-4b98-ab6f-332319c724ef",
        size: 20,
        type_name: "ssd_hiiops",
      },
      { source: "new-volume", size: 100, type_name: "standard" },
    ],
  },
});
if (error) throw new Error(`price preview failed: ${error.message}`);
console.log(data);
