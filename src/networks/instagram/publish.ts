import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import { graphPost, graphRequest } from "../meta/graph.js";
import { pollContainers, startCarousel, startContainer, type ContainerWire } from "../meta/containers.js";
import { textFingerprint } from "../meta/publish-common.js";
import type { PublishMedia, PublishRequest, PublishResult } from "../publish-types.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { instagramPublishing } from "./capabilities.js";
import { containerError, instagramErrorTable as table } from "./errors.js";
import { doorOf } from "./connect.js";
import { planInstagramPost, type InstagramPlan } from "./publish-plan.js";
import { igUrl, locatePublished } from "./published-media.js";

/**
 * Instagram publishing, the same on both doors but for the host (graph.facebook.com for the
 * Facebook-login door, graph.instagram.com for Instagram's own), through the shared container
 * flow (meta/containers.ts): `POST /{ig-user-id}/media` creates a container,
 * `GET /{container-id}?fields=status_code,status` waits for FINISHED, and
 * `POST /{ig-user-id}/media_publish` with `creation_id` publishes it; the permalink is read from
 * `GET /{ig-media-id}?fields=permalink`.
 */

const IdSchema = v.object({ id: v.string() });
const ContainerSchema = v.object({ id: v.optional(v.string()), status_code: v.optional(v.string()), status: v.optional(v.string()) });
const PermalinkSchema = v.object({ id: v.string(), permalink: v.optional(v.string()) });

export function instagramWire(tokens: TokenSet, net: NetworkContext, igUserId: string): ContainerWire {
  const token = tokens.accessToken;
  return {
    platform: "instagram",
    async create(fields) {
      return (await graphPost(net, table, igUrl(tokens, net, `${igUserId}/media`), { ...fields, access_token: token }, IdSchema)).id;
    },
    async status(id) {
      const body = await graphRequest(net, table, igUrl(tokens, net, id, { fields: "status_code,status", access_token: token }), ContainerSchema);
      return { state: body.status_code, detail: body.status };
    },
    async publish(id) {
      return (await graphPost(net, table, igUrl(tokens, net, `${igUserId}/media_publish`), { creation_id: id, access_token: token }, IdSchema)).id;
    },
    async permalink(mediaId) {
      try {
        return (await graphRequest(net, table, igUrl(tokens, net, mediaId, { fields: "permalink", access_token: token }), PermalinkSchema)).permalink ?? null;
      } catch {
        return null;
      }
    },
    failure: containerError,
    locate: (poll) => locatePublished(tokens, net, igUserId, poll.story, async (caption) => (await textFingerprint(caption ?? "")) === poll.fingerprint),
    pollAfterSeconds: (video) => (video ? instagramPublishing.videoPollSeconds : instagramPublishing.imagePollSeconds),
  };
}

/** The media parameters of one item: a single post's, a story's, or a carousel child's. */
function itemFields(item: PublishMedia, kind: InstagramPlan["kind"]): Record<string, string | undefined> {
  const video = item.kind === "video";
  switch (kind) {
    case "image":
      return { image_url: item.url };
    case "reel":
      return { media_type: "REELS", video_url: item.url };
    case "story":
      return video ? { media_type: "STORIES", video_url: item.url } : { media_type: "STORIES", image_url: item.url };
    case "carousel":
      return video ? { media_type: "VIDEO", video_url: item.url, is_carousel_item: "true" } : { image_url: item.url, is_carousel_item: "true", alt_text: item.alt ?? undefined };
  }
}

export async function publishToInstagram(tokens: TokenSet, request: PublishRequest, net: NetworkContext, igUserId: string): Promise<PublishResult> {
  const plan = planInstagramPost(request, doorOf(tokens));
  const wire = instagramWire(tokens, net, igUserId);
  const basics = {
    userId: igUserId,
    fingerprint: await textFingerprint(plan.fields.caption ?? ""),
    story: plan.kind === "story",
    video: plan.items.some((item) => item.kind === "video"),
  };
  if (plan.kind === "carousel")
    return startCarousel(
      wire,
      basics,
      plan.items.map((item) => itemFields(item, "carousel")),
      plan.fields,
    );
  const [item] = plan.items;
  if (!item) throw new ApiError("internal_error", { platform: "instagram", message: "instagram: a plan without media" });
  return startContainer(wire, basics, { ...itemFields(item, plan.kind), ...plan.fields });
}

export async function checkInstagramPublish(tokens: TokenSet, pollToken: string, net: NetworkContext, igUserId: string): Promise<PublishResult> {
  return pollContainers(instagramWire(tokens, net, igUserId), pollToken);
}
