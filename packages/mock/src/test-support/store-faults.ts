import { SANDBOX_FIXTURES as F } from "../sandbox/fixtures/ids.js";
import { sandboxRequest } from "./sandbox.js";

// What the backing-store fault tests share: writers that record what was acknowledged, and what a 503 must be.

export const groupPath = `/cloud/v1/securitygroups/${F.projectId}/${F.regionId}/${F.securityGroupId}`;
export const settingsPath = `/iam/reselling/resellers/${F.resellerId}/notification_settings`;

/** What a flood of writes saw: the e-mails whose setting was acknowledged, and every answer's status. */
export interface WriteLog {
  acknowledged: string[];
  /** The e-mails whose setting was answered 503: none of them may ever be stored. */
  refused: string[];
  statuses: Map<number, number>;
  /**
   * Answers that break the outage rules: a status other than 2xx, 503 or 504, a 503 without Retry-After, a 503
   * or 504 showing internals.
   */
  broken: string[];
  /** When each 2xx answer arrived (ms, performance.now()). */
  acknowledgedAt: number[];
}

/** Words a 503 must not show: where the store is and how it failed. */
const INTERNALS = /127\.0\.0\.1|localhost|postgres|ECONN|lmdb|mdb|commit|\/tmp\/|port \d|:\d{4,5}/i;

/**
 * What is wrong with an answer during a store outage, if anything: a 2xx is fine; a 503 (nothing changed) must
 * carry Retry-After; a 504 (a commit in flight when the store stopped answering: it may be stored) is honest.
 */
export function checkOutage(status: number, headers: Headers, text: string): string | undefined {
  if (status >= 200 && status < 300) return undefined;
  if (status === 504) return INTERNALS.test(text) ? `504 showing internals: ${text}` : undefined;
  if (status !== 503) return `status ${status}: ${text}`;
  const retryAfter = Number(headers.get("retry-after"));
  if (!Number.isInteger(retryAfter) || retryAfter < 1) return `503 without Retry-After: ${text}`;
  if (INTERNALS.test(text)) return `503 showing internals: ${text}`;
  return undefined;
}

/** An empty {@link WriteLog}, for a test that watches a flood while it runs. */
export const newWriteLog = (): WriteLog => ({
  acknowledged: [],
  refused: [],
  statuses: new Map(),
  broken: [],
  acknowledgedAt: [],
});

/**
 * `writers` clients each add notification settings (a unique e-mail per request) until `running()` is false,
 * at most `maxEach` each; every answer is checked by {@link checkOutage} and noted in `log` as it comes.
 */
export async function floodSettings(
  url: string,
  key: string,
  writers: number,
  running: () => boolean,
  maxEach = 2_000,
  log: WriteLog = newWriteLog(),
): Promise<WriteLog> {
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      for (let i = 0; i < maxEach && running(); i++) {
        const email = `w${w}-n${i}@example.com`;
        const res = await fetch(`${url}${settingsPath}`, {
          method: "POST",
          headers: { Authorization: `apikey ${key}`, "Content-Type": "application/json" },
          body: JSON.stringify({ notification_type: "failed_login", email }),
        });
        const text = await res.text();
        log.statuses.set(res.status, (log.statuses.get(res.status) ?? 0) + 1);
        const problem = checkOutage(res.status, res.headers, text);
        if (problem) log.broken.push(problem);
        if (res.status === 201 || res.status === 200) {
          log.acknowledged.push(email);
          log.acknowledgedAt.push(performance.now());
        }
        if (res.status === 503) {
          log.refused.push(email);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
    }),
  );
  return log;
}

/** The e-mails of the default reseller's settings, as the sandbox at `url` holds them. */
export async function storedEmails(url: string, key: string): Promise<Set<string>> {
  const state = await sandboxRequest(url, "GET", "/__sandbox/state", key);
  const settings: { email: string }[] = state.body.notificationSettings;
  return new Set(settings.map((s) => s.email));
}

/** `count` tag PATCHes of the default group at once; the revision numbers their 200 answers carry. */
export async function concurrentPatches(url: string, key: string, count: number): Promise<number[]> {
  const answers = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      sandboxRequest(url, "PATCH", groupPath, key, { tags: { [`concurrent-${i}`]: "x" } }),
    ),
  );
  for (const answer of answers) if (answer.status !== 200) throw new Error(`PATCH answered ${answer.status}`);
  return answers.map((a): number => a.body.revision_number);
}

/** The default group's revision number, as the sandbox at `url` holds it. */
export async function storedRevision(url: string, key: string): Promise<number> {
  const state = await sandboxRequest(url, "GET", "/__sandbox/state", key);
  const groups: { id: string; revision_number: number }[] = state.body.securityGroups;
  const group = groups.find((g) => g.id === F.securityGroupId);
  return group?.revision_number ?? -1;
}

/** The tag keys of the default group, as the sandbox at `url` holds it. */
export async function storedTagKeys(url: string, key: string): Promise<Set<string>> {
  const state = await sandboxRequest(url, "GET", "/__sandbox/state", key);
  const groups: { id: string; tags_v2: { key: string }[] }[] = state.body.securityGroups;
  const group = groups.find((g) => g.id === F.securityGroupId);
  return new Set(group?.tags_v2.map((t) => t.key));
}

/**
 * Grows the default group by `tagsEach` long tags per PATCH until `running()` is false (at most `max` calls):
 * a store fills fast. Returns the answers that break the outage rules, the statuses, and the first tag key
 * of each PATCH answered 503 (none of them may ever be stored).
 */
export async function growGroup(
  url: string,
  key: string,
  running: () => boolean,
  tagsEach = 40,
  max = 2_000,
): Promise<{ broken: string[]; statuses: number[]; refused: string[] }> {
  const broken: string[] = [];
  const statuses: number[] = [];
  const refused: string[] = [];
  for (let i = 0; i < max && running(); i++) {
    const tags = Object.fromEntries(
      Array.from({ length: tagsEach }, (_, t) => [`fill-${i}-${t}`, "v".repeat(250)]),
    );
    const res = await fetch(`${url}${groupPath}`, {
      method: "PATCH",
      headers: { Authorization: `apikey ${key}`, "Content-Type": "application/json" },
      body: JSON.stringify({ tags }),
    });
    const text = await res.text();
    statuses.push(res.status);
    const problem = checkOutage(res.status, res.headers, text);
    if (problem) broken.push(problem);
    if (res.status === 503) {
      refused.push(`fill-${i}-0`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  return { broken, statuses, refused };
}
