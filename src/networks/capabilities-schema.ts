import * as v from "valibot";
import { PublishingCapabilitiesSchema } from "./publishing-capabilities.js";
import type { PlatformId } from "../types/platform-ids.js";

/**
 * What one network is, as data: each adapter's `capabilities.ts` satisfies this type. What it can
 * read and do beyond publishing is not here: `publicCapabilities` (networks/derived-capabilities.ts)
 * derives it from the adapter's facets, so the record and the behaviour cannot disagree.
 */
const OptionSpec = v.object({
  type: v.pipe(v.picklist(["string", "integer", "boolean", "array", "object"]), v.description("JSON type of the option's value.")),
  values: v.pipe(v.optional(v.array(v.string())), v.description("The only accepted values, when the option is an enumeration.")),
  maxLength: v.pipe(v.optional(v.number()), v.description("Longest accepted value, for strings.")),
  required: v.pipe(v.boolean(), v.description("Whether a post to this network must set the option.")),
  description: v.pipe(v.string(), v.description("What the option does.")),
  fields: v.pipe(
    v.optional(
      v.record(
        v.string(),
        v.object({
          values: v.pipe(v.optional(v.array(v.string())), v.description("The only accepted values, when the field is an enumeration.")),
          required: v.pipe(v.boolean(), v.description("Whether the object must have the field.")),
          description: v.pipe(v.string(), v.description("What the field does.")),
        }),
      ),
    ),
    v.description("Objects: their string fields, under the names the network gives them; no other field is accepted."),
  ),
});

export const NetworkCapabilitiesSchema = v.object({
  // Any string here: the registered ids are networks/registry.ts's, which imports every adapter and
  // so this file; PlatformCapabilitiesSchema (platform-capabilities-schema.ts) lists them.
  platform: v.custom<PlatformId>((value) => typeof value === "string"),
  name: v.pipe(v.string(), v.description("The network's product name.")),
  kind: v.pipe(v.string(), v.description("The spec's neutral name for the kind of network.")),
  errorPrefix: v.pipe(v.nullable(v.string()), v.description("Prefix of error codes specific to this network, or null.")),
  text: v.object({
    maxLength: v.pipe(v.number(), v.description("Longest text accepted, in the unit `counting` names.")),
    counting: v.pipe(
      v.picklist(["characters", "weighted", "graphemes", "bytes"]),
      v.description("How length is counted: Unicode code points, X's weighted rules (URLs 23, CJK and emoji 2), grapheme clusters, or UTF-8 bytes."),
    ),
    notes: v.pipe(v.optional(v.string()), v.description("Anything else about text the network enforces.")),
  }),
  media: v.object({
    required: v.boolean(),
    videoOnly: v.boolean(),
    maxImages: v.pipe(v.number(), v.description("Most images in one post; 0 when images are not accepted.")),
    maxVideos: v.number(),
    mixed: v.pipe(v.boolean(), v.description("Whether images and video can share one post.")),
    imageFormats: v.array(v.string()),
    videoFormats: v.array(v.string()),
    maxImageBytes: v.nullable(v.number()),
    maxVideoBytes: v.nullable(v.number()),
    minWidth: v.nullable(v.number()),
    minHeight: v.nullable(v.number()),
    maxWidth: v.nullable(v.number()),
    maxHeight: v.nullable(v.number()),
    aspectRatio: v.nullable(v.object({ min: v.number(), max: v.number() })),
    minVideoSeconds: v.nullable(v.number()),
    maxVideoSeconds: v.nullable(v.number()),
  }),
  asynchronousPublishing: v.pipe(v.boolean(), v.description("Whether a publish ends in `processing` and is finished by polling.")),
  connect: v.object({
    method: v.picklist(["oauth2", "app_password"]),
    pkce: v.boolean(),
    variants: v.array(v.string()),
    scopes: v.array(v.string()),
  }),
  targets: v.pipe(v.array(v.string()), v.description("Kinds of destination inside an account (page, board, location, organization).")),
  rateLimits: v.pipe(
    v.array(v.object({ scope: v.string(), limit: v.number(), windowSeconds: v.number(), notes: v.optional(v.string()) })),
    v.description("The network's own limits Chorus paces against."),
  ),
  options: v.pipe(v.record(v.string(), OptionSpec), v.description("Every `platformOptions.<platform>` field with its type and valid values.")),
});

