// No credential in the journal: the headers that carry one are dropped, a key of the tenant is masked wherever
// it shows up (another header, a body), and headers count toward the tenant's bound as bodies do.
import { describe, expect, it } from "vitest";
import { rawRequest, useSandbox } from "../../test-support/sandbox.js";
import { SANDBOX_FIXTURES as F } from "../fixtures/ids.js";
import { MASKED } from "./credentials.js";
import { JOURNAL_CHARS, JOURNAL_ENTRIES } from "./journal.js";

const ctx = useSandbox();
const SETTINGS = `/iam/reselling/resellers/${F.resellerId}/notification_settings`;

async function newTenant(): Promise<string> {
  const created = await rawRequest(ctx.sandbox.url, "POST", "/__sandbox/tenants", {
    authorization: `apikey ${F.apiKey}`,
  });
  return JSON.parse(created.text).api_key as string;
}

interface Message {
  headers: Record<string, string>;
  body: string | null;
}

/** The characters of a message's headers (names and values) and body. */
const chars = (message: Message) =>
  Object.entries(message.headers).reduce((sum, [name, value]) => sum + name.length + value.length, 0) +
  (message.body?.length ?? 0);

describe("a journal entry", () => {
  it("shows no X-Api-Key, Cookie, Proxy-Authorization or key of the tenant, in headers or body", async () => {
    const key = await newTenant();
    const sent = await rawRequest(
      ctx.sandbox.url,
      "POST",
      SETTINGS,
      {
        authorization: `apikey ${key}`,
        "content-type": "application/json",
        "x-api-key": "side-secret-1",
        cookie: "session=side-secret-2",
        "proxy-authorization": "Basic side-secret-3",
        "x-trace": `copy-of-${key}`,
      },
      JSON.stringify({ email: "a@b.example", note: key }),
    );
    expect(sent.status).toBeLessThan(500);
    const page = await rawRequest(ctx.sandbox.url, "GET", "/__sandbox/journal?after=0", {
      authorization: `apikey ${key}`,
    });
    const text = page.text;
    for (const secret of [key, "side-secret-1", "side-secret-2", "side-secret-3"]) {
      expect(text).not.toContain(secret);
    }
    const [entry] = JSON.parse(text).entries;
    for (const name of ["authorization", "x-api-key", "cookie", "proxy-authorization"]) {
      expect(entry.request.headers[name], name).toBeUndefined();
    }
    expect(entry.request.headers["x-trace"]).toBe(`copy-of-${MASKED}`);
    expect(entry.request.body).toContain(MASKED);
  });

  it("keeps 20 tenants × 500 calls with 14 KB headers each within the per-tenant bound", async () => {
    const filler = "x".repeat(14 * 1024);
    const keys = await Promise.all(Array.from({ length: 20 }, newTenant));
    await Promise.all(
      keys.map(async (key) => {
        for (let i = 0; i < JOURNAL_ENTRIES; i++) {
          await rawRequest(ctx.sandbox.url, "GET", `/cloud/v1/tasks/${F.finishedTaskId}`, {
            authorization: `apikey ${key}`,
            "x-filler": filler,
          });
        }
      }),
    );
    for (const key of keys) {
      const page = await rawRequest(
        ctx.sandbox.url,
        "GET",
        `/__sandbox/journal?after=0&limit=${JOURNAL_ENTRIES}`,
        {
          authorization: `apikey ${key}`,
        },
      );
      const { entries } = JSON.parse(page.text) as { entries: { request: Message; answer: Message }[] };
      // Each call holds over 14,000 characters of headers: far fewer than 500 fit in the bound.
      expect(entries.length).toBeLessThan(JOURNAL_ENTRIES);
      expect(entries.length).toBeGreaterThan(0);
      const held = entries.reduce((sum, e) => sum + chars(e.request) + chars(e.answer), 0);
      expect(held).toBeLessThanOrEqual(JOURNAL_CHARS);
    }
  });
});
