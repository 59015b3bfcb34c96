import * as v from "valibot";

const Counting = v.picklist(["characters", "weighted", "graphemes", "bytes"]);

/**
 * `publishing` in a network's public capability record: what a post there can carry beyond its
 * own text and media, read from the same rules validate and publish apply (the network's rules.ts
 * `validation.firstComment` and `thread`, its adapter's edit facet), so the registry cannot say
 * one thing while publishing does another.
 */
export const PublishingCapabilitiesSchema = v.pipe(
  v.object({
    firstComment: v.pipe(
      v.object({
        supported: v.pipe(v.boolean(), v.description("Whether `firstComment` is posted under this network's posts; false: a target with one is refused with `first_comment_unsupported`.")),
        maxLength: v.pipe(v.nullable(v.number()), v.description("Longest comment text, in `counting`; null where unsupported.")),
        counting: v.nullable(Counting),
        media: v.pipe(
          v.nullable(
            v.object({
              maxItems: v.number(),
              mimeTypes: v.array(v.string()),
              maxBytes: v.pipe(v.nullable(v.number()), v.description("Largest file, in bytes; null where the network documents no byte cap.")),
              imageMaxBytes: v.pipe(
                v.optional(v.number()),
                v.description("Largest image, in bytes, where images are capped below `maxBytes` (Threads: 8 MB images, 1 GB videos); absent: `maxBytes` for every file."),
              ),
            }),
          ),
          v.description("What `firstComment.media` may attach; null: text only, media refused with `first_comment_media_unsupported`."),
        ),
      }),
      v.description("The first comment (POST /v1/posts `firstComment`, or `platformOptions.<network>.firstComment`)."),
    ),
    thread: v.pipe(
      v.nullable(
        v.object({
          maxItems: v.pipe(v.number(), v.description("Most items in one chain, the post itself included.")),
          itemMaxLength: v.pipe(v.number(), v.description("Each item's text limit: a post's (`text.maxLength`, counted the same way).")),
          itemMaxImages: v.pipe(v.number(), v.description("Each item's image limit: a post's (`media.maxImages`).")),
          itemMaxVideos: v.pipe(v.number(), v.description("Each item's video limit: a post's (`media.maxVideos`).")),
        }),
      ),
      v.description("Thread chains (`thread`); null: a target with one is refused with `thread_unsupported`."),
    ),
    editable: v.pipe(
      v.array(v.string()),
      v.description(
        "What PATCH /v1/posts/{id} can change on a published post here: `text`, or a `platformOptions.<network>` name. Empty: every change is refused for this network with `edit_unsupported` (delete and post again).",
      ),
    ),
  }),
  v.description("First comments, thread chains and edits after publishing on this network."),
);

export type PublishingCapabilities = v.InferOutput<typeof PublishingCapabilitiesSchema>;
