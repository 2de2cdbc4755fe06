// Every operation refuses a request without a well-formed `Authorization: apikey <KEY>` header; the
// scheme word is accepted in any letter case.
import { describe, it } from "vitest";
import { notOnPrism } from "./suite/gates.js";
import { useHarness } from "./suite/harness.js";
import { OPERATION_IDS, writes } from "./suite/operations.js";
import { sampleCall } from "./suite/requests.js";

const h = useHarness();
const PRISM_PRESENCE_ONLY = "it checks only that the Authorization header is present, not its scheme or key";
const FAKE_KEY = "contract-tests-not-a-key";

interface AuthCase {
  name: string;
  /** The header to send (null: none), given the target's real key. */
  header: (key: string) => string | null;
  prism?: string;
}

const CASES: AuthCase[] = [
  { name: "a missing Authorization header", header: () => null },
  { name: "the Bearer scheme", header: (key) => `Bearer ${key}`, prism: PRISM_PRESENCE_ONLY },
  { name: "a key without the apikey scheme", header: (key) => key, prism: PRISM_PRESENCE_ONLY },
  { name: "the apikey scheme without a key", header: () => "apikey", prism: PRISM_PRESENCE_ONLY },
  { name: "an unknown key", header: () => `apikey ${FAKE_KEY}`, prism: PRISM_PRESENCE_ONLY },
  // The scheme word is case-insensitive: the same refusals hold whatever its letter case.
  { name: "the APIKey scheme without a key", header: () => "APIKey", prism: PRISM_PRESENCE_ONLY },
  {
    name: "an unknown key under the APIKey scheme",
    header: () => `APIKey ${FAKE_KEY}`,
    prism: PRISM_PRESENCE_ONLY,
  },
];

/** The scheme word as the seed writes it and as the official SDKs send it; each must be accepted. */
const SCHEMES = ["apikey", "APIKey", "ApiKey"] as const;

describe("the scheme word is case-insensitive", () => {
  for (const scheme of SCHEMES) {
    it(`accepts the real key under the ${scheme} scheme (${h.label("listActiveTasks")})`, async () => {
      const client = h.clientWithAuthorization(`${scheme} ${h.ctx.apiKey}`);
      await h.ok("listActiveTasks", sampleCall("listActiveTasks", client, h.ctx));
    });
  }
});

for (const operationId of OPERATION_IDS) {
  describe(h.label(operationId), () => {
    for (const c of CASES) {
      it(`refuses ${c.name}`, async (t) => {
        if (c.prism) notOnPrism(t, h.ctx, c.prism);
        // On a read-only target a malformed header never carries the real key to an operation that changes
        // data, unless mutations are allowed: a wrongly accepted request must not change anything.
        const safeKey = writes(operationId) && !h.ctx.allowMutations ? FAKE_KEY : h.ctx.apiKey;
        const client = h.clientWithAuthorization(c.header(safeKey));
        const { status } = await h.rejected(operationId, sampleCall(operationId, client, h.ctx));
        if (status !== 401 && status !== 403) {
          throw new Error(`${h.label(operationId)} refused ${c.name} with ${status}; expected 401 or 403`);
        }
      });
    }
  });
}
