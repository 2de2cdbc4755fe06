/** A property of a value the types know nothing about (a foreign error, a runtime global); undefined when it is not an object. */
export function propertyOf(value: unknown, key: string): unknown {
  return (typeof value === "object" && value !== null) || typeof value === "function"
    ? Reflect.get(value, key)
    : undefined;
}
