// The spec's validator for each document the gate compares, compiled without Ajv's strict-mode refusals and
// once per document content: copies of one spec (the released one, the base, the candidate) share it.
import { createHash } from "node:crypto";
import {
  createSchemaValidator,
  type SchemaValidator,
  type ValidationResult,
} from "@cloud-contract/spec/validator";
import { USER_SPEC } from "../user-spec.js";
import type { Json, Located } from "./types.js";

export type Check = (value: unknown) => ValidationResult;

/** A schema of a compared document that Ajv cannot compile: the gate cannot judge that document. */
export class SchemaCompileError extends Error {
  override readonly name = "SchemaCompileError";
  readonly doc: object;
  readonly pointer: string;
  constructor(doc: object, pointer: string, cause: string) {
    super(`the schema at ${pointer} cannot be compiled: ${cause}`);
    this.doc = doc;
    this.pointer = pointer;
  }
}

/** A document's validator and the checks compiled with it, by the schema's text. */
interface Compiled {
  validator: SchemaValidator;
  checks: Map<string, Check>;
  /** The same by schema object, looked up first: a document is never changed while it is compared. */
  bySchema: WeakMap<object, Check>;
}

const byDocument = new WeakMap<object, Compiled>();
const byContent = new Map<string, Compiled>();
const KEPT = 16;

function compiledFor(doc: Json): Compiled {
  const known = byDocument.get(doc);
  if (known) return known;
  const hash = createHash("sha256").update(JSON.stringify(doc)).digest("hex");
  let compiled = byContent.get(hash);
  if (!compiled) {
    compiled = {
      validator: createSchemaValidator(doc, USER_SPEC),
      checks: new Map(),
      bySchema: new WeakMap(),
    };
    byContent.set(hash, compiled);
    for (const oldest of byContent.keys()) {
      if (byContent.size <= KEPT) break;
      byContent.delete(oldest);
    }
  }
  byDocument.set(doc, compiled);
  return compiled;
}

/**
 * The check of a value against the schema at `node` of `doc`, compiled once per document content and schema
 * text (copies of a spec share it); throws SchemaCompileError naming the pointer.
 */
export function checkOf(doc: Json, node: Located): Check {
  const schema = node.value;
  if (schema === true || schema === undefined) return () => ({ valid: true, errors: [] });
  if (schema === false) return () => ({ valid: false, errors: [] });
  const { validator, checks, bySchema } = compiledFor(doc);
  const known = bySchema.get(schema);
  if (known) return known;
  const text = JSON.stringify(schema);
  let check = checks.get(text);
  if (!check) {
    try {
      check = validator.compile(schema);
    } catch (error) {
      throw new SchemaCompileError(doc, node.ptr, (error as Error).message.split("\n")[0] ?? String(error));
    }
    checks.set(text, check);
  }
  bySchema.set(schema, check);
  return check;
}
