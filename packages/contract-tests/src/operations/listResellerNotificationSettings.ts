// listResellerNotificationSettings: the seeded bugs that break it (bench:bugs switches each on alone) and the statements
// that check it (stateful runs each as a probe).
import { each, lastItemDropped, numberParam, plusOne, restatus, wrongKeyAccepted } from "../bugs/bug-kit.js";
import { defineBug as bug, rewriteRequest, rewriteStatus, rewriteSuccess } from "../bugs/seeded-bug.js";
import { scopeStatement } from "../stateful/behaviour.js";
import type { OperationFacts } from "./operation-facts.js";
import { SETTINGS } from "./sources.js";

export const listResellerNotificationSettings: OperationFacts = {
  bugs: [
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
  ],
  behaviours: [
    {
      id: "settings.ordering",
      operationId: "listResellerNotificationSettings",
      source: SETTINGS,
      statement: "the list is sorted by ordering (a leading - for descending)",
      probe: "ordering-holds",
      check: "filters-hold",
      brokenBy: "behaviour.listResellerNotificationSettings.ordering-ignored",
    },
    {
      id: "settings.relative-links",
      operationId: "listResellerNotificationSettings",
      source: SETTINGS,
      statement: "next and previous are relative URLs",
      probe: "relative-links",
      check: "pages-consistent",
      brokenBy: "behaviour.listResellerNotificationSettings.absolute-next",
    },
    {
      id: "settings.pages",
      operationId: "listResellerNotificationSettings",
      source: SETTINGS,
      statement: "one page at a time (limit, offset), with the count of all settings",
      probe: "pages",
      check: "pages-consistent",
      brokenBy: "behaviour.listResellerNotificationSettings.page-ignored",
    },
    {
      id: "settings.page-edges",
      operationId: "listResellerNotificationSettings",
      source: `${SETTINGS}, spec/components/schemas/ResellerNotificationSettingList.yaml next`,
      statement:
        "an offset at the count gives an empty page, the last offset one item, and the last page no next",
      probe: "page-edges",
      check: "pages-consistent",
      brokenBy: "pages.listResellerNotificationSettings.next-on-last-page",
    },
    scopeStatement(
      "listResellerNotificationSettings",
      "the settings listed are those of the reseller in the path",
      "scope.listResellerNotificationSettings.other-reseller-listed",
    ),
  ],
};
