import { Hono } from "hono";
import { bulkCreatePosts, getBulkImport, getSeries, listPosts, listSeries, mediaLoaderFor, pauseSeries, resumeSeries, cancelSeries } from "../../domain/publishing/index.js";
import type { BulkImportView, DryRunReport } from "../../domain/publishing/index.js";
import { rateGateOf } from "../../http/rate-gate.js";
import { ApiError } from "../../infra/errors.js";
import { randomString } from "../../infra/ids.js";
import { rowsOfCsv } from "../../routes/v1/posts/bulk-body.js";
import { BulkPage, BulkProgress, BulkRunPage } from "./bulk-page.js";
import { type DashboardEnv, field } from "./dashboard-env.js";
import { onceForForm } from "./form-once.js";
import { ctxOf, frameOf, noticeOf } from "./frame.js";
import { SeriesDetailPage, SeriesListPage } from "./series-page.js";

type C = Parameters<typeof ctxOf>[0];

/** The CSV the form sent: the file when one was chosen, else the pasted text. */
async function csvOf(c: C): Promise<string> {
  const file = c.var.form.file;
  if (file instanceof File && file.size > 0) return file.text();
  return field(c, "csv") ?? "";
}

/**
 * Series and bulk imports over the API's operations: listSeries, getSeries, pauseSeries,
 * resumeSeries and cancelSeries (GET/POST/DELETE /v1/series...), and bulkCreatePosts and
 * getBulkImport (POST /v1/posts/bulk, GET /v1/bulk-imports/{id}) with the REST route's CSV reading.
 */
export const seriesBulkRoutes = new Hono<DashboardEnv>()
  .get("/dashboard/series", async (c) => {
    const page = await listSeries({ ctx: ctxOf(c), input: { limit: 50 } });
    return c.html(<SeriesListPage frame={frameOf(c)} items={page.items} more={page.cursor !== null} notice={noticeOf(c)} />);
  })
  .get("/dashboard/series/:id", async (c) => {
    const ctx = ctxOf(c);
    const series = await getSeries({ ctx, input: { id: c.req.param("id") } });
    const occurrences = await listPosts({ ctx, input: { series: series.id, limit: 50 } });
    return c.html(<SeriesDetailPage frame={frameOf(c)} series={series} occurrences={occurrences.items} more={occurrences.cursor !== null} notice={noticeOf(c)} />);
  })
  .post("/dashboard/series/:id/pause", async (c) => {
    const series = await pauseSeries({ ctx: ctxOf(c), input: { id: c.req.param("id") } });
    return c.redirect(`/dashboard/series/${series.id}?done=series_paused`, 303);
  })
  .post("/dashboard/series/:id/resume", async (c) => {
    const series = await resumeSeries({ ctx: ctxOf(c), input: { id: c.req.param("id") } });
    return c.redirect(`/dashboard/series/${series.id}?done=series_resumed`, 303);
  })
  .post("/dashboard/series/:id/cancel", async (c) => {
    const series = await cancelSeries({ ctx: ctxOf(c), input: { id: c.req.param("id") } });
    return c.redirect(`/dashboard/series/${series.id}?done=series_cancelled`, 303);
  })
  .get("/dashboard/bulk", (c) => c.html(<BulkPage frame={frameOf(c)} form={{ csv: "", submission: randomString(32) }} />))
  .post("/dashboard/bulk", async (c) => {
    const ctx = ctxOf(c);
    const csv = await csvOf(c);
    const submission = field(c, "submission") ?? randomString(32);
    try {
      if (csv.trim() === "") throw new ApiError("field_required", { param: "csv", message: "Paste the CSV or choose a .csv file.", fix: "Paste the CSV text or choose a file, then press Check." });
      const rows = rowsOfCsv(csv);
      const loadMedia = mediaLoaderFor(ctx);
      if (field(c, "action") !== "import") {
        const report = (await bulkCreatePosts({ ctx, input: { rows, dryRun: true, requestKey: null }, loadMedia, limits: rateGateOf(c) })) as DryRunReport;
        return c.html(<BulkPage frame={frameOf(c)} form={{ csv, submission, report }} />);
      }
      // The form's submission id is the Idempotency-Key (onceForForm), and its scoped key the import's requestKey, as REST does.
      const outcome = await onceForForm(
        c,
        { path: "/v1/posts/bulk", body: { csv } },
        () => bulkCreatePosts({ ctx, input: { rows, dryRun: false, requestKey: ctx.idempotency?.key ?? null }, loadMedia, limits: rateGateOf(c) }),
        201,
      );
      return c.redirect(`/dashboard/bulk/${String(outcome.answer.id)}`, 303);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      const problem = { code: error.code, message: error.message, fix: error.fix, param: error.param };
      return c.html(<BulkPage frame={frameOf(c)} form={{ csv, submission, problem }} />, error.code.startsWith("idempotency") ? 409 : 400);
    }
  })
  .get("/dashboard/bulk/:id", async (c) => {
    const run: BulkImportView = await getBulkImport({ ctx: ctxOf(c), input: { id: c.req.param("id") } });
    return c.html(<BulkRunPage frame={frameOf(c)} run={run} />);
  })
  .get("/dashboard/bulk/:id/progress", async (c) => c.html(<BulkProgress run={await getBulkImport({ ctx: ctxOf(c), input: { id: c.req.param("id") } })} />));
