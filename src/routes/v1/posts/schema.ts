import * as v from "valibot";
import { platformIds } from "../../../networks/registry.js";
import { PLATFORM_OPTIONS_COMPONENT } from "../../../openapi/platform-options.js";
import { documentAs, namedBody } from "../../openapi-helpers.js";
import { EditThreadField, ThreadField } from "./thread-schema.js";
import { EditFirstCommentField, firstCommentFields } from "./first-comment-schema.js";
import { autoFixFields } from "./auto-fix-schema.js";

const PlatformKey = v.picklist(platformIds);
const MediaIds = v.pipe(v.array(v.pipe(v.string(), v.regex(/^med_[0-9A-Za-z]+$/, "must be a med_ id"))), v.maxLength(35));
const AltTexts = v.pipe(v.array(v.pipe(v.string(), v.maxLength(2000))), v.maxLength(35));

/**
 * One network's options are free-form by design (each network has its own fields, checked
 * against its capabilities later), so their size is bounded here: no network has more than a
 * dozen options, and the whole set is stored with the post. Depth is bounded for every body.
 */
const MAX_OPTION_FIELDS = 64;
const MAX_OPTION_BYTES = 16_384;
const NetworkOptions = v.pipe(
  v.record(v.string(), v.unknown()),
  v.maxEntries(MAX_OPTION_FIELDS, `must have at most ${MAX_OPTION_FIELDS} fields`),
  v.check((options) => new TextEncoder().encode(JSON.stringify(options)).byteLength <= MAX_OPTION_BYTES, `must be at most ${MAX_OPTION_BYTES} bytes as JSON`),
);

/** Fields POST /v1/posts, POST /v1/posts/validate and PATCH /v1/posts/{id} share. */
export const editableFields = {
  text: v.pipe(v.string(), v.trim(), v.minLength(1, "must not be empty"), v.maxLength(65_000), v.description("The post text. Media-only posts send a caption or a space.")),
  textOverrides: v.pipe(
    v.optional(v.record(PlatformKey, v.pipe(v.string(), v.minLength(1), v.maxLength(65_000)))),
    v.description("Per-network text, by platform id; wins over `text` for that network."),
  ),
  media: v.pipe(v.optional(MediaIds), v.description("`med_` ids from POST /v1/media, in order.")),
  mediaAlt: v.pipe(v.optional(AltTexts), v.description("Alt text per item of `media`, same order.")),
  mediaOverrides: v.pipe(v.optional(v.record(PlatformKey, MediaIds)), v.description("Per-network media (e.g. a 9:16 photo for TikTok, a video for YouTube).")),
  mediaAltOverrides: v.pipe(v.optional(v.record(PlatformKey, AltTexts)), v.description("Per-network alt texts, matching `mediaOverrides`.")),
  scheduledAt: v.pipe(
    v.optional(v.pipe(v.string(), v.maxLength(40))),
    v.description(
      "Future ISO 8601 date-time, checked strictly (the date must exist, years 0001-9999; otherwise 400 `timestamp_invalid`). With `Z` or an offset it is an instant; without one it is wall-clock time in `timezone` (a time a daylight-saving change skips moves forward by the gap, 02:30 becoming 03:30; a time it repeats is its first occurrence, as for queues and series), and refused when no `timezone` is sent (on PATCH, the post's own zone counts). Omit to publish now.",
    ),
  ),
  timezone: v.pipe(v.optional(v.pipe(v.string(), v.maxLength(64))), v.description("IANA zone name (e.g. Europe/Berlin); only with scheduledAt. Abbreviations are refused.")),
  platformOptions: v.pipe(
    v.optional(documentAs(v.record(PlatformKey, NetworkOptions), PLATFORM_OPTIONS_COMPONENT)),
    v.description(
      "Per-network options by platform id; each network's fields and valid values are in GET /v1/platforms (`options`). At most 64 fields and 16 KB of JSON per network; like every body, nested at most 32 levels.",
    ),
  ),
};

