import { createCloudClient, paginate } from "@cloud-contract/client";

const client = createCloudClient({ baseUrl: "http://127.0.0.1:4011", apiKey: "sandbox-api-key" });

// Every plan content of two plans, 100 per request (the list's maximum), sorted by product name.
const plans = paginate(client, "/billing/org/v1/plans/contents", {
  params: { query: { plan_id: [317, 318], ordering: ["product_name", "-id"] } },
});
for await (const item of plans) console.log(item.id, item.product?.name, item.price?.money_value);
