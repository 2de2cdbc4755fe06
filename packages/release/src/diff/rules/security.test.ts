import { describe, it } from "vitest";
import { checkOperationCase, getOp, type OperationCase, scheme } from "../../test-support/operation-cases.js";

const OPERATION_CASES: OperationCase[] = [
  {
    name: "security scheme's header name changed",
    expect: "security-scheme-changed",
    mutate: (d) => (scheme(d).name = "X-Api-Key"),
  },
  {
    name: "security scheme's location changed",
    expect: "security-scheme-changed",
    mutate: (d) => (scheme(d).in = "query"),
  },
  {
    name: "security scheme's type changed",
    expect: "security-scheme-changed",
    mutate: (d) => (d.components.securitySchemes.ApiKey = { type: "http", scheme: "basic" }),
  },
  {
    name: "security alternative added",
    expect: "security-alternative-added",
    mutate: (d) => d.security.push({ Bearer: [] }),
  },
  {
    name: "security alternative replaced",
    expect: "security-alternative-removed",
    mutate: (d) => (d.security = [{ Bearer: [] }]),
  },
  {
    name: "operation now asks for a second scheme",
    expect: "security-alternative-removed",
    mutate: (d) => (getOp(d).security = [{ ApiKey: [], Bearer: [] }]),
  },
  {
    name: "operation no longer asks for a key",
    expect: "security-alternative-added",
    mutate: (d) => (getOp(d).security = [{ ApiKey: [] }, {}]),
  },
];

describe("the security rules", () => {
  it.each(OPERATION_CASES)("$name → $expect", checkOperationCase);
});
