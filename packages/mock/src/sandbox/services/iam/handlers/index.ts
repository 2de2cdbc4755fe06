import type { SandboxHandlers } from "../../../handlers/types.js";
import { addResellerNotificationSetting, listResellerNotificationSettings } from "./notification-settings.js";

/** The IAM service's handlers, by operationId. */
export const IAM_HANDLERS = {
  addResellerNotificationSetting,
  listResellerNotificationSettings,
} satisfies Partial<SandboxHandlers>;
