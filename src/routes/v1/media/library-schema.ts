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
    partUpload: v.pipe(
      v.picklist(["presigned", "api"]),
      v.description(
        "`presigned` (Workers with R2 S3 credentials): each part's `url` is R2's own, presigned; PUT the bytes there WITHOUT the API key (no Authorization header), keep the `ETag` header each PUT answers, and send all of them to complete as `parts`. The bytes never pass through Chorus. `api`: PUT each part to Chorus with the API key; Chorus records the ETags and `parts` may be left out on complete.",
      ),
    ),
    parts: v.array(
      v.object({
        number: v.pipe(v.number(), v.integer()),
        url: v.pipe(v.string(), v.description("Where to PUT the part's bytes (see `partUpload`).")),
        expiresAt: v.pipe(
          v.nullable(v.string()),
          v.description("When a presigned URL stops working (one hour after the session was read); GET the session for fresh URLs, which resumes an upload at any point. Null for the API's URLs."),
        ),
      }),
    ),
    received: v.pipe(
      v.array(v.object({ number: v.pipe(v.number(), v.integer()), bytes: v.pipe(v.number(), v.integer()) })),
      v.description(
        "Parts stored so far, each at its own size; a part not listed here (a dropped connection, or one held at another size) is sent again. With `api` these are the parts Chorus received; with `presigned` Chorus asks R2 (S3 ListParts) each time the session is read, so parts PUT straight to R2 are listed too.",
      ),
    ),
    media: v.pipe(v.nullable(v.string()), v.description("The `med_` id once completed.")),
    expiresAt: v.pipe(v.string(), v.description("An unfinished session and its parts are dropped after this (24 hours).")),
    createdAt: v.string(),
  }),
);

const MAX_PARTS = 10_000;

export const CompleteUploadBody = namedBody(
  "CompleteUploadRequest",
  v.strictObject({
    parts: v.pipe(
      v.optional(
        v.pipe(
          v.array(
            v.strictObject({
              partNumber: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_PARTS), v.description("The part's `number` in the session.")),
              etag: v.pipe(v.string(), v.minLength(1), v.maxLength(200), v.description("The `ETag` header the part's PUT answered (quoted or not).")),
            }),
          ),
          v.minLength(1, "must list at least one part"),
          v.maxLength(MAX_PARTS),
          v.check((parts) => new Set(parts.map((part) => part.partNumber)).size === parts.length, "lists a partNumber twice; list each part once, with the ETag of its last PUT"),
        ),
      ),
      v.description(
        "May be left out: Chorus joins the parts storage holds (with `presigned`, the parts and ETags R2 lists) and refuses missing ones with `upload_incomplete`. When given, each ETag must be the one storage holds for that part (a stale ETag, from before the part was PUT again, is refused with `upload_parts_mismatch`); numbers past the last are refused with `field_invalid`.",
      ),
    ),
  }),
  { parts: [{ partNumber: 1, etag: '"9b2cf535f27731c974343645a3985328"' }] },
);

export const UploadIdParam = v.object({ id: v.pipe(v.string(), v.maxLength(64), v.description("`upl_…`")) });
export const UploadPartParam = v.object({
  id: v.pipe(v.string(), v.maxLength(64)),
  number: v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,4}$/, "must be a part number from 1"), v.transform(Number)),
});
export const UploadPartResultSchema = named(
  "UploadPartResult",
  v.object({
    number: v.pipe(v.number(), v.integer()),
    bytes: v.pipe(v.number(), v.integer()),
    etag: v.pipe(v.string(), v.description("Storage's tag for the part; complete may list it in `parts` (it must, for parts sent to presigned URLs, with the ETag R2 answered).")),
  }),
);
export const AbortUploadResultSchema = named("AbortUploadResult", v.object({ id: v.string(), aborted: v.literal(true) }));
