import * as v from "valibot";
import { named, namedBody } from "../../openapi-helpers.js";
import { defaultWebhookFields } from "../../../domain/accounts/index.js";
import { platformIds } from "../../../networks/registry.js";

const endOfList = v.pipe(v.null(), v.description("Always null: the network's whole list is returned at once."));

export const TargetsSchema = named(
  "AccountTargetList",
  v.object({
    items: v.array(
      v.object({
        id: v.pipe(v.string(), v.description("The network's id of the destination; pass it as the network's target option when posting (`pageId`, `boardId`, `location`, `author`).")),
        name: v.string(),
        kind: v.pipe(v.picklist(["page", "board", "location", "organization", "channel"]), v.description("Facebook pages, Pinterest boards, Google Business locations, LinkedIn organisations.")),
        details: v.pipe(
          v.record(v.string(), v.nullable(v.union([v.string(), v.number(), v.boolean()]))),
          v.description("Facts that help choose: board privacy, page category and tasks, location address."),
        ),
      }),
    ),
    cursor: endOfList,
  }),
);

export const PublishInfoSchema = named(
  "PublishInfo",
  v.object({
    platform: v.picklist(platformIds),
    creatorUsername: v.string(),
    creatorNickname: v.nullable(v.string()),
    creatorAvatarUrl: v.nullable(v.string()),
    privacyLevelOptions: v.pipe(v.array(v.string()), v.description("The only `platformOptions.tiktok.privacyLevel` values this creator may use now.")),
    commentDisabled: v.pipe(v.boolean(), v.description("The creator switched comments off: posts cannot enable them.")),
    duetDisabled: v.boolean(),
    stitchDisabled: v.boolean(),
    maxVideoPostDurationSec: v.pipe(v.number(), v.description("Longest video this creator may post, in seconds.")),
  }),
);

export const AllowanceSchema = named(
  "Allowance",
  v.pipe(
    v.object({
      used: v.pipe(v.number(), v.integer(), v.description("Posts counted in the current window.")),
      limit: v.pipe(v.number(), v.integer(), v.description("Posts the network allows per window.")),
      remaining: v.pipe(v.number(), v.integer(), v.description("`limit - used`, never below 0.")),
      windowHours: v.pipe(v.number(), v.integer(), v.description("Length of the network's rolling window.")),
      platform: v.picklist(platformIds),
      source: v.pipe(
        v.picklist(["network", "documented"]),
        v.description(
          "`network`: read live from the network (Instagram's content_publishing_limit, Threads' threads_publishing_limit), counting posts made from any app. `documented`: the network has no endpoint for it, so `limit` and `windowHours` are its documented per-account window (TikTok: about 15 direct posts per creator per 24 hours) and `used` counts only the posts Chorus sent through this account, a lower bound.",
        ),
      ),
    }),
    v.description(
      "Posts left in the network's own rolling window. Networks that publish no per-account posting window (their limits are per app, per project or per post type, see `rateLimits` in GET /v1/platforms) answer 400 `capability_unsupported` rather than a made-up number.",
    ),
  ),
  { used: 3, limit: 100, remaining: 97, windowHours: 24, platform: "instagram", source: "network" },
);

export const ProfileBody = namedBody(
  "UpdateNetworkProfileRequest",
  v.pipe(
    v.strictObject({
      displayName: v.pipe(v.optional(v.pipe(v.string(), v.maxLength(640))), v.description("New display name; an empty string clears it. The network's own limit applies (Bluesky: 64 characters).")),
      bio: v.pipe(v.optional(v.pipe(v.string(), v.maxLength(2560))), v.description("New bio; an empty string clears it (Bluesky: 256 characters).")),
      avatarUrl: v.pipe(v.optional(v.pipe(v.string(), v.url(), v.maxLength(2048))), v.description("Public https URL of a PNG or JPEG; Chorus downloads and uploads it for you.")),
      bannerUrl: v.pipe(v.optional(v.pipe(v.string(), v.url(), v.maxLength(2048))), v.description("Public https URL of a PNG or JPEG banner.")),
    }),
    v.check((body) => Object.values(body).some((value) => value !== undefined), "send at least one of displayName, bio, avatarUrl, bannerUrl"),
    v.description("At least one field; only the fields sent change on the network."),
  ),
  { displayName: "Ada Lovelace", bio: "Analytical engines and poetry." },
);

export const ProfileResultSchema = named(
  "NetworkProfileResult",
  v.object({
    account: v.pipe(v.string(), v.description("`acc_…`")),
    platform: v.picklist(platformIds),
    ok: v.pipe(v.boolean(), v.description("True once the network accepted the change.")),
  }),
  { account: "acc_7Hq2xWm9Lr4Tb8Zc", platform: "bluesky", ok: true },
);

export const WebhookBody = namedBody(
  "SubscribeWebhookRequest",
  v.strictObject({
    fields: v.pipe(
      v.optional(v.pipe(v.array(v.pipe(v.string(), v.regex(/^[a-z][a-z_]*$/, "must be a lowercase field name"), v.maxLength(64))), v.minLength(1), v.maxLength(30)), () => [...defaultWebhookFields]),
      v.description("Webhook fields to subscribe the account to; default `feed`, `mention`, `messages`."),
    ),
  }),
  { fields: ["feed", "mention", "messages"] },
);

export const WebhookResultSchema = named(
  "WebhookSubscription",
  v.object({
    subscribed: v.pipe(v.boolean(), v.description("Whether the network confirmed the subscription (Facebook: for every page the person manages).")),
    fields: v.pipe(v.array(v.string()), v.description("The fields as the network names them (Instagram's own login calls `feed` and `mention` `comments` and `mentions`).")),
  }),
);

export const AdAccountsSchema = named(
  "AdAccountList",
  v.object({
    items: v.array(
      v.object({
        id: v.pipe(v.string(), v.description("The network's ad account id (`act_…` on Meta).")),
        name: v.string(),
        currency: v.nullable(v.string()),
        status: v.pipe(v.nullable(v.string()), v.description("The network's account status, or null where it publishes none (Pinterest).")),
      }),
    ),
    cursor: endOfList,
  }),
);

export const BrandedPartnersSchema = named(
  "BrandedPartnerList",
  v.object({
    partners: v.array(
      v.object({
        id: v.string(),
        handle: v.string(),
        canPromote: v.pipe(v.boolean(), v.description("A separate grant that lets the partner run the post as an ad; permission to tag does not imply it.")),
      }),
    ),
  }),
);

export const ChannelEventsSchema = named(
  "ChannelEventList",
  v.object({
    items: v.array(
      v.object({
        id: v.string(),
        name: v.string(),
        startTime: v.pipe(v.nullable(v.string()), v.description("Scheduled start, ISO 8601.")),
        endTime: v.nullable(v.string()),
        url: v.nullable(v.string()),
      }),
    ),
    cursor: endOfList,
  }),
);
