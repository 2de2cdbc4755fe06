// The `email` format takes every RFC 5321 Mailbox (ASCII) and refuses what is not one, compiled here or loaded
// from the compiled-validator folder; `idn-email` takes RFC 6531's UTF-8 mailboxes too.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bundledDocument } from "./bundled.js";
import { compiledValidatorsIn } from "./compiled-validators.js";
import { createSchemaValidator, useCompiledValidators } from "./validator.js";

const work = mkdtempSync(join(tmpdir(), "email-format-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
afterAll(() => useCompiledValidators(undefined));

const MAILBOXES = [
  "name@example.com",
  "first.last+tag@mail.example.co.uk",
  "!#$%&'*+-/=?^_`{|}~@example.org",
  '"john doe"@example.com', // quoted local part with a space
  '"a\\"b"@example.com', // an escaped quote inside it
  '""@example.com', // an empty quoted string
  '"a..b"@example.com', // two dots, quoted
  "name@localhost", // one-label domain
  "name@b.c", // a one-letter top-level label
  "name@[192.0.2.1]", // IPv4 address literal
  "name@[IPv6:2001:db8::1]", // IPv6 address literal
  "name@[tag:anything]", // general address literal
  "name@123.example", // a label of digits
  "user@xn--bcher-kva.example", // an A-label
  '"joe@bloggs"@example.com', // an @ inside the quotes
  "a@[ipv6:::1]", // the IPv6 tag in lower case
  "test@c--n.com", // two hyphens inside a label
  "test@255.255.255.255", // a domain of digit labels, no brackets
];
/** RFC 6531's UTF-8 mailboxes: JSON Schema's `idn-email`, not `email` (RFC 5321 is ASCII). */
const UTF8_MAILBOXES = ["josé@example.com", "用户@例子.广告", "ü@exämple.com", "name@exämple.com"];
const NOT_MAILBOXES = [
  "",
  "name",
  "name@",
  "@example.com",
  "a..b@example.com",
  ".name@example.com",
  "name.@example.com",
  "a b@example.com",
  "name@exa mple.com",
  "name@-example.com",
  "name@example-.com",
  "name@example..com",
  "name@example.com.",
  "name@exa_mple.com",
  "name@[300.1.1.1]",
  "name@[192.0.2.1",
  "John <name@example.com>",
  "name(comment)@example.com",
  "a@b@example.com",
  " name@example.com",
  "name@example.com\n",
  "a@[]",
  "a@[1.2.3]",
  "test@[RFC-5322-domain-literal]", // brackets that hold no address
  "test@a[255.255.255.255]",
  "a,b@example.com",
  '"unclosed@example.com',
];

const EMAIL = { type: "string", format: "email" };
const IDN_EMAIL = { type: "string", format: "idn-email" };

/** The format's check, compiled now; with a folder, compiled and kept by one validator, loaded by a second. */
function emailCheck(folder: string | undefined) {
  if (folder === undefined) return createSchemaValidator(bundledDocument).compile(EMAIL);
  const store = compiledValidatorsIn(folder);
  let loaded = 0;
  useCompiledValidators({
    forRegistry(ajv, registry) {
      const inner = store.forRegistry(ajv, registry);
      return {
        ...inner,
        load(schema) {
          const validate = inner.load(schema);
          if (validate) loaded++;
          return validate;
        },
      };
    },
  });
  createSchemaValidator(bundledDocument).compile(EMAIL);
  expect(readdirSync(folder)).toHaveLength(2); // the validator and the meta-schema's
  // Another document object: a validator of its own (one document's is made once), which loads the kept one.
  const check = createSchemaValidator(structuredClone(bundledDocument)).compile(EMAIL);
  expect(loaded).toBe(1);
  return check;
}

describe.each([
  ["compiled in this process", undefined],
  ["loaded from the compiled-validator folder", work],
])("format: email, %s", (_how, folder) => {
  const check = emailCheck(folder);
  it.each(MAILBOXES)("takes %s", (address) => expect(check(address).valid).toBe(true));
  it.each(NOT_MAILBOXES)("refuses %j", (address) => expect(check(address).valid).toBe(false));
  it.each(UTF8_MAILBOXES)("refuses the UTF-8 %s", (address) => expect(check(address).valid).toBe(false));
});

describe("format: idn-email", () => {
  const check = createSchemaValidator(bundledDocument).compile(IDN_EMAIL);
  it.each([...MAILBOXES, ...UTF8_MAILBOXES])("takes %s", (address) =>
    expect(check(address).valid).toBe(true),
  );
  it.each(NOT_MAILBOXES)("refuses %j", (address) => expect(check(address).valid).toBe(false));
});
