// Every option a command lists does something: given, it changes what the command resolved (its settings),
// or the command refuses it with a usage error (exit 2). The table must name every option of every
// command's --help, so a new option comes with its row.
import { loadDocument } from "@cloud-contract/spec/document";
import { describe, expect, it } from "vitest";
import { main, parseCli, usage } from "../cli.js";
import type { Env } from "../run-config/target.js";
import { sink } from "../test-support/output-sink.js";

interface Row {
  /** The options added to the command's base arguments. */
  add: string[];
  expect: "honoured" | "refused";
  /** Arguments between the command's base arguments and the options tried. */
  base?: string[];
  env?: Env;
}

const URL_TARGET = ["--target", "url", "--base-url", "http://127.0.0.1:1"];
const OPERATION = loadDocument().operations[0]?.operationId ?? "";

const honoured = (add: string[], more: Omit<Row, "add" | "expect"> = {}): Row => ({
  add,
  expect: "honoured",
  ...more,
});
const refused = (add: string[], more: Omit<Row, "add" | "expect"> = {}): Row => ({
  add,
  expect: "refused",
  ...more,
});

/** The target options as every command that takes them honours them. */
const targetRows = (other: string): Row[] => [
  honoured(["--target", other]),
  honoured(["--base-url", "http://127.0.0.1:2"], { base: URL_TARGET }),
  honoured(["--api-key", "k"], { base: URL_TARGET }),
];

const mutationRows: Row[] = [
  honoured(["--read-only"], { base: URL_TARGET }),
  honoured(["--allow-mutations"], { base: URL_TARGET, env: { CONTRACT_ALLOW_MUTATIONS: "0" } }),
  refused(["--allow-mutations", "--read-only"], { base: URL_TARGET }),
];

const COMMANDS: Record<string, { base: string[]; rows: Row[] }> = {
  run: {
    base: ["run"],
    rows: [
      ...targetRows("sandbox"),
      refused(["--base-url", "http://127.0.0.1:2"]),
      refused(["--api-key", "k"]),
      honoured(["--stateful"], { base: URL_TARGET }),
      refused(["--stateful"]),
      ...mutationRows,
      refused(["--read-only"], { base: ["--target", "sandbox"] }),
      refused(["--stateful"], { base: ["--target", "real"] }),
      honoured(["--reports-dir", "elsewhere"]),
      honoured(["--min-coverage", "50"]),
      honoured(["--reporter", "github"]),
      honoured(["--run-id", "r7"]),
      honoured(["--allow-unconfigured"]),
      honoured(["--generated", "3"]),
      honoured(["--seed", "5"], { base: ["--generated", "3"] }),
      refused(["--seed", "5"]),
      honoured(["--shard", "1/2"]),
    ],
  },
  generate: {
    base: ["generate"],
    rows: [
      ...targetRows("sandbox"),
      ...mutationRows,
      honoured(["--reports-dir", "elsewhere"]),
      honoured(["--min-coverage", "50"]),
      honoured(["--reporter", "gitlab"]),
      honoured(["--run-id", "r7"]),
      honoured(["--allow-unconfigured"]),
      honoured(["--cases", "3"]),
      honoured(["--seed", "5"]),
      honoured(["--operation", OPERATION]),
      refused(["--stateful"]),
      refused(["--shard", "1/2"]),
      refused(["--sequences", "3"]),
    ],
  },
  stateful: {
    base: ["stateful"],
    rows: [
      honoured(["--target", "url", "--base-url", "http://127.0.0.1:3"]),
      ...targetRows("real").slice(1),
      refused(["--target", "prism"]),
      refused(["--api-key", "k"]),
      ...mutationRows,
      honoured(["--reports-dir", "elsewhere"]),
      honoured(["--seed", "5"]),
      honoured(["--sequences", "3"]),
      honoured(["--max-steps", "3"]),
      honoured(["--replay", "case.json"]),
      refused(["--replay", "case.json", "--sequences", "3"]),
      refused(["--min-coverage", "50"]),
      refused(["--cases", "3"]),
    ],
  },
  "replay-case": {
    base: ["replay-case", "case.json"],
    rows: [...targetRows("sandbox"), refused(["--reports-dir", "elsewhere"]), refused(["--read-only"])],
  },
  kept: {
    base: ["kept", "reports/kept-failures"],
    rows: [
      ...targetRows("sandbox"),
      ...mutationRows,
      refused(["--reports-dir", "elsewhere"]),
      refused(["--seed", "1"]),
    ],
  },
  parity: {
    base: ["parity", "rec.har"],
    rows: [
      honoured(["--target", "url", "--base-url", "http://127.0.0.1:3"]),
      honoured(["--base-url", "http://127.0.0.1:2"], { base: URL_TARGET }),
      honoured(["--api-key", "k"], { base: URL_TARGET }),
      refused(["--api-key", "k"]),
      refused(["--target", "prism"]),
      honoured(["--reports-dir", "elsewhere"]),
      honoured(["--allow", "allow.json"]),
      honoured(["--pace", "none"]),
    ],
  },
  record: {
    base: ["record", "--upstream", "http://127.0.0.1:1"],
    rows: [
      honoured(["--upstream", "http://127.0.0.1:2"]),
      honoured(["--port", "8080"]),
      honoured(["--out", "elsewhere"]),
      honoured(["--spec", "spec.json"]),
      honoured(["--upstream-timeout", "5"]),
      refused(["--reports-dir", "elsewhere"]),
    ],
  },
  replay: {
    base: ["replay", "rec.har"],
    rows: [
      honoured(["--spec", "spec.json"]),
      honoured(["--reports-dir", "elsewhere"]),
      honoured(["--min-coverage", "50"]),
      refused(["--target", "sandbox"]),
    ],
  },
  merge: {
    base: ["merge", "shard-1"],
    rows: [
      honoured(["--reports-dir", "elsewhere"]),
      honoured(["--min-coverage", "50"]),
      refused(["--seed", "1"]),
    ],
  },
};

/** What the command resolved from `argv`, as JSON; throws on a usage error. */
function settingsOf(argv: string[], env: Env): string {
  const plan = parseCli(argv, env, "/work");
  if (!("run" in plan)) throw new Error(`no run for ${argv.join(" ")}`);
  return JSON.stringify(plan.run.settings);
}

/** The long options a command's --help lists. */
function listedOptions(command: string): string[] {
  return [...usage(command).matchAll(/^\s+(?:-\w, )?(--[\w-]+)/gm)]
    .map((match) => match[1] ?? "")
    .filter((flag) => flag !== "--help");
}

describe.each(Object.entries(COMMANDS))("contract-tests %s", (command, { base, rows }) => {
  it("has a row for every option its --help lists", () => {
    const covered = new Set(rows.flatMap((row) => row.add.filter((part) => part.startsWith("--"))));
    expect(listedOptions(command).filter((flag) => !covered.has(flag))).toEqual([]);
  });

  it.each(
    rows.map(
      (row) => [`${row.add.join(" ")}${row.base ? ` (after ${row.base.join(" ")})` : ""}`, row] as const,
    ),
  )("%s", async (_, row) => {
    const env = row.env ?? {};
    const without = [...base, ...(row.base ?? [])];
    const argv = [...without, ...row.add];
    if (row.expect === "honoured") {
      expect(settingsOf(argv, env)).not.toBe(settingsOf(without, env));
      return;
    }
    expect(() => settingsOf(argv, env)).toThrow();
    const out = sink();
    expect(await main(argv, env, out.stream)).toBe(2);
    expect(out.text()).toMatch(/^contract-tests: /);
  });
});
