import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { SANDBOX_API_KEY } from "@cloud-contract/mock";
import { describe, expect, it } from "vitest";
import { readPolicy } from "./policy.js";
import { teamsOf } from "./recorded-teams.js";
import { CONSUMERS_DIR, POLICY_FILE } from "./run-gate.js";
import { repoRoot } from "./test-support/workspace.js";

const folder = join(repoRoot, CONSUMERS_DIR);
const CREDENTIAL_HEADERS = new Set(["authorization", "cookie", "x-api-key", "proxy-authorization"]);

describe("the committed recordings in consumers/", () => {
  const teams = teamsOf(folder);

  it("hold the teams of this repository, each named in the policy file", () => {
    expect(teams).toEqual(["client-readme", "consumer-check", "docs-samples", "sdk-calls"]);
    const policy = readPolicy(join(repoRoot, POLICY_FILE));
    expect(Object.keys(policy.teams).sort()).toEqual(teams);
  });

  it.each(teams)("%s: HAR 1.2 logs whose credentials are redacted", (team) => {
    const files = readdirSync(join(folder, team)).filter((f) => f.endsWith(".har"));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = readFileSync(join(folder, team, file), "utf8");
      expect(text, `${file} holds the key it was recorded with`).not.toContain(SANDBOX_API_KEY);
      const har = JSON.parse(text);
      expect(har.log.version).toBe("1.2");
      expect(har.log.entries.length).toBeGreaterThan(0);
      for (const entry of har.log.entries) {
        for (const header of entry.request.headers) {
          if (!CREDENTIAL_HEADERS.has(header.name.toLowerCase())) continue;
          expect(header.value, `${file}: ${header.name}`).toMatch(/^(\S+ )?REDACTED$/);
        }
      }
    }
  });
});
