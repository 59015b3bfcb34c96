import type { DiscoveredPost as NetworkDiscoveredPost } from "../../../networks/facets/discover.js";
import type { NetworkActor } from "../../../networks/facets/inbox.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import type { SocialAccountRow } from "../../accounts/index.js";

/** A public post as GET /v1/discover/posts and /profiles/{handle}/posts answer it. */
export interface DiscoveredPost {
  id: string;
  /** The `acc_` connection that found it. */
  account: string;
  platform: PlatformId;
  url: string | null;
  text: string | null;
  author: (NetworkActor & { platform: PlatformId }) | null;
  authorHidden: boolean;
  mediaType: NetworkDiscoveredPost["mediaType"];
  createdAt: string;
  likeCount: number | null;
  replyCount: number | null;
  repostCount: number | null;
}

/**
 * The one place a network's found post becomes the public record. A post whose network hides its
 * author keeps it hidden here too, whatever the adapter returned: the spec says such results
 * never name their author.
 */
export function toDiscoveredPost(account: SocialAccountRow, item: NetworkDiscoveredPost): DiscoveredPost {
  const platform = account.platform;
  const hidden = item.authorHidden || item.author === null;
  return {
    id: item.id,
    account: account.id,
    platform,
    url: item.url,
    text: item.text,
    author: hidden || !item.author ? null : { ...item.author, platform },
    authorHidden: hidden,
    mediaType: item.mediaType,
    createdAt: item.createdAt,
    likeCount: item.likeCount,
    replyCount: item.replyCount,
    repostCount: item.repostCount,
  };
}
