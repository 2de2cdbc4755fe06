// Reading values whose type is not known (parsed YAML or JSON, a caught error) without asserting their type.

/** An object's members, or none when the value is no plain object. */
export const membersOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? { ...value } : {};

/** What a caught error says. */
export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/** The first line of what a caught error says. */
export const errorLine = (error: unknown): string => errorMessage(error).split("\n")[0] ?? "";
