import type { OperationId, Task } from "@cloud-contract/types";
import type { ClockChange } from "../sandbox/control/schema.js";
import { SANDBOX_API_KEY } from "../sandbox/fixtures/ids.js";
import type { SnapshotDocument } from "../sandbox/snapshot/format.js";
import type { SandboxState } from "../sandbox/state.js";
import type { OverrideStatus, TypedOverride } from "./override-types.js";
import type {
  ClockInfo,
  Fault,
  FaultRequest,
  JournalEntry,
  Override,
  RateLimitsInfo,
  ScopedKey,
  TaskCompletion,
  TenantIds,
  TenantInfo,
} from "./types.js";

/** A control API call answered with an error status: `status` and the Error `body`. */
export class SandboxControlError extends Error {
  override name = "SandboxControlError";
  constructor(
    readonly status: number,
    readonly body: unknown,
    what: string,
  ) {
    const message = (body as { message?: unknown } | undefined)?.message;
    super(`${what} → ${status}${typeof message === "string" ? `: ${message}` : ""}`);
  }
}

/** No answer at all from the sandbox's address (nothing listening, a wrong port): `url`, and the fetch error as `cause`. */
export class SandboxUnreachableError extends Error {
  override name = "SandboxUnreachableError";
  constructor(
    readonly url: string,
    cause: unknown,
  ) {
    const reason =
      (cause as { cause?: { code?: unknown } } | undefined)?.cause?.code ?? (cause as Error)?.message;
    const port = new URL(url).port;
    super(
      `no sandbox answers at ${url} (${String(reason)}): is it running? Start one with \`npx cloud-mock sandbox${port ? ` --port ${port}` : ""}\` (\`pnpm sandbox\` in the cloud-contract repository)`,
      { cause },
    );
  }
}

export interface SandboxControlOptions {
  /** The key `tenant()` creates tenants with (default: the sandbox's default key). */
  apiKey?: string;
  fetch?: typeof fetch;
}

/** The control API acting on one tenant, the one of `key`. */
export interface TenantControl {
  readonly key: string;
  /** Back to the seeded fixtures; the clock runs in real time again and the faults are gone. */
  reset(): Promise<void>;
  state(): Promise<SandboxState>;
  /** The tenant's whole world as one versioned document (entities, clock, running tasks, counters). */
  snapshot(): Promise<SnapshotDocument>;
  /** Replaces the tenant's world with a snapshot's, whole; a snapshot that breaks the contract rejects (400) and changes nothing. */
  restore(snapshot: SnapshotDocument): Promise<void>;
  readonly clock: {
    get(): Promise<ClockInfo>;
    /** Stops the clock: time (and the tenant's tasks) move only on `advance`. */
    manual(): Promise<ClockInfo>;
    /** Lets the clock run again from where it stands. */
    real(): Promise<ClockInfo>;
    advance(ms: number): Promise<ClockInfo>;
  };
  readonly tasks: {
    complete(taskId: string, completion: TaskCompletion): Promise<Task>;
  };
  readonly faults: {
    add(fault: FaultRequest): Promise<Fault>;
    list(): Promise<Fault[]>;
    get(faultId: string): Promise<Fault>;
    delete(faultId: string): Promise<void>;
    clear(): Promise<void>;
  };
  /** Answers chosen for the next calls, checked against the API's contract (an off-contract body does not compile). */
  readonly overrides: {
    add<K extends OperationId, S extends OverrideStatus<K>>(override: TypedOverride<K, S>): Promise<Override>;
    list(): Promise<Override[]>;
    get(overrideId: string): Promise<Override>;
    delete(overrideId: string): Promise<void>;
    clear(): Promise<void>;
  };
  /** The API's rate limits in this tenant: per key and service, `429` + `Retry-After` beyond them while on. */
  readonly rateLimits: {
    get(): Promise<RateLimitsInfo>;
    /** Switches enforcement on or off (forgetting the calls counted so far). */
    set(enabled: boolean): Promise<RateLimitsInfo>;
  };
  /** The tenant's last API calls (at most 500, oldest first), those numbered after `after` when given. */
  journal(after?: number): Promise<JournalEntry[]>;
}

