// The behavioural sentences of the contract: every sentence of the spec's descriptions (the bundle, so
// spec/paths, spec/components and spec/description.md alike) and of the sandbox's README that says what the
// API or the sandbox does. A sentence is behavioural when it holds one of BEHAVIOUR_WORDS (what an answer
// does, keeps, refuses, when, how often, in what order); CONTRIBUTING.md says how to add a statement for one.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { loadDocument } from "@cloud-contract/spec/document";

export interface Sentence {
  /** Where it is: `openapi.json#<JSON pointer>` (with the heading for the spec's introduction) or `mock/README.md#<heading>`. */
  at: string;
  /** The sentence, whitespace collapsed and markdown emphasis removed. */
  text: string;
}

/** The words that make a sentence a statement about behaviour rather than a name, a unit or a pointer. */
export const BEHAVIOUR_WORDS =
  /\b(always|never|only|until|once|while|removes?|keeps?|kept|answers?|answered|refused|rejected|at most|case-insensitive|exactly|ends?|sorted|empty|replaces?|stays|stored|unchanged|nothing|same|null when|retr(y|ied|ies)|Retry-After|X-Request-Id|still|shows?)\b/i;

const escapePointer = (key: string) => key.replaceAll("~", "~0").replaceAll("/", "~1");

/** Splits prose into sentences: list items and table rows stand alone, paragraphs split after . ; ! ? */
export function sentencesOf(markdown: string): Array<{ heading: string; text: string }> {
  const out: Array<{ heading: string; text: string }> = [];
  let heading = "";
  let fenced = false;
  let paragraph: string[] = [];
  const flush = () => {
    const text = paragraph.join(" ").replace(/\s+/g, " ").replaceAll("**", "").trim();
    paragraph = [];
    if (text === "") return;
    for (const part of text.split(/(?<=[.;!?])\s+(?=[A-Z`"(])/)) out.push({ heading, text: part.trim() });
  };
  for (const line of markdown.replace(/<!--[\s\S]*?-->/g, "").split("\n")) {
    if (/^\s*```/.test(line)) {
      flush();
      fenced = !fenced;
      continue;
    }
    if (fenced) continue;
    const title = /^#{1,6}\s+(.*)$/.exec(line);
    if (title) {
      flush();
      heading = title[1]?.trim() ?? "";
    } else if (/^\s*\|/.test(line)) {
      flush();
      if (!/^\s*\|[\s|:-]+\|\s*$/.test(line)) paragraph.push(line.replace(/\|/g, " ").trim());
      flush();
    } else if (/^\s*([-*]|\d+\.)\s+/.test(line)) {
      flush();
      paragraph.push(line.replace(/^\s*([-*]|\d+\.)\s+/, ""));
    } else if (line.trim() === "") flush();
    else paragraph.push(line.trim());
  }
  flush();
  return out;
}

/** Every `description` of the bundle (examples left out), with its JSON pointer. */
function descriptions(value: unknown, pointer: string, out: Array<[string, string]>) {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) descriptions(v, `${pointer}/${i}`, out);
  } else if (value !== null && typeof value === "object") {
    for (const [key, v] of Object.entries(value)) {
      const at = `${pointer}/${escapePointer(key)}`;
      if (key === "description" && typeof v === "string") out.push([at, v]);
      else if (key !== "examples" && key !== "example") descriptions(v, at, out);
    }
  }
}

const behavioural = (text: string) => BEHAVIOUR_WORDS.test(text);

/** The behavioural sentences of the spec's descriptions, in document order. */
export function specSentences(): Sentence[] {
  const found: Array<[string, string]> = [];
  descriptions(loadDocument().doc, "", found);
  return found.flatMap(([pointer, text]) =>
    sentencesOf(text)
      .filter((s) => behavioural(s.text))
      .map((s) => ({
        at: `openapi.json#${pointer}${s.heading ? ` (${s.heading})` : ""}`,
        text: s.text,
      })),
  );
}

/** The sandbox's README as published with @cloud-contract/mock. */
export function sandboxReadme(): string {
  const require = createRequire(import.meta.url);
  return readFileSync(
    join(dirname(require.resolve("@cloud-contract/mock/package.json")), "README.md"),
    "utf8",
  );
}

/** The behavioural sentences of the sandbox's README, by heading. */
export function sandboxSentences(readme = sandboxReadme()): Sentence[] {
  return sentencesOf(readme)
    .filter((s) => behavioural(s.text))
    .map((s) => ({ at: `mock/README.md#${s.heading}`, text: s.text }));
}

export function behaviouralSentences(): Sentence[] {
  return [...specSentences(), ...sandboxSentences()];
}
