import type { Context } from "hono";
import { Hono } from "hono";
import * as v from "valibot";
import { listPostComments } from "../../domain/inbox/index.js";
import { deleteComment, hideComment, replyToComment } from "../../domain/inbox/index.js";
import { markNotificationsSeen } from "../../domain/inbox/index.js";
import { listNotifications } from "../../domain/inbox/index.js";
import { type Conversation, type MarkSeenResult, listConversations } from "../../domain/inbox/index.js";
import { parseConversationId } from "../../domain/inbox/index.js";
import { listConversationMessages } from "../../domain/inbox/index.js";
import { sendConversationMessage } from "../../domain/inbox/index.js";
import { listPosts, requirePost } from "../../domain/publishing/index.js";
import { ApiError } from "../../infra/errors.js";
import { DeleteCommentBody, HideCommentBody, ReplyBody } from "../../routes/v1/comments/schema.js";
import { SendMessageBody } from "../../routes/v1/conversations/schema.js";
import { formBody } from "./form-body.js";
import { onceForForm } from "./form-once.js";
import { CommentsPage } from "./comments-page.js";
import { type DashboardEnv, field } from "./dashboard-env.js";
import { ctxOf, frameOf, noticeOf } from "./frame.js";
import { CommentPostsPage, ConversationPage, type ConversationPreview, ConversationsPage, NotificationsPage } from "./inbox-page.js";

const PAGE = 50;
const Cursor = v.optional(v.pipe(v.string(), v.maxLength(1024)));

function cursorOf(value: string | undefined): string | undefined {
  const parsed = v.safeParse(Cursor, value === "" ? undefined : value);
  if (!parsed.success) throw new ApiError("field_invalid", { param: "cursor", message: "The cursor in the address is not one this page accepts." });
  return parsed.output;
}

const nextHref = (path: string, cursor: string | null) => (cursor ? `${path}?cursor=${encodeURIComponent(cursor)}` : null);

/**
 * A form's required text field; missing is the spec's `field_required`, before any network is
 * called. The API's schema then reads the body (form-body.ts): its limits and trimming apply here too.
 */
function required(value: string | undefined, param: string): string {
  if (value === undefined || value.trim() === "") throw new ApiError("field_required", { param, message: `Fill in ${param}.` });
  return value;
}

/** Where a moderation form returns: its post's comments, once the post is known to be the caller's. */
async function backToComments(c: Parameters<typeof ctxOf>[0], done: string): Promise<Response> {
  const post = await requirePost(ctxOf(c), required(field(c, "post"), "post"));
  return c.redirect(`/dashboard/posts/${post.id}/comments?done=${done}`, 303);
}

/** Conversations whose last message is read for the list (one network read each): the newest few. */
const PREVIEWS = 10;

/** Each conversation with its last message, for the first few; a read that fails leaves the preview out, never the conversation. */
async function withPreviews(c: Context<DashboardEnv>, items: Conversation[]): Promise<ConversationPreview[]> {
  const ctx = ctxOf(c);
  return Promise.all(
    items.map(async (conversation, i) => {
      if (i >= PREVIEWS) return { conversation, last: null };
      const read = await listConversationMessages({ ctx, input: { id: conversation.id, limit: 1 } }).catch((error: unknown) => {
        if (error instanceof ApiError && error.status < 500) return null;
        throw error;
      });
      const last = read ? ([...read.items].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0] ?? null) : null;
      return { conversation, last };
    }),
  );
}

/**
 * Notifications and conversations read together (the same functions as GET /v1/notifications and
 * GET /v1/conversations); an account either read could not cover is named once. Older pages
 * continue the notifications; conversations have their own tab.
 */
async function allActivity(c: Context<DashboardEnv>, cursor: string | undefined, seen?: MarkSeenResult) {
  const ctx = ctxOf(c);
  const [notifications, talks] = await Promise.all([listNotifications({ ctx, input: { cursor, limit: PAGE } }), cursor ? null : listConversations({ ctx, input: { limit: PAGE } })]);
  const problems = [...notifications.problems];
  for (const p of talks?.problems ?? []) if (!problems.some((q) => q.account === p.account && q.code === p.code)) problems.push(p);
  return (
    <NotificationsPage
      frame={frameOf(c)}
      items={notifications.items}
      conversations={talks ? await withPreviews(c, talks.items) : []}
      problems={problems}
      next={nextHref("/dashboard/inbox", notifications.cursor)}
      now={ctx.clock.now()}
      seen={seen}
    />
  );
}

