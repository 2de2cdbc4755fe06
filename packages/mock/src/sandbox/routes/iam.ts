import type {
  ResellerNotificationSetting,
  ResellerNotificationSettingCreateRequest,
  ResellerNotificationSettingList,
} from "@cloud-contract/types";
import { conflict, notFound } from "../http/api-error.js";
import { checkLimit, orderingComparator, pageLinks } from "../paging.js";
import type { SandboxContext, SandboxHandler } from "./common.js";

function resellerSettings(ctx: SandboxContext) {
  const id = ctx.params.resellerId as number;
  const bucket = ctx.app.notificationSettings.get(id);
  if (!bucket || !ctx.app.resellers.has(id)) throw notFound(`Reseller ${id}`);
  return { id, bucket };
}

/** POST /iam/reselling/resellers/{resellerId}/notification_settings — 409 when the address already gets this type. */
export const addResellerNotificationSetting: SandboxHandler = (ctx) => {
  const { id } = resellerSettings(ctx);
  const request = ctx.body as ResellerNotificationSettingCreateRequest;
  const setting = ctx.app.addNotificationSetting(id, request);
  if (!setting)
    throw conflict(`${request.email} already receives ${request.notification_type} notifications.`);
  return { status: 201, body: setting };
};

const ORDERING = {
  id: (s: ResellerNotificationSetting) => s.id,
  email: (s: ResellerNotificationSetting) => s.email,
  notification_type: (s: ResellerNotificationSetting) => s.notification_type,
  enabled: (s: ResellerNotificationSetting) => s.enabled,
  reseller: (s: ResellerNotificationSetting) => s.reseller,
};
const byId = (a: ResellerNotificationSetting, b: ResellerNotificationSetting) => a.id - b.id;

/**
 * GET /iam/reselling/resellers/{resellerId}/notification_settings — ordering by a field (comma-joined for
 * several, `-` for descending), limit/offset (every item when no limit), relative next/previous links.
 */
export const listResellerNotificationSettings: SandboxHandler = (ctx) => {
  const { bucket } = resellerSettings(ctx);
  const limit = ctx.query.limit as number | undefined;
  checkLimit(limit);
  const offset = Math.max(0, (ctx.query.offset as number | undefined) ?? 0);
  const ordering = ((ctx.query.ordering as string | undefined) ?? "").split(",").filter(Boolean);
  // The list is kept in id order, so the default needs no sort.
  const all =
    ordering.length === 0 || (ordering.length === 1 && ordering[0] === "id")
      ? bucket.list
      : [...bucket.list].sort(orderingComparator(ordering, ORDERING, byId));
  const end = limit === undefined ? all.length : offset + limit;
  const { next, previous } = pageLinks(ctx.path, ctx.rawQuery, all.length, offset, limit);
  // The links are strings, never null (as the public reference types them): a missing page leaves its link out.
  const body: ResellerNotificationSettingList = {
    count: all.length,
    results: all.slice(offset, end),
    ...(next === null ? {} : { next }),
    ...(previous === null ? {} : { previous }),
  };
  return { status: 200, body };
};
