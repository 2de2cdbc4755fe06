// listResellerNotificationSettings: the seeded bugs that break it (bench:bugs switches each on alone; the statements in behaviours.ts
// beside this file name the bug that breaks each). Not published with the package.
import {
  each,
  lastItemDropped,
  numberParam,
  plusOne,
  restatus,
  wrongKeyAccepted,
} from "../../bugs/bug-kit.js";
import type { SeededBug } from "../../bugs/seeded-bug.js";
import { defineBug as bug, rewriteRequest, rewriteStatus, rewriteSuccess } from "../../bugs/seeded-bug.js";

export const bugs: readonly SeededBug[] = [
  bug(
    "shape.listResellerNotificationSettings.email-not-an-address",
    "a listed setting's email is not an e-mail address",
    rewriteSuccess((b) => each(b, (s) => (s.email = "not an address"))),
  ),
  bug(
    "status.listResellerNotificationSettings.200-as-203",
    "the settings list answered 203",
    rewriteStatus(200, restatus(203)),
  ),
  bug(
    "auth.listResellerNotificationSettings.wrong-key",
    "settings are listed with an unknown key",
    wrongKeyAccepted,
  ),
  bug(
    "validation.listResellerNotificationSettings.limit-not-a-number-ignored",
    "a limit that is not a number is ignored instead of refused",
    rewriteRequest((call) => {
      const limit = call.url.searchParams.get("limit");
      if (limit !== null && !/^-?\d+$/.test(limit)) call.url.searchParams.delete("limit");
    }),
  ),
  bug(
    "behaviour.listResellerNotificationSettings.ordering-ignored",
    "ordering is ignored (descending orders come ascending)",
    rewriteRequest((call) => call.url.searchParams.delete("ordering")),
  ),
  bug(
    "behaviour.listResellerNotificationSettings.absolute-next",
    "next and previous are absolute URLs",
    rewriteSuccess((b) => {
      for (const field of ["next", "previous"]) {
        if (typeof b[field] === "string") b[field] = `https://api.example.com/iam/${String(b[field])}`;
      }
    }),
  ),
  bug(
    "behaviour.listResellerNotificationSettings.page-ignored",
    "offset is ignored: every page starts at the first setting",
    rewriteRequest((call) => call.url.searchParams.delete("offset")),
  ),
  bug(
    "scope.listResellerNotificationSettings.other-reseller-listed",
    "a setting of the next reseller is listed too",
    plusOne("reseller"),
  ),
  bug(
    "pages.listResellerNotificationSettings.last-item-dropped",
    "a page that starts at the last setting is empty",
    lastItemDropped,
  ),
  bug(
    "pages.listResellerNotificationSettings.next-on-last-page",
    "the last page links a next page past the end",
    rewriteSuccess((b, call) => {
      if (typeof b.next !== "string")
        b.next = `?limit=${numberParam(call, "limit") || 1}&offset=${Number(b.count)}`;
    }),
  ),
];
