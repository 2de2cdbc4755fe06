import type { ResellerNotificationSetting } from "@cloud-contract/types";
import { byId } from "../../indexes/by-id.js";
import { declareKind, numberId } from "../entity-kind.js";
import { declareService } from "../service.js";
import { notificationSettings, resellers } from "./fixtures.js";
import { SettingsByReseller } from "./reseller-settings.js";

/** The IAM service: resellers and their notification settings. */
export const IAM_SERVICE = declareService({
  entities: {
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
  },
  /** The id of the next notification setting added (the seeded ones have lower ids). */
  counters: { nextNotificationId: 100 },
  reference: () => ({ resellers: byId(resellers()) }),
  listReference: (reference) => ({ resellers: [...reference.resellers.values()] }),
});
