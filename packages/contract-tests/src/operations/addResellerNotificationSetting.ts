// addResellerNotificationSetting: the seeded bugs that break it (bench:bugs switches each on alone) and the statements
// that check it (stateful runs each as a probe).
import { SANDBOX_FIXTURES } from "@cloud-contract/mock";
import {
  appliedDespite503,
  appliedElsewhere,
  appliedOnRefusal,
  fixBody,
  otherShape,
  outOfScopeAccepted,
  restatus,
  withoutHeader,
} from "../bugs/bug-kit.js";
import { defineBug as bug, rewriteRequest, rewriteStatus, rewriteSuccess } from "../bugs/seeded-bug.js";
import { objectOf } from "../json-fields.js";
import { retryStatement, scopeStatement } from "../stateful/behaviour.js";
import type { OperationFacts } from "./operation-facts.js";
import { SETTINGS } from "./sources.js";

export const addResellerNotificationSetting: OperationFacts = {
  bugs: [
    bug(
      "shape.addResellerNotificationSetting.id-dropped",
      "the added setting is answered without its id",
      rewriteSuccess((b) => {
        delete b.id;
      }),
    ),
    bug(
      "status.addResellerNotificationSetting.201-as-200",
      "an added setting is answered 200 instead of 201",
      rewriteStatus(201, restatus(200)),
    ),
    bug(
      "status.addResellerNotificationSetting.400-in-another-shape",
      "a refused setting has an error body in no IAM shape",
      rewriteStatus(400, otherShape),
    ),
    bug(
      "auth.addResellerNotificationSetting.out-of-scope",
      "a key bound to another reseller adds a setting to this one",
      outOfScopeAccepted,
    ),
    bug(
      "validation.addResellerNotificationSetting.type-coerced",
      "a notification_type outside its enum is taken as failed_login",
      fixBody(
        (b) => !["deletion_request", "failed_login"].includes(String(b.notification_type)),
        (b) => (b.notification_type = "failed_login"),
      ),
    ),
    bug(
      "behaviour.addResellerNotificationSetting.not-applied",
      "an added setting is answered 201 but never stored where the caller can see it",
      appliedElsewhere,
    ),
    bug(
      "behaviour.addResellerNotificationSetting.enabled-ignored",
      "enabled: false is not stored (the setting is enabled)",
      fixBody(
        (b) => b.enabled === false,
        (b) => delete b.enabled,
      ),
    ),
    bug(
      "behaviour.addResellerNotificationSetting.duplicate-accepted",
      "an address added twice for one type (in another letter case) is accepted",
      async (call) => {
        const body = objectOf(call.body);
        const email = String(body.email ?? "");
        if (email !== email.toLowerCase()) body.email = `again.${email.toLowerCase()}`;
        return call.forward();
      },
    ),
    bug(
      "scope.addResellerNotificationSetting.stored-for-other-reseller",
      "a setting is added to reseller 1021 whatever reseller the path names",
      rewriteRequest((call) => {
        call.url.pathname = call.url.pathname.replace(
          /\/resellers\/\d+\//,
          `/resellers/${SANDBOX_FIXTURES.otherResellerId}/`,
        );
      }),
    ),
    bug(
      "atomicity.addResellerNotificationSetting.duplicate-stored-anyway",
      "a refused repeat of a setting is stored under a variant of the address",
      appliedOnRefusal(400, (b) =>
        typeof b.email === "string" ? { ...b, email: `dup.${b.email.toLowerCase()}` } : undefined,
      ),
    ),
    bug(
      "values.addResellerNotificationSetting.email-lower-cased",
      "the e-mail is stored in lower case",
      rewriteRequest((call) => {
        const body = objectOf(call.body);
        if (typeof body.email === "string") body.email = body.email.toLowerCase();
      }),
    ),
    bug(
      "errors.addResellerNotificationSetting.400-without-request-id",
      "a refused setting's 400 has no X-Request-Id",
      withoutHeader(400, "x-request-id"),
    ),
    bug(
      "retry.addResellerNotificationSetting.503-applied",
      "a setting answered 503 is stored all the same",
      appliedDespite503,
    ),
  ],
  behaviours: [
    {
      id: "settings.stored",
      operationId: "addResellerNotificationSetting",
      source: SETTINGS,
      statement: "the answer is the stored setting: the type, e-mail and enabled as sent",
      probe: "setting-stored",
      check: "changes-applied",
      brokenBy: "behaviour.addResellerNotificationSetting.enabled-ignored",
    },
    {
      id: "settings.listed",
      operationId: "addResellerNotificationSetting",
      source: `${SETTINGS} links.ListNotificationSettings`,
      statement: "an added setting is listed among the reseller's notification settings",
      probe: "links-followed",
      check: "ids-retrievable",
      brokenBy: "behaviour.addResellerNotificationSetting.not-applied",
    },
    {
      id: "settings.once-per-type",
      operationId: "addResellerNotificationSetting",
      source: SETTINGS,
      statement:
        "an address gets each type once per reseller (compared without regard to case): a repeat is a 400",
      probe: "duplicate-refused",
      // Not invalid-refused: the repeat alone is a valid request, so it cannot be kept as a failing case.
      check: "changes-applied",
      brokenBy: "behaviour.addResellerNotificationSetting.duplicate-accepted",
    },
    {
      id: "settings.all-or-nothing",
      operationId: "addResellerNotificationSetting",
      source: `${SETTINGS}, packages/mock/README.md (What the sandbox does)`,
      statement: "a refused repeat of a setting stores nothing",
      probe: "setting-all-or-nothing",
      check: "all-or-nothing",
      brokenBy: "atomicity.addResellerNotificationSetting.duplicate-stored-anyway",
    },
    {
      id: "settings.email-kept",
      operationId: "addResellerNotificationSetting",
      source: SETTINGS,
      statement: "the stored setting's e-mail is the address as sent, letter case included",
      probe: "email-kept",
      check: "values-kept",
      brokenBy: "values.addResellerNotificationSetting.email-lower-cased",
    },
    scopeStatement(
      "addResellerNotificationSetting",
      "a setting is added to the reseller in the path",
      "scope.addResellerNotificationSetting.stored-for-other-reseller",
    ),
    retryStatement("addResellerNotificationSetting", "retry.addResellerNotificationSetting.503-applied"),
  ],
};
