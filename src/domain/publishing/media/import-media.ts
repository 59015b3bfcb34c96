import { ApiError } from "../../../infra/errors.js";
import { UrlUnreachableError } from "../../../infra/outbound/guarded-fetch.js";
import type { DomainContext } from "../../core/index.js";
import { ACCEPTED_FORMATS_TEXT, MEDIA_BYTE_LIMITS } from "./media-formats.js";
import { bytesSource } from "./sniff/byte-source.js";
import { IDENTIFY_BYTES, type MediaFacts, identifyMedia } from "./sniff/detect-media.js";
import { officeTypeHint } from "./sniff/documents.js";
import { probeKey } from "./probe-files.js";
import type { MediaView } from "./media-view.js";
import { type UploadMediaInput, storeCheckedFile, uploadMedia } from "./upload-media.js";
import { peekHead } from "./upload-stream.js";

/**
 * Largest file fetched from a URL: the video limit. The answer streams to storage under the
 * guard's byte cap (and then the upload's own cap for the kind read from its first bytes), so
 * it is never held in memory whole.
 */
export const MEDIA_URL_MAX_BYTES = MEDIA_BYTE_LIMITS.video;

/** Whole exchange, redirects and body included: 512 MB at about 2 MB/s. */
const URL_IMPORT_TIMEOUT_MS = 5 * 60_000;

const streamOf = (bytes: Uint8Array): ReadableStream<Uint8Array> =>
  new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });

/**
 * Stores a file named by an https URL. The URL goes through the outbound guard (https only,
 * private, loopback, link-local and metadata addresses refused at every hop and after DNS, size
 * and time capped). The answer's Content-Type is not trusted: the format is read from the first
 * bytes (a `contentType` the caller sends must match them), and the bytes then take exactly the
 * checks of an upload while they stream to storage.
 */
export async function importMediaFromUrl({ ctx, input }: { ctx: DomainContext; input: { url: string; contentType?: string | undefined } }): Promise<MediaView> {
  return uploadMedia({ ctx, input: await openMediaUrl(ctx, input) });
}

/** What a URL's file would be as media, found the way importMediaFromUrl finds it, storing nothing. */
export interface ProbedMedia extends MediaFacts {
  bytes: number;
}

/**
 * A bulk dry run's look at a URL: fetched and checked exactly as importMediaFromUrl would (the
 * same guard, caps and upload checks, with the same refusals), and its facts read from the
 * bytes. The file streams to a temporary key (a video's index may sit at its end and a PDF's
 * pages are counted across it, so it is read back like an upload, never held whole in memory)
 * in the probes' own folder, removed when the probe ends; a crash's leftover there is removed by
 * the next dry run or the hourly sweep (probe-files.ts). No record is written.
 */
export async function probeMediaUrl(ctx: DomainContext, input: { url: string }): Promise<ProbedMedia> {
  const upload = await openMediaUrl(ctx, input);
  const storageKey = probeKey(ctx.clock.now());
  try {
    const { size, facts } = await storeCheckedFile(ctx, upload, storageKey);
    return { ...facts, bytes: size };
  } finally {
    await ctx.services.mediaStorage.delete(storageKey);
  }
}

/** The URL fetched through the guard, its format read from its first bytes: an upload's input. */
async function openMediaUrl(ctx: DomainContext, input: { url: string; contentType?: string | undefined }): Promise<UploadMediaInput> {
  const fetched = await ctx.services.networks.guardedFetch.stream(input.url, { param: "url", maxBytes: MEDIA_URL_MAX_BYTES, timeoutMs: URL_IMPORT_TIMEOUT_MS });
  if (fetched.status < 200 || fetched.status > 299) {
    await fetched.body.cancel().catch(() => {});
    throw new UrlUnreachableError("transport", "url");
  }
  const { head, body } = await peekHead(fetched.body, IDENTIFY_BYTES);
  const identified = head.byteLength > 0 ? await identifyMedia(bytesSource(head)) : null;
  // A ZIP's kind shows in its directory at the end; the part names in its first bytes tell the usual DOCX and PPTX apart.
  const detected = identified === "application/zip" ? officeTypeHint(head) : identified;
  if (!input.contentType && !detected) {
    await body.cancel().catch(() => {});
    throw new ApiError("media_type_unsupported", {
      param: "url",
      message: `The file at this URL is not ${ACCEPTED_FORMATS_TEXT} (read from its first bytes; the server's Content-Type is not trusted). Nothing was stored.`,
      beforeExecution: true,
    });
  }
  const contentLength = fetched.headers.get("content-length") ?? undefined;
  return { contentType: input.contentType ?? detected ?? undefined, contentLength, body };
}

/** Stores a small file sent inline as base64 (bounded by the 1 MB request body). */
export async function importMediaFromBase64({ ctx, input }: { ctx: DomainContext; input: { base64: string; contentType: string } }): Promise<MediaView> {
  let bytes: Uint8Array;
  try {
    bytes = Uint8Array.from(atob(input.base64.replace(/\s+/g, "")), (char) => char.charCodeAt(0));
  } catch {
    throw new ApiError("field_invalid", { param: "base64", message: "`base64` is not valid base64.", beforeExecution: true });
  }
  return uploadMedia({ ctx, input: { contentType: input.contentType, contentLength: String(bytes.byteLength), body: streamOf(bytes) } });
}
