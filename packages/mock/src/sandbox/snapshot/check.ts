// A snapshot or seed checked before anything of it is loaded: its format and version, the contract's
// schemas (./json-schema.ts) and the sandbox's invariants (ids unique per kind, references resolve, and each
// service's own, such as pending tasks being running tasks). Every problem names the entity, its JSON pointer in the document and the rule.
import { type DocumentModel, isObject } from "@cloud-contract/spec/model";
import { declarationOf, ENTITY_KINDS } from "../entities.js";
import { listReference, referenceOf, SNAPSHOT_SECTIONS } from "../services/services.js";
import { READABLE_VERSIONS, SNAPSHOT_FORMAT, type SnapshotDocument } from "./format.js";
import { snapshotSchema } from "./json-schema.js";

export interface SnapshotProblem {
  /** The entity the problem is in (`tasks d478…`), when it is in one. */
  entity?: string;
  /** Where, as a JSON pointer into the document. */
  pointer: string;
  /** The rule it breaks. */
  rule: string;
}

const schemas = new WeakMap<
  DocumentModel,
  (value: unknown) => { errors: { pointer: string; message: string }[] }
>();

/** Whether `doc`, with these problems found by {@link checkSnapshot}, loads: with none, it is a snapshot. */
export function isLoadable(doc: unknown, problems: readonly SnapshotProblem[]): doc is SnapshotDocument {
  return problems.length === 0;
}

/**
 * What keeps `doc` from loading into a sandbox of catalogue seed `seed` serving `model`; empty when it loads.
 */
export function checkSnapshot(doc: unknown, model: DocumentModel, seed: number | string): SnapshotProblem[] {
  if (!isObject(doc)) return [{ pointer: "", rule: "a snapshot is a JSON object" }];
  if (doc.format !== SNAPSHOT_FORMAT) {
    return [{ pointer: "/format", rule: `must be "${SNAPSHOT_FORMAT}"` }];
  }
  if (!READABLE_VERSIONS.some((version) => version === doc.version)) {
    const readable = READABLE_VERSIONS.join(", ");
    return [
      {
        pointer: "/version",
        rule: `version ${JSON.stringify(doc.version)} is not one this sandbox reads (it reads ${readable})`,
      },
    ];
  }
  let check = schemas.get(model);
  if (!check) {
    check = model.compile(snapshotSchema(model));
    schemas.set(model, check);
  }
  const broken = check(doc).errors.map((e) => ({
    ...entityAt(doc, e.pointer),
    pointer: e.pointer,
    rule: e.message,
  }));
  if (!isLoadable(doc, broken)) return broken;
  const snapshot = doc;
  if (String(snapshot.seed) !== String(seed)) {
    return [
      {
        pointer: "/seed",
        rule: `this sandbox makes its plan catalogue from seed ${seed}; load it into one started with seed ${snapshot.seed}`,
      },
    ];
  }
  return invariantProblems(snapshot, seed);
}

/** The entity a pointer into the document falls in: `/entities/<kind>/<index>/…`. */
function entityAt(doc: Record<string, unknown>, pointer: string): { entity?: string } {
  const [, top, kind, index] = pointer.split("/");
  if (top !== "entities" || kind === undefined || index === undefined) return {};
  const list = (doc.entities as Record<string, unknown[]> | undefined)?.[kind];
  const value = list?.[Number(index)];
  const id = isObject(value) ? value.id : undefined;
  return { entity: id === undefined ? `${kind} #${index}` : `${kind} ${String(id)}` };
}

function invariantProblems(doc: SnapshotDocument, seed: number | string): SnapshotProblem[] {
  const problems: SnapshotProblem[] = [];
  const ids = new Map<string, Set<string>>();
  for (const kind of ENTITY_KINDS) {
    const declaration = declarationOf(kind);
    const seen = new Map<string, number>();
    (doc.entities[kind] ?? []).forEach((value, index) => {
      const id = String(declaration.idOf(value));
      const first = seen.get(id);
      if (first !== undefined) {
        problems.push({
          entity: `${kind} ${id}`,
          pointer: `/entities/${kind}/${index}/id`,
          rule: `ids are unique per kind: /entities/${kind}/${first} has this id too`,
        });
      } else seen.set(id, index);
    });
    ids.set(kind, new Set(seen.keys()));
  }
  const reference = listReference(referenceOf(seed)) as Record<string, { id?: unknown }[]>;
  const exists = (to: string, id: string | number) =>
    ids.get(to)?.has(String(id)) ?? reference[to]?.some((item) => String(item.id) === String(id)) ?? false;
  for (const kind of ENTITY_KINDS) {
    const declaration = declarationOf(kind);
    (doc.entities[kind] ?? []).forEach((value, index) => {
      for (const ref of declaration.references?.(value) ?? []) {
        if (exists(ref.to, ref.id)) continue;
        problems.push({
          entity: `${kind} ${String(declaration.idOf(value))}`,
          pointer: `/entities/${kind}/${index}${ref.pointer}`,
          rule: `references resolve: there is no ${ref.to} ${JSON.stringify(ref.id)}`,
        });
      }
    });
  }
  for (const { section } of SNAPSHOT_SECTIONS) problems.push(...section.check(doc, doc.entities));
  return problems;
}
