// Builds the curl sample of an operation from the spec's own examples: the path with each path parameter's
// example, the required query parameters' examples, and the request body's first example. Where a request
// cannot be sent twice as its example stands (a create of something unique), spec/code_samples/<operationId>.sh
// is the sample instead. The docs build attaches it beside the TypeScript sample; the example runner
// (packages/docs) executes it against a sandbox.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** spec/code_samples: the hand-written samples. */
export const samplesDir = fileURLToPath(new URL("../../code_samples/", import.meta.url));

/** Where the samples send their requests: the local sandbox (servers[1]) and its key, so they run as shown. */
export const SAMPLE_SERVER = "http://127.0.0.1:4011";
export const SAMPLE_API_KEY = "sandbox-api-key";

const firstExample = (node) => {
  if (!node || typeof node !== "object") return undefined;
  if ("example" in node) return node.example;
  if (Array.isArray(node.examples)) return node.examples[0];
  if (node.examples && typeof node.examples === "object") {
    const first = Object.values(node.examples)[0];
    return first && typeof first === "object" && "value" in first ? first.value : undefined;
  }
  return undefined;
};

/** The example of a parameter: its own, else its schema's. */
function parameterExample(parameter, resolve) {
  return firstExample(parameter) ?? firstExample(resolve(parameter.schema));
}

const shellQuote = (text) => `'${text.replaceAll("'", "'\\''")}'`;

/**
 * The curl command for `method path`. `parameters` are the operation's and its path's (`$ref`s allowed),
 * `requestBody` the operation's; `resolve(node)` follows a `$ref` (and returns other nodes as they are).
 */
export function curlSample({ method, path, parameters = [], requestBody }, resolve = (node) => node) {
  let url = path;
  const query = new URLSearchParams();
  for (const ref of parameters) {
    const parameter = resolve(ref);
    const value = parameterExample(parameter, resolve);
    if (parameter.in === "path") {
      if (value === undefined)
        throw new Error(`${method} ${path}: path parameter ${parameter.name} has no example`);
      url = url.replace(`{${parameter.name}}`, encodeURIComponent(String(value)));
    } else if (parameter.in === "query" && parameter.required && value !== undefined) {
      for (const item of Array.isArray(value) ? value : [value]) query.append(parameter.name, String(item));
    }
  }
  const search = query.size > 0 ? `?${query}` : "";
  const lines = [`curl -X ${method.toUpperCase()} "${SAMPLE_SERVER}${url}${search}"`];
  lines.push(`-H "Authorization: apikey ${SAMPLE_API_KEY}"`);
  const json = requestBody ? resolve(requestBody).content?.["application/json"] : undefined;
  const body = json ? (firstExample(json) ?? firstExample(resolve(json.schema))) : undefined;
  if (body !== undefined) {
    lines.push('-H "Content-Type: application/json"');
    lines.push(`-d ${shellQuote(JSON.stringify(body, null, 2))}`);
  }
  return lines.join(" \\\n  ");
}

/**
 * The curl sample the page shows for `operationId`: its hand-written spec/code_samples/<operationId>.sh when
 * there is one, else {@link curlSample} of `input`.
 */
export function operationCurlSample(operationId, input, resolve) {
  const file = `${samplesDir}${operationId}.sh`;
  return existsSync(file) ? readFileSync(file, "utf8").trimEnd() : curlSample(input, resolve);
}
