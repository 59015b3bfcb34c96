import type { Hono } from "hono";
import type { SandboxAccount, SimulatorDeps } from "../types.js";
import { authenticate, graphJson, pageOf, selectFields, unsupportedRequest, type GraphNode, type GraphProfile } from "../meta/graph-wire.js";
import { platform, type PublishingDoor, type SandboxMedia } from "./model.js";
import { type ContainerState, containerStateAt, type MediaContainer } from "../media-container.js";

/**
 * Containers and media as Instagram reads them back: container nodes (`status_code`), media nodes
 * (`permalink`, `caption`, ...), `/{ig-user-id}/media` and `/{ig-user-id}/stories`. A container's
 * state follows the simulator's clock: IN_PROGRESS for `processingSeconds` after creation, then
 * FINISHED (or ERROR when the file could not be used), EXPIRED 24 hours after creation if never
 * published, PUBLISHED once media_publish turned it into media.
 */

/** An Instagram container; its `failure` is the `status` text ("Error: 2207026: ..."). */
export interface SandboxContainer extends MediaContainer {
  mediaType: string;
  caption: string | null;
}

/** Seconds an image (and any container without a video) or a video stays IN_PROGRESS. */
const processingSeconds = { other: 2, video: 5 } as const;

export const containerState = (now: Date, container: SandboxContainer): ContainerState => containerStateAt(now, container, processingSeconds);

const statusTexts: Record<ContainerState, string> = {
  IN_PROGRESS: "In Progress",
  FINISHED: "Finished",
  ERROR: "Error",
  EXPIRED: "Expired",
  PUBLISHED: "Published",
};

/** Graph's timestamp format: `2026-10-01T12:00:00+0000`. */
const graphTime = (iso: string) => `${iso.slice(0, 19)}+0000`;

export function mediaNode(id: string, media: SandboxMedia, account: SandboxAccount): GraphNode {
  const productType = media.productType ?? "FEED";
  const code = media.shortcode ?? id.slice(-11);
  const permalink =
    productType === "STORY"
      ? `https://sandbox.chorus.invalid/instagram/stories/${account.handle}/${id}/`
      : `https://sandbox.chorus.invalid/instagram/${productType === "REELS" ? "reel" : "p"}/${code}/`;
  return {
    id,
    caption: productType === "STORY" ? null : media.caption,
    media_type: media.mediaType ?? "IMAGE",
    media_product_type: productType,
    permalink,
    shortcode: code,
    timestamp: graphTime(media.publishedAt),
    username: account.handle,
    like_count: 0,
    comments_count: 0,
    children: media.children && media.children.length > 0 ? { data: media.children.map((child) => ({ id: child })) } : null,
  };
}

export function containerNode(now: Date, id: string, container: SandboxContainer): GraphNode {
  const state = containerState(now, container);
  return {
    id,
    status_code: state,
    status: state === "ERROR" ? container.failure : statusTexts[state],
    copyright_check_status: container.videoUrl ? { status: "completed", matches_found: false } : null,
  };
}

/** A container or media node of `account`, or null. */
export async function igObjectNode(deps: SimulatorDeps, account: SandboxAccount, id: string): Promise<{ node: GraphNode; type: string } | null> {
  const container = await deps.store.get<SandboxContainer>(platform, "container", id);
  if (container && container.owner === account.id) return { node: containerNode(deps.now(), id, container.data), type: "ShadowIGMediaBuilder" };
  const media = await deps.store.get<SandboxMedia>(platform, "media", id);
  if (media && media.owner === account.id) return { node: mediaNode(id, media.data, account), type: "IGMedia" };
  return null;
}

export function mountMediaReads(graph: Hono, profile: GraphProfile, d: PublishingDoor): void {
  const { deps } = profile;
  const edge = (stories: boolean) => async (request: Request, igUserId: string, fields: string | undefined) => {
    const auth = await authenticate(profile, request, { door: d.door, permission: d.readPermission });
    if (!auth.ok) return auth.response;
    if (igUserId !== auth.account.id && !(d.acceptsMe && igUserId === "me")) return unsupportedRequest("GET", igUserId);
    const since = deps.now().getTime() - 24 * 3600 * 1000;
    const nodes: GraphNode[] = [];
    for (const m of (await deps.store.list<SandboxMedia>(platform, "media", { owner: auth.account.id })).reverse()) {
      const story = m.data.productType === "STORY";
      if (story !== stories || (story && Date.parse(m.data.publishedAt) < since)) continue;
      const picked = selectFields(mediaNode(m.id, m.data, auth.account), fields, "id", "IGMedia");
      if (picked instanceof Response) return picked;
      nodes.push(picked);
    }
    return graphJson(pageOf(request, nodes));
  };
  graph.get("/:version/:igUserId/media", (c) => edge(false)(c.req.raw, c.req.param("igUserId"), c.req.query("fields")));
  graph.get("/:version/:igUserId/stories", (c) => edge(true)(c.req.raw, c.req.param("igUserId"), c.req.query("fields")));
}
