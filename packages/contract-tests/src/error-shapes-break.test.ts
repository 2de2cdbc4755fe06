// Proof that the suite's refusals accept every documented error shape of each service and nothing else: a
// tiny server refuses every request, answering in turn each error shape its service documents (the spec's
// `<Service>ErrorBody`). The suite's negative and auth cases ("refuses …") pass against it. A second server
// answers the CDN operation with a billing shape, which the CDN service does not document, and names a billing
// refusal's field by where it is (`query.limit`) instead of by its name: the suite fails, naming each operation.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContractSummary } from "./summary.js";
import { specOperationIds } from "./test-support/operation-ids.js";
import { runSuiteAgainst } from "./test-support/run-suite.js";

const KEY = "error-shapes-key";

/** The documented error shapes of each service, by the first segment of the path; `status` is filled in. */
const SHAPES: Record<string, ((status: number) => object)[]> = {
  cloud: [
    () => ({ message: "Refused.", exception_class: "BadRequest", request_id: "r-1" }),
    (status) => ({ code: status, message: "Refused." }),
  ],
  billing: [() => ({ detail: "Refused." }), () => ({ error: "Refused." }), () => ({ limit: ["Refused."] })],
  cdn: [
    () => ({ errors: { sslData: ["Refused."] } }),
    () => ({ errors: ["Refused."] }),
    () => ({ message: "Refused." }),
    (status) => ({ status, message: "Refused." }),
  ],
  // A field each IAM operation takes: a refusal names fields of the request.
  iam: [() => ({ errors: { resellerId: ["Refused."] } }), () => ({ message: "Refused." })],
  streaming: [
    () => ({ data: [], errors: ["Refused."] }),
    (status) => ({ status, error: "Refused." }),
    () => ({ error: "Refused." }),
  ],
};

type BodyFor = (service: string, status: number) => object;

/** Refuses every request: 401 unless `apikey KEY` (any letter case of the scheme), else 400. */
function refusingServer(bodyFor: BodyFor): Promise<{ server: Server; baseUrl: string }> {
  const server = createServer((req, res) => {
    req.resume();
    req.once("end", () => {
      const [scheme, key, ...rest] = (req.headers.authorization ?? "").split(" ");
      const status = scheme?.toLowerCase() === "apikey" && key === KEY && rest.length === 0 ? 400 : 401;
      const service = new URL(req.url ?? "/", "http://x").pathname.split("/")[1] ?? "";
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(bodyFor(service, status)));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

/** Each service's shapes in turn; counts which were served. */
function documentedShapes(): { bodyFor: BodyFor; served: Map<string, Set<number>> } {
  const calls = new Map<string, number>();
  const served = new Map<string, Set<number>>();
  return {
    served,
    bodyFor(service, status) {
      const shapes = SHAPES[service];
      if (!shapes) return { fault: `no such service: ${service}` };
      const n = calls.get(service) ?? 0;
      calls.set(service, n + 1);
      const index = n % shapes.length;
      served.set(service, (served.get(service) ?? new Set()).add(index));
      return (shapes[index] as (status: number) => object)(status);
    },
  };
}

const REFUSALS = ["-t", "refuses "];
const servers: Server[] = [];
let reportsDir: string;

beforeAll(async () => {
  reportsDir = await mkdtemp(join(tmpdir(), "error-shapes-"));
});

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  await rm(reportsDir, { recursive: true, force: true });
});

const summaryOf = async (dir: string) =>
  JSON.parse(await readFile(join(dir, "contract-url.json"), "utf8")) as ContractSummary;

describe("the suite's refusals against a target's error bodies", () => {
  it("pass when every refusal is in a documented shape of the operation's service, each shape served", async () => {
    const shapes = documentedShapes();
    const { server, baseUrl } = await refusingServer(shapes.bodyFor);
    servers.push(server);
    const dir = join(reportsDir, "documented");
    const { code, output } = await runSuiteAgainst({ baseUrl, apiKey: KEY, reportsDir: dir }, REFUSALS);

    expect(code, output).toBe(0);
    const summary = await summaryOf(dir);
    expect(summary.operations.map((op) => op.operationId).sort()).toEqual(specOperationIds());
    for (const op of summary.operations) {
      expect(op, op.operationId).toMatchObject({ failed: 0 });
      expect(op.passed, op.operationId).toBeGreaterThan(0);
    }
    for (const [service, list] of Object.entries(SHAPES)) {
      expect([...(shapes.served.get(service) ?? [])].sort(), service).toEqual(list.map((_, i) => i));
    }
  });

  // One run breaks two services at once, each in its own way: the operations of one service get only that
  // service's answers, so each failure below is the one its break caused.
  it("fail, naming the operation, when a refusal's body is a shape its service does not document or names a field the request does not have", async () => {
    const shapes = documentedShapes();
    const { server, baseUrl } = await refusingServer((service, status) => {
      if (service === "cdn") return { detail: "Refused." };
      if (service === "billing") return { "query.limit": ["Refused."] };
      return shapes.bodyFor(service, status);
    });
    servers.push(server);
    const dir = join(reportsDir, "undocumented");
    const { code, output } = await runSuiteAgainst({ baseUrl, apiKey: KEY, reportsDir: dir }, REFUSALS);

    expect(code, output).toBe(1);
    expect(output).toContain("revokeCdnCertificate (PATCH /cdn/resources/{res_id})");
    expect(output).toContain("named refused fields the request has no field for");
    const summary = await summaryOf(dir);
    const located = /named refused fields the request has no field for/;
    for (const op of summary.operations) {
      const errors = op.failures.map((failure) => failure.error).join("\n");
      if (op.operationId === "revokeCdnCertificate") {
        expect(op.failed).toBeGreaterThan(0);
        expect(op.passed).toBe(0);
        expect(errors).not.toMatch(located);
      } else if (op.operationId === "listPlanContents") {
        expect(op.failed).toBeGreaterThan(0);
        expect(errors).toMatch(located);
      } else expect(op, op.operationId).toMatchObject({ failed: 0 });
    }
  });
});
