# An address receives each notification type once: a new address on every run.
curl -X POST "http://127.0.0.1:4011/iam/reselling/resellers/1020/notification_settings" \
  -H "Authorization: apikey sandbox-api-key" \
  -H "Content-Type: application/json" \
  -d '{
  "notification_type": "failed_login",
  "email": "security-'"$(date +%s)"'@reseller.example.com",
  "enabled": true
}'
