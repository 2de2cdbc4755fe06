import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCloudClient } from "./create-client.js";
import { ApiError } from "./errors.js";
import {
  DEFAULT_MAX_ITEMS,
  DEFAULT_MAX_PAGES,
  DEFAULT_PAGE_SIZE,
  PaginationError,
  paginate,
} from "./paginate.js";
import { json, startServer, type TestServer, task } from "./test-support/server.js";

/** The server's own page caps, as the real API enforces them. */
const SERVER_MAX = { tasks: 1000, plans: 100, settings: 50 };
const TASKS = Array.from({ length: 25 }, (_, i) => task(`task-${i}`, "RUNNING"));
const PLANS = Array.from({ length: 7 }, (_, i) => ({ id: 10_000 + i, plan_id: 317 }));
const SETTINGS = Array.from({ length: 5 }, (_, i) => ({
  id: i + 1,
  reseller: 1020,
  notification_type: "failed_login",
  email: `n${i}@reseller.example.com`,
  enabled: true,
}));

let server: TestServer;
beforeAll(async () => {
  server = await startServer((req, res) => {
    const url = new URL(req.url, "http://x");
    const offset = Number(url.searchParams.get("offset") ?? 0);
    const asked = Number(url.searchParams.get("limit") ?? 10);
    const page = <T>(items: T[], max: number) => items.slice(offset, offset + Math.min(asked, max));
    switch (url.pathname) {
      case "/cloud/v1/tasks/1/76/active":
        return json(res, 200, { count: TASKS.length, results: page(TASKS, SERVER_MAX.tasks) });
      case "/cloud/v1/tasks/1/99/active":
        return json(res, 503, { message: "down" });
      case "/billing/org/v1/plans/contents": {
        const results = page(PLANS, SERVER_MAX.plans);
        const after = offset + results.length;
        const link = (o: number) =>
          `https://api.gcore.com/billing/org/v1/plans/contents?limit=${asked}&offset=${o}`;
        return json(res, 200, {
          count: PLANS.length,
          results,
          next: after < PLANS.length ? link(after) : null,
          previous: offset > 0 ? link(Math.max(0, offset - asked)) : null,
        });
      }
      case "/iam/reselling/resellers/1020/notification_settings": {
        const results = page(SETTINGS, SERVER_MAX.settings);
        const after = offset + results.length;
        const next =
          after < SETTINGS.length
            ? `reselling/resellers/1020/notification_settings?offset=${after}&limit=${asked}`
            : null;
        return json(res, 200, { count: SETTINGS.length, results, next, previous: null });
      }
      case "/iam/reselling/resellers/7/notification_settings":
        // Hides deleted settings: a page may hold fewer items than it spans; `next` says where to go on.
        return json(res, 200, {
          count: 9,
          results: offset === 0 ? [SETTINGS[0], SETTINGS[1]] : offset === 4 ? [SETTINGS[2]] : [],
          next: offset === 0 ? "reselling/resellers/7/notification_settings?offset=4&limit=4" : null,
        });
      case "/iam/reselling/resellers/8/notification_settings":
        // A server that always links a next page: the count must stop the iteration.
        return json(res, 200, {
          count: 3,
          results: page(SETTINGS.slice(0, 3), 2),
          next: `reselling/resellers/8/notification_settings?offset=${offset + 2}`,
        });
      case "/iam/reselling/resellers/9/notification_settings":
        // A next of null ends the list even though the count says there is more.
        return json(res, 200, { count: 100, results: page(SETTINGS, 2), next: null });
      default:
        return json(res, 404, { message: "no such list" });
    }
  });
});
afterAll(() => server.close());

const live = () => createCloudClient({ apiKey: "k", baseUrl: server.url, retry: false });

async function collect<T>(iterator: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterator) items.push(item);
  return items;
}

/** The requests a block of code made to a path, as `offset/limit` pairs and full query strings. */
async function requestsDuring(path: string, run: () => Promise<unknown>) {
  const before = server.requests.length;
  await run();
  return server.requests
    .slice(before)
    .filter((r) => r.url.split("?")[0] === path)
    .map((r) => r.url.split("?")[1] ?? "");
}