/** A tenant created by `tenant()`: its control, its keys and the ids of its fixtures. */
export interface SandboxTenant extends TenantControl {
  readonly scopedKeys: ScopedKey[];
  readonly ids: TenantIds;
  readonly idleTimeoutMs: number;
}

export interface SandboxControl {
  readonly url: string;
  /** Creates a tenant of its own: a fresh world seeded like the default one. */
  tenant(): Promise<SandboxTenant>;
  /** The control of the tenant a key belongs to (the default world for the default key). */
  forKey(key: string): TenantControl;
}

/**
 * A handle on a running sandbox's control API, by base URL:
 * `const t = await connectSandbox(url).tenant(); await t.clock.manual(); await t.faults.add({...})`.
 */
export function connectSandbox(baseUrl: string, options: SandboxControlOptions = {}): SandboxControl {
  const url = baseUrl.replace(/\/+$/, "");
  const doFetch = options.fetch ?? fetch;

  async function call<T>(key: string, method: string, path: string, body?: unknown): Promise<T> {
    const res = await doFetch(`${url}/__sandbox/${path}`, {
      method,
      headers: {
        Authorization: `apikey ${key}`,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }).catch((error: unknown) => {
      throw new SandboxUnreachableError(url, error);
    });
    const text = await res.text();
    const parsed: unknown = text ? JSON.parse(text) : undefined;
    if (!res.ok) throw new SandboxControlError(res.status, parsed, `${method} /__sandbox/${path}`);
    return parsed as T;
  }

  const forKey = (key: string): TenantControl => {
    const setClock = (change: ClockChange) => call<ClockInfo>(key, "POST", "clock", change);
    return {
      key,
      reset: async () => {
        await call(key, "POST", "reset");
      },
      state: () => call<SandboxState>(key, "GET", "state"),
      snapshot: () => call<SnapshotDocument>(key, "GET", "snapshot"),
      restore: async (snapshot) => {
        await call(key, "PUT", "snapshot", snapshot);
      },
      clock: {
        get: () => call<ClockInfo>(key, "GET", "clock"),
        manual: () => setClock({ mode: "manual" }),
        real: () => setClock({ mode: "real" }),
        advance: (ms) => setClock({ advance_ms: ms }),
      },
      tasks: {
        complete: (taskId, completion) =>
          call<Task>(key, "POST", `tasks/${encodeURIComponent(taskId)}/complete`, completion),
      },
      faults: {
        add: (fault) => call<Fault>(key, "POST", "faults", fault),
        ...armedList<Fault>(key, "faults"),
      },
      overrides: {
        add: (override) => call<Override>(key, "POST", "overrides", override),
        ...armedList<Override>(key, "overrides"),
      },
      rateLimits: {
        get: () => call<RateLimitsInfo>(key, "GET", "rate-limits"),
        set: (enabled) => call<RateLimitsInfo>(key, "PUT", "rate-limits", { enabled }),
      },
      journal: async (after = 0) =>
        (await call<{ entries: JournalEntry[] }>(key, "GET", `journal?after=${after}`)).entries,
    };
  };

  /** Listing, reading and removing what is armed under `path` (faults, overrides): the same four calls. */
  const armedList = <Armed>(key: string, path: "faults" | "overrides") => ({
    list: async () => (await call<{ results: Armed[] }>(key, "GET", path)).results,
    get: (id: string) => call<Armed>(key, "GET", `${path}/${encodeURIComponent(id)}`),
    delete: async (id: string) => {
      await call(key, "DELETE", `${path}/${encodeURIComponent(id)}`);
    },
    clear: async () => {
      await call(key, "DELETE", path);
    },
  });

  return {
    url,
    forKey,
    tenant: async () => {
      const info = await call<TenantInfo>(options.apiKey ?? SANDBOX_API_KEY, "POST", "tenants");
      return {
        ...forKey(info.api_key),
        scopedKeys: info.scoped_api_keys,
        ids: info.ids,
        idleTimeoutMs: info.idle_timeout_ms,
      };
    },
  };
}
