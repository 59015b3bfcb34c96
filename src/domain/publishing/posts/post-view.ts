import type { PostApproval, postTargets, posts } from "../../../db/schema/index.js";
import type { FirstCommentRequest } from "../../../db/schema/first-comment-columns.js";
import { type ThreadItemRow, type ThreadItemView, toThreadItemView } from "./thread/thread-view.js";

export type PostRow = typeof posts.$inferSelect;
export type TargetRow = typeof postTargets.$inferSelect;

export interface TargetError {
  code: string;
  message: string;
  fix: string | null;
  retryable: boolean;
  platform: string | null;
  param?: string | null;
}

export interface TargetView {
  account: string;
  platform: string;
  handle: string;
  state: string;
  networkPostId: string | null;
  url: string | null;
  error: TargetError | null;
  /** What went wrong after the post went out (a refused thumbnail); empty when nothing did. */
  warnings: TargetError[];
  publishedAt: string | null;
  credits: number;
  /** A chain's follow-up items (`thread`), on targets that have one. */
  thread?: ThreadItemView[];
  /** The target's first comment and how it went; null when it has none. */
  firstComment: FirstCommentView | null;
}

export interface PostView {
  id: string;
  state: string;
  text: string;
  textOverrides: Record<string, string>;
  media: string[];
  mediaAlt: string[];
  mediaOverrides: Record<string, string[]>;
  mediaAltOverrides: Record<string, string[]>;
  platformOptions: Record<string, Record<string, unknown>>;
  profile: string | null;
  scheduledAt: string | null;
  timezone: string | null;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  /** Why an approval rule held the post, and the decision; null when none did. */
  approval: PostApproval | null;
  /** The recurring series (`ser_…`) this post is an occurrence of; null for a single post. */
  series: string | null;
  /** The first comment as asked (what PATCH replaces); each target's outcome is `targets[].firstComment`. */
  firstComment: FirstCommentRequest | null;
  /** The chain's follow-up items as asked (what PATCH replaces); absent when the post has none. */
  thread?: ThreadItemRequest[];
  targets: TargetView[];
}

/** A chain item as the request gave it. */
export interface ThreadItemRequest {
  text: string;
  media: string[];
  mediaAlt: string[];
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export interface FirstCommentView {
  state: string;
  id: string | null;
  url: string | null;
  /** The `med_` ids attached to the comment (empty for text only). */
  media: string[];
  error: TargetError | null;
}

/**
 * `pending` and `sending` are the same to a reader: not on the network yet; a look at a comment
 * whose files are processed (`sending` with its poll token) is still `processing` to a reader.
 */
function firstCommentOf(t: TargetRow): FirstCommentView | null {
  if (t.firstCommentState === null) return null;
  const state = t.firstCommentState === "sending" ? (t.firstCommentPollToken === null ? "pending" : "processing") : t.firstCommentState;
  return { state, id: t.firstCommentId, url: t.firstCommentUrl, media: t.firstCommentMedia ?? [], error: (t.firstCommentError as TargetError | null) ?? null };
}

/** The one serialiser for posts (API responses and `post.*` events alike). */
export function toPostView(post: PostRow, targets: TargetRow[], profileUsername: string | null, items: readonly ThreadItemRow[] = []): PostView {
  return {
    id: post.id,
    state: post.state,
    text: post.text,
    textOverrides: post.textOverrides,
    media: post.media,
    mediaAlt: post.mediaAlt,
    mediaOverrides: post.mediaOverrides,
    mediaAltOverrides: post.mediaAltOverrides,
    platformOptions: post.platformOptions,
    profile: profileUsername,
    scheduledAt: iso(post.scheduledAt),
    timezone: post.timezone,
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
    publishedAt: iso(post.publishedAt),
    approval: post.approval ?? null,
    series: post.seriesId ?? null,
    firstComment: post.firstComment ?? null,
    ...chainOf(targets, items),
    targets: targets.map((t) => ({
      account: t.accountId,
      platform: t.platform,
      handle: t.handle,
      state: t.state,
      networkPostId: t.networkPostId,
      url: t.url,
      error: (t.error as TargetError | null) ?? null,
      warnings: (t.warnings as TargetError[] | null) ?? [],
      publishedAt: iso(t.publishedAt),
      credits: t.credits,
      ...threadOf(t.id, items),
      firstComment: firstCommentOf(t),
    })),
  };
}

function threadOf(targetId: string, items: readonly ThreadItemRow[]): { thread?: ThreadItemView[] } {
  const own = items.filter((item) => item.targetId === targetId);
  return own.length > 0 ? { thread: own.map(toThreadItemView) } : {};
}

/**
 * The post's chain as asked: every target that takes it carries the same items (a target refused
 * when created has none), so the first target holding items gives the request's `thread`.
 */
function chainOf(targets: readonly TargetRow[], items: readonly ThreadItemRow[]): { thread?: ThreadItemRequest[] } {
  const holder = targets.find((t) => items.some((item) => item.targetId === t.id));
  if (!holder) return {};
  return {
    thread: items
      .filter((item) => item.targetId === holder.id)
      .sort((x, y) => x.position - y.position)
      .map((item) => ({ text: item.text, media: item.media, mediaAlt: item.mediaAlt })),
  };
}
