// JSON Schemas of the cloud entities no operation answers whole (a snapshot or seed is checked against them);
// they follow the shapes of ./shapes.ts.

const id = { type: "string", minLength: 1 } as const;
const positive = { type: "integer", minimum: 1 } as const;

export const PORT_SCHEMA = {
  type: "object",
  required: [
    "id",
    "project_id",
    "region_id",
    "network_id",
    "instance_id",
    "mac_address",
    "ip_address",
    "allowed_address_pairs",
  ],
  properties: {
    id,
    project_id: positive,
    region_id: positive,
    network_id: id,
    instance_id: { type: ["string", "null"] },
    mac_address: { type: "string", pattern: "^[0-9a-f]{2}(:[0-9a-f]{2}){5}$" },
    ip_address: { type: "string", minLength: 1 },
    allowed_address_pairs: { type: "array", items: { $ref: "#/components/schemas/AllowedAddressPair" } },
  },
  additionalProperties: false,
} as const;

export const INSTANCE_SCHEMA = {
  type: "object",
  required: [
    "id",
    "name",
    "project_id",
    "region_id",
    "flavor",
    "image_id",
    "apptemplate_id",
    "status",
    "created_at",
    "port_ids",
  ],
  properties: {
    id,
    name: { type: "string" },
    project_id: positive,
    region_id: positive,
    flavor: id,
    image_id: { type: ["string", "null"] },
    apptemplate_id: { type: ["string", "null"] },
    status: { type: "string", enum: ["BUILD", "ACTIVE", "ERROR", "SHUTOFF", "DELETED"] },
    created_at: { type: "string", format: "date-time" },
    port_ids: { type: "array", items: id },
  },
  additionalProperties: false,
} as const;

/** How a running task will end (a `TaskPlan`'s outcome): finished with its effect, or in error. */
export const TASK_OUTCOME_SCHEMA = {
  type: "object",
  required: ["state"],
  properties: { state: { type: "string", enum: ["FINISHED", "ERROR"] } },
  oneOf: [
    {
      required: ["state", "effect"],
      properties: {
        state: { const: "FINISHED" },
        effect: {
          type: "object",
          oneOf: [
            {
              required: ["kind", "instance", "ports"],
              properties: {
                kind: { const: "createBareMetal" },
                instance: INSTANCE_SCHEMA,
                ports: { type: "array", items: PORT_SCHEMA },
              },
              additionalProperties: false,
            },
            {
              required: ["kind", "portId", "pairs"],
              properties: {
                kind: { const: "setAllowedAddressPairs" },
                portId: id,
                pairs: { type: "array", items: { $ref: "#/components/schemas/AllowedAddressPair" } },
              },
              additionalProperties: false,
            },
          ],
        },
      },
      additionalProperties: false,
    },
    {
      required: ["state", "error"],
      properties: { state: { const: "ERROR" }, error: { type: "string", minLength: 1 } },
      additionalProperties: false,
    },
  ],
} as const;
