// A consumer's MSW setup, compiled and run from the packages installed from a registry with msw@2 from npm (see
// src/consumer.consumer.test.ts): the client, with no baseUrl, is answered by the in-process sandbox through MSW.
import { createCloudClient } from "@cloud-contract/client";
import { createSandbox } from "@cloud-contract/mock/in-process";
import { sandboxHandlers } from "@cloud-contract/mock/msw";
import { setupServer } from "msw/node";

const sandbox = createSandbox();
const server = setupServer(...sandboxHandlers(sandbox));
server.listen({ onUnhandledRequest: "error" });
try {
  const client = createCloudClient({ apiKey: "sandbox-api-key" });
  const { data, response } = await client.GET("/cloud/v1/tasks/{project_id}/{region_id}/active", {
    params: { path: { project_id: 1, region_id: 1 } },
  });
  console.log(JSON.stringify({ status: response.status, url: response.url, count: data?.count }));
} finally {
  server.close();
  await sandbox.close();
}
