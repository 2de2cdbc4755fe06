import controlBundle from "@cloud-contract/mock/control/openapi.json" with { type: "json" };
import { SANDBOX_FIXTURES } from "../fixtures/ids.js";
import type { TenantIds } from "./schema.js";

/** `security_group_id` → `securityGroupId`, at the type level. */
type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/** A fixture table holding every field of the control spec's `TenantIds`, named in camelCase. */
export type TenantIdFixtures = {
  readonly [K in keyof TenantIds as CamelCase<K>]: TenantIds[K] extends (infer Item)[]
    ? readonly Item[]
    : TenantIds[K];
};

const camelCase = (name: string): string =>
  name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/**
 * The fields of `TenantIds` in the control spec, each read from the fixture of the same name in camelCase
 * (`security_group_id` from `securityGroupId`); a table missing one does not compile.
 */
export function tenantIdsOf(fixtures: TenantIdFixtures): TenantIds {
  const byName = new Map(Object.entries(fixtures));
  const fields = Object.keys(controlBundle.components.schemas.TenantIds.properties);
  return Object.fromEntries(
    fields.map((field) => {
      const value = byName.get(camelCase(field));
      return [field, Array.isArray(value) ? [...value] : value];
    }),
  ) as TenantIds;
}

/** The ids of a tenant's seeded fixtures, as `POST /__sandbox/tenants` answers them (every tenant has these). */
export const TENANT_IDS: TenantIds = tenantIdsOf(SANDBOX_FIXTURES);
