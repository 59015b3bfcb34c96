import type { PublishMedia } from "./publish-types.js";

/** What an adapter is given to comment under the account's own post, right after it went live. */
export interface FirstCommentInput {
  /** The network's id of the post, as its publish returned it. */
  networkPostId: string;
  /** The post's public URL when the network gave one (a comment URL is often built from it). */
  postUrl: string | null;
  text: string;
  /** Files for the comment, only where the network's rule (`firstComment.media`) lets them through; empty otherwise. */
  media?: PublishMedia[];
  /** The target's destination inside the account (Facebook page, LinkedIn organization), when it has one. */
  destination: string | null;
  /** The connected account's own id on the network. */
  networkUserId: string;
}

/** The comment as the network stored it. */
export interface FirstCommentResult {
  id: string;
  url: string | null;
}
