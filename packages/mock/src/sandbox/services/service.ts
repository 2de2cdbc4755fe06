import type { OperationId } from "@cloud-contract/types";
import type { ControlOperationId, ControlRequest, ControlResult } from "../control/operation-types.js";
import type { SandboxHandler } from "../handlers/types.js";
import type { ApiError, ErrorBody } from "../http/api-error.js";
import type { Handler } from "../http/handler.js";
import type { Random } from "../random.js";
import type { CollectionsOf } from "./entity-kind.js";

/** The sandbox's options that services read when a tenant is made (the CLI's and `startSandbox`'s). */
export interface TenantOptions {
  /** How long a new task runs before it finishes (ms). */
  taskDelayMs?: number;
  /** Most user tags one security group holds. */
  maxTagsPerGroup?: number;
}

/** What a service's tenant part may use of its tenant: its own kinds' collections, ids, time, and to tell of changes. */
export interface TenantHost<E> {
  readonly entities: CollectionsOf<E>;
  readonly random: Random;
  now(): number;
  /** Marks the tenant changed, so that a durable backend commits it. */
  changed(): void;
}

/**
 * What a service keeps for a tenant besides its entities (the cloud service: its tasks' scheduler). The tenant
 * drives it: it clears it when it opens new entities, settles it before an export, and keeps a checkpoint of
 * it while a group of writes may roll back. It is also what the service's kinds make their rows with.
 */
export interface TenantPart {
  /** Forgets what it keeps: the tenant opened new entities (a reset, a load). */
  clear(): void;
  /** Brings what it keeps up to the tenant's time (tasks whose time has come end). */
  settle(): void;
  /** Keeps what it holds now; the function returned puts that back (writes rolled back over a reset). */
  checkpoint(): () => void;
}

/** What a service whose entities are all it keeps has as its tenant part. */
export const NO_PART: TenantPart = {
  clear: () => undefined,
  settle: () => undefined,
  checkpoint: () => () => undefined,
};

/**
 * What a tenant is to one service's handlers: its kinds' collections, its reference data and its part (each
 * under the service's name), its counters, ids, time and limits. The store is every service's tenant at once.
 */
export interface ServiceTenant<S extends string, E, R, C, P> {
  readonly entities: CollectionsOf<E>;
  readonly reference: { readonly [N in S]: R };
  readonly parts: { readonly [N in S]: P };
  counters: C;
  readonly random: Random;
  readonly maxObjectsPerCollection: number;
  now(): number;
  changed(): void;
  hasRoom(kind: string, adding: number): boolean;
}

/** A service's handlers, by operationId, over the tenant it sees. */
export type ServiceHandlers<T> = { [K in OperationId]?: SandboxHandler<K, T> };

/**
 * A control API operation a service answers itself, over the caller's tenant as the service's handlers see it
 * (the cloud service: completing a task, which only its part knows how to do).
 */
export type ServiceControlHandler<K extends ControlOperationId, T> = Handler<
  T,
  ControlRequest<K>,
  ControlResult<K>
>;

/** The control API's operations a service answers, by operationId of control/openapi.yaml. */
export type ServiceControl = { [K in ControlOperationId]?: ServiceControlHandler<K, never> };

/** A problem of a snapshot document, at a JSON pointer into it. */
export interface SnapshotPartProblem {
  entity?: string;
  pointer: string;
  rule: string;
}

/**
 * What a service adds to a tenant's snapshot document besides its entities: top-level properties `D` (with
 * their JSON Schemas) taken from its part, the row context its kinds load the document's entities with, and
 * the checks of those properties against the document's entities.
 */
export interface SnapshotSection<P, D extends Record<string, unknown>> {
  properties: { [K in keyof D]-?: object };
  /** The properties, from the part as it is at `now` (settled). */
  take(part: P, now: number): D;
  /**
   * What the service's kinds make rows of a checked document's entities with (as they make them with its
   * part), the document's time being `now`.
   */
  rowContext(doc: Partial<D>, now: number): object;
  /** What breaks the service's rules in a document the schema accepted. */
  check(doc: Partial<D>, entities: Record<string, unknown[] | undefined>): SnapshotPartProblem[];
}

/**
 * One service of the API, declared once in its folder (`services/<name>/service.ts`) and listed in
 * `services.ts`: the kinds of entity it owns, its id counters (kept in the store's meta by name, from their
 * start values), its reference data, what it keeps per tenant besides its entities, its handlers, the control
 * API's operations it answers and its error body. The store, its export, every backend, the snapshot, the
 * pipeline and the control API are generic over these.
 */
export interface ServiceDeclaration<
  E extends Record<string, object>,
  C extends Record<string, number>,
  R,
  L extends Record<string, unknown>,
  P extends TenantPart,
  H,
  D extends Record<string, unknown> = Record<never, unknown>,
  A extends ServiceControl = Record<never, never>,
> {
  /** The kinds of entity it owns (see `EntityKindDeclaration`), by the name the export and the rows use. */
  entities: E;
  /** Counters by name (unique across services, as the stored meta keeps them) and their start values. */
  counters: C;
  /** The reference data of a seed: the same for every tenant and never changed by a request (cached by seed). */
  reference(seed: number | string): R;
  /** The reference data as `GET /__sandbox/state` lists it, by the export's top-level key. */
  listReference(reference: R): L;
  /** Its part of a new tenant (see {@link TenantPart}). */
  tenantPart(host: TenantHost<E>, options: TenantOptions): P;
  /** What its part adds to a snapshot, when it keeps more than its entities. */
  snapshot?: SnapshotSection<P, D>;
  /** The handlers of its operations, by operationId. */
  handlers: H;
  /**
   * The control API's operations that act on its part of the tenant, by operationId (each over the tenant as
   * its handlers see it); the control API calls them by that name.
   */
  control?: A;
  /** The body of an error answer of its operations, in the service's documented shape. */
  errorBody(error: ApiError, requestId: string): ErrorBody;
}

/** Declares a service, its types inferred from the declaration. */
export function declareService<
  E extends Record<string, object>,
  C extends Record<string, number>,
  R,
  L extends Record<string, unknown>,
  P extends TenantPart,
  H,
  D extends Record<string, unknown> = Record<never, unknown>,
  A extends ServiceControl = Record<never, never>,
>(declaration: ServiceDeclaration<E, C, R, L, P, H, D, A>): ServiceDeclaration<E, C, R, L, P, H, D, A> {
  return declaration;
}

/** The parts of a service that keeps entities only: no counters, no reference data, no tenant part. */
export const ENTITIES_ONLY = {
  counters: {},
  reference: () => undefined,
  listReference: () => ({}),
  tenantPart: () => NO_PART,
};
