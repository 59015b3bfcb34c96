import { ApiError } from "../../../infra/errors.js";
import { PartsRejectedError, type StoredPart } from "../../../infra/media-storage/types.js";
import type { DomainContext } from "../../core/index.js";
import { type UploadSessionRow, receivedParts } from "./upload-session-view.js";

/** A part as the client lists it on complete: its number and the ETag storage answered its PUT. */
export interface ListedPart {
  partNumber: number;
  etag: string;
}

/** S3 and R2 answer the ETag header quoted (`"9b2c…"`); the binding's parts carry it bare. */
const bareEtag = (etag: string) => etag.replace(/^W\//, "").replace(/^"(.*)"$/, "$1");

export const partsRejected = (row: { id: string }, reason: string) =>
  new ApiError("upload_parts_mismatch", {
    param: "parts",
    message: `Storage did not join the parts of upload session ${row.id}: ${reason}. Nothing was joined; the session is still open.`,
    beforeExecution: true,
  });

/**
 * The parts to join, in order: those the client lists (needed when it PUT them to presigned
 * URLs, which Chorus never sees) over those stored through the API. Every part from 1 to
 * `partCount` must be there; without presigning, a listed ETag must be the one recorded.
 */
export async function partsToJoin(ctx: DomainContext, row: UploadSessionRow, listed: readonly ListedPart[] | undefined): Promise<StoredPart[]> {
  const presigned = ctx.services.mediaStorage.multipart.presign !== undefined;
  const recorded = await receivedParts(ctx, row.id);
  const byNumber = new Map<number, string>(recorded.map((part) => [part.number, part.etag]));
  for (const [index, part] of (listed ?? []).entries()) {
    if (part.partNumber > row.partCount) {
      throw new ApiError("field_invalid", {
        param: `parts[${index}].partNumber`,
        message: `Upload session ${row.id} has ${row.partCount} part${row.partCount === 1 ? "" : "s"}; there is no part ${part.partNumber}.`,
        beforeExecution: true,
      });
    }
    const etag = bareEtag(part.etag);
    const stored = byNumber.get(part.partNumber);
    if (!presigned && stored !== etag) throw partsRejected(row, `part ${part.partNumber} was ${stored === undefined ? "never received" : "received with another ETag"}`);
    byNumber.set(part.partNumber, etag);
  }
  const missing = Array.from({ length: row.partCount }, (_, i) => i + 1).filter((number) => !byNumber.has(number));
  if (missing.length > 0) {
    const listHint = presigned ? " Parts sent to presigned URLs count only when `parts` lists them with their ETags." : "";
    throw new ApiError("upload_incomplete", {
      param: "parts",
      message: `Upload session ${row.id} is missing part${missing.length === 1 ? "" : "s"} ${missing.slice(0, 20).join(", ")}${missing.length > 20 ? ", …" : ""} of ${row.partCount}.${listHint}`,
      beforeExecution: true,
    });
  }
  return [...byNumber].sort(([a], [b]) => a - b).map(([number, etag]) => ({ number, etag }));
}

/** Storage's refusal of the listed parts as the API's error; anything else unchanged. */
export const asPartsRefusal = (row: { id: string }, error: unknown) => (error instanceof PartsRejectedError ? partsRejected(row, error.reason) : error);
