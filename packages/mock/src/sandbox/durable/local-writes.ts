import type { CatchUpCall } from "../http/pipeline.js";
import type { Store } from "../store.js";
import type { Durability } from "./durability.js";
import { WriteGroups, type WriteGroupsOptions } from "./write-groups.js";

/** How the pipeline's calls meet a durable backend: a write's turn and commit, a read's wait for commits. */
export interface DurableWrites {
  /** Before a call: a write waits for its turn in its tenant's next group; the returned function ends it. */
  prepare(app: Store, call: CatchUpCall): Promise<() => Promise<void>>;
  /** A write made in the call's turn: resolves once committed with its group, rejects (rolled back) when not. */
  commit(app: Store): Promise<void>;
  /** While the tenant holds changes whose COMMIT may still fail: the end of that COMMIT (reads wait for it). */
  uncommitted(app: Store): Promise<void> | undefined;
}

/**
 * The writes of a backend that this process alone holds (the LMDB folder, the state file): a tenant's writers
 * commit in groups ({@link WriteGroups}) with nothing to lock beyond the process, so that a commit that fails
 * is rolled back before anyone is answered, and a read never shows a change that is not committed yet.
 */
export function localWrites(
  durability: Durability,
  outcomes: Pick<WriteGroupsOptions, "refused" | "lost">,
): DurableWrites {
  const groups = new WriteGroups({
    durability,
    ...outcomes,
    lock: async (store) =>
      durability.idOf(store) === undefined
        ? undefined
        : { commit: (batch) => durability.backend.commit(batch), release: async () => undefined },
  });
  const nothingToEnd = async () => undefined;
  return {
    async prepare(app, call) {
      if (call.writes) return groups.enter(app, call);
      await groups.committed(app);
      return nothingToEnd;
    },
    commit: (app) => groups.commit(app) ?? durability.commit(app),
    uncommitted: (app) => groups.committed(app),
  };
}
