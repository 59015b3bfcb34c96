import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { getQueue, nextQueueSlots, putQueue } from "../../../domain/publishing/index.js";
import type { AppEnv } from "../../../http/context.js";
import { validate } from "../../../http/validate.js";
import { errorResponses, idempotencyHeader, jsonResponse, security } from "../../openapi-helpers.js";
import { NextSlotsQuery, NextSlotsSchema, ProfileIdParam, PutQueueBody, QueueSchema } from "./schema.js";

const tags = ["Queues"];
const lookupCodes = ["resource_not_found", "field_invalid", "agent_grant_profile"] as const;

export const queueRoutes = new Hono<AppEnv>()
  .get(
    "/profiles/:id/queue",
    describeRoute({
      operationId: "getQueue",
      tags,
      summary: "A profile's posting queue: weekly slots in one time zone",
      security,
      responses: { 200: jsonResponse(QueueSchema, "The queue; an empty one in UTC when none was set."), ...errorResponses([...lookupCodes]) },
    }),
    validate("param", ProfileIdParam),
    async (c) => c.json(await getQueue({ ctx: c.get("ctx"), input: c.req.valid("param") })),
  )
  .put(
    "/profiles/:id/queue",
    describeRoute({
      operationId: "putQueue",
      tags,
      summary: "Set a profile's posting queue",
      description:
        "Replaces the slots, zone and pause together. Posts already queued keep their scheduled time whatever changes: removing a slot or pausing never moves or cancels them (PATCH or DELETE /v1/posts/{id} does). `POST /v1/posts` with `queue: true` then takes the next free slot.",
      security,
      parameters: [idempotencyHeader],
      responses: {
        200: jsonResponse(QueueSchema, "The queue as stored."),
        ...errorResponses([...lookupCodes, "field_unknown", "field_required", "field_wrong_type", "body_not_json", "timezone_invalid", "agent_grant_action"]),
      },
    }),
    validate("param", ProfileIdParam),
    validate("json", PutQueueBody),
    async (c) => c.json(await putQueue({ ctx: c.get("ctx"), input: { ...c.req.valid("param"), ...c.req.valid("json") } })),
  )
  .get(
    "/profiles/:id/queue/next",
    describeRoute({
      operationId: "nextQueueSlots",
      tags,
      summary: "Preview the next free slots of a profile's queue",
      description: "The instants the next `count` posts sent with `queue: true` would take now, skipping slots other queued posts hold. Also answered while the queue is paused (`paused: true`).",
      security,
      responses: { 200: jsonResponse(NextSlotsSchema, "The next free slots."), ...errorResponses([...lookupCodes, "field_unknown", "queue_empty"]) },
    }),
    validate("param", ProfileIdParam),
    validate("query", NextSlotsQuery),
    async (c) => c.json(await nextQueueSlots({ ctx: c.get("ctx"), input: { ...c.req.valid("param"), ...c.req.valid("query") } })),
  );
