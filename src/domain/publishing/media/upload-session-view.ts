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
  /** Every part to send: PUT the bytes of part `number` to `url` (with the API key). */
  parts: { number: number; url: string }[];
  /** The parts stored so far; a part missing here (dropped connection) is sent again. */
  received: { number: number; bytes: number }[];
  /** The media record once completed; null before. */
  media: string | null;
  expiresAt: string;
  createdAt: string;
}

export function toUploadSessionView(ctx: DomainContext, row: UploadSessionRow, received: { number: number; bytes: number }[]): UploadSessionView {
  const base = `${ctx.services.publicUrl.replace(/\/$/, "")}/v1/media/uploads/${row.id}/parts`;
  return {
    id: row.id,
    filename: row.filename,
    contentType: row.contentType,
    size: row.size,
    partSize: row.partSize,
    state: row.state,
    parts: Array.from({ length: row.partCount }, (_, i) => ({ number: i + 1, url: `${base}/${i + 1}` })),
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
