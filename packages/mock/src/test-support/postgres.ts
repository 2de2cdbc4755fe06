import { postgresBinDir } from "../../../../scripts/ensure-system-deps.mjs";
import { startPostgres as startIn, type ThrowawayPostgres } from "../sandbox/durable/throwaway-postgres.js";

export type { ThrowawayPostgres };

/** A throwaway PostgreSQL for one test file, from the system's PostgreSQL (see ensure-system-deps). */
export const startPostgres = (): Promise<ThrowawayPostgres> => startIn(postgresBinDir());
