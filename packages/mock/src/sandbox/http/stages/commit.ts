import { type Call, type PipelineParts, required, type StageResult } from "./call.js";

/** Commit: an operation that writes and succeeded is stored before it is answered (a failed commit rejects). */
export function commit<App>(call: Call<App>, parts: PipelineParts<App>): StageResult | Promise<StageResult> {
  const { status } = required(call.answer, "handle");
  if (!call.op.writes || status < 200 || status >= 300) return undefined;
  return parts.options.onWrite?.(call.app)?.then(() => undefined);
}
