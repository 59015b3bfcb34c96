import { and, eq, lt, sql } from "drizzle-orm";
import { media, mediaUploadParts, mediaUploadSessions } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import { newId } from "../../../infra/ids.js";
import { PartLengthError } from "../../../infra/media-storage/types.js";
import type { DomainContext } from "../../core/index.js";
import { MEDIA_BYTE_LIMITS, type MediaKind, formatBytes, kindOf } from "./media-formats.js";
import { type MediaView, toMediaView } from "./media-view.js";
import { type ListedPart, asPartsRefusal, expectedPartBytes, heldParts, partsRejected, partsToJoin } from "./upload-parts.js";
import { type UploadSessionView, receivedParts, requireUploadSession, toUploadSessionView } from "./upload-session-view.js";
import { checkStoredMedia, declaredType, mediaRowValues } from "./upload-media.js";

const MiB = 1024 * 1024;
/** Every part but the last has this size: R2 needs at least 5 MiB, and 8 MiB keeps 5 GB under 10,000 parts. */
export const UPLOAD_PART_BYTES = 8 * MiB;
/** The largest video an upload session takes (images keep their 20 MB limit). */
export const UPLOAD_SESSION_VIDEO_BYTES = 5 * 1024 * MiB;
/** An unfinished session and its parts are dropped after this long. */
export const UPLOAD_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

const sessionLimit = (kind: MediaKind) => (kind === "video" ? UPLOAD_SESSION_VIDEO_BYTES : MEDIA_BYTE_LIMITS[kind]);

/**
 * Removes this workspace's expired, unfinished sessions and their stored parts. Run when a
 * session is started, so what a workspace abandons is gone by its next large upload.
 */
async function dropExpiredSessions(ctx: DomainContext): Promise<void> {
  const expired = await ctx.db
    .delete(mediaUploadSessions)
    .where(and(eq(mediaUploadSessions.workspaceId, ctx.workspace.id), lt(mediaUploadSessions.expiresAt, ctx.clock.now()), sql`${mediaUploadSessions.state} in ('open', 'aborted')`))
    .returning();
  for (const row of expired) await ctx.services.mediaStorage.multipart.abort(row.storageKey, row.storageUploadId);
}

/** POST /v1/media/uploads: announces a file sent in parts and answers where each part goes. */
export async function createUploadSession({ ctx, input }: { ctx: DomainContext; input: { filename: string; contentType: string; size: number } }): Promise<UploadSessionView> {
  const declared = declaredType(input.contentType);
  const limit = sessionLimit(kindOf(declared));
  if (input.size > limit) {
    throw new ApiError("body_too_large", {
      param: "size",
      message: `${kindOf(declared) === "video" ? "Videos" : "Images"} sent in parts are limited to ${formatBytes(limit)}; this file has ${input.size} bytes.`,
      fix: "Compress or shorten the file to fit the limit in the message, then start a new upload.",
      beforeExecution: true,
    });
  }
  await dropExpiredSessions(ctx);
  const id = newId("upl");
  const storageKey = `${ctx.workspace.id}/${id}`;
  const { uploadId } = await ctx.services.mediaStorage.multipart.create(storageKey, { contentType: declared });
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(mediaUploadSessions)
    .values({
      id,
      workspaceId: ctx.workspace.id,
      filename: input.filename,
      contentType: declared,
      size: input.size,
      partSize: UPLOAD_PART_BYTES,
      partCount: Math.max(1, Math.ceil(input.size / UPLOAD_PART_BYTES)),
      storageKey,
      storageUploadId: uploadId,
      state: "open",
      uploadedByAgentId: ctx.agent?.id ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + UPLOAD_SESSION_TTL_MS),
    })
    .returning();
  if (!row) throw new Error("upload session insert returned no row");
  return toUploadSessionView(ctx, row, []);
}

/** GET /v1/media/uploads/{id}: the session and the parts received, to resume after a dropped connection. */
export async function getUploadSession({ ctx, input }: { ctx: DomainContext; input: { id: string } }): Promise<UploadSessionView> {
  const row = await requireUploadSession(ctx, input.id);
  // Parts sent to presigned URLs are known only to R2: it is asked while the session is open.
  const held = row.state === "open" ? await heldParts(ctx, row) : null;
  // A part held at another size than its own is not received: it is sent again.
  const parts = held ? held.filter((part) => part.bytes === expectedPartBytes(row, part.number)) : await receivedParts(ctx, row.id);
  return toUploadSessionView(
    ctx,
    row,
    parts.map(({ number, bytes }) => ({ number, bytes })),
  );
}

const closed = (row: { id: string; state: string }) =>
  new ApiError("upload_closed", { param: "id", message: `Upload session ${row.id} is ${row.state}; it takes no more parts.`, beforeExecution: true });

/**
 * PUT /v1/media/uploads/{id}/parts/{number}: stores one part, streamed. Every part but the last
 * has exactly `partSize` bytes and the last the rest; a part of another length (announced or
 * as it arrives) is refused and not kept. Sending a part again replaces it.
 */
