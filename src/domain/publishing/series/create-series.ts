import type { DomainContext } from "../../core/index.js";
import { createEvergreen } from "./evergreen.js";
import { requireSeries, seriesView } from "./manage-series.js";
import { materialiseOccurrence } from "./materialise.js";
import type { SeriesView } from "./series-view.js";

/**
 * POST /v1/series: an evergreen series (recurring ones are made by POST /v1/posts with
 * `recurrence`, which checks their content as a post). Its first copy takes its queue slot at once.
 */
export async function createSeries({ ctx, input }: { ctx: DomainContext; input: { evergreen: { profile: string; posts: string[] } } }): Promise<SeriesView> {
  const id = await createEvergreen({ ctx, input: input.evergreen });
  await materialiseOccurrence(ctx, await requireSeries(ctx, id, "read", "reading a recurring series"));
  return seriesView(ctx, await requireSeries(ctx, id, "read", "reading a recurring series"));
}
