import type { ResellerNotificationSetting } from "@cloud-contract/types";
import { SANDBOX_FIXTURES as F } from "../../fixtures/ids.js";
import type { Reseller } from "./shapes.js";

export const resellers = (): Reseller[] => [
  { id: F.resellerId, name: "Acme Hosting" },
  { id: F.otherResellerId, name: "Globex Cloud" },
];

export const notificationSettings = (): ResellerNotificationSetting[] => [
  {
    id: 1,
    reseller: F.resellerId,
    notification_type: "deletion_request",
    email: "ops@acme.example",
    enabled: true,
  },
  {
    id: 2,
    reseller: F.resellerId,
    notification_type: "failed_login",
    email: "security@acme.example",
    enabled: true,
  },
  {
    id: 3,
    reseller: F.otherResellerId,
    notification_type: "failed_login",
    email: "soc@globex.example",
    enabled: false,
  },
];
