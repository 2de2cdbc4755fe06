// autocannon for the benches, with requests per second that hold for runs shorter than a second too:
// autocannon ends a run only at the end of a sample (1 s by default), so a shorter run samples as often as
// it lasts, and its per-sample count is scaled back to a second.
import autocannon from "autocannon";

/** Runs autocannon with `options`; the result gains `requestsPerSecond`, the mean over its samples. */
export async function cannon(options) {
  const sampleMs = options.duration < 1 ? options.duration * 1000 : 1000;
  const result = await autocannon({ ...options, sampleInt: sampleMs });
  return { ...result, requestsPerSecond: (result.requests.average * 1000) / sampleMs };
}
