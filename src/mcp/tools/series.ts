import * as v from "valibot";
import { cancelSeries, createSeries, getSeries, listSeries, mediaLoaderFor, pauseSeries, resumeSeries, editSeries } from "../../domain/publishing/index.js";
import { CreateSeriesBody, ListSeriesQuery, PatchSeriesBody, SeriesListSchema, SeriesSchema } from "../../routes/v1/series/schema.js";
import { defineTool, readOnly } from "../tool.js";
import { idArgument, pageArguments } from "./list-arguments.js";

const seriesId = idArgument("`ser_…` (the `series` of a recurring post; `list_series` lists them)");
const changes = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false } as const;

/** Recurring series; one is made by `create_post` with `recurrence`. Each tool checks the agent's grant as its REST route does. */
export const seriesTools = [
  defineTool({
    name: "create_evergreen_series",
    action: "publish_or_schedule",
    title: "Recycle posts through a profile's queue",
    description:
      "POST /v1/series with `evergreen`: the posts are copied in turn, one at a time, each copy taking the next free slot of the profile's queue once the one before was sent; until paused or cancelled.",
    input: CreateSeriesBody,
    output: SeriesSchema,
    annotations: changes,
    run: async ({ ctx }, input) => createSeries({ ctx, input }),
  }),
  defineTool({
    name: "list_series",
    action: "read",
    title: "List recurring series",
    description: "GET /v1/series: recurring series, newest first, optionally by `state` (active, paused, ended, cancelled).",
    input: v.strictObject({ state: ListSeriesQuery.entries.state, ...pageArguments }),
    output: SeriesListSchema,
    annotations: readOnly,
    run: async ({ ctx }, input) => listSeries({ ctx, input }),
  }),
  defineTool({
    name: "get_series",
    action: "read",
    title: "One recurring series",
    description: "GET /v1/series/{id}: its rule, zone, content, state, the occurrence waiting to be sent (`nextPost`) and the next five times.",
    input: v.strictObject({ id: seriesId }),
    output: SeriesSchema,
    annotations: readOnly,
    run: async ({ ctx }, input) => getSeries({ ctx, input }),
  }),
  defineTool({
    name: "update_series",
    action: "publish_or_schedule",
    title: "Edit a series' future occurrences",
    description: "PATCH /v1/series/{id}: new content, rule (`recurrence`) or zone for every occurrence not sent yet; sent ones keep theirs.",
    input: v.strictObject({ id: seriesId, ...PatchSeriesBody.entries }),
    output: SeriesSchema,
    annotations: changes,
    run: async ({ ctx }, input) => {
      const { id, ...rest } = input;
      return editSeries({ ctx, input: { id, changes: rest as never }, loadMedia: mediaLoaderFor(ctx) });
    },
  }),
  defineTool({
    name: "pause_series",
    action: "publish_or_schedule",
    title: "Pause a series",
    description: "POST /v1/series/{id}/pause: nothing is made or sent while paused; the occurrence waiting is cancelled.",
    input: v.strictObject({ id: seriesId }),
    output: SeriesSchema,
    annotations: changes,
    run: async ({ ctx }, input) => pauseSeries({ ctx, input }),
  }),
  defineTool({
    name: "resume_series",
    action: "publish_or_schedule",
    title: "Resume a paused series",
    description: "POST /v1/series/{id}/resume: times missed while paused are skipped; the next occurrence after now is made at once.",
    input: v.strictObject({ id: seriesId }),
    output: SeriesSchema,
    annotations: changes,
    run: async ({ ctx }, input) => resumeSeries({ ctx, input }),
  }),
  defineTool({
    name: "cancel_series",
    action: "delete",
    title: "Cancel a series",
    description: "DELETE /v1/series/{id}: no further occurrence; the one waiting is cancelled, sent ones stay.",
    input: v.strictObject({ id: seriesId }),
    output: SeriesSchema,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    run: async ({ ctx }, input) => cancelSeries({ ctx, input }),
  }),
];
