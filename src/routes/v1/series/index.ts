import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { cancelSeries, createSeries, editSeries, getSeries, listSeries, mediaLoaderFor, pauseSeries, resumeSeries } from "../../../domain/publishing/index.js";
import type { AppEnv } from "../../../http/context.js";
import { noBody } from "../../../http/no-body.js";
import { validate } from "../../../http/validate.js";
import { errorResponses, idempotencyHeader, jsonResponse, security } from "../../openapi-helpers.js";
import { CreateSeriesBody, ListSeriesQuery, PatchSeriesBody, SeriesIdParam, SeriesListSchema, SeriesSchema } from "./schema.js";

const tags = ["Series"];
const lookupCodes = ["resource_not_found", "field_invalid", "agent_grant_platform", "agent_grant_profile"] as const;
const changeCodes = [...lookupCodes, "series_state_invalid", "agent_grant_action"] as const;

/**
 * Recurring series: made by POST /v1/posts with `recurrence`; each occurrence is a post of its
 * own (`series` on it), sent, charged and reported (post.* events) like any scheduled post.
 */
export const seriesRoutes = new Hono<AppEnv>()
  .post(
    "/series",
    describeRoute({
      operationId: "createSeries",
      tags,
      summary: "Recycle posts through a profile's queue (an evergreen series)",
      description:
        "Makes an `evergreen` series and its first copy at once (`nextPost`). Recurring series are made by POST /v1/posts with `recurrence`. Each copy is sent, charged and reported (post.* events) like any scheduled post; it copies its post's content and accounts at that turn.",
      security,
      parameters: [idempotencyHeader],
      responses: {
        201: jsonResponse(SeriesSchema, "The new series."),
        ...errorResponses([
          "resource_not_found",
          "queue_empty",
          "field_unknown",
          "field_wrong_type",
          "field_invalid",
          "body_not_json",
          "agent_grant_action",
          "agent_grant_profile",
          "agent_grant_platform",
        ]),
      },
    }),
    validate("json", CreateSeriesBody),
    async (c) => c.json(await createSeries({ ctx: c.get("ctx"), input: c.req.valid("json") }), 201),
  )
  .get(
    "/series",
    describeRoute({
      operationId: "listSeries",
      tags,
      summary: "Recurring series, newest first",
      security,
      responses: { 200: jsonResponse(SeriesListSchema, "A page of series."), ...errorResponses(["field_unknown", "field_invalid", "field_wrong_type", "cursor_invalid", "agent_grant_action"]) },
    }),
    validate("query", ListSeriesQuery),
    async (c) => c.json(await listSeries({ ctx: c.get("ctx"), input: c.req.valid("query") })),
  )
  .get(
    "/series/:id",
    describeRoute({
      operationId: "getSeries",
      tags,
      summary: "One recurring series, with its next times",
      security,
      responses: { 200: jsonResponse(SeriesSchema, "The series."), ...errorResponses([...lookupCodes]) },
    }),
    validate("param", SeriesIdParam),
    async (c) => c.json(await getSeries({ ctx: c.get("ctx"), input: c.req.valid("param") })),
  )
  .patch(
    "/series/:id",
    describeRoute({
      operationId: "editSeries",
      tags,
      summary: "Edit every future occurrence: content, rule or zone",
      description:
        "Changes the occurrences not sent yet, the one already made and waiting included (its time stays; move it with PATCH /v1/posts/{id}); sent occurrences keep what they were sent with. Content is checked against every account of the series as a scheduled post's edit is and refused whole on the first blocking problem; `platformOptions` merge per network. Under an approval rule new content waits for a person again: the waiting occurrence goes back to `pending_approval` (and a paused series is refused: resume it first).",
      security,
      parameters: [idempotencyHeader],
      responses: {
        200: jsonResponse(SeriesSchema, "The series after the change."),
        ...errorResponses([
          ...changeCodes,
          "field_unknown",
          "field_wrong_type",
          "body_not_json",
          "recurrence_invalid",
          "recurrence_count_exceeded",
          "recurrence_until_past",
          "timezone_invalid",
          "media_unknown",
          "option_invalid",
        ]),
      },
    }),
    validate("param", SeriesIdParam),
    validate("json", PatchSeriesBody),
    async (c) => c.json(await editSeries({ ctx: c.get("ctx"), input: { id: c.req.valid("param").id, changes: c.req.valid("json") as never }, loadMedia: mediaLoaderFor(c.get("ctx")) })),
  )
  .delete(
    "/series/:id",
    describeRoute({
      operationId: "cancelSeries",
      tags,
      summary: "Cancel a series: no further occurrence",
      description:
        "The occurrence waiting to be sent is cancelled (as DELETE /v1/posts/{id} would); occurrences already sent stay. A cancelled series stays readable. Cancelling twice is 409 `series_state_invalid`.",
      security,
      parameters: [idempotencyHeader],
      responses: { 200: jsonResponse(SeriesSchema, "The cancelled series."), ...errorResponses([...changeCodes]) },
    }),
    validate("param", SeriesIdParam),
    noBody(),
    async (c) => c.json(await cancelSeries({ ctx: c.get("ctx"), input: c.req.valid("param") })),
  )
  .post(
    "/series/:id/pause",
    describeRoute({
      operationId: "pauseSeries",
      tags,
      summary: "Pause a series",
      description: "No occurrence is made or sent while paused; the one waiting is cancelled. Only an active series is paused (409 `series_state_invalid` otherwise).",
      security,
      parameters: [idempotencyHeader],
      responses: { 200: jsonResponse(SeriesSchema, "The paused series."), ...errorResponses([...changeCodes]) },
    }),
    validate("param", SeriesIdParam),
    noBody(),
    async (c) => c.json(await pauseSeries({ ctx: c.get("ctx"), input: c.req.valid("param") })),
  )
  .post(
    "/series/:id/resume",
    describeRoute({
      operationId: "resumeSeries",
      tags,
      summary: "Resume a paused series",
      description: "Times that passed while paused are skipped, never sent late (they still count toward COUNT); the next occurrence after now is made at once (`nextPost`).",
      security,
      parameters: [idempotencyHeader],
      responses: { 200: jsonResponse(SeriesSchema, "The resumed series."), ...errorResponses([...changeCodes]) },
    }),
    validate("param", SeriesIdParam),
    noBody(),
    async (c) => c.json(await resumeSeries({ ctx: c.get("ctx"), input: c.req.valid("param") })),
  );
