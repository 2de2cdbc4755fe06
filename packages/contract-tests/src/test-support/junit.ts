// A JUnit file as CI tools read it, parsed by junit2json (a JUnit XML parser, not our own code).
import { readFileSync } from "node:fs";
import { parse, type TestSuite } from "junit2json";

/** The `<testsuite>` elements of a JUnit file. */
export async function junitSuites(file: string): Promise<TestSuite[]> {
  const parsed = await parse(readFileSync(file, "utf8"));
  if (!parsed || !("testsuite" in parsed)) return [];
  return (parsed.testsuite ?? []) as TestSuite[];
}
