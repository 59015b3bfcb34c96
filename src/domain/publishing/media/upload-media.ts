import { media } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import { newId } from "../../../infra/ids.js";
import { sha256Passthrough } from "../../../infra/streaming-sha256.js";
import type { DomainContext } from "../../core/index.js";
import {
  ACCEPTED_FORMATS_TEXT,
  MEDIA_BYTE_LIMITS,
  type MediaMimeType,
  formatBytes,
  formatNames,
  isMediaMimeType,
  kindOf,
  mediaMimeTypes,
  normaliseContentType,
  pixelCeilingProblem,
} from "./media-formats.js";
import { type MediaView, toMediaView } from "./media-view.js";
import { CorruptMedia, bytesSource, storageSource, UnreadableMedia } from "./sniff/byte-source.js";
import { IDENTIFY_BYTES, type MediaFacts, detectMedia, identifyMedia } from "./sniff/detect-media.js";
import { cappedStream, peekHead } from "./upload-stream.js";

export interface UploadMediaInput {
  /** The request's Content-Type header, as sent. */
  contentType: string | undefined;
  /** The request's Content-Length header, as sent (absent for chunked uploads). */
  contentLength: string | undefined;
  body: ReadableStream<Uint8Array> | null;
  /**
   * Called with the SHA-256 (hex) of the bytes once the file is stored and read, before the
   * record is written; whatever it throws stops the upload and removes the file. The HTTP layer
   * claims the request's Idempotency-Key here.
   */
  claim?: ((digest: string) => Promise<void>) | undefined;
}

// Every refusal stores nothing, so each is `beforeExecution`: a corrected retry with the same
// Idempotency-Key runs instead of replaying the refusal.
const refuse = (
  code: "field_required" | "media_type_unsupported" | "media_type_mismatch" | "body_too_large" | "media_corrupt" | "media_dimensions_too_large",
  param: string,
  message: string,
  fix?: string,
) => new ApiError(code, { param, message, beforeExecution: true, ...(fix ? { fix } : {}) });

const unsupportedFix = `Upload ${ACCEPTED_FORMATS_TEXT}, with its own type as Content-Type.`;
const emptyBody = () => refuse("field_required", "body", "The body is empty: send the file's bytes as the request body, with its Content-Type.");

export function declaredType(header: string | undefined): MediaMimeType {
  if (!header) throw refuse("field_required", "Content-Type", `Send the file's type as Content-Type (one of ${mediaMimeTypes.join(", ")}).`);
  const type = normaliseContentType(header);
  if (!isMediaMimeType(type))
    throw refuse("media_type_unsupported", "Content-Type", `Content-Type \`${type}\` is not a format Chorus takes; send one of ${mediaMimeTypes.join(", ")}.`, unsupportedFix);
  return type;
}

const mismatch = (declared: MediaMimeType, detected: MediaMimeType) =>
  refuse(
    "media_type_mismatch",
    "Content-Type",
    `Content-Type says ${declared}, but the file is ${formatNames[detected]} (${detected}). Nothing was stored.`,
    `Send the file with \`Content-Type: ${detected}\`, the type read from its bytes.`,
  );

const unreadable = (error: UnreadableMedia) =>
  error instanceof CorruptMedia
    ? refuse("media_corrupt", "body", `The file is damaged: ${error.message}. Nothing was stored.`)
    : refuse("media_type_unsupported", "body", `The file cannot be read: ${error.message}.`, unsupportedFix);

/**
 * Stores an uploaded file and its facts, all read from the bytes: format, pixel size, and for
 * video the duration. The Content-Type must name the format the bytes really are.
 *
 * The body streams to storage under a byte cap (20 MB images, 512 MB video, chosen by the
 * declared type); a Content-Length over the cap is refused before any byte is read. The first
 * 4 KB are checked before storing, so a wrong or unknown format is refused at once; the full
 * parse then reads the stored file (a video's `moov` index may be at its end). Whatever is
 * refused leaves no file and no row.
 */
export async function uploadMedia({ ctx, input }: { ctx: DomainContext; input: UploadMediaInput }): Promise<MediaView> {
  const storage = ctx.services.mediaStorage;
  const id = newId("med");
  const storageKey = `${ctx.workspace.id}/${id}`;
  const { size, facts, digest } = await storeCheckedFile(ctx, input, storageKey);
  try {
    await input.claim?.(digest);
    const [row] = await ctx.db
      .insert(media)
      .values(mediaRowValues(ctx, id, storageKey, size, facts))
      .returning();
    if (!row) throw new Error("media insert returned no row");
    return toMediaView(row);
  } catch (error) {
    await storage.delete(storageKey);
    throw error;
  }
}

