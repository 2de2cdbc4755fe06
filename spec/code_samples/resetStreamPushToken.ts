import { createCloudClient } from "@cloud-contract/client";

// The local sandbox (pnpm sandbox); for production, drop baseUrl and pass your own API key.
const client = createCloudClient({ baseUrl: "http://127.0.0.1:4011", apiKey: "sandbox-api-key" });

// Issues a new push token: every push URL of the stream changes, the old token stops working.
const { data, error, response } = await client.POST("/streaming/streams/{stream_id}/reset_push_token", {
  params: { path: { stream_id: 1352417 } },
});
if (error) throw new Error(`resetting the push token failed: ${error.message}`);
if (response.status === 202) {
  // 202: the token changed, but the running ingest could not be stopped - restart the encoder by hand.
  console.log("restart the stream by hand:", "message" in data ? data.message : "");
} else if ("push_url" in data) {
  console.log("new push URL:", data.push_url);
}
