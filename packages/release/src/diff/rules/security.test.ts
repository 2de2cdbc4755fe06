import { describe, it } from "vitest";
import { checkOperationCase, getOp, type OperationCase, scheme } from "../../test-support/operation-cases.js";
import type { Json } from "../types.js";

/** An OAuth scheme with a client-credentials flow and two scopes, required by every operation. */
function oauth(d: Json) {
  d.components.securitySchemes.OAuth = {
    type: "oauth2",
    flows: {
      clientCredentials: {
        tokenUrl: "https://a.example.com/token",
        scopes: { read: "Read.", write: "Write." },
      },
    },
  };
  d.security = [{ OAuth: ["read"] }];
}

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
  {
    name: "an OAuth scope no longer offered",
    setup: oauth,
    expect: "security-scheme-changed",
    mutate: (d) => delete d.components.securitySchemes.OAuth.flows.clientCredentials.scopes.write,
  },
  {
    name: "an OAuth token URL moved",
    setup: oauth,
    expect: "security-scheme-changed",
    mutate: (d) =>
      (d.components.securitySchemes.OAuth.flows.clientCredentials.tokenUrl = "https://b.example.com/token"),
  },
  {
    name: "an OpenID Connect URL moved",
    setup: (d) => {
      d.components.securitySchemes.Oidc = {
        type: "openIdConnect",
        openIdConnectUrl: "https://a.example.com/.well-known/openid-configuration",
      };
      d.security = [{ Oidc: [] }];
    },
    expect: "security-scheme-changed",
    mutate: (d) =>
      (d.components.securitySchemes.Oidc.openIdConnectUrl =
        "https://b.example.com/.well-known/openid-configuration"),
  },
  {
    name: "an HTTP scheme re-cased is no change; another one is",
    setup: (d) => (d.security = [{ Bearer: [] }]),
    expect: "security-scheme-changed",
    mutate: (d) => (d.components.securitySchemes.Bearer.scheme = "basic"),
  },
];

describe("the security rules", () => {
  it.each(OPERATION_CASES)("$name → $expect", checkOperationCase);
});
