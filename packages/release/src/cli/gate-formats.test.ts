import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { gate, repoRoot, write } from "../test-support/workspace.js";

/**
 * The repository's own bundle with Task.created_on turned into a number: a response type change, and one this
 * branch makes (the branch's base has the bundle's type, as long as the branch leaves Task alone).
 */
const scratch = mkdtempSync(join(tmpdir(), "gate-formats-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const candidate = join(scratch, "openapi.json");
const doc = JSON.parse(readFileSync(join(repoRoot, "spec", "dist", "openapi.json"), "utf8"));
const wasType = [doc.components.schemas.Task.properties.created_on.type].flat().join(" | ");
const change = `type ${wasType} → number`;
doc.components.schemas.Task.properties.created_on.type = "number";
write(candidate, doc);

const taskYaml = readFileSync(join(repoRoot, "spec", "components", "schemas", "Task.yaml"), "utf8").split(
  "\n",
);
/** The line of the keyword that changed: `type:` of `created_on`. */
const createdOnLine =
  taskYaml.findIndex((l, i) => /^ {4}type:/.test(l) && /^ {2}created_on:/.test(taskYaml[i - 1] ?? "")) + 1;

const run = (...args: string[]) =>
  gate(repoRoot, "--current", candidate, "--consumers", join(scratch, "none"), ...args);

describe("the gate's formats on the repository's spec", () => {
  it("github: an annotation at the spec file and line of the change, per operation", async () => {
    const { output } = await run("--format", "github");
    expect(createdOnLine).toBeGreaterThan(0);
    const annotations = output.split("\n").filter((l) => l.includes("title=response-type-widened"));
    expect(annotations.length).toBeGreaterThanOrEqual(2);
    for (const line of annotations) {
      expect(line).toMatch(
        new RegExp(
          `^::error file=spec/components/schemas/Task\\.yaml,line=${createdOnLine},title=response-type-widened::`,
        ),
      );
    }
    expect(annotations.join("\n")).toContain(`GET /cloud/v1/tasks/{task_id}: ${change}`);
  });

  it("junit: one failing case per unwaived error, the rest as passing cases", async () => {
    const { output } = await run("--format", "junit");
    expect(output).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="release-gate" tests="\d+" failures="\d+">/,
    );
    expect(output).toContain(
      `<testcase classname="findings.error" name="[response-type-widened] GET /cloud/v1/tasks/{task_id}">\n      <failure message="${change} (spec/components/schemas/Task.yaml:${createdOnLine})`,
    );
    const failures = Number(/failures="(\d+)"/.exec(output)?.[1]);
    expect(failures).toBe((output.match(/<failure /g) ?? []).length);
  });

  it("markdown and --changelog: a table of what breaks and a changelog section for the changeset", async () => {
    const changelog = join(scratch, "changelog.md");
    const { output } = await run("--format", "markdown", "--changelog", changelog);
    expect(output).toMatch(/^# Release gate: /);
    expect(output).toContain(
      `| error | \`response-type-widened\` | GET /cloud/v1/tasks/{task_id} | ${change.replaceAll("|", "\\|")} |`,
    );
    const section = readFileSync(changelog, "utf8");
    expect(section).toMatch(/^## API changes\n\n### Breaking changes\n/);
    expect(section).toContain(`- \`getTask\`: ${change}`);
    expect(output).toContain(section.trimEnd());
  });
});
