// The steps of a stateful sequence, as fast-check commands: each checks whether it can run on what the
// sequence has learned so far (the model: how many links were handed out), runs against the world and
// throws a CheckFailure when a check breaks. A step is also plain data (Step), saved in a case file and
// turned back into a command to replay it.
import type fc from "fast-check";
import { isFinal } from "../task-states.js";
import { behaviour } from "./behaviours.js";
import { breaksOf } from "./breaks.js";
import { CheckFailure } from "./checks.js";
import type { Answer, WireRequest } from "./http.js";
import { PROBES, type ProbeSteps } from "./probes.js";
import { fillPath, sampleRequest } from "./samples.js";
import type { HandedLink, SequenceEnv, World } from "./world.js";

export type Step =
  | { kind: "call"; operationId: string }
  | { kind: "follow"; link: number }
  | { kind: "auth"; operationId: string; credentials: "missing" | "wrong" }
  | { kind: "break"; operationId: string; label: string }
  | { kind: "pages"; operationId: string }
  | { kind: "behaviour"; id: string };

export interface SequenceModel {
  /** Links handed out so far: a follow step names one of them by index. */
  links: number;
}

/**
 * What a repeated sample write may be answered with (the documentation of the status is checked apart): the
 * state it meets is what earlier writes left, so what it creates may exist (409) and what it names by id may be
 * gone (404: a rule an earlier update deleted, its properties now held by a rule with another id).
 */
const REPEAT_REFUSALS = new Set([400, 404, 409]);

export type StepCommand = fc.AsyncCommand<SequenceModel, World, false> & { readonly step: Step };

/** Pages walked at most by one check (a list that keeps growing still ends the walk). */
const MAX_PAGES = 25;

const isSuccess = (status: number) => status >= 200 && status < 300;

/** An operation the sequence may send: everything, or only what changes nothing (read-only). */
const mayRun = (env: SequenceEnv, operationId: string) =>
  !env.readOnly || !env.judge.model.operation(operationId).writes;

function describe(step: Step): string {
  switch (step.kind) {
    case "call":
      return `call ${step.operationId}`;
    case "follow":
      return `follow link #${step.link}`;
    case "auth":
      return `${step.operationId} with a ${step.credentials} key`;
    case "break":
      return `${step.operationId}: ${step.label}`;
    case "pages":
      return `pages of ${step.operationId}`;
    case "behaviour":
      return `behaviour ${step.id}`;
  }
}

/** The request a link feeds: the suite's sample of the operation with the link's values in its path. */
async function linkedRequest(world: World, link: HandedLink): Promise<WireRequest> {
  const sample = await sampleRequest(world.ctx, link.operationId);
  const operation = world.operation(link.operationId);
  const params: Record<string, unknown> = { ...world.env.judge.route(sample.method, sample.path)?.params };
  Object.assign(params, Object.fromEntries(Object.entries(link.params).filter(([k]) => k in params)));
  return { ...sample, path: fillPath(operation, params) };
}

const withPage = (request: WireRequest, limit: number, offset: number): WireRequest => ({
  ...request,
  query: [
    ...request.query.filter(([name]) => name !== "limit" && name !== "offset"),
    ["limit", String(limit)],
    ["offset", String(offset)],
  ],
});

interface Page {
  count: number;
  results: Array<{ id?: unknown }>;
}

/** Walks a list from offset 0 with this page size; every page is checked like any answer. */
async function walk(world: World, request: WireRequest, limit: number): Promise<Page[]> {
  const pages: Page[] = [];
  for (let offset = 0; pages.length < MAX_PAGES; offset += limit) {
    const answer = await world.exchange(withPage(request, limit, offset));
    if (!isSuccess(answer.status)) {
      throw new CheckFailure(
        "valid-accepted",
        request.operationId,
        `page at offset ${offset} → ${answer.status}`,
      );
    }
    const page = answer.body as Page;
    if (page.results.length > limit) {
      throw new CheckFailure(
        "pages-consistent",
        request.operationId,
        `a page of limit ${limit} holds ${page.results.length} items`,
      );
    }
    pages.push(page);
    if (page.results.length === 0 || offset + limit >= page.count) break;
  }
  return pages;
}

/** Whether the id is among the list's items; an item that ended (a task) may have left it. */
async function checkListed(world: World, request: WireRequest, id: unknown) {
  const pages = await walk(world, request, 100);
  if (pages.some((page) => page.results.some((item) => item.id === id))) return;
  // Not listed: fine only for a task that has ended, as seen already or as a GET link with the id shows.
  if (typeof id === "string" && isFinal(world.taskStates.get(id))) return;
  const reader = world.links.find(
    (l) =>
      world.operation(l.operationId).method === "GET" && Object.values(l.params).includes(id) && !l.lists,
  );
  if (reader) {
    const answer = await world.exchange(await linkedRequest(world, reader));
    if (isSuccess(answer.status) && isFinal((answer.body as { state?: string }).state)) return;
  }
  throw new CheckFailure("ids-retrievable", request.operationId, `does not list ${JSON.stringify(id)}`);
}

class StepCommandImpl implements StepCommand {
  constructor(
    readonly env: SequenceEnv,
    readonly step: Step,
  ) {}

