// A seed built from recorded traffic: the entities the API's answers showed (each answer whose schema is the
// one a kind's contract names, or a list of those; a sandbox's `/__sandbox/state`, `/snapshot` and `/clock`
// answers too), the later answer of an entity winning. What it cannot place is listed, never guessed.
import { type DocumentModel, isObject } from "@cloud-contract/spec/model";
import { declarationOf, ENTITY_KINDS, type EntityKind } from "../entities.js";
import { getOrAdd } from "../indexes/get-or-add.js";
import { SNAPSHOT_FORMAT, SNAPSHOT_VERSION, type SnapshotDocument } from "./format.js";
import { contractSchema } from "./json-schema.js";

/** The parts of a HAR entry read here. */
export interface HarEntryLike {
  startedDateTime?: string;
  request: { method: string; url: string };
  response: { status: number; content?: { text?: string; mimeType?: string } };
}

/** An answer the seed takes nothing from, and why. */
export interface Unplaced {
  call: string;
  reason: string;
}

/** The name of the component a schema is (after `$ref`s), undefined for an inline one. */
function schemaName(model: DocumentModel, schema: unknown): string | undefined {
  const ref = model.dereference(schema).ref;
  return ref?.startsWith("#/components/schemas/") ? ref.slice("#/components/schemas/".length) : undefined;
}

/** For an operation and status: the kind its answer is one entity of, or the kind its `results` list. */
function placing(model: DocumentModel, operationId: string, status: number) {
  const schema =
    model.operation(operationId).responses[String(status)]?.content?.["application/json"]?.schema;
  if (!schema) return undefined;
  const name = schemaName(model, schema);
  const results = (model.resolve(schema) as { properties?: { results?: { items?: unknown } } }).properties
    ?.results;
  const itemName = schemaName(model, results?.items);
  for (const kind of ENTITY_KINDS) {
    const contract = declarationOf(kind).contract;
    if (!("answer" in contract)) continue;
    const kindName = schemaName(model, contractSchema(model, contract));
    if (kindName === undefined) continue;
    if (kindName === name) return { kind, list: false };
    if (kindName === itemName) return { kind, list: true };
  }
  return undefined;
}

/**
 * The seed of `entries` (in the order they were sent; a later answer of an entity replaces an earlier one,
 * and moves it last), with the catalogue `seed`, and the answers it placed nothing from. The clock is the last
 * `/__sandbox/clock` answer's, else stopped at the last entry's time.
 */
export function seedFromHar(
  entries: HarEntryLike[],
  model: DocumentModel,
  seed: number | string = 1,
): { seed: SnapshotDocument; unplaced: Unplaced[] } {
  const found = new Map<EntityKind, Map<string, unknown>>(ENTITY_KINDS.map((kind) => [kind, new Map()]));
  const put = (kind: EntityKind, value: unknown) => {
    if (!isObject(value)) return;
    const byId = getOrAdd(found, kind, () => new Map<string, unknown>());
    const id = String(declarationOf(kind).idOf(value));
    byId.delete(id);
    byId.set(id, value);
  };
  const unplaced: Unplaced[] = [];
  let clock: SnapshotDocument["clock"] | undefined;
  let lastTime: string | undefined;
  const ordered = [...entries].sort(
    (a, b) => Date.parse(a.startedDateTime ?? "") - Date.parse(b.startedDateTime ?? "") || 0,
  );
  for (const entry of ordered) {
    lastTime = entry.startedDateTime ?? lastTime;
    const { pathname } = new URL(entry.request.url, "http://recorded.invalid");
    const call = `${entry.request.method} ${pathname}`;
    const { status } = entry.response;
    if (status < 200 || status >= 300) {
      unplaced.push({ call, reason: `answered ${status}` });
      continue;
    }
    let body: unknown;
    try {
      body = JSON.parse(entry.response.content?.text ?? "");
    } catch {
      unplaced.push({ call, reason: "no JSON body recorded" });
      continue;
    }
    if (pathname === "/__sandbox/state" || pathname === "/__sandbox/snapshot") {
      const lists = pathname === "/__sandbox/state" ? body : (body as { entities?: unknown }).entities;
      for (const kind of ENTITY_KINDS) {
        for (const value of (lists as Record<string, unknown[]> | undefined)?.[kind] ?? []) put(kind, value);
      }
      continue;
    }
    if (pathname === "/__sandbox/clock" && isObject(body) && typeof body.now === "string") {
      clock = { mode: body.mode === "real" ? "real" : "manual", now: body.now };
      continue;
    }
    const operation = model.route(entry.request.method, pathname).route;
    const placed = operation && placing(model, operation.operationId, status);
    if (!placed) {
      unplaced.push({
        call,
        reason: operation ? `${operation.operationId} answers no entity kind` : "not an operation of the API",
      });
      continue;
    }
    const values = placed.list ? ((body as { results?: unknown[] }).results ?? []) : [body];
    for (const value of values) put(placed.kind, value);
  }
  const entities: Record<string, unknown[]> = {};
  for (const [kind, byId] of found) if (byId.size > 0) entities[kind] = [...byId.values()];
  return {
    seed: {
      format: SNAPSHOT_FORMAT,
      version: SNAPSHOT_VERSION,
      seed,
      clock: clock ?? { mode: "manual", now: new Date(Date.parse(lastTime ?? "") || 0).toISOString() },
      entities: entities as SnapshotDocument["entities"],
    },
    unplaced,
  };
}
