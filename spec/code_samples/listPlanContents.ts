import { createCloudClient } from "@cloud-contract/client";

const client = createCloudClient({ apiKey: process.env.CLOUD_API_KEY });

const { data, error } = await client.GET("/billing/org/v1/plans/contents", {
  params: {
    query: {
      plan_id: [317],
      currency_char_code: ["EUR"],
      ordering: ["plan_id", "-id"],
      limit: 100,
      offset: 0,
    },
  },
});
if (error) throw new Error(`listing plan contents failed: ${error.message}`);
console.log(`${data.results.length} of ${data.count} priced items; next page: ${data.next ?? "none"}`);
