import { structuralWitness } from "./structural-witness.js";
import type { Finding } from "./types.js";
import {
  type Candidate,
  generators,
  type Site,
  searchWitness,
  WITNESS_MS,
  WITNESS_TRIES,
} from "./witness-search.js";

const NO_GENERATORS =
  "the contract suite's generators are not built, pnpm exec nx run contract-tests:build builds them";

/**
 * Gives each error finding its witness. A structural change carries the exchange that stops working; a
 * schema change needs a value one contract takes and the other refuses, found by a bounded search: without
 * one it is at most a warning, since nothing shows that any consumer breaks.
 */
export function proveFindings(
  oldDoc: object,
  newDoc: object,
  findings: Finding[],
  sites: Map<Finding, Site>,
) {
  // Operations that share a schema share its findings: each site and place is searched once.
  const searched = new Map<string, Candidate | null | undefined>();
  const search = (site: Site, target: { accepting: string; refusing: string }) => {
    const key = `${site.direction}|${site.before}|${site.after}|${target.accepting}|${target.refusing}`;
    if (!searched.has(key)) searched.set(key, searchWitness(oldDoc, newDoc, site, target));
    return searched.get(key);
  };
  for (const finding of findings) {
    if (finding.level !== "error") continue;
    const structural = structuralWitness(finding);
    if (structural) {
      finding.witness = structural;
      continue;
    }
    const site = sites.get(finding);
    if (!site) continue;
    const request = site.direction === "request";
    const [accepting, refusing] = request ? [finding.before, finding.after] : [finding.after, finding.before];
    let hit = search(site, { accepting, refusing });
    // A field made required (or no longer so) is refused at its object, not at the field: search there too.
    const parent = (ptr: string) => ptr.replace(/\/properties\/[^/]+$/, "");
    if (hit === null && (parent(accepting) !== accepting || parent(refusing) !== refusing))
      hit = search(site, { accepting: parent(accepting), refusing: parent(refusing) });
    // A schema the validator cannot compile, or no generators to draw with: the comparer's verdict stands.
    if (hit === undefined) {
      if (!generators()) finding.message += ` (no witness searched: ${NO_GENERATORS})`;
      continue;
    }
    if (hit === null) {
      finding.level = "warning";
      finding.message += ` (no witness in ${WITNESS_TRIES} values or ${WITNESS_MS} ms: no consumer shown to break)`;
      continue;
    }
    const error = hit.errors[0];
    const said = error ? `${error.pointer} ${error.message}` : "refused";
    finding.witness = {
      kind: site.direction,
      at: site.place,
      value: hit.value,
      because: request
        ? `the released contract accepts it, the candidate refuses it (${said})`
        : `the candidate allows it, the released contract did not (${said})`,
    };
  }
}
