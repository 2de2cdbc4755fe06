// --max-tenants with replicas on one PostgreSQL, through HTTP: the database counts the tenants of every replica
// in the transaction that stores a new one, so two replicas together never hold more than the limit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgres, storedTenants, type ThrowawayPostgres } from "../../test-support/postgres.js";
import { sandboxRequest } from "../../test-support/sandbox.js";
import { SANDBOX_API_KEY } from "../fixtures/ids.js";
import { type RunningSandbox, startSandbox } from "../server.js";

const LIMIT = 5;
const ATTEMPTS = 16;

let postgres: ThrowawayPostgres;
let a: RunningSandbox;
let b: RunningSandbox;
beforeAll(async () => {
  postgres = await startPostgres();
  const options = { databaseUrl: postgres.url, maxTenants: LIMIT, validateResponses: true };
  [a, b] = await Promise.all([startSandbox(options), startSandbox(options)]);
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await postgres?.stop();
});

describe("--max-tenants across two replicas on one PostgreSQL", () => {
  it(`${ATTEMPTS} concurrent creations split over both with a limit of ${LIMIT}: ${LIMIT} tenants, 429 beyond`, async () => {
    const answers = await Promise.all(
      Array.from({ length: ATTEMPTS }, (_, i) =>
        sandboxRequest((i % 2 === 0 ? a : b).url, "POST", "/__sandbox/tenants", SANDBOX_API_KEY),
      ),
    );
    const created = answers.filter((r) => r.status === 201);
    const refused = answers.filter((r) => r.status === 429);
    expect(created).toHaveLength(LIMIT);
    expect(refused).toHaveLength(ATTEMPTS - LIMIT);
    for (const answer of refused) {
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(answer.body.message).toMatch(`The sandbox holds its most tenants (${LIMIT}), all in use`);
    }
    expect(await storedTenants(postgres.url)).toBe(LIMIT);
    // Each admitted tenant works on both replicas.
    for (const { body } of created) {
      for (const replica of [a, b]) {
        expect((await sandboxRequest(replica.url, "GET", "/__sandbox/clock", body.api_key)).status).toBe(200);
      }
    }
    // Full across the replicas: one more creation on either is a 429.
    for (const replica of [a, b]) {
      expect((await sandboxRequest(replica.url, "POST", "/__sandbox/tenants", SANDBOX_API_KEY)).status).toBe(
        429,
      );
    }
    expect(await storedTenants(postgres.url)).toBe(LIMIT);
  });
});
