import * as v from "valibot";
import { notificationKinds } from "../../../networks/facets/inbox.js";
import { platformIds } from "../../../networks/registry.js";
import { cursorQuery, limitQuery, named } from "../../openapi-helpers.js";

const accountQuery = v.pipe(v.optional(v.pipe(v.string(), v.regex(/^acc_[A-Za-z0-9_-]{1,60}$/, "must be an `acc_` id"))), v.description("One connected account (`acc_…`); omit for every account."));

export const ListNotificationsQuery = v.strictObject({ account: accountQuery, cursor: cursorQuery, limit: limitQuery() });
export const MarkSeenQuery = v.strictObject({ account: accountQuery });

const example = {
  account: "acc_7Hq2xWm9Lr4Tb8Zc",
  platform: "bluesky" as const,
};

export const ReadProblemSchema = named(
  "ReadProblem",
  v.object({
    account: v.pipe(v.string(), v.description("`acc_…` of the account that could not be read.")),
    platform: v.picklist(platformIds),
    code: v.pipe(
      v.string(),
      v.description("An error code: `capability_unsupported` (the network cannot do this at all), `needs_reauth`, `platform_unavailable` (timeout or outage), `rate_limited`, ..."),
    ),
    message: v.string(),
    retryable: v.pipe(v.boolean(), v.description("Whether asking again later may succeed.")),
  }),
  { ...example, platform: "instagram", code: "capability_unsupported", message: "Instagram has no notifications that Chorus can read.", retryable: false },
);

export const SocialActorSchema = named(
  "SocialActor",
  v.object({
    id: v.pipe(v.string(), v.description("The network's own user id (a DID on Bluesky).")),
    handle: v.string(),
    displayName: v.nullable(v.string()),
    avatarUrl: v.nullable(v.string()),
    url: v.pipe(v.nullable(v.string()), v.description("The person's profile on the network.")),
    platform: v.picklist(platformIds),
  }),
);

export const NotificationSchema = named(
  "Notification",
  v.object({
    id: v.pipe(v.string(), v.description("The network's id for the notification (the liking, replying or mentioning record or tweet).")),
    account: v.pipe(v.string(), v.description("`acc_…` notified.")),
    platform: v.picklist(platformIds),
    kind: v.picklist(notificationKinds),
    actor: SocialActorSchema,
    subject: v.pipe(
      v.nullable(
        v.object({
          postId: v.pipe(v.nullable(v.string()), v.description("The Chorus `post_` id when the post was published through Chorus.")),
          networkPostId: v.string(),
          url: v.nullable(v.string()),
        }),
      ),
      v.description("The post it is about: the account's own post for likes, reposts, replies and quotes; the mentioning post for mentions; null for follows."),
    ),
    text: v.pipe(v.nullable(v.string()), v.description("The text of a reply, mention or quote; null otherwise.")),
    createdAt: v.pipe(v.string(), v.description("ISO 8601 UTC, when the network recorded it.")),
    seen: v.boolean(),
  }),
);

export const NotificationListSchema = named(
  "NotificationList",
  v.object({
    items: v.array(NotificationSchema),
    cursor: v.pipe(v.nullable(v.string()), v.description("Opaque; null at the end. Holds a position per network.")),
    problems: v.pipe(v.array(ReadProblemSchema), v.description("Every account that could not be read for this page, and why.")),
  }),
);

export const MarkSeenResultSchema = named(
  "NotificationsSeen",
  v.object({
    seenAt: v.string(),
    marked: v.array(v.object({ account: v.string(), platform: v.picklist(platformIds) })),
    skipped: v.pipe(v.array(ReadProblemSchema), v.description("Accounts left unchanged: networks that keep no seen state (`capability_unsupported`), connections to renew, failures.")),
  }),
);
