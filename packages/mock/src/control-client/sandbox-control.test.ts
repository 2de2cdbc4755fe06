import { expect, it } from "vitest";
import { findFreePort } from "../process/free-port.js";
import { connectSandbox, SandboxUnreachableError } from "./sandbox-control.js";

it("with no sandbox at the URL, says so: the URL, the cause, and the command that starts one there", async () => {
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const error = await connectSandbox(`${url}/`)
    .tenant()
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(SandboxUnreachableError);
  expect((error as SandboxUnreachableError).url).toBe(url);
  expect((error as Error).message).toBe(
    `no sandbox answers at ${url} (ECONNREFUSED): is it running? Start one with \`npx cloud-mock sandbox --port ${port}\` (\`pnpm sandbox\` in the cloud-contract repository)`,
  );
  expect((error as Error).cause).toBeInstanceOf(TypeError);
});
