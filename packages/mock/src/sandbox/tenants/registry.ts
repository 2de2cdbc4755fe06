import { SANDBOX_FIXTURES } from "../fixtures/ids.js";
import { ApiError } from "../http/api-error.js";
import type { KeyScope } from "../http/auth.js";
import { randomBase64Url } from "../secure-random.js";
import type { Store } from "../store.js";
import type { ArmedRules } from "./armed-rules.js";
import { CreationLimit, type CreationRate, DEFAULT_CREATION_RATE } from "./creation-limit.js";

/** One key of a tenant and what it may touch (plain data). */
export interface TenantKey extends KeyScope {
  api_key: string;
}

/** What the registry knows about a tenant besides what it holds: plain data, so that it can be persisted. */
export interface TenantRecord {
  /** The unbound key first, then the keys bound to projects or resellers. */
  keys: TenantKey[];
  createdAtMs: number;
  lastUsedAtMs: number;
}

export interface Tenant {
  record: TenantRecord;
  /** The API's state the tenant's keys see and change. */
  store: Store;
  /** The faults and overrides armed for its next calls (saved with its store). */
  armed: ArmedRules;
  /** The default world (the default keys): never evicted. */
  isDefault: boolean;
}

/** What a tenant holds besides its record: its store and its armed rules. */
export type TenantHoldings = Pick<Tenant, "store" | "armed">;

export type KeyLookup = { tenant: Tenant; scope: KeyScope } | { evicted: true } | undefined;

export interface TenantRegistryOptions {
  /** The default world and its keys. */
  defaultTenant: TenantHoldings;
  defaultKeys: Record<string, KeyScope>;
  /** A fresh store (and armed rules) seeded like the default one; `idSeed` makes its generated ids its own. */
  createHoldings: (idSeed: string) => TenantHoldings;
  /**
   * Most tenants held besides the default one; beyond it, the never-used tenant created first is evicted, and
   * creation answers 429 when there is none (a used tenant is never evicted for room). With a shared store
   * the store also counts them across replicas (see {@link TenantRegistry.refuse}).
   */
  maxTenants: number;
  /** A tenant unused for this long is evicted (ms). */
  idleMs: number;
  /** How many tenants one client address may create (default {@link DEFAULT_CREATION_RATE}). */
  creationRate?: CreationRate;
  /**
   * Idle time is decided by a store shared with other replicas (PostgreSQL): a key is not evicted when it is
   * looked up, only idle tenants are swept when one is created (the store keeps those another replica used).
   */
  sharedIdle?: boolean;
  /** Wall clock for idle times (tests may replace it). */
  now?: () => number;
  /** Told about every tenant created and evicted (a durable backend stores and drops them). */
  onCreate?: (tenant: Tenant) => void;
  onEvict?: (tenant: Tenant) => void;
}

/** Evicted keys remembered so that their 401 can say so; older ones become plain unknown keys. */
export const REMEMBERED_EVICTED_KEYS = 10_000;

/** The scopes of a new tenant's keys: the same as the default keys'. */
const TENANT_SCOPES: KeyScope[] = [
  {},
  { projects: [SANDBOX_FIXTURES.otherProjectId] },
  { resellers: [SANDBOX_FIXTURES.otherResellerId] },
];

const newKey = () => `sbx_${randomBase64Url(24)}`;

/**
 * Every key's world: the default one (the default keys) and the tenants created on demand, each its own
 * {@link Store} seeded the same way. Idle tenants are evicted; their keys then answer 401 saying so. At the count
 * limit a never-used tenant makes room; beyond it, or the per-address creation rate, creation is refused (429)
 * rather than evicting a tenant in use.
 */
export class TenantRegistry {
  readonly defaultTenant: Tenant;
  private readonly byKey = new Map<string, { tenant: Tenant; scope: KeyScope }>();
  private readonly created = new Set<Tenant>();
  /** Created tenants no call has used yet, oldest first: the first evicted when room is needed. */
  private readonly neverUsed = new Set<Tenant>();
  private readonly evicted = new Map<string, number>();
  private readonly byStore = new Map<Store, Tenant>();
  private readonly creations: CreationLimit;
  private readonly now: () => number;
  private counter = 0;

  constructor(private readonly options: TenantRegistryOptions) {
    this.now = options.now ?? Date.now;
    this.creations = new CreationLimit(options.creationRate ?? DEFAULT_CREATION_RATE);
    const at = this.now();
    this.defaultTenant = {
      record: {
        keys: Object.entries(options.defaultKeys).map(([api_key, scope]) => ({ api_key, ...scope })),
        createdAtMs: at,
        lastUsedAtMs: at,
      },
      ...options.defaultTenant,
      isDefault: true,
    };
    this.index(this.defaultTenant);
  }

  get idleMs(): number {
    return this.options.idleMs;
  }

  /** How many tenants are held besides the default one. */
  get size(): number {
    return this.created.size;
  }

  /**
   * The tenant of a key and what the key may touch there (and marks the tenant used), `{ evicted: true }` for
   * an evicted key, else undefined.
   */
  lookup(key: string): KeyLookup {
    const found = this.byKey.get(key);
    if (!found) return this.evicted.has(key) ? { evicted: true } : undefined;
    const record = found.tenant.record;
    const now = this.now();
    if (
      !found.tenant.isDefault &&
      !this.options.sharedIdle &&
      now - record.lastUsedAtMs > this.options.idleMs
    ) {
      this.evict(found.tenant);
      return { evicted: true };
    }
    record.lastUsedAtMs = now;
    this.neverUsed.delete(found.tenant);
    return found;
  }

