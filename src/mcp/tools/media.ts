import * as v from "valibot";
import { MEDIA_URL_MAX_BYTES, importMediaFromBase64, importMediaFromUrl } from "../../domain/publishing/index.js";
import { mediaMimeTypes } from "../../domain/publishing/index.js";
import { ApiError } from "../../infra/errors.js";
import { MediaSchema } from "../../routes/v1/media/schema.js";
import { defineTool } from "../tool.js";
import { mediaLibraryTools } from "./media-library.js";

const MB = 1024 * 1024;
/** Base64 of up to ~700 KB: the whole request stays under the 1 MB JSON body limit. */
const MAX_BASE64_CHARS = 960_000;

const UploadArguments = v.strictObject({
  url: v.pipe(
    v.optional(v.pipe(v.string(), v.maxLength(2048), v.url("must be a URL"), v.startsWith("https://", "must be an https:// URL"))),
    v.description(
      `An https URL Chorus fetches the file from (at most ${MEDIA_URL_MAX_BYTES / MB} MB, streamed; private and local addresses are refused). Larger videos: the upload sessions of POST /v1/media/uploads.`,
    ),
  ),
  base64: v.pipe(
    v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_BASE64_CHARS))),
    v.description("The file itself, base64-encoded, for small files (about 700 KB at most). Needs `contentType`."),
  ),
  contentType: v.pipe(
    v.optional(v.picklist([...mediaMimeTypes, "image/jpg"])),
    v.description("The file's type; with `url`, read from the bytes when omitted (the server's Content-Type is not trusted). Must match the bytes."),
  ),
});

export const mediaTools = [
  defineTool({
    name: "upload_media",
    action: "draft",
    title: "Upload an image, video or document",
    description:
      "Stores an image, video or document for posts (like POST /v1/media) from an https `url` or inline `base64`; send exactly one. The answer's `med_` id goes in `create_post`'s `media`. The format is read from the bytes: JPEG, PNG, WebP, GIF, HEIC (converted to JPEG by autoFix), MP4, MOV, and PDF, DOCX or PPTX documents, which only LinkedIn posts (one document alone, with `platformOptions.linkedin.mediaTitle`).",
    input: UploadArguments,
    output: MediaSchema,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    run: async ({ ctx }, input) => {
      if ((input.url === undefined) === (input.base64 === undefined)) {
        throw new ApiError("field_invalid", {
          param: "url",
          message: "Send exactly one of `url` and `base64`.",
          fix: "Pass an https `url` to fetch, or the file as `base64` with `contentType`.",
          beforeExecution: true,
        });
      }
      if (input.url !== undefined) return importMediaFromUrl({ ctx, input: { url: input.url, contentType: input.contentType } });
      if (input.contentType === undefined) throw new ApiError("field_required", { param: "contentType", message: "`contentType` is required with `base64`.", beforeExecution: true });
      return importMediaFromBase64({ ctx, input: { base64: input.base64 ?? "", contentType: input.contentType } });
    },
  }),
  ...mediaLibraryTools,
];
