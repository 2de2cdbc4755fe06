// Servers: a URL that worked gone (document, path or operation level), one more URL.
import { child } from "../pointer.js";
import type { Change, OperationNode, OperationScope } from "../scope.js";
import type { Json, Located } from "../types.js";
import type { RuleFamily } from "./rule.js";

const RULES = {
  "server-changed": { level: "error", summary: "a server URL that worked is gone" },
  "server-added": { level: "info", summary: "one more server URL" },
} as const;

export const serverRules: RuleFamily<keyof typeof RULES> = {
  family: "servers",
  rules: RULES,
  exchanges: {
    "server-changed": (f) => ({
      at: "every operation",
      because: `a request sent to the released server URL: ${f.message}`,
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

/** Server URLs that are gone (an error: clients configured with them stop reaching the API) and new ones. */
function compareServerLists(before: Located, after: Located, report: (c: Change) => void, what = "server") {
  const was = serverUrls(before.value);
  const now = serverUrls(after.value);
  was.forEach((url, i) => {
    if (now.includes(url)) return;
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
