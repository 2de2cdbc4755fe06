import { createCloudClient, ResponseValidationError } from "@cloud-contract/client";

// Every answer judged by the spec's own validator: an undocumented status or content type, or a body
// that breaks the operation's schema, throws instead of reaching your code ("warn" only logs it).
const checked = createCloudClient({
  baseUrl: "http://127.0.0.1:4011",
  apiKey: "sandbox-api-key",
  validateResponses: "throw",
});
try {
  const { data } = await checked.GET("/billing/org/v1/plans/contents", { params: { query: { limit: 5 } } });
  console.log(data?.results.map((item) => item.product?.name));
} catch (error) {
  if (error instanceof ResponseValidationError)
    console.error(error.operationId, error.status, error.pointer, error.value);
  else throw error;
}
