// The control API as the pages call it: the tenant's journal, state, clock, faults and overrides, each call
// with the key the page holds, through the `fetch` it is given (the browser's, or an in-process sandbox's).
import type {
  Clock,
  ClockChange,
  Fault,
  FaultList,
  JournalPage,
  Override,
  OverrideList,
  Snapshot,
  Tenant,
  TenantState,
} from "../sandbox/control/schema.js";

/** A refusal of the control API: its status and the message of its error body. */
export class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = "ControlError";
  }
}

export interface SandboxApi {
  journal(after: number): Promise<JournalPage>;
  state(): Promise<TenantState>;
  clock(): Promise<Clock>;
  setClock(change: ClockChange): Promise<Clock>;
  faults(): Promise<FaultList>;
  addFault(body: unknown): Promise<Fault>;
  deleteFault(id: string): Promise<void>;
  overrides(): Promise<OverrideList>;
  addOverride(body: unknown): Promise<Override>;
  deleteOverride(id: string): Promise<void>;
  newTenant(): Promise<Tenant>;
  reset(): Promise<void>;
  snapshot(): Promise<Snapshot>;
  /** Replaces the tenant's world; a refusal's `problems` (entity, pointer, rule) come with the error. */
  restore(snapshot: unknown): Promise<void>;
}

/** The control API of the sandbox at `baseUrl` (empty for the page's own origin), with the key `key()` gives. */
export function sandboxApi(
  baseUrl: string,
  key: () => string,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): SandboxApi {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetchImpl(`${baseUrl}/__sandbox/${path}`, {
      method,
      headers: {
        Authorization: `apikey ${key()}`,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    const parsed = text ? (JSON.parse(text) as unknown) : undefined;
    if (!res.ok) {
      const message = (parsed as { message?: string } | undefined)?.message ?? `HTTP ${res.status}`;
      throw new ControlError(res.status, message, parsed);
    }
    return parsed as T;
  }
  return {
    journal: (after) => call("GET", `journal?after=${after}`),
    state: () => call("GET", "state"),
    clock: () => call("GET", "clock"),
    setClock: (change) => call("POST", "clock", change),
    faults: () => call("GET", "faults"),
    addFault: (body) => call("POST", "faults", body),
    deleteFault: (id) => call("DELETE", `faults/${encodeURIComponent(id)}`),
    overrides: () => call("GET", "overrides"),
    addOverride: (body) => call("POST", "overrides", body),
    deleteOverride: (id) => call("DELETE", `overrides/${encodeURIComponent(id)}`),
    newTenant: () => call("POST", "tenants"),
    reset: () => call("POST", "reset"),
    snapshot: () => call("GET", "snapshot"),
    restore: (snapshot) => call("PUT", "snapshot", snapshot),
  };
}
