import type { ResellerNotificationSetting } from "@cloud-contract/types";
import { itemAt } from "../../../lists.js";
import type { EntityIndex } from "../../collections/collection.js";
import { getOrAdd } from "../../indexes/get-or-add.js";

/** A reseller's settings in id order, and the `type|email` pairs already taken. */
export interface ResellerSettings {
  list: ResellerNotificationSetting[];
  taken: Set<string>;
}

/** The key that may occur once per reseller: the type and the address, case-insensitive. */
export const settingKey = (type: string, email: string): string => `${type}|${email.toLowerCase()}`;

/** Notification settings per reseller, each list in id order (the default order of the list operation). */
export class SettingsByReseller implements EntityIndex<ResellerNotificationSetting> {
  private readonly resellers = new Map<number, ResellerSettings>();

  /** The reseller's settings (an empty list for a reseller without any). */
  of(resellerId: number): ResellerSettings {
    return getOrAdd(this.resellers, resellerId, () => ({ list: [], taken: new Set() }));
  }

  update(
    before: ResellerNotificationSetting | undefined,
    after: ResellerNotificationSetting | undefined,
  ): void {
    if (before) {
      const bucket = this.resellers.get(before.reseller);
      const at = bucket ? bucket.list.findIndex((s) => s.id === before.id) : -1;
      if (bucket && at >= 0) {
        bucket.list.splice(at, 1);
        bucket.taken.delete(settingKey(before.notification_type, before.email));
      }
    }
    if (after) {
      const bucket = this.of(after.reseller);
      // New settings get the highest id so far: appending keeps the order; a loaded one may go in between.
      let at = bucket.list.length;
      while (at > 0 && itemAt(bucket.list, at - 1).id > after.id) at--;
      bucket.list.splice(at, 0, after);
      bucket.taken.add(settingKey(after.notification_type, after.email));
    }
  }
}
