// What `contract-tests kept` hands each kept file through vitest's provide/inject: the base URL of the
// target it runs against and the key to send (never written in the file).
import { inject } from "vitest";

export interface KeptTarget {
  baseUrl: string;
  apiKey: string;
}

declare module "vitest" {
  interface ProvidedContext {
    keptTarget: KeptTarget;
  }
}

/** The target of this run of kept files; only `contract-tests kept` provides one. */
export function keptTarget(): KeptTarget {
  const target = inject("keptTarget");
  if (target === undefined)
    throw new Error("kept failures run with `contract-tests kept FILE`, which gives them their target");
  return target;
}