/**
 * The inbox: every account's notifications and conversations in one list (with mark seen), the
 * conversations with their reply window, and comments per post with reply, hide and delete, over
 * the same domain functions as /v1/notifications, /v1/conversations and /v1/comments. Networks
 * that cannot answer are one short notice; a refused action shows its fix on the error page.
 */
export const inboxRoutes = new Hono<DashboardEnv>()
  .get("/dashboard/inbox", async (c) => c.html(await allActivity(c, cursorOf(c.req.query("cursor")))))
  .post("/dashboard/inbox/seen", async (c) => {
    const seen = await markNotificationsSeen({ ctx: ctxOf(c), input: {} });
    return c.html(await allActivity(c, undefined, seen));
  })
  .get("/dashboard/inbox/conversations", async (c) => {
    const ctx = ctxOf(c);
    const page = await listConversations({ ctx, input: { cursor: cursorOf(c.req.query("cursor")), limit: PAGE } });
    const next = nextHref("/dashboard/inbox/conversations", page.cursor);
    return c.html(<ConversationsPage frame={frameOf(c)} items={await withPreviews(c, page.items)} problems={page.problems} next={next} now={ctx.clock.now()} />);
  })
  .get("/dashboard/inbox/conversations/:id", async (c) => {
    const id = c.req.param("id");
    const page = await listConversationMessages({ ctx: ctxOf(c), input: { id, limit: PAGE } });
    // The id names its account (checked in the caller's workspace by the read above).
    const account = parseConversationId(id).account;
    const platform = page.items[0]?.platform ?? "";
    return c.html(<ConversationPage frame={frameOf(c)} id={id} account={account} platform={platform} messages={page.items} notice={noticeOf(c)} />);
  })
  .post("/dashboard/inbox/conversations/:id/reply", async (c) => {
    const id = c.req.param("id");
    const body = formBody(SendMessageBody, { account: required(field(c, "account"), "account"), text: required(field(c, "text"), "text"), humanAgent: field(c, "humanAgent") === "1" });
    await onceForForm(c, { path: `/dashboard/inbox/conversations/${encodeURIComponent(id)}/reply`, body }, () => sendConversationMessage({ ctx: ctxOf(c), input: { id, ...body } }), 200);
    return c.redirect(`/dashboard/inbox/conversations/${encodeURIComponent(id)}?done=message_sent`, 303);
  })
  .get("/dashboard/inbox/comments", async (c) => {
    const page = await listPosts({ ctx: ctxOf(c), input: { state: "published", limit: PAGE } });
    return c.html(<CommentPostsPage frame={frameOf(c)} posts={page.items} />);
  })
  .get("/dashboard/posts/:id/comments", async (c) => {
    const id = c.req.param("id");
    const page = await listPostComments({ ctx: ctxOf(c), input: { id, nested: true, cursor: cursorOf(c.req.query("cursor")), limit: PAGE } });
    const next = nextHref(`/dashboard/posts/${encodeURIComponent(id)}/comments`, page.cursor);
    return c.html(<CommentsPage frame={frameOf(c)} postId={id} items={page.items} problems={page.problems} next={next} notice={noticeOf(c)} />);
  })
  .post("/dashboard/comments/:id/reply", async (c) => {
    const id = c.req.param("id");
    const body = formBody(ReplyBody, { account: required(field(c, "account"), "account"), text: required(field(c, "text"), "text") });
    // A reply can cost a credit (X): a double click must not reply or charge twice.
    await onceForForm(c, { path: `/dashboard/comments/${encodeURIComponent(id)}/reply`, body }, () => replyToComment({ ctx: ctxOf(c), input: { id, ...body } }), 200);
    return backToComments(c, "replied");
  })
  .post("/dashboard/comments/:id/hide", async (c) => {
    const hidden = field(c, "hidden");
    if (hidden !== "true" && hidden !== "false") throw new ApiError("field_invalid", { param: "hidden", message: "Choose hide or unhide." });
    const body = formBody(HideCommentBody, { account: required(field(c, "account"), "account"), hidden: hidden === "true" });
    await hideComment({ ctx: ctxOf(c), input: { id: c.req.param("id"), ...body } });
    return backToComments(c, hidden === "true" ? "hidden" : "unhidden");
  })
  .post("/dashboard/comments/:id/delete", async (c) => {
    await deleteComment({ ctx: ctxOf(c), input: { id: c.req.param("id"), ...formBody(DeleteCommentBody, { account: required(field(c, "account"), "account") }) } });
    return backToComments(c, "comment_deleted");
  });
