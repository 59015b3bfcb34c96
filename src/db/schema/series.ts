import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import type { AutoFixSetting } from "./media-variants.js";
import { timestamps, ts } from "./columns.js";
import { agents } from "./agents.js";
import { profiles, workspaceColumn } from "./workspaces.js";

/** What every future occurrence of a series is made of; PATCH /v1/series/{id} replaces parts of it. */
export interface SeriesContent {
  text: string;
  textOverrides: Record<string, string>;
  media: string[];
  mediaAlt: string[];
  mediaOverrides: Record<string, string[]>;
  mediaAltOverrides: Record<string, string[]>;
  platformOptions: Record<string, Record<string, unknown>>;
  firstComment: { text: string } | null;
  autoFix: AutoFixSetting | null;
}

/** One destination of every occurrence, fixed when the series was created (as a scheduled post's are). */
export interface SeriesTarget {
  accountId: string;
  platform: string;
  handle: string;
  destination: string | null;
  /** The first comment the network's rule let through at creation; null for none. */
  firstCommentText: string | null;
}

/**
 * A recurring post (domain/publishing/series). The rule is read in floating wall-clock time from
 * `startLocal` and each occurrence is turned into an instant in `timezone` on its own day, so
 * 09:00 stays 09:00 across daylight saving. `lastLocal` is the latest occurrence already created
 * or skipped: the next one is derived from it, so two sweeps that read the same row derive the
 * same occurrence and the unique (series, occurrence) index on posts lets only one of them in.
 */
export const postSeries = pgTable(
  "post_series",
  {
    id: text("id").primaryKey(),
    workspaceId: workspaceColumn(),
    profileId: text("profile_id").references(() => profiles.id, { onDelete: "set null" }),
    mode: text("mode").$type<"test" | "live">().notNull(),
    /** `recurring` (an RRULE) or `evergreen` (its `sources` recycled through the profile's queue). */
    kind: text("kind").$type<"recurring" | "evergreen">().notNull().default("recurring"),
    /** Evergreen only: the posts recycled in turn (`post_…`); null for a recurring series. */
    sources: jsonb("sources").$type<string[]>(),
    /** `active`, `paused`, `ended` (every occurrence created) or `cancelled`. */
    state: text("state").$type<"active" | "paused" | "ended" | "cancelled">().notNull(),
    /** The RRULE as normalised by Chorus (FREQ first, no DTSTART). */
    rule: text("rule").notNull(),
    timezone: text("timezone").notNull(),
    /** DTSTART as wall-clock time in `timezone`: `2027-03-14T02:30`. */
    startLocal: text("start_local").notNull(),
    lastLocal: text("last_local"),
    /** Instant of the next occurrence not created yet; null once the rule has none left (or cancelled). */
    nextAt: ts("next_at"),
    occurrences: integer("occurrences").notNull().default(0),
    content: jsonb("content").$type<SeriesContent>().notNull(),
    targets: jsonb("targets").$type<SeriesTarget[]>().notNull(),
    /** The API key that created it: occurrences are made in its name. */
    createdBy: text("created_by").notNull(),
    /**
     * The agent that created it, when one did: each later occurrence is charged to that agent's
     * daily allowance on the day it is sent, and stops being sent once the agent is revoked.
     */
    agentId: text("agent_id").references(() => agents.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [index("post_series_workspace_created_idx").on(t.workspaceId, t.createdAt), index("post_series_next_idx").on(t.nextAt)],
);
