import type { ResellerNotificationSetting } from "@cloud-contract/types";
import { settingKey } from "./reseller-settings.js";
import type { IamTenant } from "./tenant.js";

/** A reseller's settings in id order (the reseller must exist). */
export function notificationSettingsOf(
  store: IamTenant,
  resellerId: number,
): readonly ResellerNotificationSetting[] {
  return store.entities.notificationSettings.index.byReseller.of(resellerId).list;
}

/** Adds a setting; returns undefined when the reseller already has this type for this e-mail. */
export function addNotificationSetting(
  store: IamTenant,
  resellerId: number,
  input: Pick<ResellerNotificationSetting, "notification_type" | "email"> & { enabled?: boolean },
): ResellerNotificationSetting | undefined {
  const settings = store.entities.notificationSettings;
  if (settings.index.byReseller.of(resellerId).taken.has(settingKey(input.notification_type, input.email)))
    return undefined;
  const setting: ResellerNotificationSetting = {
    id: store.counters.nextNotificationId++,
    reseller: resellerId,
    notification_type: input.notification_type,
    email: input.email,
    enabled: input.enabled ?? true,
  };
  settings.set(setting.id, setting);
  return setting;
}
