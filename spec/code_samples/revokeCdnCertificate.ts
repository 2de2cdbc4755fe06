import { createCloudClient } from "@cloud-contract/client";

// The local sandbox (pnpm sandbox); for production, drop baseUrl and pass your own API key.
const client = createCloudClient({ baseUrl: "http://127.0.0.1:4011", apiKey: "sandbox-api-key" });

// Unlinks the certificate from CDN resource 220 and switches HTTPS delivery off.
const { error } = await client.PATCH("/cdn/resources/{res_id}", {
  params: { path: { res_id: 220 } },
  body: { sslData: null, sslEnabled: false },
});
if (error) throw new Error(`revoking the certificate failed: ${error.message}`);
console.log("certificate revoked");
