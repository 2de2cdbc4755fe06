import type { ResellerNotificationSetting, ResellerNotificationSettingList } from "@cloud-contract/types";
import { assertRoom } from "../../../handlers/common.js";
import { badRequest, notFound } from "../../../http/api-error.js";
import { orderingComparator, pageLinks, pageSize } from "../../../paging.js";
import { addNotificationSetting, notificationSettingsOf } from "../notification-settings.js";
import type { IamHandler, IamTenant } from "../tenant.js";

/** The reseller's settings in id order; 404 for an unknown reseller. */
function resellerSettings(store: IamTenant, id: number): readonly ResellerNotificationSetting[] {
  if (!store.reference.iam.resellers.has(id)) throw notFound(`Reseller ${id}`);
  return notificationSettingsOf(store, id);
}

/** POST /iam/reselling/resellers/{resellerId}/notification_settings — 400 when the address already gets this type
 * (the IAM reference documents 400 for refused requests and no 409). */
export const addResellerNotificationSetting: IamHandler<"addResellerNotificationSetting"> = (ctx) => {
  const id = ctx.params.resellerId;
  resellerSettings(ctx.app, id);
  const request = ctx.body;
  assertRoom(ctx.app, { notificationSettings: 1 });
  const setting = addNotificationSetting(ctx.app, id, request);
  if (!setting)
    throw badRequest(`${request.email} already receives ${request.notification_type} notifications.`);
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
 * several, `-` for descending; other values ignored), limit/offset (every item when no limit), relative next/previous links.
 */
export const listResellerNotificationSettings: IamHandler<"listResellerNotificationSettings"> = (ctx) => {
  const list = resellerSettings(ctx.app, ctx.params.resellerId);
  // The pipeline fills in the spec's default offset (0); no limit means every item.
  const { offset: requested = 0 } = ctx.query;
  // No floor is published for either: a negative offset reads from the start, a limit below 1 is no limit.
  const offset = Math.max(0, requested);
  const limit = pageSize(ctx.query.limit, undefined);
  // `ordering` is an open string: a key that names no field of a setting is left out, as if not sent.
  const ordering = (ctx.query.ordering ?? "")
    .split(",")
    .filter((key) => Object.hasOwn(ORDERING, key.replace(/^-/, "")));
  // The list is kept in id order, so the default needs no sort.
  const all =
    ordering.length === 0 || (ordering.length === 1 && ordering[0] === "id")
      ? list
      : [...list].sort(orderingComparator(ordering, ORDERING, byId));
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