  check(model: Readonly<SequenceModel>): boolean {
    const { step, env } = this;
    if (step.kind === "follow") return step.link < model.links;
    if (step.kind === "call" && env.withoutSample.has(step.operationId)) return false;
    if (step.kind === "behaviour") {
      const b = behaviour(step.id);
      return mayRun(env, b.operationId) && mayRun(env, b.from ?? b.operationId);
    }
    return mayRun(env, step.operationId);
  }

  async run(model: SequenceModel, world: World): Promise<void> {
    world.steps.push(describe(this.step));
    try {
      await this.execute(world);
    } finally {
      model.links = world.links.length;
    }
  }

  private async execute(world: World): Promise<void> {
    const { step, env } = this;
    switch (step.kind) {
      case "call": {
        const answer = await world.exchange(await sampleRequest(world.ctx, step.operationId));
        // The same sample sent again after it changed the state may meet what it did (a rule that exists
        // now: 409, one it deleted: 404); a documented 400, 404 or 409 then is the API's answer, not a
        // broken check.
        if (world.written.has(step.operationId) && REPEAT_REFUSALS.has(answer.status)) return;
        this.expectSuccess(answer, "valid-accepted", step.operationId);
        return;
      }
      case "follow": {
        const link = world.links[step.link] as HandedLink;
        if (!mayRun(env, link.operationId)) return;
        world.followed.add(link.key);
        const request = await linkedRequest(world, link);
        if (link.lists !== undefined) return checkListed(world, request, link.lists);
        const answer = await world.exchange(request);
        const get = world.operation(link.operationId).method === "GET";
        this.expectSuccess(
          answer,
          get ? "ids-retrievable" : "valid-accepted",
          link.operationId,
          `(${link.key})`,
        );
        return;
      }
      case "auth": {
        const answer = await world.exchange(
          await sampleRequest(world.ctx, step.operationId),
          step.credentials,
        );
        if (answer.status !== 401 && answer.status !== 403) {
          throw new CheckFailure(
            "auth-required",
            step.operationId,
            `with a ${step.credentials} key → ${answer.status}`,
          );
        }
        return;
      }
      case "break": {
        const sample = await sampleRequest(world.ctx, step.operationId);
        const model = env.models.get(step.operationId);
        const broken = model && breaksOf(env.judge, model, sample).find((b) => b.label === step.label);
        if (!broken) throw new Error(`${step.operationId} has no break "${step.label}"`);
        const answer = await world.exchange(broken.apply(sample));
        if (answer.status < 400 || answer.status >= 500) {
          throw new CheckFailure("invalid-refused", step.operationId, `(${step.label}) → ${answer.status}`);
        }
        return;
      }
      case "pages":
        return this.pages(world, step.operationId);
      case "behaviour": {
        const b = behaviour(step.id);
        return PROBES[b.probe](world, b, this.probeSteps(world));
      }
    }
  }

  /** The steps a behaviour's probe runs, on the same world. */
  private probeSteps(world: World): ProbeSteps {
    const run = (step: Step) => new StepCommandImpl(this.env, step).execute(world);
    return {
      call: (operationId) => run({ kind: "call", operationId }),
      follow: (link) => run({ kind: "follow", link }),
      pages: (operationId) => run({ kind: "pages", operationId }),
      auth: (operationId, credentials) => run({ kind: "auth", operationId, credentials }),
    };
  }

  private expectSuccess(
    answer: Answer,
    check: "valid-accepted" | "ids-retrievable",
    operationId: string,
    why = "",
  ) {
    if (!isSuccess(answer.status)) {
      throw new CheckFailure(check, operationId, `${why ? `${why} ` : ""}→ ${answer.status}`.trim());
    }
  }

  /** pages-consistent: pages of about a third of the list, disjoint, their union `count` items. */
  private async pages(world: World, operationId: string) {
    const request = await sampleRequest(world.ctx, operationId);
    const minimum = Number(
      (
        world.operation(operationId).parameters.find((p) => p.name === "limit")?.schema as {
          minimum?: number;
        }
      )?.minimum ?? 1,
    );
    for (let attempt = 0; attempt < 2; attempt++) {
      const first = await walk(world, request, 100);
      const count = first[0]?.count ?? 0;
      const limit = Math.max(minimum, Math.ceil(count / 3), 1);
      const pages = await walk(world, request, limit);
      const after = await walk(world, request, 1);
      // The list changed during the walk (a task ended): walk again; twice changed proves nothing.
      if ((after[0]?.count ?? 0) !== count || pages.some((p) => p.count !== count)) continue;
      if (pages.length >= MAX_PAGES) return;
      const ids = pages.flatMap((p) => p.results.map((item) => JSON.stringify(item.id ?? item)));
      const unique = new Set(ids);
      if (unique.size !== ids.length) {
        throw new CheckFailure(
          "pages-consistent",
          operationId,
          `pages of ${limit} overlap (${ids.length - unique.size} repeated)`,
        );
      }
      if (ids.length !== count) {
        throw new CheckFailure(
          "pages-consistent",
          operationId,
          `pages of ${limit} hold ${ids.length} items, count says ${count}`,
        );
      }
      return;
    }
  }

  toString(): string {
    return describe(this.step);
  }
}

export function commandOf(env: SequenceEnv, step: Step): StepCommand {
  return new StepCommandImpl(env, step);
}
