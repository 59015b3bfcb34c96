import type { postSeries } from "../../../db/schema/index.js";
import { Recurrence } from "./occurrences.js";
import { parseRule } from "./recurrence-rule.js";

export type SeriesRow = typeof postSeries.$inferSelect;

/** The stored rule was checked when it was written, so parsing it again cannot refuse it. */
export function recurrenceOf(series: Pick<SeriesRow, "rule" | "timezone" | "startLocal">): Recurrence {
  return new Recurrence(parseRule(series.rule), series.timezone, series.startLocal);
}
