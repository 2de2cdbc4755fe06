import { loadDocument } from "@cloud-contract/spec/document";
import { describe, expect, it } from "vitest";
import { SANDBOX_HANDLERS } from "./index.js";

describe.each(loadDocument().operations)("the handler of $operationId", ({ operationId, area }) => {
  const [service, name] = String(area).split("/");
  it(`lives in services/${service}/handlers/${name}.ts, named after the operation's area`, async () => {
    const module: Record<string, unknown> = await import(
      /* @vite-ignore */ `../services/${service}/handlers/${name}.js`
    );
    expect(module[operationId]).toBeTypeOf("function");
    expect(module[operationId]).toBe(SANDBOX_HANDLERS[operationId as keyof typeof SANDBOX_HANDLERS]);
  });
});
