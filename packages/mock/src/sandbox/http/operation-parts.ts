// Type helpers shared by the API's and the control API's handler types, both read from operations that
// openapi-typescript generated.

/** `never` (a part the operation does not have) becomes an empty object. */
export type OrEmpty<T> = [T] extends [never] ? Record<string, never> : T;

/** The JSON body of a request body or response; undefined when it has none. */
export type JsonContent<T> = T extends { content: { "application/json": infer Body } } ? Body : undefined;
