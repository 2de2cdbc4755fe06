// The table of the contract's behavioural sentences: it knows every one the spec and the sandbox's README
// say, names only statements and checks that exist, and a new behavioural sentence shows up as unknown.
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { main } from "../cli.js";
import { EVERY_OPERATION } from "./behaviour.js";
import { UNCHECKED_BECAUSE } from "./sentence-statement.js";
import {
  behaviouralSentences,
  sandboxReadme,
  sandboxSentences,
  sentencesOf,
  specSentences,
} from "./sentences.js";
import { SENTENCE_STATEMENTS, STATEMENT_IDS, statementsReport } from "./statements.js";

async function run(args: string[]) {
  let text = "";
  const out = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  const code = await main(args, {}, out);
  return { code, text };
}

describe("the behavioural sentences of the contract", () => {
  it("are each in the table, with a statement or a reason (contract-tests statements --unchecked says which are not)", () => {
    const report = statementsReport();
    expect(report.unknown.map((s) => `${s.at}: ${s.text}`)).toEqual([]);
    expect(report.gone.map((s) => `${s.at}: ${s.text}`)).toEqual([]);
    expect(report.checked.length).toBeGreaterThan(report.unchecked.length);
  });

  it("name only statements of behaviours.ts and checks of checks.ts", () => {
    for (const row of SENTENCE_STATEMENTS) {
      if (typeof row.verdict === "string")
        expect(Object.keys(UNCHECKED_BECAUSE), row.text).toContain(row.verdict);
      else for (const id of row.verdict) expect(STATEMENT_IDS, `${row.at}: ${id}`).toContain(id);
    }
    expect(EVERY_OPERATION.size).toBeGreaterThan(0);
  });

  it("come from the spec's descriptions and the sandbox's README, with their pointers", () => {
    const spec = specSentences();
    expect(spec.find((s) => s.text.includes("null while it runs"))?.at).toBe(
      "openapi.json#/components/schemas/Task/properties/finished_on/description",
    );
    expect(spec.some((s) => s.at === "openapi.json#/info/description (Pagination)")).toBe(true);
    expect(sandboxSentences().find((s) => s.text.startsWith("No error shows"))?.at).toBe(
      "mock/README.md#What the sandbox does",
    );
    expect(behaviouralSentences().length).toBe(spec.length + sandboxSentences().length);
  });

  it("are split by list item, table row and sentence, code left out", () => {
    const text =
      "# A\nOne thing. Another one;\n\n- an item\n\n| 429 | wait |\n|---|---|\n```sh\nnever here\n```\n";
    expect(sentencesOf(text)).toEqual([
      { heading: "A", text: "One thing." },
      { heading: "A", text: "Another one;" },
      { heading: "A", text: "an item" },
      { heading: "A", text: "429 wait" },
    ]);
  });

  it("a new behavioural sentence of the README is unknown until the table has it; one without those words is not one", () => {
    const readme = `${sandboxReadme()}\n## Later\n\nA deleted group is never listed again.\n\nThe sky is blue.\n`;
    const report = statementsReport([...specSentences(), ...sandboxSentences(readme)]);
    expect(report.unknown).toEqual([
      { at: "mock/README.md#Later", text: "A deleted group is never listed again." },
    ]);
  });

  it("the command lists what no statement checks, with why, and exits 0 while every sentence is known", async () => {
    const all = await run(["statements"]);
    expect(all.code).toBe(0);
    expect(all.text).toMatch(
      /^\d+ behavioural sentences: \d+ checked by statements, \d+ unchecked with a reason, 0 unknown\n$/,
    );
    const unchecked = await run(["statements", "--unchecked"]);
    expect(unchecked.code).toBe(0);
    expect(unchecked.text).toContain(`why: ${UNCHECKED_BECAUSE.platform}`);
    const json = JSON.parse((await run(["statements", "--unchecked", "--json"])).text);
    expect(json.unchecked.length).toBe(statementsReport().unchecked.length);
    expect(json.unknown).toEqual([]);
  });
});