/**
 * The checks of an upload up to its record: the declared type, the byte cap, the first bytes,
 * then the bytes streamed to `storageKey` and read for their facts. A refusal leaves no file;
 * otherwise the caller owns the stored file (an upload keeps it, a dry run's probe removes it).
 */
export async function storeCheckedFile(ctx: DomainContext, input: Omit<UploadMediaInput, "claim">, storageKey: string): Promise<{ size: number; facts: MediaFacts; digest: string }> {
  const declared = declaredType(input.contentType);
  const kind = kindOf(declared);
  const limit = MEDIA_BYTE_LIMITS[kind];
  const tooLarge = () =>
    refuse(
      "body_too_large",
      "body",
      `${kind === "image" ? "Images" : kind === "video" ? "Videos" : "Documents"} are limited to ${formatBytes(limit)}; this file is larger. Nothing was stored.`,
      "Compress or shorten the file to fit the limit in the message, then upload it again.",
    );
  const declaredLength = input.contentLength === undefined ? Number.NaN : Number(input.contentLength);
  if (declaredLength > limit) throw tooLarge();
  if (!input.body || declaredLength === 0) throw emptyBody();

  const { head, body } = await peekHead(cappedStream(input.body, limit, tooLarge), IDENTIFY_BYTES);
  const early = head.byteLength === 0 ? emptyBody() : await earlyRefusal(head, declared);
  if (early) {
    await body.cancel().catch(() => {});
    throw early;
  }

  const storage = ctx.services.mediaStorage;
  const hasher = sha256Passthrough();
  const { size } = await storage.put(storageKey, body.pipeThrough(hasher.stream), { contentType: declared });
  try {
    return { size, facts: await checkStoredMedia(ctx, storageKey, size, declared), digest: hasher.digest() };
  } catch (error) {
    await storage.delete(storageKey);
    throw error;
  }
}

/**
 * The facts of a stored file, read from its bytes, or the refusal an upload gets: not a format
 * Chorus takes, damaged, another format than `declared`, more pixels than any network takes.
 * The caller removes the file on a refusal.
 */
export async function checkStoredMedia(ctx: DomainContext, storageKey: string, size: number, declared: MediaMimeType): Promise<MediaFacts> {
  try {
    const facts = await detectMedia(storageSource(ctx.services.mediaStorage, storageKey, size));
    if (facts.mimeType !== declared) throw mismatch(declared, facts.mimeType);
    const tooManyPixels = pixelCeilingProblem(facts.width, facts.height);
    if (tooManyPixels) throw refuse("media_dimensions_too_large", "body", `The file is larger than any network takes: ${tooManyPixels}. Nothing was stored.`);
    return facts;
  } catch (error) {
    throw error instanceof UnreadableMedia ? unreadable(error) : error;
  }
}

/** The media row for a stored, checked file. */
export function mediaRowValues(ctx: DomainContext, id: string, storageKey: string, size: number, facts: MediaFacts): typeof media.$inferInsert {
  return {
    id,
    workspaceId: ctx.workspace.id,
    kind: facts.kind,
    mimeType: facts.mimeType,
    bytes: size,
    width: facts.width,
    height: facts.height,
    durationSeconds: facts.durationSeconds,
    pages: facts.pages,
    storageKey,
    uploadedByAgentId: ctx.agent?.id ?? null,
    createdAt: ctx.clock.now(),
  };
}

async function earlyRefusal(head: Uint8Array, declared: MediaMimeType): Promise<ApiError | null> {
  const detected = await identifyMedia(bytesSource(head));
  if (!detected) return unreadable(new UnreadableMedia(`its first bytes are not those of ${ACCEPTED_FORMATS_TEXT}`));
  // A ZIP is told apart (DOCX, PPTX, neither) by its directory at the end: the full read decides.
  if (detected === "application/zip") return kindOf(declared) === "document" && declared !== "application/pdf" ? null : zipMismatch(declared);
  return detected === declared ? null : mismatch(declared, detected);
}

const zipMismatch = (declared: MediaMimeType) =>
  refuse(
    "media_type_mismatch",
    "Content-Type",
    `Content-Type says ${declared}, but the file is a ZIP archive. Nothing was stored.`,
    `Upload a Word (DOCX) or PowerPoint (PPTX) document with its own type as Content-Type, or the ${formatNames[declared]} file itself.`,
  );
