import { ApiError } from "../../../infra/errors.js";
import { UrlUnreachableError } from "../../../infra/outbound/guarded-fetch.js";
import type { DomainContext } from "../../core/index.js";
import { MEDIA_BYTE_LIMITS } from "./media-formats.js";
import type { MediaView } from "./media-view.js";
import { uploadMedia } from "./upload-media.js";

/**
 * Largest file fetched from a URL. The outbound guard holds the whole answer in memory (a
 * Worker has 128 MB), so this is the image limit; a larger video goes through POST /v1/media,
 * which streams.
 */
export const MEDIA_URL_MAX_BYTES = MEDIA_BYTE_LIMITS.image;

const streamOf = (bytes: Uint8Array): ReadableStream<Uint8Array> =>
  new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });

/**
 * Stores a file an agent names by HTTPS URL. The URL goes through the outbound guard (https
 * only, private and metadata addresses refused at every hop, size and time capped), and the
 * bytes then take exactly the checks of an upload: format sniffed, declared type compared.
 */
export async function importMediaFromUrl({ ctx, input }: { ctx: DomainContext; input: { url: string; contentType?: string | undefined } }): Promise<MediaView> {
  const fetched = await ctx.services.networks.guardedFetch(input.url, { param: "url", maxBytes: MEDIA_URL_MAX_BYTES, timeoutMs: 30_000 });
  if (fetched.status < 200 || fetched.status > 299) throw new UrlUnreachableError("transport", "url");
  const contentType = input.contentType ?? fetched.headers.get("content-type")?.split(";")[0]?.trim();
  return uploadMedia({ ctx, input: { contentType, contentLength: String(fetched.body.byteLength), body: streamOf(fetched.body) } });
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
