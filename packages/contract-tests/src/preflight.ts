// One request before the suite: does the target answer at this base URL, and does it take the key? A
// read-only operation of the spec without path parameters is asked; the answer says whether the run can
// go ahead, or the one line saying why not (unreachable, key refused, wrong base path).
import { loadDocument } from "@cloud-contract/spec/document";
import { messageOf } from "./error-message.js";

export type PreflightResult = { ok: true; url: string } | { ok: false; line: string };

const TIMEOUT_MS = 10_000;

/** The first operation that reads without path parameters or required query parameters. */
function probeOperation() {
  const found = loadDocument().operations.find(
    (op) =>
      op.method === "GET" &&
      !op.writes &&
      op.parameters.every((p) => p.in !== "path" && !(p.required && p.in !== "header")),
  );
  if (!found)
    throw new Error("the spec has no read-only operation without parameters to check the target with");
  return found;
}

const causeOf = (error: unknown): string => {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code) return `${cause.code}${cause.message ? ` (${cause.message})` : ""}`;
  if (error instanceof Error && error.name === "TimeoutError") return `no answer in ${TIMEOUT_MS / 1000} s`;
  return messageOf(error);
};

/** The key the run sends: given (flag or CONTRACT_API_KEY), or the sandbox's when none was given (url). */
export interface RunKey {
  value: string;
  given: boolean;
}

export async function preflight(baseUrl: string, key: RunKey): Promise<PreflightResult> {
  const operation = probeOperation();
  const url = `${baseUrl}${operation.path}`;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { authorization: `apikey ${key.value}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    return { ok: false, line: `the target is unreachable: GET ${url} failed: ${causeOf(error)}` };
  }
  await response.body?.cancel();
  const { status } = response;
  if (status === 401 || status === 403) {
    return {
      ok: false,
      line: `the target refused the key: GET ${url} answered ${status}${key.given ? "" : " (no key was given, so the sandbox's was sent: set CONTRACT_API_KEY or --api-key)"}`,
    };
  }
  if (status === 404 || status === 405) {
    return {
      ok: false,
      line: `wrong base path? GET ${url} answered ${status}: ${operation.operationId} should be there (the base URL is the API's root, the spec's paths follow it)`,
    };
  }
  if (status >= 200 && status < 300) return { ok: true, url };
  return { ok: false, line: `the target cannot run the suite: GET ${url} answered ${status}` };
}
