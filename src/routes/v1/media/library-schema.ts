import * as v from "valibot";
import { cursorQuery, limitQuery, named, namedBody } from "../../openapi-helpers.js";
import { mediaMimeTypes } from "../../../domain/publishing/index.js";
import { MediaSchema } from "./schema.js";

const timestamp = (what: string) =>
  v.pipe(
    v.optional(
      v.pipe(
        v.string(),
        v.isoTimestamp("must be an ISO 8601 date-time"),
        v.transform((text) => new Date(text)),
      ),
    ),
    v.description(what),
  );

export const ListMediaQuery = v.strictObject({
  limit: limitQuery(),
  cursor: cursorQuery,
  type: v.pipe(v.optional(v.picklist(["image", "video", "document"])), v.description("Only images, only videos or only documents.")),
  createdAfter: timestamp("Only files uploaded at or after this time."),
  createdBefore: timestamp("Only files uploaded before this time."),
  usedBy: v.pipe(v.optional(v.pipe(v.string(), v.maxLength(64))), v.description("A post id (`post_…`): only the files that post uses.")),
  unused: v.pipe(
    v.optional(
      v.pipe(
        v.picklist(["true", "false"]),
        v.transform((text) => text === "true"),
      ),
    ),
    v.description("`true`: only files no post uses (candidates to delete); `false`: only files some post uses."),
  ),
});

export const MediaListSchema = named("MediaList", v.object({ items: v.array(MediaSchema), cursor: v.nullable(v.string()) }));

const MediaVariantSchema = v.object({
  recipe: v.pipe(v.string(), v.description("The transform that made it (network and target size or format).")),
  url: v.string(),
  width: v.pipe(v.number(), v.integer()),
  height: v.pipe(v.number(), v.integer()),
  bytes: v.pipe(v.number(), v.integer()),
});

export const MediaDetailSchema = named(
  "MediaDetail",
  v.object({
    ...MediaSchema.entries,
    usedBy: v.pipe(
      v.array(v.object({ post: v.string(), state: v.string(), scheduledAt: v.nullable(v.string()), needsMedia: v.boolean() })),
      v.description("Posts that use the file (newest first, at most 100; a narrowed agent sees those in its grant). `needsMedia`: the post still reads it, so DELETE is refused."),
    ),
    variants: v.pipe(v.array(MediaVariantSchema), v.description("Copies derived for networks (resized, converted); empty until a transform has made one.")),
  }),
);

export const CreateUploadBody = namedBody(
  "CreateUploadRequest",
  v.strictObject({
    filename: v.pipe(v.string(), v.minLength(1), v.maxLength(255), v.description("The file's name, kept for display.")),
    contentType: v.pipe(v.picklist([...mediaMimeTypes, "image/jpg"]), v.description("The file's type; the completed file's bytes must be this format.")),
    size: v.pipe(v.number(), v.integer(), v.minValue(1), v.description("The file's size in bytes: video at most 5 GB (5,368,709,120), images 20 MB.")),
  }),
  { filename: "launch.mp4", contentType: "video/mp4", size: 1_073_741_824 },
);

export const UploadSessionSchema = named(
  "UploadSession",
  v.object({
    id: v.pipe(v.string(), v.description("`upl_…`")),
    filename: v.string(),
    contentType: v.string(),
    size: v.pipe(v.number(), v.integer()),
    partSize: v.pipe(v.number(), v.integer(), v.description("Every part but the last has exactly this many bytes; the last has the rest.")),
    state: v.picklist(["open", "completing", "completed", "aborted"]),
    parts: v.array(v.object({ number: v.pipe(v.number(), v.integer()), url: v.string() })),
    received: v.pipe(v.array(v.object({ number: v.pipe(v.number(), v.integer()), bytes: v.pipe(v.number(), v.integer()) })), v.description("Parts stored so far.")),
    media: v.pipe(v.nullable(v.string()), v.description("The `med_` id once completed.")),
    expiresAt: v.pipe(v.string(), v.description("An unfinished session and its parts are dropped after this (24 hours).")),
    createdAt: v.string(),
  }),
);

export const UploadIdParam = v.object({ id: v.pipe(v.string(), v.maxLength(64), v.description("`upl_…`")) });
export const UploadPartParam = v.object({
  id: v.pipe(v.string(), v.maxLength(64)),
  number: v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,4}$/, "must be a part number from 1"), v.transform(Number)),
});
export const UploadPartResultSchema = named("UploadPartResult", v.object({ number: v.pipe(v.number(), v.integer()), bytes: v.pipe(v.number(), v.integer()) }));
export const AbortUploadResultSchema = named("AbortUploadResult", v.object({ id: v.string(), aborted: v.literal(true) }));
