import type { ServiceHandlers } from "../../service.js";
import type { IamTenant } from "../tenant.js";
import { addResellerNotificationSetting, listResellerNotificationSettings } from "./notification-settings.js";

/** The IAM service's handlers, by operationId. */
export const IAM_HANDLERS = {
  addResellerNotificationSetting,
  listResellerNotificationSettings,
} satisfies ServiceHandlers<IamTenant>;