export const CreatePostFields = v.strictObject({
  ...editableFields,
  ...firstCommentFields,
  ...autoFixFields,
  profile: v.pipe(v.optional(v.pipe(v.string(), v.minLength(1))), v.description("Profile username: publishes to every account it owns.")),
  accounts: v.pipe(v.optional(v.pipe(v.array(v.pipe(v.string(), v.minLength(1))), v.maxLength(50))), v.description("`acc_` ids; alternative or addition to `profile`.")),
  platforms: v.pipe(v.optional(v.pipe(v.array(PlatformKey), v.minLength(1))), v.description("Keeps only these networks of the resolved accounts.")),
  draft: v.pipe(v.optional(v.boolean()), v.description("Store as a draft: validated, nothing sent, publish later with POST /v1/posts/{id}/publish.")),
  queue: v.pipe(
    v.optional(v.boolean()),
    v.description(
      "`true`: schedule at the next free slot of the targets' profile queue (PUT /v1/profiles/{id}/queue; preview with GET /v1/profiles/{id}/queue/next) instead of `scheduledAt`. Refused with `scheduledAt`, `timezone`, `draft` or `thread` (`queue_conflict`), when the queue has no slots (`queue_empty`) or is paused (`queue_paused`).",
    ),
  ),
  thread: ThreadField,
  recurrence: v.pipe(
    v.optional(v.pipe(v.string(), v.maxLength(512))),
    v.description(
      "An RFC 5545 RRULE (`FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10`, `RRULE:` prefix optional): the post becomes the first occurrence of a recurring series (`series` on the answer; GET/PATCH/DELETE /v1/series/{id}). Needs `scheduledAt` (DTSTART, the first occurrence's wall-clock time: sent without an offset it is kept as written) and `timezone`; every occurrence is published at that wall-clock time in that zone across daylight-saving changes, as its own post. Supported: FREQ DAILY, WEEKLY or MONTHLY; INTERVAL 1-365; BYDAY (MO..SU, with MONTHLY an ordinal such as 1MO or -1FR); BYMONTHDAY (1-31, -31..-1; not with WEEKLY; months without that day are skipped); COUNT 1-1000 (occurrences skipped while paused count too) or UNTIL (`20270601T090000Z`, or a date `20270601` meaning through that local day). A wall time skipped by a spring-forward change (02:30 on the day clocks jump 02:00 to 03:00) is published at 03:30 in the new offset that day, and at 02:30 on every other day; a time repeated by a fall-back change is published once, at its first occurrence. Refused: a rule outside the subset (`recurrence_invalid`), COUNT over 1000 (`recurrence_count_exceeded`), UNTIL not in the future or before the first occurrence (`recurrence_until_past`), an unknown zone (`timezone_invalid`), with `queue`, `draft` or `thread` (`recurrence_conflict`).",
    ),
  ),
});

export const CreatePostBody = namedBody("CreatePostRequest", CreatePostFields, {
  text: "Hello from Chorus!",
  accounts: ["acc_7Hq2xWm9Lr4Tb8Zc"],
  media: ["med_5Fz8Kq1Wn3Ys7Hd2"],
  mediaAlt: ["A robin on a fence"],
  platformOptions: { bluesky: { langs: ["en"] } },
});

/** The same fields, documented as their own request: POST /v1/posts/validate. */
export const ValidatePostBody = namedBody("ValidatePostRequest", v.strictObject({ ...CreatePostFields.entries }), {
  text: "Hello from Chorus!",
  accounts: ["acc_7Hq2xWm9Lr4Tb8Zc"],
});

export type CreatePostInput = v.InferOutput<typeof CreatePostBody>;

/** PATCH: every field optional; only sent fields change. */
export const EditPostBody = namedBody(
  "EditPostRequest",
  v.strictObject({
    text: v.optional(editableFields.text),
    textOverrides: editableFields.textOverrides,
    media: editableFields.media,
    mediaAlt: editableFields.mediaAlt,
    mediaOverrides: editableFields.mediaOverrides,
    mediaAltOverrides: editableFields.mediaAltOverrides,
    scheduledAt: editableFields.scheduledAt,
    timezone: editableFields.timezone,
    platformOptions: editableFields.platformOptions,
    thread: EditThreadField,
    firstComment: EditFirstCommentField,
  }),
  { scheduledAt: "2026-12-01T09:00:00+01:00" },
);
