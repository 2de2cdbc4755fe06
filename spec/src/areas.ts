// The area of each operation: `<tag>/<topic>`, lower case. One name everywhere: the sandbox handler
// (`packages/mock/src/sandbox/handlers/<area>.ts`), the contract tests
// (`packages/contract-tests/src/<area>.contract.test.ts`) and the docs group the operation by it.
// A new operation gets its area here; the model's test fails while one has none.
export const OPERATION_AREAS: Readonly<Record<string, string>> = {
  checkRegistryQuota: "cloud/registry",
  listActiveTasks: "cloud/tasks",
  getTask: "cloud/tasks",
  previewInstancePrice: "cloud/pricing",
  updateSecurityGroup: "cloud/security-groups",
  replacePortAllowedAddressPairs: "cloud/ports",
  createBareMetalServers: "cloud/bare-metal",
  listPlanContents: "billing/plan-contents",
  revokeCdnCertificate: "cdn/certificates",
  listResellerNotificationSettings: "iam/notification-settings",
  addResellerNotificationSetting: "iam/notification-settings",
  resetStreamPushToken: "streaming/push-token",
};
