import type { Finding } from "./finding.js";
import { exchangeWitnessOf } from "./rules.js";
import { type Candidate, constructWitness, type Site } from "./witness.js";

/** Witnesses built by site and place: operations that share a schema share its findings, built once. */
export type Built = Map<string, Candidate | null>;

/**
 * Attaches to each error finding its witness: for a structural change, the exchange that stops working (built
 * by its rule module); for a schema change, a value constructed from the change that one contract takes and
 * the other refuses. A witness
 * is evidence only: a finding keeps its rule's level with or without one.
 */
export function proveFindings(
  oldDoc: object,
  newDoc: object,
  findings: Finding[],
  sites: Map<Finding, Site>,
  built: Built = new Map(),
) {
  const construct = (site: Site, target: { accepting: string; refusing: string }) => {
    const key = `${site.direction}|${site.before}|${site.after}|${target.accepting}|${target.refusing}`;
    if (!built.has(key)) built.set(key, constructWitness(oldDoc, newDoc, site, target));
    return built.get(key) ?? null;
  };
  for (const finding of findings) {
    if (finding.level !== "error") continue;
    const exchange = exchangeWitnessOf(finding.rule);
    if (exchange) {
      finding.witness = { kind: "exchange", ...exchange(finding) };
      continue;
    }
    const site = sites.get(finding);
    if (!site) continue;
    const request = site.direction === "request";
    const [accepting, refusing] = request ? [finding.before, finding.after] : [finding.after, finding.before];
    let hit = construct(site, { accepting, refusing });
    // A field made required (or no longer so) is refused at its object, not at the field: build there too.
    const parent = (ptr: string) => ptr.replace(/\/(properties\/[^/]+|required)$/, "");
    if (hit === null && (parent(accepting) !== accepting || parent(refusing) !== refusing))
      hit = construct(site, { accepting: parent(accepting), refusing: parent(refusing) });
    if (hit === null) continue;
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
