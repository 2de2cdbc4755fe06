import { bundledModel } from "@cloud-contract/spec/bundled";
import type { DocumentModel, ResponseVerdict } from "@cloud-contract/spec/model";

/**
 * The sandbox's verdict on an answer it is about to send (it sends JSON whenever there is a body),
 * judged by the document model's `checkResponse` — the same judge as the contract suite's.
 */
export function sandboxVerdict(
  model: DocumentModel,
  operationId: string,
  status: number,
  body: unknown,
): ResponseVerdict {
  return model.checkResponse(operationId, status, body === undefined ? null : "application/json", body);
}

/** What is wrong with an answer the sandbox is about to send, judged by the model; undefined when nothing. */
export function responseProblem(
  model: DocumentModel,
  operationId: string,
  status: number,
  body: unknown,
): string | undefined {
  const verdict = sandboxVerdict(model, operationId, status, body);
  if (verdict.valid) return undefined;
  return `${operationId} ${status}: ${verdict.violations.map((v) => `${v.pointer} ${v.message}`).join("; ")}`;
}

/** What `validateResponses` decides about an answer of the bundled spec's operation. */
export function checkSandboxAnswer(operationId: string, status: number, body: unknown): ResponseVerdict {
  return sandboxVerdict(bundledModel(), operationId, status, body);
}
