/** A fetch function as openapi-fetch calls it. */
export type FetchLike = (input: Request, init?: RequestInit) => Promise<Response>;

/** The default time limit of one request (one attempt), in milliseconds. */
export const DEFAULT_TIMEOUT_MS = 60_000;

/** Checks the `timeoutMs` option: a positive number of milliseconds, or 0 / Infinity for no limit. */
export function resolveTimeoutMs(timeoutMs: number | undefined): number {
  return resolveLimit(timeoutMs, "timeoutMs", DEFAULT_TIMEOUT_MS);
}

/** Checks a limit option (`timeoutMs`, `callTimeoutMs`, `maxResponseBytes`): ≥ 0, with 0 or Infinity for none. */
export function resolveLimit(value: number | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || Number.isNaN(value) || value < 0) {
    throw new TypeError(`createCloudClient: ${name} must be a number ≥ 0 (0 = no limit).`);
  }
  return value === Number.POSITIVE_INFINITY ? 0 : value;
}

/**
 * The pending deadlines of one client, oldest first, watched by a single timer. Every attempt gets its own
 * deadline, `timeoutMs` after it starts (never a clock started with the client), but no timer of its own:
 * on Node 20 a `setTimeout`/`clearTimeout` pair (or an `AbortSignal.timeout`) per request costs a measurable
 * share of a loopback round trip. All deadlines of a client are equally long, so they expire in the order
 * they started; the timer is armed for the oldest one and re-armed when it fires.
 *
 * The timer is unref'd where the runtime allows (Node, Bun, Deno), so a finished program exits at once;
 * elsewhere it is cancelled as soon as no deadline is pending.
 */
export class DeadlineClock {
  readonly timeoutMs: number;
  #head: Deadline | undefined;
  #tail: Deadline | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #timerLingers = false;

  constructor(timeoutMs: number) {
    this.timeoutMs = timeoutMs;
  }

  /** Starts the deadline of one attempt; it also follows the caller's signal. `clear()` it when done. */
  start(caller: AbortSignal | undefined): Deadline {
    const deadline = new Deadline(this, performance.now() + this.timeoutMs, caller);
    if (deadline.signal.aborted) return deadline;
    deadline.prev = this.#tail;
    if (this.#tail) this.#tail.next = deadline;
    else this.#head = deadline;
    this.#tail = deadline;
    if (this.#timer === undefined) this.#arm(this.timeoutMs);
    return deadline;
  }

  /** Takes a deadline off the list (it is over). */
  remove(deadline: Deadline): void {
    const { prev, next } = deadline;
    if (prev) prev.next = next;
    else if (this.#head === deadline) this.#head = next;
    else return; // not on the list (never linked, or already removed)
    if (next) next.prev = prev;
    else this.#tail = prev;
    deadline.prev = deadline.next = undefined;
    if (!this.#head && !this.#timerLingers) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
    }
  }

  /** How many deadlines are pending (for tests). */
  get size(): number {
    let n = 0;
    for (let d = this.#head; d; d = d.next) n++;
    return n;
  }

  #arm(ms: number): void {
    this.#timer = setTimeout(this.#tick, ms);
    this.#timerLingers = unrefTimer(this.#timer);
  }

  readonly #tick = () => {
    this.#timer = undefined;
    const now = performance.now();
    while (this.#head && this.#head.at <= now) {
      const expired = this.#head;
      this.remove(expired);
      expired.expire();
    }
    if (this.#head) this.#arm(this.#head.at - now);
  };
}

/**
 * The deadline of one attempt: its signal aborts when the clock's time is up (`expired` turns true) or as
 * soon as the caller's own signal aborts — what `AbortSignal.any([signal, AbortSignal.timeout(ms)])` does,
 * without their per-request cost.
 */
export class Deadline {
  /** The signal to give the request. */
  readonly signal: AbortSignal;
  /** When the time is up, in `performance.now()` milliseconds. */
  readonly at: number;
  /** True once the time limit (not the caller) ended the attempt. */
  expired = false;
  /** Neighbours on the clock's list. */
  prev: Deadline | undefined;
  next: Deadline | undefined;
  readonly #clock: DeadlineClock;
  readonly #controller = new AbortController();
  readonly #caller: AbortSignal | undefined;
  /** The request sent by a custom fetch, held while the attempt lasts (see `fetchWith`). */
  #copy: Request | undefined;

  constructor(clock: DeadlineClock, at: number, caller: AbortSignal | undefined) {
    this.#clock = clock;
    this.at = at;
    this.signal = this.#controller.signal;
    this.#caller = caller;
    if (caller?.aborted) this.#controller.abort(caller.reason);
    else caller?.addEventListener("abort", this, { once: true });
  }

  /**
   * A fetch that sends each request with this deadline's signal: as fetch's `init` when `fetch` honours it
   * (the runtime's own), else on a copy of the request (a custom fetch may look at the request alone).
   *
   * The copy is kept until the deadline is cleared. Node's fetch (undici) links a copy's signal to ours only
   * through a weak reference: once nothing else holds the copy, a garbage collection cuts the link, and the
   * attempt then outlives its limit (seen as a call that waited 3 s for an answer under `timeoutMs: 200`).
   * A custom fetch can still lose the link on its own (by cloning the request, say), so the wait for the
   * answer is also raced against our signal: it ends when the time is up even if the request goes on. (The
   * body of a custom fetch's answer is read through `boundResponse`, which follows our signal too.)
   */
  fetchWith(fetch: FetchLike, passesInit: boolean): (request: Request) => Promise<Response> {
    const init = { signal: this.signal };
    if (passesInit) return (request) => fetch(request, init);
    return (request) => {
      this.#copy = new Request(request, init);
      const answer = fetch(this.#copy);
      return new Promise((resolve, reject) => {
        answer.then(resolve, reject);
        this.signal.addEventListener("abort", () => reject(this.signal.reason));
      });
    };
  }

  /** Ends the deadline: no abort can happen after this. */
  clear(): void {
    this.#clock.remove(this);
    this.#caller?.removeEventListener("abort", this);
    this.#copy = undefined;
  }

  /** Called by the clock when the time is up (the attempt then clears the deadline, as after any end). */
  expire(): void {
    this.expired = true;
    this.#controller.abort(new DOMException("The request timed out", "TimeoutError"));
  }

  /** The caller's signal aborted (this object is its listener, which spares a closure per attempt). */
  handleEvent(): void {
    this.#clock.remove(this);
    this.#controller.abort(this.#caller?.reason);
  }
}

/** Lets the program exit while the timer is pending; false where the runtime has no way to. */
function unrefTimer(timer: ReturnType<typeof setTimeout>): boolean {
  // Node and Bun return a Timeout object with unref(); Deno returns a number and has Deno.unrefTimer.
  const handle = timer as unknown as { unref?: () => void };
  const deno = (globalThis as { Deno?: { unrefTimer?: (id: unknown) => void } }).Deno;
  if (handle.unref) handle.unref();
  else if (deno?.unrefTimer) deno.unrefTimer(timer);
  else return false;
  return true;
}
