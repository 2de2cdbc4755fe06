// A local server driven by the bundled spec: it finds the operation of each request, validates the request
// body against the operation's schema (with the shared validator) and answers with the operation's first
// success example. Enough to prove that typed calls reach the right operation with valid bodies.
import { isJsonMediaType, loadDocument } from "@cloud-contract/spec/document";
import { json, type RecordedRequest, startServer, type TestServer } from "./server.js";

export interface Hit {
  operationId: string;
  method: string;
  url: string;
  /** The request body's schema errors (empty when valid or when there is no body). */
  bodyErrors: string[];
  authorized: boolean;
}

export async function startSpecServer(): Promise<TestServer & { hits: Hit[] }> {
  const model = loadDocument();
  const hits: Hit[] = [];

  const server = await startServer((req: RecordedRequest, res) => {
    const path = req.url.split("?")[0] ?? "";
    const operation = model.route(req.method, path).route;
    if (!operation) return json(res, 404, { message: `No operation for ${req.method} ${path}` });
    const content = operation.requestBody?.content ?? {};
    const schema = Object.entries(content).find(([type]) => isJsonMediaType(type))?.[1].schema;
    const bodyErrors = schema
      ? model
          .compile(schema)(req.body ? JSON.parse(req.body) : undefined)
          .errors.map((e) => `${e.pointer} ${e.message}`)
      : [];
    hits.push({
      operationId: operation.operationId,
      method: req.method,
      url: req.url,
      bodyErrors,
      authorized: /^apikey \S+$/.test(String(req.headers.authorization)),
    });
    if (bodyErrors.length > 0)
      return json(res, 422, { message: "Validation Error", invalid_fields: { body: bodyErrors } });
    const [status, response] =
      Object.entries(operation.responses).find(([code]) => code.startsWith("2")) ?? [];
    const media = response?.content["application/json"];
    const example = media?.example ?? Object.values(media?.examples ?? {})[0]?.value ?? {};
    return json(res, Number(status ?? 200), example);
  });
  return Object.assign(server, { hits });
}
