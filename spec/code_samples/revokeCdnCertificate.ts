import { createCloudClient } from "@cloud-contract/client";

const client = createCloudClient({ apiKey: process.env.CLOUD_API_KEY });

// Unlinks the certificate from CDN resource 220 and switches HTTPS delivery off.
const { error } = await client.PATCH("/cdn/resources/{res_id}", {
  params: { path: { res_id: 220 } },
  body: { sslData: null, sslEnabled: false },
});
if (error) throw new Error(`revoking the certificate failed: ${error.message}`);
console.log("certificate revoked");
