import { sql } from "drizzle-orm";

/** States of a target whose network call is in flight or unresolved: only these take an outcome. */
export const IN_FLIGHT_STATES = ["publishing", "processing", "unknown"] as const;

/** The same states as an SQL list, `('publishing', …)`, for the raw statements that record outcomes. */
export const IN_FLIGHT_SQL = sql.raw(`(${IN_FLIGHT_STATES.map((state) => `'${state}'`).join(", ")})`);
