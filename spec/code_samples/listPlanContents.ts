import { createCloudClient } from "@cloud-contract/client";

// The local sandbox (pnpm sandbox); for production, drop baseUrl and pass your own API key.
const client = createCloudClient({ baseUrl: "http://127.0.0.1:4011", apiKey: "sandbox-api-key" });

const { data, error } = await client.GET("/billing/org/v1/plans/contents", {
  params: {
    query: {
      plan_id: [317],
      currency_char_code: ["USD"],
      ordering: ["plan_id", "-id"],
      limit: 100,
      offset: 0,
    },
  },
});
if (error) throw new Error(`listing plan contents failed: ${error.message}`);
console.log(`${data.results.length} of ${data.count} priced items; next page: ${data.next ?? "none"}`);
