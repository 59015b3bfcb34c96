import * as v from "valibot";
import { getQueue, nextQueueSlots, putQueue } from "../../domain/publishing/index.js";
import { NextSlotsSchema, PutQueueBody, QueueSchema } from "../../routes/v1/queues/schema.js";
import { defineTool, readOnly } from "../tool.js";
import { idArgument } from "./list-arguments.js";

const profileId = idArgument("`prf_…` (GET /v1/profiles lists them)");

/** The posting queue of a profile; queued posts themselves are made with `create_post` and `queue: true`. */
export const queueTools = [
  defineTool({
    name: "get_queue",
    action: "read",
    title: "A profile's posting queue",
    description: "GET /v1/profiles/{id}/queue: the weekly slots, their IANA zone and whether the queue is paused.",
    input: v.strictObject({ id: profileId }),
    output: QueueSchema,
    annotations: readOnly,
    run: async ({ ctx }, input) => getQueue({ ctx, input }),
  }),
  defineTool({
    name: "set_queue",
    action: "publish_or_schedule",
    title: "Set a profile's posting queue",
    description:
      'PUT /v1/profiles/{id}/queue: replaces the weekly slots (`{ day: "mon", time: "09:30" }`), the zone and `paused`. Posts already queued keep their time; a paused queue refuses `queue: true` with `queue_paused`.',
    input: v.strictObject({ id: profileId, ...PutQueueBody.entries }),
    output: QueueSchema,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    run: async ({ ctx }, input) => putQueue({ ctx, input }),
  }),
  defineTool({
    name: "next_queue_slots",
    action: "read",
    title: "Preview a queue's next free slots",
    description: "GET /v1/profiles/{id}/queue/next: where the next `count` posts sent with `create_post` and `queue: true` would go now.",
    input: v.strictObject({
      id: profileId,
      count: v.pipe(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50)), 1), v.description("1 to 50; default 1.")),
    }),
    output: NextSlotsSchema,
    annotations: readOnly,
    run: async ({ ctx }, input) => nextQueueSlots({ ctx, input }),
  }),
];