export async function putUploadPart({
  ctx,
  input,
}: {
  ctx: DomainContext;
  input: { id: string; number: number; contentLength: string | undefined; body: ReadableStream<Uint8Array> | null };
}): Promise<{ number: number; bytes: number; etag: string }> {
  const row = await requireUploadSession(ctx, input.id);
  if (row.state !== "open") throw closed(row);
  if (input.number > row.partCount) {
    throw new ApiError("upload_part_invalid", { param: "number", message: `Upload session ${row.id} has ${row.partCount} parts; there is no part ${input.number}.`, beforeExecution: true });
  }
  const expected = expectedPartBytes(row, input.number);
  const wrongLength = (received: number | string) =>
    new ApiError("upload_part_invalid", {
      param: "body",
      message: `Part ${input.number} of upload session ${row.id} must have ${expected} bytes; it had ${received}. The part was not kept.`,
      beforeExecution: true,
    });
  if (input.contentLength !== undefined && Number(input.contentLength) !== expected) throw wrongLength(input.contentLength);
  if (!input.body) throw wrongLength(0);
  let stored: { number: number; etag: string };
  try {
    stored = await ctx.services.mediaStorage.multipart.put(row.storageKey, row.storageUploadId, input.number, input.body, expected);
  } catch (error) {
    if (error instanceof PartLengthError) throw wrongLength(error.received);
    throw error;
  }
  await ctx.db
    .insert(mediaUploadParts)
    .values({ sessionId: row.id, workspaceId: ctx.workspace.id, number: input.number, bytes: expected, etag: stored.etag, receivedAt: ctx.clock.now() })
    .onConflictDoUpdate({ target: [mediaUploadParts.sessionId, mediaUploadParts.number], set: { etag: stored.etag, bytes: expected, receivedAt: ctx.clock.now() } });
  return { number: input.number, bytes: expected, etag: stored.etag };
}

/**
 * POST /v1/media/uploads/{id}/complete: joins the parts into one file, then runs the upload's
 * checks on it (format read from the bytes and compared with the announced type, pixel
 * ceiling) and records the media. Only the request that moves the session from `open` to
 * `completing` assembles; completing a completed session answers its media again.
 */
export async function completeUploadSession({ ctx, input }: { ctx: DomainContext; input: { id: string; parts?: readonly ListedPart[] | undefined } }): Promise<MediaView> {
  const row = await requireUploadSession(ctx, input.id);
  if (row.state === "completed" && row.mediaId) {
    const [done] = await ctx.db
      .select()
      .from(media)
      .where(and(eq(media.id, row.mediaId), eq(media.workspaceId, ctx.workspace.id)));
    if (done) return toMediaView(done);
  }
  if (row.state !== "open") throw closed(row);
  const parts = await partsToJoin(ctx, row, input.parts);
  const [claimed] = await ctx.db
    .update(mediaUploadSessions)
    .set({ state: "completing" })
    .where(and(eq(mediaUploadSessions.id, row.id), eq(mediaUploadSessions.workspaceId, ctx.workspace.id), eq(mediaUploadSessions.state, "open")))
    .returning();
  if (!claimed) throw closed({ id: row.id, state: "completing" });

  const storage = ctx.services.mediaStorage;
  let size: number;
  try {
    ({ size } = await storage.multipart.complete(row.storageKey, row.storageUploadId, parts));
  } catch (error) {
    // Nothing was joined: the parts are still there and the client may complete again.
    await ctx.db.update(mediaUploadSessions).set({ state: "open" }).where(eq(mediaUploadSessions.id, row.id));
    throw asPartsRefusal(row, error);
  }
  const declared = declaredType(row.contentType);
  try {
    // Parts PUT straight to storage were never measured by Chorus: the joined size is checked here.
    if (size !== row.size) throw partsRejected(row, `the joined file has ${size} bytes, the session announced ${row.size}; the file and the session were removed, start a new upload`);
    const facts = await checkStoredMedia(ctx, row.storageKey, size, declared);
    const mediaId = newId("med");
    const stored = await ctx.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(media)
        .values(mediaRowValues(ctx, mediaId, row.storageKey, size, facts))
        .returning();
      await tx.update(mediaUploadSessions).set({ state: "completed", mediaId }).where(eq(mediaUploadSessions.id, row.id));
      await tx.delete(mediaUploadParts).where(eq(mediaUploadParts.sessionId, row.id));
      return inserted;
    });
    if (!stored) throw new Error("media insert returned no row");
    return toMediaView(stored);
  } catch (error) {
    // The joined file failed the checks (or could not be recorded): it and the session go.
    await storage.delete(row.storageKey);
    await ctx.db.delete(mediaUploadSessions).where(eq(mediaUploadSessions.id, row.id));
    throw error;
  }
}

/** DELETE /v1/media/uploads/{id}: drops an unfinished session and the parts stored for it. */
export async function abortUploadSession({ ctx, input }: { ctx: DomainContext; input: { id: string } }): Promise<{ id: string; aborted: true }> {
  const row = await requireUploadSession(ctx, input.id);
  const [gone] = await ctx.db
    .delete(mediaUploadSessions)
    .where(and(eq(mediaUploadSessions.id, row.id), eq(mediaUploadSessions.workspaceId, ctx.workspace.id), eq(mediaUploadSessions.state, "open")))
    .returning();
  if (!gone) throw closed(row);
  await ctx.services.mediaStorage.multipart.abort(row.storageKey, row.storageUploadId);
  return { id: row.id, aborted: true };
}