describe("paginate", () => {
  it("walks the active tasks by count, keeping the filters on every page", async () => {
    let tasks: { id: string }[] = [];
    const queries = await requestsDuring("/cloud/v1/tasks/1/76/active", async () => {
      tasks = await collect(
        paginate(live(), "/cloud/v1/tasks/{project_id}/{region_id}/active", {
          params: {
            path: { project_id: 1, region_id: 76 },
            query: { limit: 10, task_type: ["create_bm", "rebuild_bm"] },
          },
        }),
      );
    });
    expect(tasks.map((t) => t.id)).toEqual(TASKS.map((t) => t.id));
    expect(queries).toEqual([
      "task_type=create_bm&task_type=rebuild_bm&limit=10&offset=0",
      "task_type=create_bm&task_type=rebuild_bm&limit=10&offset=10",
      "task_type=create_bm&task_type=rebuild_bm&limit=10&offset=20",
    ]);
  });

  it("asks for the list's maximum page by default and caps larger limits at it", async () => {
    const byDefault = await requestsDuring("/cloud/v1/tasks/1/76/active", () =>
      collect(
        paginate(live(), "/cloud/v1/tasks/{project_id}/{region_id}/active", {
          params: { path: { project_id: 1, region_id: 76 } },
        }),
      ),
    );
    expect(byDefault).toEqual(["limit=1000&offset=0"]);
    const capped = await requestsDuring("/billing/org/v1/plans/contents", () =>
      collect(paginate(live(), "/billing/org/v1/plans/contents", { params: { query: { limit: 5000 } } })),
    );
    expect(capped).toEqual(["limit=100&offset=0"]);
    const unknownMax = await requestsDuring("/iam/reselling/resellers/1020/notification_settings", () =>
      collect(
        paginate(live(), "/iam/reselling/resellers/{resellerId}/notification_settings", {
          params: { path: { resellerId: 1020 } },
        }),
      ),
    );
    expect(unknownMax).toEqual([`limit=${DEFAULT_PAGE_SIZE}&offset=0`]);
  });

  it("follows absolute next links of the plan contents and stops when next is null", async () => {
    let ids: number[] = [];
    const queries = await requestsDuring("/billing/org/v1/plans/contents", async () => {
      const items = await collect(
        paginate(live(), "/billing/org/v1/plans/contents", {
          params: { query: { limit: 3, plan_id: [317], ordering: ["-id", "plan_id"] } },
        }),
      );
      ids = items.map((p) => p.id ?? 0);
    });
    expect(ids).toEqual(PLANS.map((p) => p.id));
    expect(queries).toEqual([
      "plan_id=317&ordering=-id,plan_id&limit=3&offset=0",
      "plan_id=317&ordering=-id,plan_id&limit=3&offset=3",
      "plan_id=317&ordering=-id,plan_id&limit=3&offset=6",
    ]);
  });

  it("follows relative next links of the notification settings, starting at the offset given", async () => {
    const queries = await requestsDuring("/iam/reselling/resellers/1020/notification_settings", async () => {
      const items = await collect(
        paginate(live(), "/iam/reselling/resellers/{resellerId}/notification_settings", {
          params: { path: { resellerId: 1020 }, query: { limit: 2, offset: 1, ordering: "email" } },
        }),
      );
      expect(items.map((s) => s.id)).toEqual([2, 3, 4, 5]);
    });
    expect(queries).toEqual(["ordering=email&limit=2&offset=1", "ordering=email&limit=2&offset=3"]);
  });

  it("goes where next points, not where counting would", async () => {
    const queries = await requestsDuring("/iam/reselling/resellers/7/notification_settings", async () => {
      const items = await collect(
        paginate(live(), "/iam/reselling/resellers/{resellerId}/notification_settings", {
          params: { path: { resellerId: 7 }, query: { limit: 4 } },
        }),
      );
      expect(items.map((s) => s.id)).toEqual([1, 2, 3]);
    });
    expect(queries).toEqual(["limit=4&offset=0", "limit=4&offset=4"]);
  });

  it("stops on count even if the server keeps linking a next page", async () => {
    const queries = await requestsDuring("/iam/reselling/resellers/8/notification_settings", async () => {
      const items = await collect(
        paginate(live(), "/iam/reselling/resellers/{resellerId}/notification_settings", {
          params: { path: { resellerId: 8 } },
        }),
      );
      expect(items).toHaveLength(3);
    });
    expect(queries).toEqual(["limit=100&offset=0", "limit=100&offset=2"]);
  });

  it("stops on a next of null even if the count says more", async () => {
    const queries = await requestsDuring("/iam/reselling/resellers/9/notification_settings", () =>
      collect(
        paginate(live(), "/iam/reselling/resellers/{resellerId}/notification_settings", {
          params: { path: { resellerId: 9 } },
        }),
      ),
    );
    expect(queries).toHaveLength(1);
  });

  it("makes one request for an empty list and none after a break", async () => {
    const empty = await requestsDuring("/cloud/v1/tasks/1/76/active", async () => {
      const items = await collect(
        paginate(live(), "/cloud/v1/tasks/{project_id}/{region_id}/active", {
          params: { path: { project_id: 1, region_id: 76 }, query: { offset: 25 } },
        }),
      );
      expect(items).toEqual([]);
    });
    expect(empty).toEqual(["limit=1000&offset=25"]);
    const broken = await requestsDuring("/cloud/v1/tasks/1/76/active", async () => {
      for await (const item of paginate(live(), "/cloud/v1/tasks/{project_id}/{region_id}/active", {
        params: { path: { project_id: 1, region_id: 76 }, query: { limit: 5 } },
      })) {
        if (item.id === "task-6") break;
      }
    });
    expect(broken).toEqual(["limit=5&offset=0", "limit=5&offset=5"]);
  });

  it("throws ApiError when a page fails", async () => {
    const pages = paginate(live(), "/cloud/v1/tasks/{project_id}/{region_id}/active", {
      params: { path: { project_id: 1, region_id: 99 } },
    });
    await expect(collect(pages)).rejects.toBeInstanceOf(ApiError);
  });

  it("makes no request until iterated", async () => {
    const before = server.requests.length;
    paginate(live(), "/billing/org/v1/plans/contents");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.requests.length).toBe(before);
  });
});

