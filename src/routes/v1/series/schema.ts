import * as v from "valibot";
import { cursorQuery, limitQuery, named, namedBody } from "../../openapi-helpers.js";
import { AutoFixSetting } from "../posts/auto-fix-schema.js";
import { editableFields } from "../posts/schema.js";

const seriesStates = ["active", "paused", "ended", "cancelled"] as const;

export const SeriesSchema = named(
  "Series",
  v.object({
    id: v.pipe(v.string(), v.description("`ser_…`")),
    kind: v.pipe(
      v.picklist(["recurring", "evergreen"]),
      v.description("`recurring`: occurrences follow an RRULE (POST /v1/posts with `recurrence`). `evergreen`: `posts` are recycled in turn through the profile's queue (POST /v1/series)."),
    ),
    state: v.pipe(
      v.picklist(seriesStates),
      v.description(
        "`active`: occurrences are made and sent. `paused`: none is made or sent; resuming skips the times that passed meanwhile. `ended`: the rule has no occurrence left (the last one may still be scheduled). `cancelled`: DELETE /v1/series/{id}, or its occurrence was rejected by an approver.",
      ),
    ),
    recurrence: v.pipe(v.nullable(v.string()), v.description("The RRULE as stored, parts in canonical order (`FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10`); null for an evergreen series.")),
    timezone: v.pipe(v.string(), v.description("IANA zone whose wall clock the occurrences follow.")),
    start: v.pipe(v.nullable(v.string()), v.description("DTSTART: the first occurrence's wall-clock time in `timezone`, `YYYY-MM-DDTHH:MM`, without offset; null for an evergreen series.")),
    posts: v.pipe(
      v.array(v.string()),
      v.description("Evergreen: the `post_…` recycled in turn, each copy with the post's content and accounts as they are at that turn; empty for a recurring series."),
    ),
    profile: v.pipe(v.nullable(v.string()), v.description("`prf_…` the series was created for, when one was named.")),
    accounts: v.pipe(
      v.array(v.string()),
      v.description("`acc_…` every occurrence is sent to (fixed at creation, like a scheduled post's targets); empty for an evergreen series, whose copies go to their post's accounts."),
    ),
    text: v.string(),
    textOverrides: v.record(v.string(), v.string()),
    media: v.array(v.string()),
    mediaAlt: v.array(v.string()),
    mediaOverrides: v.record(v.string(), v.array(v.string())),
    mediaAltOverrides: v.record(v.string(), v.array(v.string())),
    platformOptions: v.record(v.string(), v.record(v.string(), v.unknown())),
    firstComment: v.pipe(v.nullable(v.object({ text: v.string() })), v.description("Commented under each occurrence once live.")),
    autoFix: v.pipe(v.nullable(AutoFixSetting), v.description("The creating request's `autoFix`; null when it sent none.")),
    occurrencesCreated: v.pipe(v.number(), v.description("Occurrence posts made so far (each is a post with `series` set: GET /v1/posts/{id}).")),
    nextOccurrenceAt: v.pipe(v.nullable(v.string()), v.description("UTC instant of the next occurrence not made yet; null when the rule has none left or the series was cancelled.")),
    nextPost: v.pipe(v.nullable(v.string()), v.description("`post_…` of the occurrence made and waiting to be sent (`scheduled`, or `pending_approval`); null when none waits.")),
    upcoming: v.pipe(
      v.array(v.object({ at: v.pipe(v.string(), v.description("UTC instant.")), local: v.pipe(v.string(), v.description("The same instant with the zone's offset then.")) })),
      v.description("The next five times the rule names after now (active or paused series; empty otherwise). Across a spring-forward change the offset in `local` changes and the wall time stays."),
    ),
    createdAt: v.string(),
    updatedAt: v.string(),
  }),
  {
    id: "ser_Vb3kQ9sLw2Xe7Nd1Tq4Z",
    kind: "recurring",
    state: "active",
    recurrence: "FREQ=WEEKLY;BYDAY=MO;COUNT=10",
    timezone: "America/New_York",
    start: "2027-03-08T09:00",
    posts: [],
    profile: null,
    accounts: ["acc_7Hq2xWm9Lr4Tb8Zc"],
    text: "Monday tips",
    textOverrides: {},
    media: [],
    mediaAlt: [],
    mediaOverrides: {},
    mediaAltOverrides: {},
    platformOptions: {},
    firstComment: null,
    autoFix: null,
    occurrencesCreated: 1,
    nextOccurrenceAt: "2027-03-15T13:00:00.000Z",
    nextPost: "post_9QmT4vXc2Lp8Rk6W",
    upcoming: [{ at: "2027-03-15T13:00:00.000Z", local: "2027-03-15T09:00:00-04:00" }],
    createdAt: "2027-03-01T10:00:00.000Z",
    updatedAt: "2027-03-01T10:00:00.000Z",
  },
);

export const SeriesListSchema = named("SeriesList", v.object({ items: v.array(SeriesSchema), cursor: v.nullable(v.string()) }));

export const SeriesIdParam = v.object({ id: v.pipe(v.string(), v.maxLength(64), v.description("`ser_…`")) });

export const ListSeriesQuery = v.strictObject({
  state: v.pipe(v.optional(v.picklist(seriesStates)), v.description("Only series in this state.")),
  limit: limitQuery(),
  cursor: cursorQuery,
});

const { scheduledAt: _schedule, ...contentFields } = editableFields;

export const PatchSeriesBody = namedBody(
  "PatchSeriesRequest",
  v.strictObject({
    ...contentFields,
    text: v.pipe(v.optional(editableFields.text), v.description("New text for every occurrence not sent yet.")),
    recurrence: v.pipe(
      v.optional(v.pipe(v.string(), v.maxLength(512))),
      v.description(
        "A new RRULE (same subset and errors as POST /v1/posts `recurrence`), read from the series' original start: occurrences already made stay, the next one is the first the new rule names after the latest made, and COUNT counts from the start.",
      ),
    ),
    timezone: v.pipe(v.optional(v.pipe(v.string(), v.maxLength(64))), v.description("A new IANA zone; the wall-clock times stay (09:00 is then 09:00 there).")),
  }),
  { text: "Monday tips, week by week", recurrence: "FREQ=WEEKLY;BYDAY=MO,TH;COUNT=20" },
);

export const CreateSeriesBody = namedBody(
  "CreateSeriesRequest",
  v.strictObject({
    evergreen: v.pipe(
      v.strictObject({
        profile: v.pipe(v.string(), v.maxLength(64), v.description("`prf_…` whose posting queue the copies take slots of (PUT /v1/profiles/{id}/queue).")),
        posts: v.pipe(
          v.array(v.pipe(v.string(), v.maxLength(64))),
          v.minLength(1, "must name at least one post"),
          v.maxLength(50, "must name at most 50 posts"),
          v.description("1 to 50 `post_…` of this workspace (usually published ones), recycled in this order; duplicates are kept once."),
        ),
      }),
      v.description(
        "Recycle posts through a queue: one copy at a time, each a new scheduled post taking the next free slot of the profile's queue once the copy before it was sent, failed or cancelled; after the last post the first comes again, until paused or cancelled. A paused or empty queue makes no copy until it has a free slot again.",
      ),
    ),
  }),
  { evergreen: { profile: "prf_Vb3kQ9sLw2Xe7Nd1", posts: ["post_9QmT4vXc2Lp8Rk6W", "post_2Hd8Lq5Wn1Xe4Vb7"] } },
);
