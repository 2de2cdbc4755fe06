/**
 * How the gate compiles the schemas of a spec it judges: any valid schema, without Ajv's strict-mode
 * refusals (`patternProperties` that also match declared properties are valid JSON Schema).
 */
export const USER_SPEC = { strict: false } as const;
