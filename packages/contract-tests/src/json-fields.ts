// Reading parsed JSON without type assertions: each reader checks what it hands back, and hands back an
// empty value when the JSON holds something else.
export type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export const objectOf = (value: unknown): JsonObject => (isObject(value) ? value : {});

/** The objects of an array (anything else in it left out). */
export const objectsOf = (value: unknown): JsonObject[] =>
  Array.isArray(value) ? value.filter(isObject) : [];

export const stringOf = (value: unknown): string | undefined =>
  typeof value === "string" ? value : undefined;

/** The strings of an array (anything else in it left out). */
export const stringsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
