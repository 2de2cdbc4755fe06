/**
 * Generated from @cloud-contract/spec (dist/openapi.json) by scripts/facts.mjs — do not edit.
 * Change the spec under spec/ and run `pnpm generate`; a test fails when this file is stale.
 */

/**
 * The limit/offset lists of the API (GET operations taking `limit` and `offset`) and the largest page each
 * serves: its `limit` maximum in the spec, `undefined` where the spec states none.
 */
export const PAGE_SIZE_LIMITS = {
  "/cloud/v1/tasks/{project_id}/{region_id}/active": 1000,
  "/billing/org/v1/plans/contents": 100,
  "/iam/reselling/resellers/{resellerId}/notification_settings": undefined,
} as const;

/**
 * Query parameters whose arrays go comma-joined in one parameter (`explode: false` in the spec, e.g.
 * `ordering=plan_id,-id`); every other array goes as repeated parameters.
 */
export const COMMA_JOINED_PARAMS = ["ordering"] as const;

/**
 * Answers the API may send with no body although the spec documents one (`x-body-optional` on the
 * response), as `METHOD path status`: the client returns them as no data.
 */
export const BODY_OPTIONAL_ANSWERS = ["PATCH /cdn/resources/{res_id} 200"] as const;
