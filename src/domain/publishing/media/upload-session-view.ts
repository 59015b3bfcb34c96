import { and, eq } from "drizzle-orm";
import { mediaUploadParts, mediaUploadSessions } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import type { DomainContext } from "../../core/index.js";

export type UploadSessionRow = typeof mediaUploadSessions.$inferSelect;

export interface UploadSessionView {
  id: string;
  filename: string;
  contentType: string;
  size: number;
  partSize: number;
  state: "open" | "completing" | "completed" | "aborted";
  /**
   * `presigned`: each part's `url` is storage's own (R2), PUT without the API key; keep the ETag
   * each PUT answers and send them all to complete. `api`: PUT to Chorus with the API key.
   */
  partUpload: "presigned" | "api";
  /** Every part to send: PUT the bytes of part `number` to `url`; `expiresAt` for presigned URLs (GET the session for fresh ones). */
  parts: { number: number; url: string; expiresAt: string | null }[];
  /** The parts stored so far; a part missing here (dropped connection) is sent again. */
  received: { number: number; bytes: number }[];
  /** The media record once completed; null before. */
  media: string | null;
  expiresAt: string;
  createdAt: string;
}

/**
 * The session as the API answers it. When storage presigns, every part gets a fresh presigned
 * URL each time the session is read (an open session outlives one URL's expiry); a session no
 * longer open lists the API's URLs, which refuse parts with `upload_closed`.
 */
export async function toUploadSessionView(ctx: DomainContext, row: UploadSessionRow, received: { number: number; bytes: number }[]): Promise<UploadSessionView> {
  const base = `${ctx.services.publicUrl.replace(/\/$/, "")}/v1/media/uploads/${row.id}/parts`;
  const numbers = Array.from({ length: row.partCount }, (_, i) => i + 1);
  const presign = ctx.services.mediaStorage.multipart.presign;
  let parts: UploadSessionView["parts"];
  if (presign && row.state === "open") {
    const now = ctx.clock.now();
    const expiresAt = new Date(now.getTime() + presign.expiresSeconds * 1000).toISOString();
    const urls = await Promise.all(numbers.map((number) => presign.partUrl(row.storageKey, row.storageUploadId, number, now)));
    parts = numbers.map((number, i) => ({ number, url: urls[i] ?? "", expiresAt }));
  } else {
    parts = numbers.map((number) => ({ number, url: `${base}/${number}`, expiresAt: null }));
  }
  return {
    id: row.id,
    filename: row.filename,
    contentType: row.contentType,
    size: row.size,
    partSize: row.partSize,
    state: row.state,
    partUpload: presign ? "presigned" : "api",
    parts,
    received,
    media: row.mediaId,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * An upload session of this workspace, or 404 `upload_unknown`: another workspace's id, one past
 * its expiry, and one a narrowed agent did not start are all simply not found.
 */
export async function requireUploadSession(ctx: DomainContext, id: string): Promise<UploadSessionRow> {
  const [row] = await ctx.db
    .select()
    .from(mediaUploadSessions)
    .where(and(eq(mediaUploadSessions.id, id), eq(mediaUploadSessions.workspaceId, ctx.workspace.id)))
    .limit(1);
  const expired = row && row.state !== "completed" && row.expiresAt.getTime() <= ctx.clock.now().getTime();
  const hidden = row && ctx.agent && row.uploadedByAgentId !== ctx.agent.id;
  if (!row || expired || hidden) throw new ApiError("upload_unknown", { param: "id", message: `No upload session ${id} in this workspace (or it expired).` });
  return row;
}

export async function receivedParts(ctx: DomainContext, sessionId: string) {
  return ctx.db
    .select({ number: mediaUploadParts.number, bytes: mediaUploadParts.bytes, etag: mediaUploadParts.etag })
    .from(mediaUploadParts)
    .where(and(eq(mediaUploadParts.sessionId, sessionId), eq(mediaUploadParts.workspaceId, ctx.workspace.id)))
    .orderBy(mediaUploadParts.number);
}
