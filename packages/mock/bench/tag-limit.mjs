// Benchmark of a security group at its tag limit: the group is filled to the default limit with tags of the
// longest key and value the spec allows, then a PATCH that changes one tag is timed, round after round.
// Prints the median and the slowest time (client-side, keep-alive fetch in this process) and the answer size.
// Run: pnpm --filter @cloud-contract/mock bench:tag-limit   (BENCH_ROUNDS=50)
import { SANDBOX_FIXTURES as F, SANDBOX_API_KEY } from "../dist/index.js";
import { listen } from "../dist/sandbox/http/listen.js";
import { createSandboxHandler } from "../dist/sandbox/server.js";
import { DEFAULT_MAX_TAGS_PER_GROUP } from "../dist/sandbox/services/cloud/cloud-part.js";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);
const path = `/cloud/v1/securitygroups/${F.projectId}/${F.regionId}/${F.securityGroupId}`;
const { handler, store } = createSandboxHandler({ taskDelayMs: 60_000 });
const server = await listen(handler);
const headers = { Authorization: `apikey ${SANDBOX_API_KEY}`, "Content-Type": "application/json" };
const patch = async (tags) => {
  const res = await fetch(`${server.url}${path}`, {
    method: "PATCH",
    headers,
    body: JSON.stringify({ tags }),
  });
  return { status: res.status, bytes: (await res.arrayBuffer()).byteLength };
};

const group = store.entities.securityGroups.peek(F.securityGroupId);
const room = DEFAULT_MAX_TAGS_PER_GROUP - group.tags_v2.filter((t) => !t.read_only).length;
const longest = (i) => `${String(i).padStart(6, "0")}${"k".repeat(249)}`;
const fill = Object.fromEntries(Array.from({ length: room }, (_, i) => [longest(i), "v".repeat(255)]));
const filled = await patch(fill);
if (filled.status !== 200) throw new Error(`filling the group answered ${filled.status}`);
const beyond = await patch({ one_more: "v" });
if (beyond.status !== 400) throw new Error(`one tag beyond the limit answered ${beyond.status}, not 400`);

const times = [];
let bytes = 0;
for (let i = 0; i < ROUNDS; i++) {
  const started = performance.now();
  const answer = await patch({ [longest(i % room)]: `${i}`.padEnd(255, "w") });
  times.push(performance.now() - started);
  if (answer.status !== 200) throw new Error(`PATCH at the limit answered ${answer.status}`);
  bytes = answer.bytes;
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log(
  `PATCH of one tag on a group at its limit (${DEFAULT_MAX_TAGS_PER_GROUP} user tags of 255+255 characters), ${ROUNDS} rounds:`,
);
console.log(`  median ${median.toFixed(1)} ms, slowest ${times.at(-1).toFixed(1)} ms, answer ${bytes} bytes`);
await server.close();