describe("paginate against a list that lies", () => {
  /** A full page of fresh tasks at every offset: a list without end. */
  const fresh = (offset: number, size: number) =>
    Array.from({ length: size }, (_, i) => task(`t-${offset + i}`, "RUNNING"));
  let liar: TestServer;
  beforeAll(async () => {
    liar = await startServer((req, res) => {
      const url = new URL(req.url, "http://x");
      const offset = Number(url.searchParams.get("offset") ?? 0);
      const limit = Number(url.searchParams.get("limit") ?? 10);
      switch (url.pathname.split("/")[5]) {
        case "1": // ignores the offset: the first page, again and again, under a count that promises more
          return json(res, 200, { count: 1_000_000, results: fresh(0, limit) });
        case "2": // never says how many there are
          return json(res, 200, { results: fresh(offset, limit) });
        case "3": // says 3, sends full pages
          return json(res, 200, { count: 3, results: fresh(offset, limit) });
        case "4": // a count that always runs one page ahead
          return json(res, 200, { count: offset + 2 * limit, results: fresh(offset, limit) });
        default:
          return json(res, 200, { count: 1, results: {} });
      }
    });
  });
  afterAll(() => liar.close());

  const walk = async (region: number, limits: { maxPages?: number; maxItems?: number } = {}) => {
    const client = createCloudClient({ apiKey: "k", baseUrl: liar.url, retry: false });
    const before = liar.requests.length;
    const started = performance.now();
    let yielded = 0;
    const error = await (async () => {
      for await (const _ of paginate(client, "/cloud/v1/tasks/{project_id}/{region_id}/active", {
        params: { path: { project_id: 1, region_id: region }, query: { limit: 10 } },
        ...limits,
      }))
        yielded++;
    })().catch((e: unknown) => e);
    const ms = Math.round(performance.now() - started);
    return { error, yielded, requests: liar.requests.length - before, ms };
  };

  it.each([
    ["repeats its first page", 1, "page-repeated", 2, 10],
    ["has no count", 2, "count-missing", 1, 0],
    ["sends more items than its count", 3, "count-contradicted", 1, 0],
    ["has no results list", 5, "not-a-page", 1, 0],
  ])("stops with PaginationError when it %s", async (_, region, reason, requests, items) => {
    const walked = await walk(region);
    expect(walked.error).toBeInstanceOf(PaginationError);
    expect(walked.error).toMatchObject({
      name: "PaginationError",
      reason,
      path: "/cloud/v1/tasks/{project_id}/{region_id}/active",
      pages: requests,
      items,
    });
    expect(walked.requests).toBe(requests);
    expect(walked.yielded).toBe(items);
    console.info(
      `lying list (${reason}): PaginationError after ${walked.requests} requests, ${walked.ms} ms`,
    );
  });

  it("stops a list without end at maxPages, and at maxItems, with the defaults bounding it too", async () => {
    const pages = await walk(4, { maxPages: 5 });
    expect(pages.error).toMatchObject({ reason: "max-pages", pages: 5, items: 50 });
    expect(pages.requests).toBe(5);
    const items = await walk(4, { maxItems: 25 });
    expect(items.error).toMatchObject({ reason: "max-items", pages: 3, items: 25 });
    expect(items.yielded).toBe(25);
    expect(DEFAULT_MAX_PAGES).toBe(1_000);
    expect(DEFAULT_MAX_ITEMS).toBe(100_000);
    const byDefault = await walk(4);
    expect(byDefault.error).toMatchObject({ reason: "max-pages", pages: DEFAULT_MAX_PAGES });
    expect(byDefault.requests).toBe(DEFAULT_MAX_PAGES);
    console.info(
      `endless list: PaginationError (max-pages) after ${byDefault.requests} requests, ${byDefault.ms} ms`,
    );
  });
});
