// The rendered docs speak to the API's users: no description, summary or title may say how the spec was
// written. Where a fact came from (the interface text, the vendor's reference files, the SDKs) is kept
// in README.md, where maintainers read it.
import { isObject } from "./src/json.js";

/** Words that describe the spec's own making, not the API. */
export const PROVENANCE_WORDS: readonly RegExp[] = [
  /\bseed(s|ed)?\b/i,
  /\binterface specification\b/i,
  /\bspecification\b/i,
  /\b(the|its|that|public|API) (API )?references?\b/i,
  /\bpublic SDKs?\b/i,
  /\bthis (contract|spec)\b/i,
];

const PROSE_KEYS = new Set(["description", "summary", "title"]);

export interface ProseFinding {
  /** JSON pointer of the text. */
  where: string;
  word: string;
}

/** Every description, summary and title of `document` (a bundled OpenAPI object) that uses such a word. */
export function findProvenanceWords(document: unknown, where = ""): ProseFinding[] {
  const out: ProseFinding[] = [];
  if (Array.isArray(document)) {
    document.forEach((item, i) => {
      out.push(...findProvenanceWords(item, `${where}/${i}`));
    });
  } else if (isObject(document)) {
    for (const [key, value] of Object.entries(document)) {
      const at = `${where}/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`;
      // A property named "description" (or "title") of a schema is a schema, not prose: only strings count.
      if (PROSE_KEYS.has(key) && typeof value === "string") {
        for (const word of PROVENANCE_WORDS) {
          const hit = word.exec(value);
          if (hit) out.push({ where: at, word: hit[0] });
        }
      } else {
        out.push(...findProvenanceWords(value, at));
      }
    }
  }
  return out;
}
