# Rename the group and patch its tags (JSON Merge Patch: a string sets a tag, null removes it).
curl -X PATCH "http://127.0.0.1:4011/cloud/v1/securitygroups/1/1/2bf3a5d7-9072-40aa-8c3b-5c3b6a6a3f0e" \
  -H "Authorization: apikey sandbox-api-key" \
  -H "Content-Type: application/json" \
  -d '{
  "name": "web-servers",
  "tags": { "environment": "production", "deprecated_tag": null }
}'
