// The `email` format as JSON Schema defines it: a Mailbox of RFC 5321 (section 4.1.2), quoted local parts,
// one-label domains and address literals included — the grammar of smtp-address-parser, without the further
// domain rules (fully qualified, a top-level label of two characters or more) its own parse() adds. RFC 5321
// is ASCII: the grammar's UTF-8 addresses (RFC 6531) are JSON Schema's `idn-email`, checked by isIdnMailbox.
import nearley from "nearley";
import grammarModule from "smtp-address-parser/dist/lib/grammar.js";
import type { CommonJsImport } from "./common-js.js";

// The grammar is CommonJS with a default export: Node hands over the exports object, bundlers the default.
const imported: CommonJsImport<nearley.CompiledRules> = grammarModule;
const mailbox = nearley.Grammar.fromCompiled({
  ...("default" in imported ? imported.default : imported),
  ParserStart: "Mailbox",
});
/** ajv-formats' pattern: a dot-atom local part at a domain of two or more labels, a subset of the grammar. */
const COMMON =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

/** Any character outside ASCII. */
const NON_ASCII = /[^\p{ASCII}]/u;

/** Whether `text` is an RFC 5321 Mailbox: ASCII only (`josé@example.com` is not one). */
export function isMailbox(text: string): boolean {
  return !NON_ASCII.test(text) && isIdnMailbox(text);
}

/** Whether `text` is an RFC 6531 Mailbox: RFC 5321's, UTF-8 allowed (JSON Schema's `idn-email`). */
export function isIdnMailbox(text: string): boolean {
  if (COMMON.test(text)) return true;
  const parser = new nearley.Parser(mailbox);
  try {
    parser.feed(text);
  } catch {
    return false;
  }
  return parser.results.length > 0;
}
