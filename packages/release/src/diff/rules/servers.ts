// Servers: a URL that worked gone (document, path or operation level), one more URL, a server variable that no
// longer takes a value it took.
import { child } from "../pointer.js";
import type { Change, OperationNode, OperationScope } from "../scope.js";
import type { Json, Located } from "../types.js";
import type { RuleFamily } from "./rule.js";

const RULES = {
  "server-changed": { level: "error", summary: "a server URL that worked is gone" },
  "server-added": { level: "info", summary: "one more server URL" },
  "server-variable-narrowed": {
    level: "error",
    summary: "a server variable no longer takes a value it took (its enum lost one, or now lists its values)",
  },
  "server-variable-widened": { level: "info", summary: "a server variable takes more values" },
} as const;

export const serverRules: RuleFamily<keyof typeof RULES> = {
  family: "servers",
  rules: RULES,
  exchanges: {
    "server-changed": (f) => ({
      at: "every operation",
      because: `a request sent to the released server URL: ${f.message}`,
    }),
    "server-variable-narrowed": (f) => ({
      at: "every operation",
      because: `a request sent to the server URL with a value the released contract listed: ${f.message}`,
    }),
  },
};

/**
 * A server's URL as a client reaches it: each `{variable}` replaced by its default (what a client configured
 * with the server uses), without a trailing slash.
 */
function serverUrl(server: Json): string {
  const variables = server?.variables ?? {};
  return String(server?.url ?? "")
    .replace(/\{([^}]*)\}/g, (whole, name: string) => {
      const value = variables[name]?.default;
      return value === undefined ? whole : String(value);
    })
    .replace(/\/+$/, "");
}

const serverUrls = (servers: Json): string[] => (Array.isArray(servers) ? servers : []).map(serverUrl);

/** The values a server variable takes: its enum, else any (undefined). */
const valuesOf = (variable: Json): string[] | undefined =>
  Array.isArray(variable?.enum) ? variable.enum.map(String) : undefined;

/**
 * The variables of a server found on both sides (the same URL once defaults are filled in): a value a client
 * could put in the URL before and cannot now (its enum lost it, or an enum now lists the values of a free
 * variable) stops reaching the API; more values reach it too.
 */
function compareVariables(x: Located, y: Located, report: (c: Change) => void, what: string) {
  const names = new Set([...Object.keys(x.value?.variables ?? {}), ...Object.keys(y.value?.variables ?? {})]);
  for (const name of names) {
    const was = child(x, "variables", name);
    const now = child(y, "variables", name);
    if (was.value === undefined || now.value === undefined) continue;
    const before = valuesOf(was.value);
    const after = valuesOf(now.value);
    const lost =
      after === undefined
        ? []
        : before === undefined
          ? ["any other value"]
          : before.filter((v) => !after.includes(v));
    const gained =
      after === undefined
        ? before === undefined
          ? []
          : ["any value"]
        : after.filter((v) => !before?.includes(v) && before !== undefined);
    const url = serverUrl(x.value);
    if (lost.length > 0)
      report({
        rule: "server-variable-narrowed",
        message: `${what} ${url}: variable ${name} no longer takes ${lost.join(", ")}`,
        before: was.ptr,
        after: now.ptr,
      });
    else if (gained.length > 0)
      report({
        rule: "server-variable-widened",
        message: `${what} ${url}: variable ${name} now takes ${gained.join(", ")}`,
        before: was.ptr,
        after: now.ptr,
      });
  }
}

/** Server URLs that are gone (an error: clients configured with them stop reaching the API) and new ones. */
function compareServerLists(before: Located, after: Located, report: (c: Change) => void, what = "server") {
  const was = serverUrls(before.value);
  const now = serverUrls(after.value);
  was.forEach((url, i) => {
    const j = now.indexOf(url);
    if (j >= 0) {
      compareVariables(child(before, i), child(after, j), report, what);
      return;
    }
    report({
      rule: "server-changed",
      message: `${what} ${url} is gone`,
      before: `${before.ptr}/${i}`,
      after: after.ptr,
    });
  });
  now.forEach((url, i) => {
    if (was.includes(url)) return;
    report({
      rule: "server-added",
      message: `${what} ${url} added`,
      before: before.ptr,
      after: `${after.ptr}/${i}`,
    });
  });
}

/** The document's servers. */
export function compareServers(oldDoc: Json, newDoc: Json, report: (c: Change) => void) {
  compareServerLists(
    { value: oldDoc.servers, ptr: "/servers" },
    { value: newDoc.servers, ptr: "/servers" },
    report,
  );
}

/**
 * The servers an operation is sent to (its own, else its path's, else the document's), compared when the
 * operation or its path names servers of its own on either side: the document's are compared once, apart.
 */
export function compareOperationServers(scope: OperationScope, a: OperationNode, b: OperationNode) {
  const serversOf = (doc: Json, op: OperationNode): Located => {
    for (const owner of [op, op.pathItem])
      if (Array.isArray(owner.value?.servers)) return child(owner, "servers");
    return { value: doc.servers, ptr: "/servers" };
  };
  const x = serversOf(scope.oldDoc, a);
  const y = serversOf(scope.newDoc, b);
  if (x.ptr === "/servers" && y.ptr === "/servers") return;
  compareServerLists(x, y, scope.report, "operation server");
}
