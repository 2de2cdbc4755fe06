import controlBundle from "@cloud-contract/mock/control/openapi.json" with { type: "json" };
import { type DocumentModel, type OpenApiDocument, openDocument } from "@cloud-contract/spec/model";

let controlModel: DocumentModel | undefined;

/** The model of the control API's bundled document (built from `control/openapi.yaml`), made once. */
export function controlDocument(): DocumentModel {
  controlModel ??= openDocument(controlBundle as OpenApiDocument);
  return controlModel;
}
