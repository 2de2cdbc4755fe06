// Measures the embedded stores the sandbox could use for --data-dir: durable commits (fsync) of one request's
// rows (a 2 KiB task and a small meta record) from 32 concurrent writers, then a full reload.
// Run: node bench/embedded-candidates.mjs [commits]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const COMMITS = Number(process.argv[2] ?? 2000);
const CONCURRENCY = 32;
const row = (i) => JSON.stringify({ id: `task-${i}`, state: "RUNNING", pad: "x".repeat(2000) });

async function flood(commit) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < COMMITS) await commit(next++);
    }),
  );
  return (COMMITS / (performance.now() - started)) * 1000;
}

const candidates = {
  async lmdb(dir) {
    const { open } = await import("lmdb");
    const db = open({ path: dir, encoding: "string" });
    const rate = await flood((i) =>
      db.transaction(() => {
        db.put(`default\0tasks\0${i}`, row(i));
        db.put("default\0meta", String(i));
      }),
    );
    await db.close();
    const t = performance.now();
    const again = open({ path: dir, encoding: "string" });
    let n = 0;
    for (const _ of again.getRange()) n++;
    const reload = performance.now() - t;
    await again.close();
    return { rate, reload, n };
  },
  async "classic-level"(dir) {
    const { ClassicLevel } = await import("classic-level");
    const db = new ClassicLevel(dir);
    const rate = await flood((i) =>
      db.batch(
        [
          { type: "put", key: `default\0tasks\0${i}`, value: row(i) },
          { type: "put", key: "default\0meta", value: String(i) },
        ],
        { sync: true },
      ),
    );
    await db.close();
    const t = performance.now();
    const again = new ClassicLevel(dir);
    let n = 0;
    for await (const _ of again.iterator()) n++;
    const reload = performance.now() - t;
    await again.close();
    return { rate, reload, n };
  },
  async pglite(dir) {
    const { PGlite } = await import("@electric-sql/pglite");
    const db = new PGlite(dir);
    await db.exec("create table rows (k text primary key, v text not null)");
    const rate = await flood((i) =>
      db.transaction(async (tx) => {
        await tx.query("insert into rows values ($1, $2) on conflict (k) do update set v = excluded.v", [
          `default/tasks/${i}`,
          row(i),
        ]);
        await tx.query("insert into rows values ($1, $2) on conflict (k) do update set v = excluded.v", [
          "default/meta",
          String(i),
        ]);
      }),
    );
    await db.close();
    const t = performance.now();
    const again = new PGlite(dir);
    const { rows } = await again.query("select k, v from rows");
    const reload = performance.now() - t;
    await again.close();
    return { rate, reload, n: rows.length };
  },
};

for (const [name, run] of Object.entries(candidates)) {
  const dir = mkdtempSync(join(tmpdir(), `cand-${name}-`));
  try {
    const { rate, reload, n } = await run(dir);
    process.stdout.write(
      `${name.padEnd(14)} ${rate.toFixed(0).padStart(7)} commits/s   reload ${n} rows in ${reload.toFixed(0)} ms\n`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
