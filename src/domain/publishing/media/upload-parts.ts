import { ApiError } from "../../../infra/errors.js";
import { type ListedStoragePart, PartsRejectedError, StorageApiError, type StoredPart } from "../../../infra/media-storage/types.js";
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

/** The bytes part `number` must have: `partSize`, the last part the rest of `size`. */
export const expectedPartBytes = (row: Pick<UploadSessionRow, "partCount" | "partSize" | "size">, number: number) =>
  number < row.partCount ? row.partSize : row.size - row.partSize * (row.partCount - 1);

/** A failed ListParts as the API's error: the upload gone, the server's credentials refused, or R2 not answering. */
function storageRefusal(row: UploadSessionRow, error: unknown): unknown {
  if (!(error instanceof StorageApiError)) return error;
  if (error.kind === "no_such_upload") {
    return new ApiError("upload_unknown", {
      param: "id",
      message: `Storage no longer holds the parts of upload session ${row.id} (R2 answered ${error.s3Code}: the multipart upload was completed, aborted or expired there).`,
    });
  }
  if (error.kind === "denied") {
    return new ApiError("server_misconfigured", {
      message: `R2 refused the server's S3 credentials when Chorus asked which parts of upload session ${row.id} landed (${error.s3Code}). The operator checks R2_ACCESS_KEY_ID and R2_SECRET_ACCESS_KEY: an R2 API token with Object Read & Write on R2_BUCKET_NAME.`,
    });
  }
  return new ApiError("service_unavailable", {
    message: `R2 did not say which parts of upload session ${row.id} landed (${error.s3Code}). Nothing changed; try again.`,
    headers: { "Retry-After": "5" },
  });
}

/**
 * The parts storage holds for the session, when parts go to presigned URLs and Chorus sees none
 * of them pass: storage is asked (R2's ListParts), so resuming and completing rest on what R2
 * holds, with its ETags. Null when parts pass through Chorus, which records them itself.
 */
export async function heldParts(ctx: DomainContext, row: UploadSessionRow): Promise<ListedStoragePart[] | null> {
  const presign = ctx.services.mediaStorage.multipart.presign;
  if (!presign) return null;
  try {
    return (await presign.listParts(row.storageKey, row.storageUploadId, ctx.clock.now())).filter((part) => part.number <= row.partCount);
  } catch (error) {
    throw storageRefusal(row, error);
  }
}

/**
 * The parts to join, in order. With presigned URLs, those R2 holds, with R2's ETags; a part the
 * client lists must be held under that ETag (a stale one, from before the part was PUT again, is
 * refused), and every part must have its size (R2 would refuse a short part but the last; the
 * last is checked here too, so the session stays open to resend it). Through the API, the parts
 * Chorus recorded, and a listed ETag must be the recorded one. Every part from 1 to `partCount`
 * must be there.
 */
export async function partsToJoin(ctx: DomainContext, row: UploadSessionRow, listed: readonly ListedPart[] | undefined): Promise<StoredPart[]> {
  const held = await heldParts(ctx, row);
  const recorded = held ?? (await receivedParts(ctx, row.id));
  const byNumber = new Map<number, string>(recorded.map((part) => [part.number, part.etag]));
  for (const [index, part] of (listed ?? []).entries()) {
    if (part.partNumber > row.partCount) {
      throw new ApiError("field_invalid", {
        param: `parts[${index}].partNumber`,
        message: `Upload session ${row.id} has ${row.partCount} part${row.partCount === 1 ? "" : "s"}; there is no part ${part.partNumber}.`,
        beforeExecution: true,
      });
    }
    const stored = byNumber.get(part.partNumber);
    if (stored !== bareEtag(part.etag)) {
      const why = held ? "is not held under that number and ETag" : stored === undefined ? "was never received" : "was received with another ETag";
      throw partsRejected(row, `part ${part.partNumber} ${why}`);
    }
  }
  const missing = Array.from({ length: row.partCount }, (_, i) => i + 1).filter((number) => !byNumber.has(number));
  if (missing.length > 0) {
    throw new ApiError("upload_incomplete", {
      param: "parts",
      message: `Upload session ${row.id} is missing part${missing.length === 1 ? "" : "s"} ${missing.slice(0, 20).join(", ")}${missing.length > 20 ? ", …" : ""} of ${row.partCount}.`,
      beforeExecution: true,
    });
  }
  const wrongSize = (held ?? []).find((part) => part.bytes !== expectedPartBytes(row, part.number));
  if (wrongSize) throw partsRejected(row, `part ${wrongSize.number} holds ${wrongSize.bytes} bytes; it must have ${expectedPartBytes(row, wrongSize.number)}`);
  return [...byNumber].sort(([a], [b]) => a - b).map(([number, etag]) => ({ number, etag }));
}

/** Storage's refusal of the listed parts as the API's error; anything else unchanged. */
export const asPartsRefusal = (row: { id: string }, error: unknown) => (error instanceof PartsRejectedError ? partsRejected(row, error.reason) : error);
