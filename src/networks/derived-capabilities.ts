import type { PlatformCapabilities } from "./capabilities-schema.js";
import { noMetrics } from "./facets/analytics.js";
import { methodOfAction } from "./facets/engage.js";
import type { PlatformId } from "../types/platform-ids.js";
import { adapters, platformIds } from "./registry.js";
import type { PublishingCapabilities } from "./publishing-capabilities.js";
import { editableFields } from "./facets/edit.js";
import type { NetworkAdapter } from "./types.js";

type CommentAbility = keyof PlatformCapabilities["comments"];

/** What one adapter method stands for in the public capability record. */
interface Feature {
  reads?: string;
  /** A family of actions: one method turns a state on and off (`setLike`: `like`, `unlike`). */
  engagements?: readonly string[];
  comments?: CommentAbility;
  messaging?: string;
  live?: string;
}

/**
 * Which method of which facet (or of the adapter itself, under `adapter`) makes which public
 * capability true. This is the only table: a network has a capability exactly when its adapter
 * has the method, so a facet added later needs one row here and nothing per network.
 */
export const featureOfMethod: Record<string, Record<string, Feature>> = {
  adapter: {
    allowance: { reads: "allowance" },
    adAccounts: { reads: "ad_accounts" },
    brandedPartners: { reads: "branded_partners" },
    events: { reads: "events" },
  },
  inbox: {
    listNotifications: { reads: "notifications" },
    markNotificationsSeen: { reads: "notifications_seen" },
    listConversations: { reads: "conversations", messaging: "conversations" },
    listMessages: { messaging: "messages" },
    sendMessage: { messaging: "send" },
    listComments: { reads: "comments" },
    listCommentReplies: { comments: "nested" },
    replyToComment: { comments: "reply" },
    hideComment: { comments: "hide" },
    deleteComment: { comments: "delete" },
  },
  analytics: {
    postAnalytics: { reads: "post_analytics" },
    accountAnalytics: { reads: "account_analytics" },
  },
  accountReads: {
    listPosts: { reads: "posts" },
    listFollowers: { reads: "followers" },
    listFollowing: { reads: "following" },
  },
  engage: engagementFeatures(),
  live: {
    createBroadcast: { live: "create" },
    readBroadcast: { live: "read" },
    startBroadcast: { live: "start" },
    endBroadcast: { live: "end" },
    ingestCredentials: { live: "credentials" },
  },
  reviews: {
    listReviews: { reads: "reviews" },
  },
  discover: {
    searchPosts: { reads: "post_search" },
    lookupProfile: { reads: "public_profiles" },
    profilePosts: { reads: "public_profile_posts" },
    searchCreators: { reads: "creator_search" },
    searchPlaces: { reads: "place_search" },
  },
};

