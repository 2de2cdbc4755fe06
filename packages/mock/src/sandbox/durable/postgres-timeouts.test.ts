// Every wait on PostgreSQL is bounded, through HTTP on a real server: the test's own PostgreSQL frozen
// (SIGSTOP of every process of it) under writers and readers, and a tenant's row held by another transaction.
// Past the timeouts each call is a 503 with Retry-After, never a hang; once the server runs again, so does
// the sandbox, and no write answered 503 is stored.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  holdTenantRow,
  startPostgres,
  type ThrowawayPostgres,
  tenantIdOf,
} from "../../test-support/postgres.js";
import { eventually, sandboxRequest } from "../../test-support/sandbox.js";
import { checkOutage, settingsPath, storedEmails } from "../../test-support/store-faults.js";
import { SANDBOX_API_KEY } from "../fixtures/ids.js";
import { type RunningSandbox, startSandbox } from "../server.js";

const TIMEOUT_MS = 600;
const timeouts = { connectMs: TIMEOUT_MS, queryMs: TIMEOUT_MS, lockMs: TIMEOUT_MS };
/** Calls answered wholly inside the freeze before it ends: more than one per client. */
const INSIDE_CALLS = 12;

let postgres: ThrowawayPostgres;
const running: RunningSandbox[] = [];
beforeAll(async () => {
  postgres = await startPostgres();
});
afterAll(async () => {
  postgres?.thaw();
  await Promise.all(running.map((s) => s.stop().catch(() => undefined)));
  await postgres?.stop();
});

async function start() {
  const sandbox = await startSandbox({ databaseUrl: postgres.url, databaseTimeouts: timeouts });
  running.push(sandbox);
  const created = await sandboxRequest(sandbox.url, "POST", "/__sandbox/tenants", SANDBOX_API_KEY);
  expect(created.status).toBe(201);
  return { sandbox, key: created.body.api_key as string };
}

/**
 * One call's answer: its status, how long it took, and where it fell against the freeze — whether it was sent
 * after SIGSTOP and whether its answer arrived before SIGCONT. Only a call wholly inside the freeze (sent after
 * the one, answered before the other) can say how the sandbox answers a frozen server; a call that straddles
 * either edge may rightly succeed, and then what it wrote is stored.
 */
interface Timed {
  status: number;
  /** When it was sent (performance.now()) and how long its answer took. */
  sentAt: number;
  ms: number;
  sentFrozen: boolean;
  answeredFrozen: boolean;
  email?: string;
  problem?: string;
}

