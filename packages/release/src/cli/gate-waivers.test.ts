import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  ID_OPTIONAL_FINGERPRINT as FINGERPRINT,
  getTaskSpec as spec,
} from "../test-support/body-operation.js";
import { gate, workspace, write } from "../test-support/workspace.js";

function waived(entries: string) {
  const root = workspace(spec(["id"]), spec([]));
  write(join(root, "release-gate-waivers.yaml"), `waivers:\n${entries}`);
  return root;
}

describe("waivers", () => {
  it("the fingerprint a failing run prints lets that finding through until the expiry", async () => {
    const failing = await gate(workspace(spec(["id"]), spec([])));
    expect(failing.code, failing.output).toBe(1);
    expect(failing.output).toContain(`fingerprint: ${FINGERPRINT}`);

    const root = waived(
      `  - fingerprint: "${FINGERPRINT}"\n    reason: the service never omitted it\n    expires: 2026-07-01\n`,
    );
    const { code, output } = await gate(root);
    expect(code, output).toBe(0);
    expect(output).toContain("[waived until 2026-07-01: the service never omitted it]");
  });

  it("fails an expired waiver", async () => {
    const root = waived(
      `  - fingerprint: "${FINGERPRINT}"\n    reason: for a while\n    expires: 2026-05-31\n`,
    );
    const { code, output } = await gate(root);
    expect(code, output).toBe(1);
    expect(output).toContain(`waiver expired on 2026-05-31: ${FINGERPRINT}`);
  });

  it("fails a waiver that matches no finding", async () => {
    const root = workspace(spec(["id"]), spec(["id"]));
    write(
      join(root, "release-gate-waivers.yaml"),
      `waivers:\n  - fingerprint: "${FINGERPRINT}"\n    reason: old\n    expires: 2027-01-01\n`,
    );
    const { code, output } = await gate(root);
    expect(code, output).toBe(1);
    expect(output).toContain(`waiver matches no finding (remove it): ${FINGERPRINT}`);
  });

  it("refuses a waiver without a reason with exit 2 and one line", async () => {
    const root = waived(`  - fingerprint: "${FINGERPRINT}"\n    expires: 2027-01-01\n`);
    const { code, output } = await gate(root);
    expect(code).toBe(2);
    expect(output).toBe(`gate: ${join(root, "release-gate-waivers.yaml")}: waiver 1 has no reason`);
  });
});
