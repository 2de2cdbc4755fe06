import type { Operation } from "./operations.js";

export interface ResponseExample {
  /** `operationId status media-type name` */
  where: string;
  operationId: string;
  /** A status the example's response key documents: `200` → 200, `4XX` → 400, `default` → 599. */
  status: number;
  contentType: string;
  body: unknown;
}

const statusFor = (key: string) =>
  /^\d{3}$/.test(key) ? Number(key) : /^\dXX$/i.test(key) ? Number(key[0]) * 100 : 599;

/** Every example of every documented response of a model's operations, as the answer it stands for. */
export function responseExamples(model: { readonly operations: readonly Operation[] }): ResponseExample[] {
  const out: ResponseExample[] = [];
  for (const op of model.operations) {
    for (const [key, response] of Object.entries(op.responses)) {
      for (const [contentType, media] of Object.entries(response.content)) {
        const named = Object.entries(media.examples ?? {}).map(([name, e]) => [name, e.value] as const);
        const all = "example" in media ? [["example", media.example] as const, ...named] : named;
        for (const [name, body] of all) {
          out.push({
            where: `${op.operationId} ${key} ${contentType} ${name}`,
            operationId: op.operationId,
            status: statusFor(key),
            contentType,
            body,
          });
        }
      }
    }
  }
  return out;
}