  /** The caller's world: the store of a known key, undefined for any other (there is no fallback world). */
  appFor(key: string): Store | undefined {
    return this.byKey.get(key)?.tenant.store;
  }

  /** The live tenant of a store. */
  tenantOfStore(store: Store): Tenant | undefined {
    return this.byStore.get(store);
  }

  /** False once the store's tenant was evicted or dropped (a call that resolved it earlier must not write). */
  isLive(store: Store): boolean {
    return this.byStore.has(store);
  }

  /**
   * Creates a tenant for a caller at network address `client`, after evicting the idle ones and, when
   * `maxTenants` are held, the never-used one created first. Refused with 429 and `Retry-After` when the address
   * created too many lately, or when `maxTenants` are held and all are in use: a used tenant is never evicted
   * to make room.
   */
  create(client = ""): Tenant {
    const now = this.now();
    const waitMs = this.creations.take(client, now);
    if (waitMs > 0) {
      throw tooMany(
        waitMs,
        "This address created too many tenants lately; wait as Retry-After says, or reuse a tenant.",
      );
    }
    let oldestUse: number | undefined;
    for (const tenant of this.created) {
      if (now - tenant.record.lastUsedAtMs > this.options.idleMs) this.evict(tenant);
      else oldestUse = Math.min(oldestUse ?? now, tenant.record.lastUsedAtMs);
    }
    const unused = this.neverUsed.values().next();
    if (this.created.size >= this.options.maxTenants && !unused.done && !this.options.sharedIdle)
      this.evict(unused.value);
    if (this.created.size >= this.options.maxTenants)
      throw this.full((oldestUse ?? now) + this.options.idleMs - now);
    const keys = TENANT_SCOPES.map((scope) => ({ api_key: newKey(), ...scope }));
    const tenant: Tenant = {
      record: { keys, createdAtMs: now, lastUsedAtMs: now },
      // The key makes the tenant's generated ids differ from every other tenant's.
      ...this.options.createHoldings(`tenant-${++this.counter}-${keys[0]?.api_key}`),
      isDefault: false,
    };
    this.created.add(tenant);
    this.neverUsed.add(tenant);
    this.index(tenant);
    this.options.onCreate?.(tenant);
    return tenant;
  }

  /** Takes back a tenant kept by a durable backend (idle time counts from now). */
  adopt(record: Omit<TenantRecord, "lastUsedAtMs">, holdings: TenantHoldings): Tenant {
    const tenant: Tenant = { record: { ...record, lastUsedAtMs: this.now() }, ...holdings, isDefault: false };
    this.created.add(tenant);
    this.index(tenant);
    return tenant;
  }

  /**
   * Forgets the tenant of a store this replica created that the shared store refused (`maxTenants` are held across the
   * replicas); its keys were never given out. Returns the 429 its creator answers.
   */
  refuse(store: Store, retryAfterMs: number): ApiError {
    const tenant = this.byStore.get(store);
    if (tenant && this.created.has(tenant)) this.unindex(tenant);
    return this.full(retryAfterMs);
  }

  /** Forgets a tenant another replica evicted from the shared store: its keys answer 401 saying so. */
  drop(tenant: Tenant): void {
    if (this.created.has(tenant)) this.forget(tenant);
  }

  private index(tenant: Tenant): void {
    this.byStore.set(tenant.store, tenant);
    for (const { api_key, ...scope } of tenant.record.keys) {
      this.byKey.set(api_key, { tenant, scope });
      this.evicted.delete(api_key);
    }
  }

  /**
   * Evicts a tenant idle here. With a shared store it may be idle here only (another replica may be using it),
   * and the store decides with the next commit (a creation's sweeps the tenants idle everywhere): this replica
   * lets go of its copy without calling the keys evicted, and their next call loads it again or finds it gone.
   */
  private evict(tenant: Tenant): void {
    if (this.options.sharedIdle) this.unindex(tenant);
    else this.forget(tenant);
    this.options.onEvict?.(tenant);
  }

  /** The 429 of a full sandbox: the first tenant becomes idle, and may be evicted, after `waitMs`. */
  private full(waitMs: number): ApiError {
    return tooMany(
      waitMs,
      `The sandbox holds its most tenants (${this.options.maxTenants}), all in use; one is freed when it stays unused for ${this.options.idleMs} ms.`,
    );
  }

  private unindex(tenant: Tenant): void {
    this.created.delete(tenant);
    this.neverUsed.delete(tenant);
    this.byStore.delete(tenant.store);
    for (const { api_key } of tenant.record.keys) this.byKey.delete(api_key);
  }

  /** Forgets a tenant and remembers its keys as evicted. */
  private forget(tenant: Tenant): void {
    this.unindex(tenant);
    const at = this.now();
    for (const { api_key } of tenant.record.keys) this.evicted.set(api_key, at);
    for (const key of this.evicted.keys()) {
      if (this.evicted.size <= REMEMBERED_EVICTED_KEYS) break;
      this.evicted.delete(key);
    }
  }
}

function tooMany(waitMs: number, message: string): ApiError {
  return new ApiError(429, message, {
    exceptionClass: "TooManyRequests",
    headers: { "Retry-After": String(Math.max(1, Math.ceil(waitMs / 1000))) },
  });
}
