import { loadDocument } from "@cloud-contract/spec/document";
import { describe, expect, it } from "vitest";
import { refusedFieldNames, requestFieldNames, unknownRefusedFields } from "./refused-fields.js";

const model = loadDocument();
const unknown = (operationId: string, body: unknown) =>
  unknownRefusedFields(model, model.operation(operationId), body);

describe("refusedFieldNames", () => {
  it.each([
    ["IAM errors", { errors: { email: ["Enter a valid email address."] } }, ["email"]],
    [
      "CDN errors of a field's own fields",
      { errors: { sources: { "100.64.0.0": { source: ["x"] } } } },
      ["sources"],
    ],
    ["a billing validation report", { limit: ["too big"], ordering: ["unknown key"] }, ["limit", "ordering"]],
    [
      "the sandbox's cloud report, a nested field",
      { message: "m", invalid_fields: { "interfaces.0.type": ["x"] } },
      ["interfaces"],
    ],
    ["a message", { message: "Refused." }, []],
    ["a billing detail", { detail: "Refused." }, []],
    ["a list of reasons", { data: [], errors: ["stream_id: must be a positive integer"] }, []],
    ["no body", undefined, []],
  ])("reads %s", (_what, body, names) => {
    expect(refusedFieldNames(body)).toEqual(names);
  });
});

describe("requestFieldNames", () => {
  it("holds the parameters and the body's properties, through its combinations", () => {
    const names = requestFieldNames(model, model.operation("createBareMetalServers"));
    for (const name of ["project_id", "region_id", "flavor", "interfaces", "image_id", "apptemplate_id"]) {
      expect(names).toContain(name);
    }
  });
});

describe("unknownRefusedFields", () => {
  it.each([
    ["addResellerNotificationSetting", { errors: { email: ["x"] } }, []],
    ["addResellerNotificationSetting", { errors: { "body.email": ["x"] } }, ["body"]],
    ["listPlanContents", { ordering: ["x"] }, []],
    ["listPlanContents", { "query.ordering.0": ["x"] }, ["query"]],
    ["revokeCdnCertificate", { errors: { sslData: ["x"] } }, []],
    [
      "updateSecurityGroup",
      { message: "m", invalid_fields: { "changed_rules.0.protocol": ["x"], group_id: ["x"] } },
      [],
    ],
    ["updateSecurityGroup", { message: "m", invalid_fields: { colour: ["x"] } }, ["colour"]],
  ])("judges a refusal of %s naming %j", (operationId, body, names) => {
    expect(unknown(operationId, body)).toEqual(names);
  });
});
