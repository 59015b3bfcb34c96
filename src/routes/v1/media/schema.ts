import * as v from "valibot";
import { named, namedBody, openApiSchema } from "../../openapi-helpers.js";
import { MEDIA_BYTE_LIMITS, mediaMimeTypes } from "../../../domain/publishing/index.js";

const MB = 1024 * 1024;

export const MediaSchema = named(
  "Media",
  v.object({
    id: v.pipe(v.string(), v.description("`med_…`; put it in a post's `media`.")),
    kind: v.pipe(
      v.picklist(["image", "video", "document"]),
      v.description("`video` for MP4 and MOV, `document` for PDF, DOCX and PPTX (LinkedIn document posts; width and height are 0), `image` otherwise."),
    ),
    mimeType: v.pipe(v.picklist(mediaMimeTypes), v.description("The format read from the file's bytes (which the upload's Content-Type had to match).")),
    bytes: v.pipe(v.number(), v.integer(), v.description("Size of the file in bytes.")),
    width: v.pipe(v.number(), v.integer(), v.description("Pixels, read from the file. Video: the display size of the first video track, so a clip recorded in portrait is reported as portrait.")),
    height: v.pipe(v.number(), v.integer(), v.description("Pixels, read from the file (see `width`).")),
    durationSeconds: v.pipe(v.nullable(v.number()), v.description("Video: length in seconds (millisecond precision) from the movie header. Images: null.")),
    createdAt: v.pipe(v.string(), v.isoTimestamp()),
    expiresAt: v.pipe(v.nullable(v.string()), v.description("When the file will be removed; null: kept until DELETE /v1/media/{id}.")),
  }),
  { id: "med_5Fz8Kq1Wn3Ys7Hd2", kind: "image", mimeType: "image/png", bytes: 48213, width: 1200, height: 800, durationSeconds: null, createdAt: "2026-11-24T09:00:00.000Z", expiresAt: null },
);

export const DeleteMediaResultSchema = named("DeleteMediaResult", v.object({ id: v.string(), deleted: v.literal(true) }), { id: "med_5Fz8Kq1Wn3Ys7Hd2", deleted: true });

export const MediaIdParam = v.object({ id: v.pipe(v.string(), v.maxLength(64), v.description("`med_…`")) });

const binary = (what: string) => ({ schema: { type: "string" as const, format: "binary", description: what } });

export const ImportMediaBody = namedBody(
  "ImportMediaRequest",
  v.strictObject({
    url: v.pipe(v.string(), v.maxLength(2048), v.url("must be a URL"), v.description("An https URL that answers with the file (at most 512 MB; within 3 redirects, all https).")),
    contentType: v.pipe(
      v.optional(v.picklist([...mediaMimeTypes, "image/jpg"])),
      v.description("The type you expect; refused with `media_type_mismatch` when the bytes are another format. Omitted: read from the bytes (the server's Content-Type is not trusted)."),
    ),
  }),
  { url: "https://images.example.com/robin.png" },
);

/** The raw-body upload, documented by hand: there is no JSON to validate, the bytes are checked by the domain. */
export const uploadRequestBody = {
  required: true,
  description: `JSON \`{ "url": … }\` to import a file by URL, or the file itself as the raw body (not multipart, not base64), with its type as Content-Type: ${mediaMimeTypes.join(", ")} (\`image/jpg\` is read as \`image/jpeg\`). Limits: images ${MEDIA_BYTE_LIMITS.image / MB} MB, video ${MEDIA_BYTE_LIMITS.video / MB} MB, documents ${MEDIA_BYTE_LIMITS.document / MB} MB (${MEDIA_BYTE_LIMITS.image}, ${MEDIA_BYTE_LIMITS.video} and ${MEDIA_BYTE_LIMITS.document} bytes).`,
  content: {
    "application/json": { schema: openApiSchema(ImportMediaBody) },
    "image/*": binary(`A JPEG, PNG, WebP, GIF or HEIC image, at most ${MEDIA_BYTE_LIMITS.image / MB} MB.`),
    "video/*": binary(`An MP4 or MOV (QuickTime) video, at most ${MEDIA_BYTE_LIMITS.video / MB} MB.`),
    "application/pdf": binary(`A PDF document, at most ${MEDIA_BYTE_LIMITS.document / MB} MB (LinkedIn document posts).`),
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": binary(`A Word (DOCX) document, at most ${MEDIA_BYTE_LIMITS.document / MB} MB (LinkedIn document posts).`),
    "application/vnd.openxmlformats-officedocument.presentationml.presentation": binary(`A PowerPoint (PPTX) document, at most ${MEDIA_BYTE_LIMITS.document / MB} MB (LinkedIn document posts).`),
  },
};
