import type { NetworkActor, NetworkComment } from "../../../networks/facets/inbox.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import { adapterFor } from "../../../networks/registry.js";
import type { DomainContext } from "../../core/index.js";
import { postWithPublishedTargets } from "./comment-targets.js";
import { callWithinBudget, type ReadProblem, spanningRead } from "../../accounts/index.js";
import type { SocialAccountRow } from "../../accounts/index.js";

export interface Comment {
  id: string;
  account: string;
  platform: PlatformId;
  postId: string;
  networkPostId: string;
  parentId: string | null;
  author: NetworkActor & { platform: PlatformId };
  text: string;
  createdAt: string;
  hidden: boolean | null;
  own: boolean;
  likeCount: number | null;
  replyCount: number | null;
  replies?: Comment[];
}

/** How deep a nested read follows answers to answers on networks that need one call per level. */
const MAX_DEPTH = 4;
/** Answers read per comment and level; a longer branch shows its `replyCount`. */
const REPLIES_PER_COMMENT = 50;

/**
 * Follows answers to answers one level at a time, for networks whose comment list holds the top
 * level only: every call has the read's own time budget, and a failed branch is a `problems`
 * entry while the rest of the page stands.
 */
async function fillReplies(ctx: DomainContext, row: SocialAccountRow, networkPostId: string, comments: NetworkComment[], problems: ReadProblem[], depth: number): Promise<void> {
  const inbox = adapterFor(row.platform).inbox;
  const read = inbox?.listCommentReplies?.bind(inbox);
  if (!read || depth > MAX_DEPTH) return;
  const open = comments.filter((c) => c.replies === undefined && c.replyCount !== 0);
  await Promise.all(
    open.map(async (comment) => {
      const outcome = await callWithinBudget(ctx, row, (tokens, net) => read(tokens, { commentId: comment.id, networkPostId, networkUserId: row.networkUserId, limit: REPLIES_PER_COMMENT }, net));
      if (!outcome.ok) {
        problems.push({ ...outcome.problem, message: `Answers to ${comment.id}: ${outcome.problem.message}` });
        return;
      }
      comment.replies = outcome.value;
      await fillReplies(ctx, row, networkPostId, outcome.value, problems, depth + 1);
    }),
  );
  // Answers already in the thread (Bluesky) may hold deeper levels the network cut off.
  await Promise.all(comments.filter((c) => !open.includes(c) && c.replies?.length).map((c) => fillReplies(ctx, row, networkPostId, c.replies ?? [], problems, depth + 1)));
}

function toComment(item: NetworkComment, row: SocialAccountRow, postId: string, networkPostId: string, nested: boolean): Comment {
  const platform = row.platform;
  return {
    id: item.id,
    account: row.id,
    platform,
    postId,
    networkPostId,
    parentId: item.parentId,
    author: { ...item.author, platform },
    text: item.text,
    createdAt: item.createdAt,
    hidden: item.hidden,
    own: item.own,
    likeCount: item.likeCount,
    replyCount: item.replyCount,
    ...(nested ? { replies: (item.replies ?? []).map((r) => toComment(r, row, postId, networkPostId, true)) } : {}),
  };
}

/**
 * GET /v1/posts/{id}/comments: the comments on every published target of one of the workspace's
 * posts, merged newest first by the spanning-read helper. Targets that never went out are not
 * read; a network without comments, or an account to reconnect, is a `problems` entry. With
 * `nested`, answers come along as `replies`, as deep as the network lets Chorus read.
 */
export async function listPostComments({
  ctx,
  input,
}: {
  ctx: DomainContext;
  input: { id: string; nested: boolean; cursor?: string | undefined; limit: number };
}): Promise<{ items: Comment[]; cursor: string | null; problems: ReadProblem[] }> {
  const { post, targets } = await postWithPublishedTargets(ctx, input.id);
  const networkPostOf = new Map(targets.map((t) => [t.row.id, t.networkPostId]));
  const page = await spanningRead<NetworkComment>({
    ctx,
    input: {
      list: `comments ${post.id} ${input.nested ? "nested" : "top"}`,
      feature: "comments",
      account: undefined,
      accounts: targets.map((t) => t.row),
      cursor: input.cursor,
      limit: input.limit,
      pick: (adapter, row) => {
        const inbox = adapter.inbox;
        const list = inbox?.listComments?.bind(inbox);
        const networkPostId = networkPostOf.get(row.id);
        if (!list || networkPostId === undefined) return undefined;
        return (tokens, request, net) => list(tokens, { ...request, networkPostId, nested: input.nested }, net);
      },
    },
  });
  const problems = [...page.problems];
  if (input.nested) {
    const byAccount = new Map<string, { row: SocialAccountRow; comments: NetworkComment[] }>();
    for (const { account, item } of page.items) {
      const entry = byAccount.get(account.id) ?? { row: account, comments: [] };
      entry.comments.push(item);
      byAccount.set(account.id, entry);
    }
    await Promise.all([...byAccount.values()].map(({ row, comments }) => fillReplies(ctx, row, networkPostOf.get(row.id) ?? "", comments, problems, 1)));
  }
  const items = page.items.map(({ account, item }) => toComment(item, account, post.id, networkPostOf.get(account.id) ?? "", input.nested));
  return { items, cursor: page.cursor, problems };
}
