/** A fault armed for the next calls of one operation of a tenant: plain data, persisted with the tenant. */
export interface FaultRule {
  id: string;
  operation_id: string;
  /** `status`: an error answer; `reset`: a dropped connection; `slow_body`: the answer's body trickles out. */
  kind: "status" | "reset" | "slow_body";
  /** Calls it will still spoil. */
  times: number;
  status?: number;
  retry_after_s?: number;
  /** Wait before answering or dropping (`status`, `reset`), or how long the body takes (`slow_body`). */
  delay_ms: number;
}
