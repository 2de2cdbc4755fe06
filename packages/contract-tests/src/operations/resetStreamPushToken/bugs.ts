// resetStreamPushToken: the seeded bugs that break it (bench:bugs switches each on alone; the statements in behaviours.ts
// beside this file name the bug that breaks each). Not published with the package.
import { loadDocument } from "@cloud-contract/spec/document";
import { type Json, noKeyAccepted, withoutHeader } from "../../bugs/bug-kit.js";
import type { SeededBug } from "../../bugs/seeded-bug.js";
import { defineBug as bug, rewriteStatus, rewriteSuccess } from "../../bugs/seeded-bug.js";
import { objectOf, stringOf, stringsOf } from "../../json-fields.js";

/** The one message a push-token reset's 202 notice has (LiveStreamResetNotice's enum). */
const RESET_NOTICE = () =>
  stringsOf(
    objectOf(
      objectOf(
        objectOf(loadDocument().resolve({ $ref: "#/components/schemas/LiveStreamResetNotice" })).properties,
      ).message,
    ).enum,
  )[0];

export const bugs: readonly SeededBug[] = [
  bug(
    "shape.resetStreamPushToken.id-as-string",
    "the reset stream's id is a string",
    rewriteSuccess((b) => {
      if ("id" in b) b.id = String(b.id);
    }),
  ),
  bug(
    "status.resetStreamPushToken.always-202",
    "every reset is answered 202 with the notice, also for a stream off air",
    rewriteStatus(200, (a) => ({
      ...a,
      status: 202,
      body: { message: RESET_NOTICE() },
    })),
  ),
  bug(
    "status.resetStreamPushToken.401-as-400",
    "a reset without a valid key is answered 400 instead of 401",
    rewriteStatus(401, (a) => ({ ...a, status: 400 })),
  ),
  bug("auth.resetStreamPushToken.no-key", "a token is reset without an Authorization header", noKeyAccepted),
  bug(
    "behaviour.resetStreamPushToken.token-unchanged",
    "a reset answers the token of the first reset again",
    rewriteSuccess((b, call) => {
      if (typeof b.token !== "string") return;
      const first = stringOf(call.memory.get("token"));
      if (first === undefined) call.memory.set("token", b.token);
      else return JSON.parse(JSON.stringify(b).replaceAll(b.token, first));
    }),
  ),
  bug(
    "behaviour.resetStreamPushToken.urls-keep-old-token",
    "after a reset the push URLs still carry the token before it",
    rewriteSuccess((b, call) => {
      if (typeof b.token !== "string") return;
      const before = stringOf(call.memory.get("token"));
      call.memory.set("token", b.token);
      if (before === undefined) return;
      const token = b.token;
      const stale: Json = JSON.parse(JSON.stringify(b).replaceAll(token, before));
      stale.token = token;
      return stale;
    }),
  ),
  bug(
    "scope.resetStreamPushToken.other-stream",
    "the reset answers another stream's id",
    rewriteSuccess((s) => {
      if (typeof s.id === "number") s.id += 1;
    }),
  ),
  bug(
    "errors.resetStreamPushToken.404-without-request-id",
    "an unknown stream's 404 has no X-Request-Id",
    withoutHeader(404, "x-request-id"),
  ),
];
