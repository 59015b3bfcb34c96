import type { SeriesContent } from "../../../db/schema/index.js";
import { isoInZone } from "../../../infra/zoned-time.js";
import { type SeriesRow, recurrenceOf } from "./series-row.js";

export interface SeriesView extends SeriesContent {
  id: string;
  kind: SeriesRow["kind"];
  state: SeriesRow["state"];
  recurrence: string | null;
  timezone: string;
  start: string | null;
  /** Evergreen: the posts recycled in turn; empty for a recurring series. */
  posts: string[];
  profile: string | null;
  accounts: string[];
  occurrencesCreated: number;
  nextOccurrenceAt: string | null;
  /** The occurrence post waiting to be sent (scheduled or pending approval), if any. */
  nextPost: string | null;
  upcoming: { at: string; local: string }[];
  createdAt: string;
  updatedAt: string;
}

/** How many future times GET /v1/series/{id} previews. */
const PREVIEW = 5;

export function toSeriesView(series: SeriesRow, nextPost: string | null, now: Date): SeriesView {
  const recurring = series.kind === "recurring";
  const upcoming = recurring && (series.state === "active" || series.state === "paused") ? recurrenceOf(series).upcoming(null, now, PREVIEW) : [];
  return {
    id: series.id,
    kind: series.kind,
    state: series.state,
    recurrence: recurring ? series.rule : null,
    timezone: series.timezone,
    start: recurring ? series.startLocal : null,
    posts: series.sources ?? [],
    profile: series.profileId,
    accounts: series.targets.map((t) => t.accountId),
    ...series.content,
    occurrencesCreated: series.occurrences,
    nextOccurrenceAt: series.nextAt?.toISOString() ?? null,
    nextPost,
    upcoming: upcoming.map((o) => ({ at: o.at.toISOString(), local: isoInZone(series.timezone, o.at) })),
    createdAt: series.createdAt.toISOString(),
    updatedAt: series.updatedAt.toISOString(),
  };
}
