// Backing-store faults with the embedded store (--data-dir, LMDB), through HTTP on a real folder: any folder
// name, a full disk, and concurrent PATCHes. The sandbox runs in this process: if it died, the run would fail.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sandboxRequest } from "../../test-support/sandbox.js";
import { mountSmallDisk } from "../../test-support/small-disk.js";
import {
  concurrentPatches,
  floodSettings,
  growGroup,
  newWriteLog,
  storedEmails,
  storedRevision,
  storedTagKeys,
} from "../../test-support/store-faults.js";
import { SANDBOX_API_KEY } from "../fixtures/ids.js";
import { ROOM_FOR_MANY_TAGS } from "../large-inputs.js";
import { startSandbox } from "../server.js";

const root = mkdtempSync(join(tmpdir(), "lmdb-faults-"));
const disk = mountSmallDisk(root, "small.disk", "2m");
// The small disk goes before its parent folder, also when a test timed out with it still in use.
afterAll(() => {
  if (!("reason" in disk)) disk.unmount();
  rmSync(root, { recursive: true, force: true });
});

/** Settings answered 503 before the writers stop: the disk has been full for a while by then. */
const REFUSALS_TO_SEE = 20;

describe("LMDB faults", () => {
  it.each([
    ["a mktemp -d folder", () => mkdtempSync(join(tmpdir(), "tmp."))],
    ["data.v2, not there yet", () => join(root, "data.v2")],
    [".sandbox, not there yet", () => join(root, "nested", ".sandbox")],
  ])("takes %s as its folder, and keeps what it answered across a restart", async (_, folder) => {
    const dataDir = folder();
    try {
      const first = await startSandbox({ dataDir });
      const added = await sandboxRequest(
        first.url,
        "POST",
        "/iam/reselling/resellers/1021/notification_settings",
        SANDBOX_API_KEY,
        {
          notification_type: "failed_login",
          email: "dotted@example.com",
        },
      );
      expect(added.status).toBe(201);
      await first.stop();
      const second = await startSandbox({ dataDir });
      expect((await storedEmails(second.url, SANDBOX_API_KEY)).has("dotted@example.com")).toBe(true);
      await second.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("answers 8 concurrent PATCHes with unique revisions, each as stored after a restart", async () => {
    const dataDir = join(root, "patches");
    const first = await startSandbox({ dataDir, validateResponses: true });
    const before = await storedRevision(first.url, SANDBOX_API_KEY);
    const revisions = await concurrentPatches(first.url, SANDBOX_API_KEY, 8);
    expect(new Set(revisions).size).toBe(8);
    expect([...revisions].sort((a, b) => a - b)).toEqual(Array.from({ length: 8 }, (_, i) => before + i + 1));
    await first.stop();
    const second = await startSandbox({ dataDir });
    expect(await storedRevision(second.url, SANDBOX_API_KEY)).toBe(Math.max(...revisions));
    await second.stop();
  });

  it.skipIf("reason" in disk)(
    `survives a full disk: writes answer 503 with Retry-After and are rolled back, the process stays up and keeps what it acknowledged, across a restart too${"reason" in disk ? ` (skipped: ${disk.reason})` : ""}`,
    async () => {
      if ("reason" in disk) return;
      try {
        const dataDir = join(disk.dir, "data.v1");
        const sandbox = await startSandbox({
          dataDir,
          validateResponses: true,
          maxTagsPerGroup: ROOM_FOR_MANY_TAGS,
        });
        // The writers stop once the full disk has refused a number of settings: counted, never timed.
        const watched = newWriteLog();
        const writing = () => (watched.statuses.get(503) ?? 0) < REFUSALS_TO_SEE;
        const flood = floodSettings(sandbox.url, SANDBOX_API_KEY, 7, writing, 3_000, watched);
        const filler = growGroup(sandbox.url, SANDBOX_API_KEY, writing);
        const [log, filled] = await Promise.all([flood, filler]);
        console.log(
          `full disk: settings ${JSON.stringify(Object.fromEntries(log.statuses))}, ` +
            `group growth ${filled.statuses.filter((s) => s === 200).length} x 200, ${filled.statuses.filter((s) => s === 503).length} x 503`,
        );
        try {
          expect([...log.broken, ...filled.broken]).toEqual([]);
          expect(
            (log.statuses.get(503) ?? 0) + filled.statuses.filter((s) => s === 503).length,
          ).toBeGreaterThan(0);
          // Still serving: reads work, and what was acknowledged is held.
          const held = await storedEmails(sandbox.url, SANDBOX_API_KEY);
          expect(log.acknowledged.filter((email) => !held.has(email))).toEqual([]);
          // A write answered 503 was not applied: never shown, whatever came after it.
          expect(log.refused.filter((email) => held.has(email))).toEqual([]);
          const tags = await storedTagKeys(sandbox.url, SANDBOX_API_KEY);
          expect(filled.refused.filter((tag) => tags.has(tag))).toEqual([]);
        } finally {
          await sandbox.stop();
        }
        // The stop resolved with the disk full; a restart needs room for the database's first pages.
        disk.resize("4m");
        const again = await startSandbox({ dataDir, maxTagsPerGroup: ROOM_FOR_MANY_TAGS });
        try {
          const stored = await storedEmails(again.url, SANDBOX_API_KEY);
          expect(log.acknowledged.filter((email) => !stored.has(email))).toEqual([]);
          expect(log.refused.filter((email) => stored.has(email))).toEqual([]);
          const tags = await storedTagKeys(again.url, SANDBOX_API_KEY);
          expect(filled.refused.filter((tag) => tags.has(tag))).toEqual([]);
        } finally {
          await again.stop().catch(() => undefined);
        }
      } finally {
        disk.unmount();
      }
    },
  );
});
