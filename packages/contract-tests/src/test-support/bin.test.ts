// Waiting for a bin's readiness line ends when the bin does: a bin that exits before printing it fails the
// waiting test at once, with its output, instead of leaving it to the hang detector.
import { expect, it } from "vitest";
import { printed, startBin } from "./bin.js";

it("resolves with the line once printed, and rejects with the output when the bin ends first", async () => {
  const help = startBin(["--help"]);
  const [line] = await printed(help, /^Usage: contract-tests .*$/m);
  expect(line).toMatch(/^Usage: contract-tests /);
  await help.finished;

  const refused = startBin(["record"]);
  await expect(printed(refused, /recording (http:\/\/\S+)/)).rejects.toThrow(
    /the bin ended \(exit 2\) before printing .*\n.*required option '--upstream <url>'/s,
  );
});
