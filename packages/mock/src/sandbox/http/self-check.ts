import { type DocumentModel, loadDocument, type ResponseVerdict } from "@cloud-contract/spec/document";

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

/** What `validateResponses` decides about an answer of the bundled spec's operation. */
export function checkSandboxAnswer(operationId: string, status: number, body: unknown): ResponseVerdict {
  return sandboxVerdict(loadDocument(), operationId, status, body);
}
