import { BILLING_SERVICE } from "./billing/service.js";
import { CDN_SERVICE } from "./cdn/service.js";
import { CLOUD_SERVICE } from "./cloud/service.js";
import { IAM_SERVICE } from "./iam/service.js";
import { STREAMING_SERVICE } from "./streaming/service.js";

/** Every service a tenant's store holds, by name (in the order their entity kinds are listed and stored). */
export const SERVICES = {
  cloud: CLOUD_SERVICE,
  streaming: STREAMING_SERVICE,
  cdn: CDN_SERVICE,
  iam: IAM_SERVICE,
  billing: BILLING_SERVICE,
};

type Services = typeof SERVICES;
type ServiceName = keyof Services;
type Service = Services[ServiceName];
const SERVICE_NAMES = Object.keys(SERVICES) as ServiceName[];

/** `A | B` as `A & B`: the services' parts merged into one record. */
type Merged<U> = (U extends unknown ? (part: U) => void : never) extends (part: infer I) => void
  ? { [K in keyof I]: I[K] }
  : never;

/** Every service's kinds of entity, by name. */
export const ENTITIES = Object.assign({}, ...SERVICE_NAMES.map((name) => SERVICES[name].entities)) as Merged<
  Service["entities"]
>;

/** Every service's counters, by name. */
export type Counters = Merged<Service["counters"]>;
/** Every counter's start value. */
export const COUNTER_STARTS = Object.freeze(
  Object.assign({}, ...SERVICE_NAMES.map((name) => SERVICES[name].counters)) as Counters,
);
export const COUNTER_NAMES = Object.keys(COUNTER_STARTS) as (keyof Counters)[];

/** Every service's reference data, by service. */
export type Reference = { [S in ServiceName]: ReturnType<Services[S]["reference"]> };

/** The reference data of every service for a seed. */
export function referenceOf(seed: number | string): Reference {
  const reference: Partial<Record<ServiceName, unknown>> = {};
  for (const name of SERVICE_NAMES) reference[name] = SERVICES[name].reference(seed);
  return reference as Reference;
}

/** Every service's reference data as the state export lists it. */
export type ReferenceLists = Merged<ReturnType<Service["listReference"]>>;

export function listReference(reference: Reference): ReferenceLists {
  const lists: Record<string, unknown> = {};
  for (const name of SERVICE_NAMES) {
    const service = SERVICES[name] as { listReference(reference: unknown): Record<string, unknown> };
    Object.assign(lists, service.listReference(reference[name]));
  }
  return lists as ReferenceLists;
}
