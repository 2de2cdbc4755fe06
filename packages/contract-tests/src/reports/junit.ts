// The JUnit XML of a run, as CI test tabs read it: one testsuite per operation (the classname), each
// skip with its reason, each failure with a message naming the operation, the JSON pointer and the
// value, file paths as the records carry them (relative to the working directory), no stack traces; tests
// tied to no operation go in the run's own suite; a failed coverage gate is a failing test case of the
// `coverage` suite listing the missing items; a run skipped on purpose is one skipped case saying why.
import { XMLBuilder } from "fast-xml-parser";
import { describeGate, type GateResult } from "../coverage-report/gates.js";
import { operationsOf, type TestRecord } from "../summary.js";

/** The suite of the coverage gates. */
export const COVERAGE_SUITE = "coverage";

export interface JunitInput {
  /** `contract-sandbox`: the name of the whole document; its first part names the suite of unassigned tests. */
  name: string;
  tests: readonly TestRecord[];
  operationIds: readonly string[];
  gates: readonly GateResult[];
  /** Why the run was skipped on purpose (no tests ran). */
  skipped?: string;
}

/** One test case: its suite (an operation, a check), a failure or a skip reason when it did not pass. */
interface JunitCase {
  suite: string;
  name: string;
  file?: string;
  seconds?: number;
  failure?: { message: string; detail?: string };
  skipped?: string;
}

/** The message of a failed test: its first violation (operation, status, pointer, value), else its first error line. */
export function failureMessage(test: TestRecord): string {
  const violation = test.meta?.violations[0];
  if (violation) {
    return `${violation.operationId} (${violation.method} ${violation.path}) → ${violation.status}: ${violation.pointer} ${violation.message}; got ${violation.value}`;
  }
  return test.errors[0] ?? "failed";
}

function casesOf(input: JunitInput): JunitCase[] {
  const ownSuite = input.name.split("-")[0] ?? input.name;
  const cases: JunitCase[] = input.tests.map((test) => {
    const [operationId] = operationsOf(test, input.operationIds);
    const one: JunitCase = {
      suite: operationId ?? ownSuite,
      name: test.name,
      ...(test.file === "" ? {} : { file: test.file }),
      seconds: (test.durationMs ?? 0) / 1000,
    };
    if (test.state === "failed") {
      one.failure = { message: failureMessage(test), detail: (test.details ?? test.errors).join("\n\n") };
    }
    if (test.state === "skipped") one.skipped = test.note ?? "skipped without a reason";
    return one;
  });
  for (const gate of input.gates) {
    const one: JunitCase = { suite: COVERAGE_SUITE, name: `coverage gate ${gate.gate} ≥ ${gate.threshold}%`, seconds: 0 };
    if (!gate.passed) {
      one.failure = {
        message: describeGate(gate, 5),
        detail: [`missing (${gate.missing.length}):`, ...gate.missing].join("\n"),
      };
    }
    cases.push(one);
  }
  if (input.skipped !== undefined) cases.push({ suite: "configuration", name: ownSuite, skipped: input.skipped });
  return cases;
}

const count = (cases: readonly JunitCase[]) => ({
  tests: cases.length,
  failures: cases.filter((c) => c.failure).length,
  skipped: cases.filter((c) => c.skipped !== undefined).length,
  time: cases.reduce((sum, c) => sum + (c.seconds ?? 0), 0),
});

function attributes(counts: ReturnType<typeof count>) {
  return {
    "@_tests": counts.tests,
    "@_failures": counts.failures,
    "@_errors": 0,
    "@_skipped": counts.skipped,
    "@_time": counts.time.toFixed(3),
  };
}

/** The JUnit XML of a run's records, one testsuite per suite name. */
export function junitXml(input: JunitInput): string {
  const { name } = input;
  const cases = casesOf(input);
  const suites = new Map<string, JunitCase[]>();
  for (const one of cases) suites.set(one.suite, [...(suites.get(one.suite) ?? []), one]);
  const document = {
    "?xml": { "@_version": "1.0", "@_encoding": "UTF-8" },
    testsuites: {
      "@_name": name,
      ...attributes(count(cases)),
      testsuite: [...suites].map(([name, list]) => ({
        "@_name": name,
        ...attributes(count(list)),
        testcase: list.map((one) => ({
          "@_classname": one.suite,
          "@_name": one.name,
          ...(one.file === undefined ? {} : { "@_file": one.file }),
          "@_time": (one.seconds ?? 0).toFixed(3),
          ...(one.failure
            ? { failure: {
                  "@_message": one.failure.message,
                  "@_type": "ContractFailure",
                  "#text": one.failure.detail ?? one.failure.message,
                } }
            : {}),
          ...(one.skipped === undefined ? {} : { skipped: { "@_message": one.skipped } }),
        })),
      })),
    },
  };
  const builder = new XMLBuilder({
    ignoreAttributes: false,
    format: true,
    suppressEmptyNode: true,
    processEntities: true,
  });
  return builder.build(document) as string;
}
