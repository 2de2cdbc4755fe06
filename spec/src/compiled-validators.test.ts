import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { bundledDocument } from "./bundled.js";
import { compiledValidatorsIn } from "./compiled-validators.js";
import {
  type CompiledValidators,
  createSchemaValidator,
  type OpenApiDocument,
  useCompiledValidators,
} from "./validator.js";

const work = mkdtempSync(join(tmpdir(), "compiled-validators-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
afterEach(() => useCompiledValidators(undefined));

/** Two schemas that `$ref` into the document's schemas. */
const task = { $ref: "#/components/schemas/Task" };
const quota = { $ref: "#/components/schemas/RegistryQuotaCheckRequest" };
const goodTask = {
  id: "d478ae29-dedc-4869-82f0-96104425f565",
  state: "FINISHED",
  task_type: "create_bm",
  user_id: 9998,
  created_on: "2026-11-21T09:15:02Z",
};
const badTask = { ...goodTask, user_id: "9998", state: "SLEEPING" };

/** What the validators of a fresh validator over `doc` say about the test values. */
function verdicts(doc: OpenApiDocument = bundledDocument) {
  const validator = createSchemaValidator(doc);
  return [validator.compile(task)(goodTask), validator.compile(task)(badTask), validator.compile(quota)({})];
}

/** `store` that also counts the validators it finds. */
function counting(store: CompiledValidators) {
  const found = { count: 0 };
  const counted: CompiledValidators = {
    forRegistry(ajv, registry) {
      const inner = store.forRegistry(ajv, registry);
      return {
        ...inner,
        load(schema) {
          const validate = inner.load(schema);
          if (validate) found.count++;
          return validate;
        },
      };
    },
  };
  return { counted, found };
}

describe("validators kept between processes", () => {
  it("are saved once compiled, then found and used: the same verdicts and errors as compiled ones", () => {
    const dir = join(work, "kept");
    const compiled = verdicts();
    expect(compiled[0]?.valid).toBe(true);
    expect(compiled[1]?.errors.map((e) => e.pointer).sort()).toEqual(["/state", "/user_id"]);

    const first = counting(compiledValidatorsIn(dir));
    useCompiledValidators(first.counted);
    expect(verdicts()).toEqual(compiled);
    expect(first.found.count).toBe(0);
    // Two validators and the meta-schema's.
    expect(readdirSync(dir).filter((name) => name.endsWith(".cjs"))).toHaveLength(3);

    const second = counting(compiledValidatorsIn(dir));
    useCompiledValidators(second.counted);
    expect(verdicts()).toEqual(compiled);
    expect(second.found.count).toBe(2);
  });

  it("are not found for a schema whose referred schemas differ; found for one that reaches none of them", () => {
    const dir = join(work, "other-document");
    useCompiledValidators(compiledValidatorsIn(dir));
    verdicts();
    const changed = structuredClone(bundledDocument);
    const changedSchemas = changed.components?.schemas as Record<string, { properties: object }>;
    changedSchemas.Task = {
      ...changedSchemas.Task,
      properties: { ...changedSchemas.Task?.properties, user_id: { type: "string" } },
    };
    const store = counting(compiledValidatorsIn(dir));
    useCompiledValidators(store.counted);
    const [, bad, quotaVerdict] = verdicts(changed);
    // The Task validator is compiled again; the quota request's, which reaches no Task, is the kept one.
    expect(store.found.count).toBe(1);
    expect(bad?.errors.map((e) => e.pointer)).toEqual(["/state"]);
    expect(quotaVerdict).toEqual(verdicts()[2]);
  });

  it("a kept file that is not a validator is compiled again and replaced", () => {
    const dir = join(work, "broken");
    useCompiledValidators(compiledValidatorsIn(dir));
    const compiled = verdicts();
    for (const name of readdirSync(dir)) writeFileSync(join(dir, name), "module.exports = 42; throw 1;");
    const again = counting(compiledValidatorsIn(dir));
    useCompiledValidators(again.counted);
    expect(verdicts()).toEqual(compiled);
    expect(again.found.count).toBe(0);
    const after = counting(compiledValidatorsIn(dir));
    useCompiledValidators(after.counted);
    expect(verdicts()).toEqual(compiled);
    expect(after.found.count).toBe(2);
  });

  it("refuse a schema that refers to a broken one of the document, kept or not", () => {
    const broken = structuredClone(bundledDocument);
    (broken.components?.schemas as Record<string, unknown>).Task = { type: 42 };
    expect(() => createSchemaValidator(broken).compile(task)).toThrow(/type must be JSONType/);
    useCompiledValidators(compiledValidatorsIn(join(work, "refused")));
    expect(() => createSchemaValidator(broken).compile(task)).toThrow(/type must be JSONType/);
    expect(existsSync(join(work, "refused"))).toBe(false);
  });

  it("refuse a schema the JSON Schema meta-schema refuses, as ajv does, and keep nothing for it", () => {
    const invalid = { type: "string", minLength: "three" };
    const refusal = /^schema is invalid: data\/minLength must be integer$/;
    expect(() => createSchemaValidator(bundledDocument).compile(invalid)).toThrow(refusal);
    useCompiledValidators(compiledValidatorsIn(join(work, "meta-refused")));
    expect(() => createSchemaValidator(bundledDocument).compile(invalid)).toThrow(refusal);
    expect(existsSync(join(work, "meta-refused"))).toBe(false);
  });

  it("keep the meta-schema's validator: a later validator checks each schema with it, refusing the same", () => {
    const dir = join(work, "meta-schema");
    useCompiledValidators(compiledValidatorsIn(dir));
    const compiled = verdicts();
    expect(readdirSync(dir).filter((name) => name.endsWith(".cjs"))).toHaveLength(3);
    const store = compiledValidatorsIn(dir);
    let loaded = 0;
    useCompiledValidators({
      forRegistry(ajv, registry) {
        const inner = store.forRegistry(ajv, registry);
        return {
          ...inner,
          loadMetaSchema() {
            const validate = inner.loadMetaSchema();
            if (validate) loaded++;
            return validate;
          },
        };
      },
    });
    const validator = createSchemaValidator(bundledDocument);
    expect(() => validator.compile({ type: "array", items: { maxItems: -1 } })).toThrow(
      /^schema is invalid: data\/items\/maxItems must be >= 0$/,
    );
    expect(loaded).toBe(1);
    expect(verdicts()).toEqual(compiled);
  });

  it("are made once per document object, options and store: the parts of a process share them", () => {
    const validator = createSchemaValidator(bundledDocument, { strict: false });
    expect(createSchemaValidator(bundledDocument, { strict: false })).toBe(validator);
    expect(createSchemaValidator(bundledDocument)).not.toBe(validator);
    expect(createSchemaValidator(structuredClone(bundledDocument), { strict: false })).not.toBe(validator);
    useCompiledValidators(compiledValidatorsIn(join(work, "shared")));
    expect(createSchemaValidator(bundledDocument, { strict: false })).not.toBe(validator);
  });

  it("a folder that cannot be written to costs nothing but the time: same verdicts, no file", () => {
    const file = join(work, "a-file");
    writeFileSync(file, "");
    const compiled = verdicts();
    useCompiledValidators(compiledValidatorsIn(join(file, "below-a-file")));
    expect(verdicts()).toEqual(compiled);
    expect(readdirSync(work).filter((name) => name.startsWith("a-file"))).toEqual(["a-file"]);
  });

  it("are kept by any process that names a folder in CLOUD_CONTRACT_VALIDATOR_CACHE", () => {
    const dir = join(work, "from-the-environment");
    const script = [
      `const { loadDocument } = await import(${JSON.stringify(new URL("../dist/lib/document.js", import.meta.url).href)});`,
      "const model = loadDocument();",
      'process.stdout.write(String(model.checkSchema("Task", { id: 1 }).length > 0));',
    ].join("\n");
    const run = () =>
      execFileSync(process.execPath, ["--input-type=module", "--eval", script], {
        env: { ...process.env, CLOUD_CONTRACT_VALIDATOR_CACHE: dir },
        encoding: "utf8",
      });
    expect(run().trim()).toBe("true");
    // The validator and the meta-schema's.
    expect(readdirSync(dir).filter((name) => name.endsWith(".cjs"))).toHaveLength(2);
    // The second process loads the validator (compiling nothing, it needs no meta-schema) and keeps V8's code
    // cache of it; a third uses that cache and adds nothing.
    expect(run().trim()).toBe("true");
    const kept = readdirSync(dir);
    expect(kept.filter((name) => name.endsWith(".v8"))).toHaveLength(1);
    expect(run().trim()).toBe("true");
    expect(readdirSync(dir)).toEqual(kept);
    // Two Node processes that each load the document: more than the default 5 s on a busy 2-core machine.
  });
});