/** The engage facet's rows, from the one table of which method performs which action. */
function engagementFeatures(): Record<string, Feature> {
  const rows: Record<string, string[]> = {};
  for (const [action, { method }] of Object.entries(methodOfAction)) (rows[method] ??= []).push(action);
  return Object.fromEntries(Object.entries(rows).map(([method, actions]) => [method, { engagements: actions }]));
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** The engage facet's one-way families (`lacks`): a method can exist while one direction of it does not. */
const lacking = (facet: Record<string, unknown>): readonly unknown[] => (Array.isArray(facet.lacks) ? facet.lacks : []);

/** The reads, engagements, comment moderation, messaging and live video an adapter's methods give it. */
export function deriveFeatures(adapter: NetworkAdapter): Pick<PlatformCapabilities, "reads" | "engagements" | "comments" | "messaging" | "live"> {
  const reads: string[] = [];
  const engagements: string[] = [];
  const messaging: string[] = [];
  const live: string[] = [];
  const comments: PlatformCapabilities["comments"] = { reply: false, hide: false, delete: false, nested: false };
  for (const [facetName, methods] of Object.entries(featureOfMethod)) {
    const facet: unknown = facetName === "adapter" ? adapter : (adapter as unknown as Record<string, unknown>)[facetName];
    if (!isObject(facet)) continue;
    for (const [method, feature] of Object.entries(methods)) {
      if (typeof facet[method] !== "function") continue;
      if (feature.reads) reads.push(feature.reads);
      if (feature.engagements) engagements.push(...feature.engagements.filter((action) => !lacking(facet).includes(action)));
      if (feature.messaging) messaging.push(feature.messaging);
      if (feature.live) live.push(feature.live);
      if (feature.comments) comments[feature.comments] = true;
    }
  }
  return { reads, engagements, comments, messaging, live };
}

/** One network's public capability record: its data plus what its adapter's facets can do. */
export function capabilitiesOf(adapter: NetworkAdapter): PlatformCapabilities {
  return { ...adapter.capabilities, formats: formatsOf(adapter), ...deriveFeatures(adapter), analytics: analyticsOf(adapter), publishing: publishingOf(adapter) };
}

type Format = PlatformCapabilities["formats"][number];

/** The network's formats: its post types (from the rows validation reads) and the formats its rules list. */
export function formatsOf(adapter: NetworkAdapter): Format[] {
  const caps = adapter.capabilities.media;
  const rules = adapter.rules;
  const formats: Format[] = [];
  const postTypes = rules.validation.postTypes;
  if (postTypes) {
    const acceptedKinds = [...(caps.maxImages > 0 ? (["image"] as const) : []), ...(caps.maxVideos > 0 ? (["video"] as const) : [])];
    for (const [id, row] of Object.entries(postTypes.types)) {
      if (id === postTypes.default) continue;
      formats.push({
        id,
        description: row.description ?? `${adapter.capabilities.name} ${id}`,
        selectedBy: `platformOptions.${adapter.capabilities.platform}.${postTypes.option}: "${id}"`,
        media: {
          kinds: [...(row.kinds ?? acceptedKinds)],
          minItems: row.mediaRequired === true || caps.required ? 1 : 0,
          maxItems: row.maxItems ?? rules.validation.maxMediaItems ?? Math.max(caps.maxImages, caps.maxVideos),
          minVideoSeconds: row.minVideoSeconds ?? caps.minVideoSeconds,
          maxVideoSeconds: row.maxVideoSeconds ?? caps.maxVideoSeconds,
          maxAspectRatio: row.maxAspectRatio ?? null,
        },
        limits: {},
      });
    }
  }
  for (const row of rules.formats ?? []) {
    const media = row.media;
    formats.push({
      id: row.id,
      description: row.description,
      selectedBy: row.selectedBy,
      media: media
        ? {
            kinds: [...media.kinds],
            minItems: media.minItems,
            maxItems: media.maxItems,
            minVideoSeconds: media.minVideoSeconds ?? (media.kinds.includes("video") ? caps.minVideoSeconds : null),
            maxVideoSeconds: media.maxVideoSeconds ?? (media.kinds.includes("video") ? caps.maxVideoSeconds : null),
            maxAspectRatio: media.maxAspectRatio ?? null,
          }
        : null,
      limits: { ...row.limits },
    });
  }
  return formats;
}

/** The analytics record: which reads exist and the network's name behind each normalised metric. */
function analyticsOf(adapter: NetworkAdapter): PlatformCapabilities["analytics"] {
  const facet = adapter.analytics;
  const none: Record<string, string | null> = Object.fromEntries([...Object.keys(noMetrics()), "followers"].map((name) => [name, null]));
  return {
    post: typeof facet?.postAnalytics === "function",
    account: typeof facet?.accountAnalytics === "function",
    minRefreshSeconds: facet ? facet.minRefreshSeconds : null,
    metrics: facet ? { ...facet.metricNames } : none,
  };
}

export function publicCapabilities(platform: PlatformId): PlatformCapabilities {
  return capabilitiesOf(adapters[platform]);
}

/** The public capability records, in the order of `platformIds`. */
export function allCapabilities(): PlatformCapabilities[] {
  return platformIds.map(publicCapabilities);
}

/** `publishing`: read from the rules validate and publish apply (rules.ts `validation.firstComment`, `thread`) and the edit facet. */
export function publishingOf(adapter: NetworkAdapter): PublishingCapabilities {
  const comment = adapter.rules.validation?.firstComment;
  const supported = comment !== undefined && !("unsupported" in comment);
  const thread = adapter.rules.thread;
  const { text, media } = adapter.capabilities;
  return {
    firstComment: supported
      ? {
          supported: true,
          maxLength: comment.maxLength,
          counting: comment.counting,
          media: comment.media
            ? {
                maxItems: comment.media.maxItems,
                mimeTypes: [...comment.media.mimeTypes],
                maxBytes: comment.media.maxBytes,
                ...(comment.media.imageMaxBytes === undefined ? {} : { imageMaxBytes: comment.media.imageMaxBytes }),
              }
            : null,
        }
      : { supported: false, maxLength: null, counting: null, media: null },
    thread: thread ? { maxItems: thread.maxItems, itemMaxLength: text.maxLength, itemMaxImages: media.maxImages, itemMaxVideos: media.maxVideos } : null,
    editable: editableFields(adapter.edit),
  };
}
