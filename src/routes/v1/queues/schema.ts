import * as v from "valibot";
import { integerQuery, named, namedBody } from "../../openapi-helpers.js";

const days = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;

export const QueueSlotSchema = named(
  "QueueSlot",
  v.strictObject({
    day: v.pipe(v.picklist(days), v.description("Day of the week, in the queue's zone.")),
    time: v.pipe(v.string(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be HH:MM, 00:00 to 23:59"), v.description("Wall-clock time `HH:MM` (24 h) in the queue's zone.")),
  }),
  { day: "mon", time: "09:30" },
);

export const QueueSchema = named(
  "Queue",
  v.object({
    profile: v.pipe(v.string(), v.description("`prf_…`")),
    timezone: v.pipe(v.string(), v.description("IANA zone the slots are read in.")),
    slots: v.array(QueueSlotSchema),
    paused: v.pipe(v.boolean(), v.description("While paused, `queue: true` is refused with `queue_paused`; posts already queued keep their time.")),
    updatedAt: v.pipe(v.nullable(v.string()), v.description("Last PUT; null for a profile whose queue was never set (an empty queue in UTC).")),
  }),
  {
    profile: "prf_Vb3kQ9sLw2Xe7Nd1",
    timezone: "Europe/Berlin",
    slots: [
      { day: "mon", time: "09:30" },
      { day: "thu", time: "17:00" },
    ],
    paused: false,
    updatedAt: "2026-11-24T09:00:00.000Z",
  },
);

export const PutQueueBody = namedBody(
  "PutQueueRequest",
  v.strictObject({
    timezone: v.pipe(v.string(), v.maxLength(64), v.description("IANA zone name (Europe/Berlin, America/New_York); abbreviations are refused.")),
    slots: v.pipe(
      v.array(QueueSlotSchema),
      v.maxLength(168, "must have at most 168 slots"),
      v.description(
        "Weekly slots, replacing the current ones (duplicates are kept once). On a spring-forward day a slot inside the skipped hour moves forward by the gap (02:30 becomes 03:30 in the new offset); on a fall-back day a repeated time is its first occurrence. Removing a slot does not move posts already queued in it.",
      ),
    ),
    paused: v.pipe(v.optional(v.boolean()), v.description("Default false. Pausing refuses new queued posts (`queue_paused`); posts already queued keep their time.")),
  }),
  {
    timezone: "Europe/Berlin",
    slots: [
      { day: "mon", time: "09:30" },
      { day: "thu", time: "17:00" },
    ],
    paused: false,
  },
);

export const NextSlotsSchema = named(
  "QueueNextSlots",
  v.object({
    profile: v.string(),
    timezone: v.string(),
    paused: v.boolean(),
    slots: v.pipe(
      v.array(v.object({ at: v.pipe(v.string(), v.description("The instant, UTC.")), local: v.pipe(v.string(), v.description("The same instant with the zone's offset then.")) })),
      v.description("The next free slots, first first: where the next `count` queued posts would go now."),
    ),
  }),
  { profile: "prf_Vb3kQ9sLw2Xe7Nd1", timezone: "America/New_York", paused: false, slots: [{ at: "2027-03-14T07:30:00.000Z", local: "2027-03-14T03:30:00-04:00" }] },
);

export const ProfileIdParam = v.object({ id: v.pipe(v.string(), v.maxLength(64), v.description("`prf_…`")) });

export const NextSlotsQuery = v.strictObject({ count: integerQuery({ min: 1, max: 50, fallback: 1, description: "How many free slots to list, 1 to 50; default 1." }) });
