import type { ApiError } from "../infra/errors.js";
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

/**
 * The comment as the network stored it. Where the comment's files are processed first (a Threads
 * reply container), `processing` is set: `id` is then what is being processed (the container),
 * not yet the comment, and `processing.pollToken` finds it again (`checkComment`); it is stored
 * before anything else, so a later look publishes that same container, never a second one.
 */
export interface FirstCommentResult {
  id: string;
  url: string | null;
  processing?: FirstCommentProcessing;
}

export interface FirstCommentProcessing {
  pollToken: string;
  pollAfterSeconds: number;
}

/** What `checkComment` is given: the stored poll token, and the post the comment answers (to find it after a lost publish answer). */
export interface FirstCommentCheck {
  pollToken: string;
  networkPostId: string;
  text: string;
}

/** A processing comment looked at again: out, still processing, or refused (the error says why). */
export type FirstCommentCheckResult = { state: "posted"; id: string; url: string | null } | ({ state: "processing" } & FirstCommentProcessing) | { state: "failed"; error: ApiError };
