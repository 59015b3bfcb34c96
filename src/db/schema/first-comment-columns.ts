import { type SQL, sql } from "drizzle-orm";
import { index, jsonb, text } from "drizzle-orm/pg-core";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { ts } from "./columns.js";

/** What a post asks to be commented under it once it is live (POST /v1/posts `firstComment`). */
export interface FirstCommentRequest {
  text: string;
  /** `med_` ids attached to the comment, where the network's comment takes media (its rules.ts `firstComment.media`). */
  media?: string[];
}

/** The post's own `firstComment`, kept so a scheduled run or a re-check prepares it as the request did. */
export const postFirstCommentColumns = () => ({
  firstComment: jsonb("first_comment").$type<FirstCommentRequest | null>(),
});

/**
 * A target's first comment, on the target row (one per target, so no table of its own): the text
 * resolved at create time (the post's, or the target's `platformOptions.<network>.firstComment`),
 * and its own send record. `pending` waits for the post to be live; the claim `pending` →
 * `sending` is what makes it go out once; `posted`, `failed` and `unknown` (the network did not
 * answer: never sent blindly again) are final. `processing`: the network is preparing the
 * comment's files (a Threads reply container), whose handle is `first_comment_poll_token`,
 * written with that state before anything is published; each look claims it back to `sending`.
 * The credit it holds on the microblog network.
 */
export const targetFirstCommentColumns = () => ({
  firstCommentText: text("first_comment_text"),
  /** The comment's `med_` ids as its network's rule let them through; null for a text-only comment. */
  firstCommentMedia: jsonb("first_comment_media").$type<string[] | null>(),
  firstCommentState: text("first_comment_state"),
  firstCommentId: text("first_comment_id"),
  firstCommentUrl: text("first_comment_url"),
  firstCommentError: jsonb("first_comment_error").$type<Record<string, unknown> | null>(),
  firstCommentStartedAt: ts("first_comment_started_at"),
  /** What finds a `processing` comment at the network again (the adapter's poll token: the reply container's id). */
  firstCommentPollToken: text("first_comment_poll_token"),
  firstCommentCreditSource: text("first_comment_credit_source"),
});

/** The recovery sweep reads only the first comments still waiting, processing or in flight: a partial index keeps that read small. */
export const firstCommentWaitingIndex = (t: { firstCommentState: AnyPgColumn; firstCommentStartedAt: AnyPgColumn }) =>
  index("post_targets_first_comment_waiting_idx")
    .on(t.firstCommentState, t.firstCommentStartedAt)
    .where(sql`first_comment_state in ('pending', 'sending', 'processing')` as SQL);
