// addResellerNotificationSetting: the seeded bugs that break it (bench:bugs switches each on alone; the statements in behaviours.ts
// beside this file name the bug that breaks each). Not published with the package.
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
} from "../../bugs/bug-kit.js";
import type { SeededBug } from "../../bugs/seeded-bug.js";
import { defineBug as bug, rewriteRequest, rewriteStatus, rewriteSuccess } from "../../bugs/seeded-bug.js";
import { objectOf } from "../../json-fields.js";

export const bugs: readonly SeededBug[] = [
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
];
