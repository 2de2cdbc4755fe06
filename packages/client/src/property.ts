/** A property of a value the types know nothing about (a foreign error, a runtime global); undefined for null and undefined. */
export const propertyOf = (value: unknown, key: string): unknown =>
  value == null ? undefined : Object(value)[key];
