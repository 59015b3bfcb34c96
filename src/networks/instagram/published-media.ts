import * as v from "valibot";
import { graphRequest, graphUrl } from "../meta/graph.js";
import { textFingerprint } from "../meta/publish-common.js";
import type { PublishRequest } from "../publish-types.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { instagramPublishing, instagramUrls } from "./capabilities.js";
import { instagramErrorTable as table } from "./errors.js";
import { doorOf, igVersion } from "./connect.js";
import { planInstagramPost } from "./publish-plan.js";

/**
 * Finding a post after its publish answer was lost. Instagram takes no idempotency key and
 * containers do not name the media they became, so the account's recent media are searched for
 * the same caption within `findWindowHours`. Stories have no caption: the newest story within
 * `findStoryWindowMinutes` is taken for the attempt, because claiming a story that exists beats
 * posting it twice (at most once per target). Instagram documents no API to delete media, so
 * there is no `deletePost`.
 */

const MediaSchema = v.object({
  id: v.string(),
  caption: v.optional(v.string()),
  permalink: v.optional(v.string()),
  timestamp: v.optional(v.string()),
});
const ListSchema = v.object({ data: v.array(MediaSchema) });

/** The host of the account's door: graph.facebook.com (Facebook Login) or graph.instagram.com. */
export const igUrl = (tokens: TokenSet, net: NetworkContext, path: string, params: Record<string, string | undefined> = {}) =>
  graphUrl(doorOf(tokens) === "facebook_login" ? instagramUrls.facebookGraph : instagramUrls.instagramGraph, igVersion(net), path, params);

/** The newest media (or story) whose caption `matches`, published within the search window. */
export async function locatePublished(
  tokens: TokenSet,
  net: NetworkContext,
  igUserId: string,
  story: boolean,
  matches: (caption: string | undefined) => Promise<boolean>,
): Promise<{ networkPostId: string; url: string | null } | null> {
  const windowMs = story ? instagramPublishing.findStoryWindowMinutes * 60_000 : instagramPublishing.findWindowHours * 3_600_000;
  const url = igUrl(tokens, net, `${igUserId}/${story ? "stories" : "media"}`, {
    fields: "id,caption,permalink,timestamp",
    limit: String(instagramPublishing.recentMediaLimit),
    access_token: tokens.accessToken,
  });
  const media = await graphRequest(net, table, url, ListSchema);
  for (const item of media.data) {
    const at = item.timestamp ? Date.parse(item.timestamp) : Number.NaN;
    if (Number.isNaN(at) || net.now().getTime() - at > windowMs) continue;
    if (story || (await matches(item.caption))) return { networkPostId: item.id, url: item.permalink ?? null };
  }
  return null;
}

export async function findOnInstagram(tokens: TokenSet, request: PublishRequest, net: NetworkContext, igUserId: string) {
  const plan = planInstagramPost(request, doorOf(tokens));
  const wanted = await textFingerprint(plan.fields.caption ?? "");
  return locatePublished(tokens, net, igUserId, plan.kind === "story", async (caption) => (await textFingerprint(caption ?? "")) === wanted);
}
