import type { ResellerNotificationSetting } from "@cloud-contract/types";
import { byId } from "../../indexes/by-id.js";
import { declareKind, numberId } from "../entity-kind.js";
import { notificationSettings, resellers } from "./fixtures.js";
import { SettingsByReseller } from "./reseller-settings.js";

/** The kinds of entity the IAM service owns. */
export const IAM_ENTITIES = {
  notificationSettings: declareKind({
    idOf: (setting: ResellerNotificationSetting) => setting.id,
    parseId: numberId,
    seed: notificationSettings,
    indexes: () => ({ byReseller: new SettingsByReseller() }),
    loadOrder: (a, b) => a.id - b.id,
    contract: { answer: { operationId: "addResellerNotificationSetting", status: 201 } },
    references: (setting) => [{ pointer: "/reseller", to: "resellers", id: setting.reseller }],
    counter: "nextNotificationId",
  }),
};

/** The IAM service's counters: the id of the next notification setting added (the seeded ones have lower ids). */
export const IAM_COUNTERS = { nextNotificationId: 100 };

/** The IAM service's reference data: the resellers. */
export const iamReference = () => ({ resellers: byId(resellers()) });
