/**
 * A tenant's clock as plain data (it is persisted with the tenant's state). In `real` mode the time is the
 * base clock plus `offsetMs`; in `manual` mode it stands still at `manualNowMs` and moves only when advanced.
 */
export interface ClockState {
  mode: "real" | "manual";
  /** Added to the base clock in real mode (what earlier advances and a manual spell left behind). */
  offsetMs: number;
  /** The time in manual mode, in ms since the epoch. */
  manualNowMs: number;
}

export const realClock = (): ClockState => ({ mode: "real", offsetMs: 0, manualNowMs: 0 });

/** Reads and steers a {@link ClockState} over a base clock (Date.now unless a test gives another). */
export class TenantClock {
  constructor(
    private readonly base: () => number,
    public state: ClockState = realClock(),
  ) {}

  now(): number {
    return this.state.mode === "manual" ? this.state.manualNowMs : this.base() + this.state.offsetMs;
  }

  /** The state in which the clock shows `nowMs` now, in `mode` (a loaded snapshot's time). */
  showing(mode: ClockState["mode"], nowMs: number): ClockState {
    return mode === "manual"
      ? { mode, offsetMs: 0, manualNowMs: nowMs }
      : { mode, offsetMs: nowMs - this.base(), manualNowMs: 0 };
  }

  /** Switches mode without a jump: manual freezes the current time, real runs on from it. */
  setMode(mode: ClockState["mode"]): void {
    if (mode === this.state.mode) return;
    const now = this.now();
    this.state =
      mode === "manual"
        ? { mode, offsetMs: this.state.offsetMs, manualNowMs: now }
        : { mode, offsetMs: now - this.base(), manualNowMs: 0 };
  }

  /** Moves the time forward by `ms` (in either mode). */
  advance(ms: number): void {
    if (this.state.mode === "manual") this.state.manualNowMs += ms;
    else this.state.offsetMs += ms;
  }
}
