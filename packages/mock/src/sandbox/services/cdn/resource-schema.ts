// The JSON Schema of a CDN resource as the sandbox keeps it (./shapes.ts): no operation answers one whole, so
// a snapshot or seed is checked against this.

export const CDN_RESOURCE_SCHEMA = {
  type: "object",
  required: [
    "id",
    "name",
    "cname",
    "active",
    "status",
    "sslEnabled",
    "sslData",
    "sslAutomated",
    "created",
    "updated",
  ],
  properties: {
    id: { type: "integer", minimum: 1 },
    name: { type: "string" },
    cname: { type: "string", minLength: 1 },
    active: { type: "boolean" },
    status: { type: "string", enum: ["active", "suspended", "processed", "deleted"] },
    sslEnabled: { type: "boolean" },
    sslData: { type: ["integer", "null"] },
    sslAutomated: { type: "boolean" },
    created: { type: "string", format: "date-time" },
    updated: { type: "string", format: "date-time" },
  },
  additionalProperties: false,
} as const;
