// The curl sample of an operation: the spec model's sample request (`sampleRequest`: the path parameters' and
// required query parameters' examples, the request body's first example) as a curl command. Where a request
// cannot be sent twice as its example stands (a create of something unique), spec/code_samples/<operationId>.sh
// is the sample instead. The docs build attaches it beside the TypeScript sample; the example runner
// (packages/docs) executes it against a sandbox. It reads the model from this package's build (dist/lib).
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadDocument } from "../../dist/lib/document.js";

/** spec/code_samples: the hand-written samples. */
export const samplesDir = fileURLToPath(new URL("../../code_samples/", import.meta.url));

/** Where the samples send their requests: the local sandbox (servers[1]) and its key, so they run as shown. */
export const SAMPLE_SERVER = "http://127.0.0.1:4011";
export const SAMPLE_API_KEY = "sandbox-api-key";

const shellQuote = (text) => `'${text.replaceAll("'", "'\\''")}'`;
/** A header argument: in double quotes, as the hand-written samples write them, unless the shell would read into it. */
const headerArgument = (text) => (/^[\w .,:;/=+-]*$/.test(text) ? `"${text}"` : shellQuote(text));

/** The curl command that sends `sample` (a sample request of the spec model) to the sandbox. */
export function curlCommand(sample) {
  const lines = [`curl -X ${sample.method} "${SAMPLE_SERVER}${sample.target}"`];
  lines.push(`-H "Authorization: apikey ${SAMPLE_API_KEY}"`);
  for (const [name, value] of Object.entries(sample.headers))
    lines.push(`-H ${headerArgument(`${name}: ${value}`)}`);
  if (sample.body !== undefined) lines.push(`-d ${shellQuote(JSON.stringify(sample.body, null, 2))}`);
  return lines.join(" \\\n  ");
}

/**
 * The curl sample the page shows for `operationId`: its hand-written spec/code_samples/<operationId>.sh when
 * there is one, else the curl command of its sample request in `model` (the bundle's, by default).
 */
export function operationCurlSample(operationId, model = loadDocument()) {
  const file = `${samplesDir}${operationId}.sh`;
  return existsSync(file)
    ? readFileSync(file, "utf8").trimEnd()
    : curlCommand(model.sampleRequest(operationId));
}
