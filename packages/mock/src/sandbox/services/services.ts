// The sandbox's services, one line each: everything generic (the store, its export, the durable backends, the
// snapshot, the pipeline's handlers and error bodies, the control API's service operations) is put together
// from these declarations.

import { keysOf } from "../../lists.js";
import type { ApiError, ErrorBody } from "../http/api-error.js";
import { getOrAdd } from "../indexes/get-or-add.js";
import { BILLING_SERVICE } from "./billing/service.js";
import { CDN_SERVICE } from "./cdn/service.js";
import { CLOUD_SERVICE } from "./cloud/service.js";
import type { AnyEntityKindDeclaration } from "./entity-kind.js";
import { IAM_SERVICE } from "./iam/service.js";
import type { SnapshotSection, TenantHost, TenantOptions, TenantPart } from "./service.js";
import { STREAMING_SERVICE } from "./streaming/service.js";

/** Every service a tenant holds, by name (in the order their entity kinds are listed and stored). */
export const SERVICES = {
  cloud: CLOUD_SERVICE,
  streaming: STREAMING_SERVICE,
  cdn: CDN_SERVICE,
  iam: IAM_SERVICE,
  billing: BILLING_SERVICE,
};

type Services = typeof SERVICES;
export type ServiceName = keyof Services;
type Service = Services[ServiceName];
const SERVICE_NAMES = keysOf(SERVICES);

/** `A | B` as `A & B`: the services' parts merged into one record. */
export type Merged<U> = (U extends unknown ? (part: U) => void : never) extends (part: infer I) => void
  ? { [K in keyof I]: I[K] }
  : never;

/** Every service's kinds of entity, by name. */
export const ENTITIES = Object.assign({}, ...SERVICE_NAMES.map((name) => SERVICES[name].entities)) as Merged<
  Service["entities"]
>;

/** A kind's declaration and the service that owns it, by the kind's name. */
export const KIND_OWNERS: ReadonlyMap<
  string,
  { service: ServiceName; declaration: AnyEntityKindDeclaration }
> = new Map(
  SERVICE_NAMES.flatMap((service) =>
    Object.entries<AnyEntityKindDeclaration>(SERVICES[service].entities).map(
      (entry) => [entry[0], { service, declaration: entry[1] }] as const,
    ),
  ),
);

/** Every service's counters, by name. */
export type Counters = Merged<Service["counters"]>;
/** Every counter's start value. */
export const COUNTER_STARTS: Readonly<Counters> = Object.freeze(
  Object.assign({}, ...SERVICE_NAMES.map((name) => SERVICES[name].counters)),
);
export const COUNTER_NAMES = keysOf(COUNTER_STARTS);

/** Every service's reference data, by service. */
export type Reference = { [S in ServiceName]: ReturnType<Services[S]["reference"]> };

/** The reference data of every seed asked for: read-only, so every tenant of a seed shares it. */
const references = new Map<number | string, Reference>();

/** The reference data of every service for a seed (made once per seed). */
export function referenceOf(seed: number | string): Reference {
  return getOrAdd(
    references,
    seed,
    () =>
      Object.fromEntries(SERVICE_NAMES.map((name) => [name, SERVICES[name].reference(seed)])) as Reference,
  );
}

/** Every service's reference data as the state export lists it. */
export type ReferenceLists = Merged<ReturnType<Service["listReference"]>>;

export function listReference(reference: Reference): ReferenceLists {
  return Object.assign(
    {},
    ...SERVICE_NAMES.map((name) => {
      const service: { listReference(reference: unknown): object } = SERVICES[name];
      return service.listReference(reference[name]);
    }),
  );
}

/** Every service's part of a tenant, by service. */
export type Parts = { [S in ServiceName]: ReturnType<Services[S]["tenantPart"]> };

/** The parts of a new tenant: each service's, made over the tenant `host`. */
export function openParts(host: TenantHost<typeof ENTITIES>, options: TenantOptions): Parts {
  return Object.fromEntries(
    SERVICE_NAMES.map((name) => [name, SERVICES[name].tenantPart(host, options)]),
  ) as Parts;
}

/** The part of `parts` that owns `kind` (what the kind's rows are made with). */
export function partOfKind(parts: Parts, kind: string): TenantPart | undefined {
  const owner = KIND_OWNERS.get(kind);
  return owner && parts[owner.service];
}

/** Every part of a tenant, in the services' order. */
export const partsOf = (parts: Parts): TenantPart[] => SERVICE_NAMES.map((name) => parts[name]);

type AnySection = SnapshotSection<TenantPart, Record<string, unknown>>;

/** The snapshot sections of the services that have one, with their service's name. */
export const SNAPSHOT_SECTIONS: { service: ServiceName; section: AnySection }[] = SERVICE_NAMES.flatMap(
  (service) => {
    const section: AnySection | undefined = SERVICES[service].snapshot;
    return section ? [{ service, section }] : [];
  },
);

/** The properties a snapshot section adds. */
type SectionProperties<S> = S extends SnapshotSection<never, infer D> ? D : never;
/** What the services add to a snapshot document, each property optional. */
export type SnapshotSections = Partial<Merged<SectionProperties<NonNullable<Service["snapshot"]>>>>;

/**
 * The control API's operations the services answer (see `ServiceDeclaration.control`), by operationId: each
 * over the caller's tenant as its service sees it (the store is every service's tenant at once).
 */
export const SERVICE_CONTROL: Merged<NonNullable<Service["control"]>> = Object.assign(
  {},
  ...SERVICE_NAMES.map((name) => SERVICES[name].control ?? {}),
);

/** Writes an error body in one service's shape. */
export type ErrorBodyWriter = (error: ApiError, requestId: string) => ErrorBody;

/**
 * The error body of the service named `service` (an operation's tag in lower case); the cloud service's for
 * no service or an unknown one (requests that match no operation, the control API).
 */
export function errorBodyOf(service: string | undefined): ErrorBodyWriter {
  const declared = SERVICE_NAMES.find((name) => name === service);
  return SERVICES[declared ?? "cloud"].errorBody;
}
