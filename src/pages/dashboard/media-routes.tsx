import type { Context } from "hono";
import { Hono } from "hono";
import * as v from "valibot";
import type { DomainContext } from "../../domain/core/index.js";
import { type MediaView, deleteMedia, listMedia, signedMediaUrl, uploadMedia } from "../../domain/publishing/index.js";
import { ApiError } from "../../infra/errors.js";
import type { DashboardEnv } from "./dashboard-env.js";
import { ctxOf, frameOf, noticeOf } from "./frame.js";
import { type LibraryItem, MediaLibraryPage } from "./media-page.js";

const PAGE = 48;
/** A thumbnail's link lives as long as the page is likely to stay open. */
const THUMB_TTL_SECONDS = 60 * 60;
const Cursor = v.optional(v.pipe(v.string(), v.maxLength(1024)));
const Kind = v.optional(v.picklist(["image", "video"]));

/**
 * Each file with a same-origin link to its bytes (the signed /media/{id} URL of the API, as a path:
 * the page's CSP allows images from its own origin only).
 */
export async function libraryItems(ctx: DomainContext, items: MediaView[]): Promise<LibraryItem[]> {
  const now = ctx.clock.now();
  return Promise.all(
    items.map(async (media) => {
      const url = new URL(await signedMediaUrl(ctx.services.publicUrl, ctx.services.signingSecret, media.id, THUMB_TTL_SECONDS, now));
      return { media, src: `${url.pathname}${url.search}` };
    }),
  );
}

function query<S extends v.GenericSchema>(schema: S, value: unknown, param: string): v.InferOutput<S> {
  const parsed = v.safeParse(schema, value === "" ? undefined : value);
  if (!parsed.success) throw new ApiError("field_invalid", { param, message: `The ${param} in the address is not one this page accepts.` });
  return parsed.output;
}

/** The uploaded file, or the spec's field_required naming it. */
function fileOf(c: Context<DashboardEnv>): File {
  const file = c.var.form.file;
  if (!(file instanceof File) || file.size === 0) throw new ApiError("field_required", { param: "file", message: "Choose a file to upload.", fix: "Pick an image or a video, then press Upload." });
  return file;
}

/**
 * The media library over the API's operations: listMedia (GET /v1/media), uploadMedia (POST
 * /v1/media, its limits and type checks), deleteMedia (DELETE /v1/media/{id}, refused while a
 * post still needs the file; asked first by the confirmation step).
 */
export const mediaRoutes = new Hono<DashboardEnv>()
  .get("/dashboard/media", async (c) => {
    const ctx = ctxOf(c);
    const kind = query(Kind, c.req.query("type"), "type");
    const page = await listMedia({ ctx, input: { limit: PAGE, cursor: query(Cursor, c.req.query("cursor"), "cursor"), type: kind } });
    return c.html(<MediaLibraryPage frame={frameOf(c)} items={await libraryItems(ctx, page.items)} kind={kind} cursor={page.cursor} notice={noticeOf(c)} />);
  })
  .post("/dashboard/media/upload", async (c) => {
    const file = fileOf(c);
    const media = await uploadMedia({ ctx: ctxOf(c), input: { contentType: file.type || undefined, contentLength: String(file.size), body: file.stream() } });
    // The script's upload (with its progress bar) asks for the new id rather than a page.
    if (c.req.header("accept") === "application/json") return c.json({ id: media.id }, 201);
    return c.redirect("/dashboard/media?done=uploaded", 303);
  })
  .post("/dashboard/media/:id/delete", async (c) => {
    await deleteMedia({ ctx: ctxOf(c), input: { id: c.req.param("id") } });
    return c.redirect("/dashboard/media?done=media_deleted", 303);
  });
