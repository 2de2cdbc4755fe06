// `@cloud-contract/mock/msw` as Node loads it: the adapter (msw.ts) once msw is found. msw is an optional peer;
// without it Node would stop at the adapter's own import with ERR_MODULE_NOT_FOUND, where this names the line
// that installs it. Browsers and bundlers load msw.ts itself (the package's `default` condition).

import { codeOf, messageOf } from "./error-message.js";
import type * as Adapter from "./msw.js";

/** The line that installs the optional peer. */
export const MSW_INSTALL = "npm install --save-dev msw@2";

async function loadAdapter(): Promise<typeof Adapter> {
  try {
    await import("msw");
  } catch (error) {
    const code = codeOf(error);
    if (code === "ERR_MODULE_NOT_FOUND" && /'msw'/.test(messageOf(error))) {
      throw new Error(
        `@cloud-contract/mock/msw needs msw, an optional peer dependency that is not installed: ${MSW_INSTALL}`,
        { cause: error },
      );
    }
    throw error;
  }
  return import("./msw.js");
}

const adapter = await loadAdapter();
export const { API_BASE_URL, sandboxHandlers } = adapter;
export type { SandboxHandlerOptions } from "./msw.js";
