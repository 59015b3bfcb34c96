import type { Hono } from "hono";
import { numericId } from "../tokens.js";
import type { SandboxAccount, SimulatedActivityInput, SimulatedActivityResult, SimulatorDeps } from "../types.js";
import { authenticate, graphJson, type GraphNode, type GraphProfile, pageOf, selectFields, unsupportedRequest } from "../meta/graph-wire.js";
import { mediaNode } from "./media-nodes.js";
import { platform, type SandboxMedia } from "./model.js";

/**
 * The media other people tagged an account in, on the Facebook-login door:
 * `GET /{ig-user-id}/tags` (`instagram_basic` and `instagram_manage_comments`), IGMedia nodes
 * newest first with `fields=` selection and cursor paging. A simulated `mention` is a post by
 * another person that names the account in its caption and tags it; the tag is kept apart from
 * the media (kind `user_tag`, owned by the tagged account) so the media records stay the author's.
 */

export interface SandboxUserTag {
  mediaId: string;
  authorId: string;
}

export function mountUserTags(graph: Hono, profile: GraphProfile, door: string): void {
  const { deps } = profile;
  graph.get("/:version/:igUserId/tags", async (c) => {
    const auth = await authenticate(profile, c.req.raw, { door, permission: "instagram_manage_comments" });
    if (!auth.ok) return auth.response;
    const id = c.req.param("igUserId");
    if (id !== auth.account.id) return unsupportedRequest("GET", id);
    const tags = await deps.store.list<SandboxUserTag>(platform, "user_tag", { owner: auth.account.id });
    const tagged: { id: string; media: SandboxMedia; author: SandboxAccount }[] = [];
    for (const tag of tags) {
      const media = (await deps.store.get<SandboxMedia>(platform, "media", tag.data.mediaId))?.data;
      const author = (await deps.store.get<SandboxAccount>(platform, "account", tag.data.authorId))?.data;
      if (media && author) tagged.push({ id: tag.data.mediaId, media, author });
    }
    tagged.sort((a, b) => b.media.publishedAt.localeCompare(a.media.publishedAt) || b.id.localeCompare(a.id));
    const nodes: GraphNode[] = [];
    for (const t of tagged) {
      const picked = selectFields(mediaNode(t.id, t.media, t.author), c.req.query("fields"), "id", "IGMedia");
      if (picked instanceof Response) return picked;
      nodes.push(picked);
    }
    return graphJson(pageOf(c.req.raw, nodes));
  });
}

/** Another simulated person posts an image naming and tagging the account. */
export async function simulateInstagramMention(deps: SimulatorDeps, seed: (handle: string) => Promise<SandboxAccount>, input: SimulatedActivityInput): Promise<SimulatedActivityResult> {
  const recipient = (await deps.store.get<SandboxAccount>(platform, "account", input.recipientId))?.data;
  if (!recipient) return { ok: false, reason: "subject_unknown" };
  const actor = await seed(input.actorHandle ?? "sandbox_tagger");
  const mediaId = numericId(17);
  const media: SandboxMedia = {
    caption: `@${recipient.handle} ${input.text ?? "with the best team (a simulated tag from the Chorus sandbox)"}`,
    publishedAt: deps.now().toISOString(),
    mediaType: "IMAGE",
    productType: "FEED",
  };
  await deps.store.put<SandboxMedia>(platform, "media", mediaId, media, actor.id);
  await deps.store.put<SandboxUserTag>(platform, "user_tag", `${mediaId}:${recipient.id}`, { mediaId, authorId: actor.id }, recipient.id);
  return { ok: true, actor, networkId: mediaId };
}