export type NetworkCapabilities = v.InferOutput<typeof NetworkCapabilitiesSchema>;

/** The public capability record of one network (GET /v1/platforms); the same schema documents the response in OpenAPI. */
const FormatSchema = v.object({
  id: v.pipe(v.string(), v.description("The format's name (`carousel`, `poll`, `reel`, `short`, ...).")),
  description: v.pipe(v.string(), v.description("What the network publishes in this format.")),
  selectedBy: v.pipe(v.string(), v.description("How a post asks for it: the media it carries or the `platformOptions` value that selects it.")),
  media: v.pipe(
    v.nullable(
      v.object({
        kinds: v.pipe(v.array(v.picklist(["image", "video", "document"])), v.description("Kinds of media it takes (`document`: PDF, DOCX, PPTX).")),
        minItems: v.number(),
        maxItems: v.number(),
        minVideoSeconds: v.nullable(v.number()),
        maxVideoSeconds: v.nullable(v.number()),
        maxAspectRatio: v.pipe(v.nullable(v.number()), v.description("Widest width:height it takes (1: square or taller), where narrower than the network's own bounds.")),
      }),
    ),
    v.description("The media it takes; null when it takes none (a poll is text only)."),
  ),
  limits: v.pipe(v.record(v.string(), v.number()), v.description("Limits of the format's own fields (a poll's `minOptions`, `maxOptions`, `optionMaxLength`, durations).")),
});

/** Everything but the id list, which PlatformCapabilitiesSchema adds (platform-capabilities-schema.ts). */
export const PlatformRecordSchema = v.object({
  ...NetworkCapabilitiesSchema.entries,
  formats: v.pipe(
    v.array(FormatSchema),
    v.description(
      "Publishing formats beyond a plain post (carousels, polls, reels, stories, Shorts, video and carousel pins, photo posts) with their limits; POST /v1/posts/validate and publishing enforce the same limits.",
    ),
  ),
  reads: v.pipe(v.array(v.string()), v.description("What Chorus can read from this network's accounts (`notifications`, `comments`, `conversations`, ...).")),
  engagements: v.pipe(v.array(v.string()), v.description("Values of `action` that POST /v1/engagements accepts for this network.")),
  comments: v.pipe(
    v.object({ reply: v.boolean(), hide: v.boolean(), delete: v.boolean(), nested: v.boolean() }),
    v.description("Comment moderation: replying, hiding, deleting others' comments, and reading whole threads (`nested`)."),
  ),
  messaging: v.pipe(v.array(v.string()), v.description("Direct-message features (`conversations`, `send`, ...); empty when the network has none through Chorus.")),
  analytics: v.pipe(
    v.object({
      post: v.pipe(v.boolean(), v.description("Whether GET /v1/posts/{id}/analytics can read this network's posts.")),
      account: v.pipe(v.boolean(), v.description("Whether GET /v1/analytics can read this network's accounts.")),
      minRefreshSeconds: v.pipe(v.nullable(v.number()), v.description("Youngest cached result `refresh=true` replaces; a younger one is answered from the cache.")),
      metrics: v.pipe(
        v.record(v.string(), v.nullable(v.string())),
        v.description(
          "The network's own current metric name behind each normalised metric (`views`, `reach`, `likes`, `comments`, `shares`, `saves`, `clicks`, `videoViews`, `watchTimeSeconds`, `followers`); null where the network publishes none.",
        ),
      ),
    }),
    v.description("Analytics: which reads work and how the network's metrics map to Chorus's."),
  ),
  publishing: PublishingCapabilitiesSchema,
  live: v.pipe(
    v.array(v.string()),
    v.description(
      "Live broadcast operations under /v1/social-accounts/{id}/live-broadcasts (`create`, `read`, `start`, `end`, `credentials`); empty when the network cannot go live through Chorus, and those routes answer 400 `capability_unsupported`.",
    ),
  ),
});

export type PlatformCapabilities = v.InferOutput<typeof PlatformRecordSchema>;