describe("PostgreSQL that does not answer", () => {
  it("frozen (SIGSTOP) under writers and readers: a call wholly inside the freeze is a 503 with Retry-After (answered while frozen: never a hang), recovery after SIGCONT, every write answered 2xx stored and none answered 503", async () => {
    const { sandbox, key } = await start();
    let frozen = false;
    let going = true;
    const answers: Timed[] = [];
    const call = async (method: string, email?: string) => {
      const began = performance.now();
      const sentFrozen = frozen;
      const res = await fetch(`${sandbox.url}${settingsPath}`, {
        method,
        headers: { Authorization: `apikey ${key}`, "Content-Type": "application/json" },
        ...(email ? { body: JSON.stringify({ notification_type: "failed_login", email }) } : {}),
      });
      const answeredFrozen = frozen;
      const text = await res.text();
      // A 504 (a COMMIT unconfirmed: the write may be stored) only for a call already under way at the freeze.
      const problem =
        res.status === 504 && sentFrozen
          ? `504 for a call sent while frozen: ${text}`
          : checkOutage(res.status, res.headers, text);
      answers.push({
        status: res.status,
        sentAt: began,
        ms: performance.now() - began,
        sentFrozen,
        answeredFrozen,
        ...(email ? { email } : {}),
        ...(problem ? { problem } : {}),
      });
    };
    const clients = Array.from({ length: 6 }, async (_, c) => {
      for (let i = 0; going; i++)
        await call(c < 4 ? "POST" : "GET", c < 4 ? `f${c}-${i}@example.com` : undefined);
    });
    // Traffic flows before the freeze: every client has been answered once.
    await eventually(async () => (answers.length >= 6 ? true : undefined));
    postgres.freeze();
    frozen = true;
    const frozenAt = performance.now();
    try {
      // The freeze lasts until calls are answered inside it: counted, never timed. A call that hung on the
      // frozen server would keep this wait (and the test) to its hang detector.
      await eventually(async () =>
        answers.filter((a) => a.sentFrozen && a.answeredFrozen).length >= INSIDE_CALLS ? true : undefined,
      );
    } finally {
      frozen = false;
      postgres.thaw();
    }
    const frozenMs = performance.now() - frozenAt;
    // Once the server runs again, so does the sandbox: a write sent after SIGCONT is acknowledged.
    const thawed = performance.now();
    await eventually(async () =>
      answers.some((a) => a.sentAt >= thawed && a.status === 201) ? true : undefined,
    );
    const recoveredMs = performance.now() - thawed;
    going = false;
    await Promise.all(clients);

    const inside = answers.filter((a) => a.sentFrozen && a.answeredFrozen);
    const sentDuring = answers.filter((a) => a.sentFrozen);
    console.log(
      `frozen ${frozenMs.toFixed(0)} ms: ${inside.length} calls wholly inside it (${inside.filter((a) => a.status === 503).length} ` +
        `answered 503), ${sentDuring.length - inside.length} sent during it and answered after SIGCONT ` +
        `(${sentDuring.filter((a) => !a.answeredFrozen && a.status < 300).length} of them 2xx); the slowest call sent ` +
        `during it took ${Math.max(...sentDuring.map((a) => a.ms)).toFixed(0)} ms; writes again ${recoveredMs.toFixed(0)} ms after SIGCONT`,
    );
    expect(answers.flatMap((a) => (a.problem ? [a.problem] : []))).toEqual([]);
    // Per call: wholly inside the freeze, a 503 (checkOutage saw its Retry-After); sent during it, never a hang.
    expect(inside.filter((a) => a.status !== 503)).toEqual([]);
    expect(inside.length).toBeGreaterThanOrEqual(INSIDE_CALLS);

    const refused = answers.filter((a) => a.status === 503 && a.email).map((a) => a.email);
    const acknowledged = answers.filter((a) => a.status === 201 && a.email).map((a) => a.email);
    const fresh = await startSandbox({ databaseUrl: postgres.url });
    running.push(fresh);
    const stored = await storedEmails(fresh.url, key);
    expect(acknowledged.filter((email) => !stored.has(email as string))).toEqual([]);
    expect(refused.filter((email) => stored.has(email as string))).toEqual([]);
  });

  it("a tenant's row held by another transaction: its write is a 503 after the lock timeout, and works once the row is free", async () => {
    const { sandbox, key } = await start();
    const id = (await tenantIdOf(postgres.url, key)) as string;
    const holder = await holdTenantRow(postgres.url, id);
    let released = false;
    try {
      const began = performance.now();
      const held = await sandboxRequest(sandbox.url, "POST", settingsPath, key, {
        notification_type: "failed_login",
        email: "held@example.com",
      });
      const ms = performance.now() - began;
      expect(held.status).toBe(503);
      expect(Number(held.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      // Never before the lock timeout; answered at all while the row is still held is what shows it ends.
      expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
      await holder.release();
      released = true;
      const free = await sandboxRequest(sandbox.url, "POST", settingsPath, key, {
        notification_type: "failed_login",
        email: "free@example.com",
      });
      expect(free.status).toBe(201);
      const shown = await storedEmails(sandbox.url, key);
      expect(shown.has("held@example.com")).toBe(false);
      expect(shown.has("free@example.com")).toBe(true);
    } finally {
      if (!released) await holder.release();
    }
  });
});
