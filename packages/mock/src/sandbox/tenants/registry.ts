import { randomBytes } from "node:crypto";
import { SANDBOX_FIXTURES } from "../fixtures/ids.js";
import type { KeyScope } from "../http/auth.js";
import type { Store } from "../store.js";

/** One key of a tenant and what it may touch (plain data). */
export interface TenantKey extends KeyScope {
  api_key: string;
}

/** What the registry knows about a tenant besides its store: plain data, so that it can be persisted. */
export interface TenantRecord {
  /** The unbound key first, then the keys bound to projects or resellers. */
  keys: TenantKey[];
  createdAtMs: number;
  lastUsedAtMs: number;
}

export interface Tenant {
  record: TenantRecord;
  store: Store;
  /** The default world (the default keys): never evicted. */
  isDefault: boolean;
}

export type KeyLookup = { tenant: Tenant; scope: KeyScope } | { evicted: true } | undefined;

export interface TenantRegistryOptions {
  /** The default world and its keys. */
  defaultStore: Store;
  defaultKeys: Record<string, KeyScope>;
  /** A fresh store seeded like the default one; `idSeed` makes its generated ids its own. */
  createStore: (idSeed: string) => Store;
  /** Most tenants held besides the default one; creating one more evicts the least recently used. */
  maxTenants: number;
  /** A tenant unused for this long is evicted (ms). */
  idleMs: number;
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

const newKey = () => `sbx_${randomBytes(24).toString("base64url")}`;

/**
 * Every key's world: the default one (the default keys) and the tenants created on demand, each its own
 * {@link Store} seeded the same way. Idle tenants and, beyond the count limit, the least recently used ones
 * are evicted; their keys then answer 401 saying so.
 */
export class TenantRegistry {
  readonly defaultTenant: Tenant;
  private readonly byKey = new Map<string, { tenant: Tenant; scope: KeyScope }>();
  private readonly created = new Set<Tenant>();
  private readonly evicted = new Map<string, number>();
  private readonly now: () => number;
  private counter = 0;

  constructor(private readonly options: TenantRegistryOptions) {
    this.now = options.now ?? Date.now;
    const at = this.now();
    this.defaultTenant = {
      record: {
        keys: Object.entries(options.defaultKeys).map(([api_key, scope]) => ({ api_key, ...scope })),
        createdAtMs: at,
        lastUsedAtMs: at,
      },
      store: options.defaultStore,
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

  /** The tenant of a key (and marks it used), `{ evicted: true }` for an evicted key, else undefined. */
  lookup(key: string): KeyLookup {
    const found = this.byKey.get(key);
    if (!found) return this.evicted.has(key) ? { evicted: true } : undefined;
    const record = found.tenant.record;
    const now = this.now();
    if (!found.tenant.isDefault && now - record.lastUsedAtMs > this.options.idleMs) {
      this.evict(found.tenant);
      return { evicted: true };
    }
    record.lastUsedAtMs = now;
    return found;
  }

  /** The tenant of a known key, without marking it used (the key was checked by `lookup` already). */
  tenantOf(key: string): Tenant | undefined {
    return this.byKey.get(key)?.tenant;
  }

  /** The store of a known key, without marking it used. */
  storeOf(key: string): Store | undefined {
    return this.byKey.get(key)?.tenant.store;
  }

  /** Creates a tenant, after evicting the idle ones and, at the count limit, the least recently used. */
  create(): Tenant {
    const now = this.now();
    let oldest: Tenant | undefined;
    for (const tenant of this.created) {
      if (now - tenant.record.lastUsedAtMs > this.options.idleMs) this.evict(tenant);
      else if (!oldest || tenant.record.lastUsedAtMs < oldest.record.lastUsedAtMs) oldest = tenant;
    }
    if (oldest && this.created.size >= this.options.maxTenants) this.evict(oldest);
    const keys = TENANT_SCOPES.map((scope) => ({ api_key: newKey(), ...scope }));
    const tenant: Tenant = {
      record: { keys, createdAtMs: now, lastUsedAtMs: now },
      // The key makes the tenant's generated ids differ from every other tenant's.
      store: this.options.createStore(`tenant-${++this.counter}-${keys[0]?.api_key}`),
      isDefault: false,
    };
    this.created.add(tenant);
    this.index(tenant);
    this.options.onCreate?.(tenant);
    return tenant;
  }

  /** Takes back a tenant loaded from a durable backend (idle time counts from now). */
  adopt(record: Omit<TenantRecord, "lastUsedAtMs">, store: Store): Tenant {
    const tenant: Tenant = { record: { ...record, lastUsedAtMs: this.now() }, store, isDefault: false };
    this.created.add(tenant);
    this.index(tenant);
    return tenant;
  }

  private index(tenant: Tenant): void {
    for (const { api_key, ...scope } of tenant.record.keys) this.byKey.set(api_key, { tenant, scope });
  }

  private evict(tenant: Tenant): void {
    this.created.delete(tenant);
    this.options.onEvict?.(tenant);
    const at = this.now();
    for (const { api_key } of tenant.record.keys) {
      this.byKey.delete(api_key);
      this.evicted.set(api_key, at);
    }
    for (const key of this.evicted.keys()) {
      if (this.evicted.size <= REMEMBERED_EVICTED_KEYS) break;
      this.evicted.delete(key);
    }
  }
}
