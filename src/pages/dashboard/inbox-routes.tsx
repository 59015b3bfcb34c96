import { Hono } from "hono";
import * as v from "valibot";
import { listPostComments } from "../../domain/inbox/index.js";
import { deleteComment, hideComment, replyToComment } from "../../domain/inbox/index.js";
import { markNotificationsSeen } from "../../domain/inbox/index.js";
import { listNotifications } from "../../domain/inbox/index.js";
import { listConversations } from "../../domain/inbox/index.js";
import { parseConversationId } from "../../domain/inbox/index.js";
import { listConversationMessages } from "../../domain/inbox/index.js";
import { sendConversationMessage } from "../../domain/inbox/index.js";
import { listPosts, requirePost } from "../../domain/publishing/index.js";
import { ApiError } from "../../infra/errors.js";
import { CommentsPage } from "./comments-page.js";
import { type DashboardEnv, field } from "./dashboard-env.js";
import { ctxOf, frameOf, noticeOf } from "./frame.js";
import { CommentPostsPage, ConversationPage, ConversationsPage, NotificationsPage } from "./inbox-page.js";

const PAGE = 50;
const Cursor = v.optional(v.pipe(v.string(), v.maxLength(1024)));

function cursorOf(value: string | undefined): string | undefined {
  const parsed = v.safeParse(Cursor, value === "" ? undefined : value);
  if (!parsed.success) throw new ApiError("field_invalid", { param: "cursor", message: "The cursor in the address is not one this page accepts." });
  return parsed.output;
}

const nextHref = (path: string, cursor: string | null) => (cursor ? `${path}?cursor=${encodeURIComponent(cursor)}` : null);

/** A form's required text field; missing is the spec's `field_required`, before any network is called. */
function required(value: string | undefined, param: string): string {
  if (value === undefined || value.trim() === "") throw new ApiError("field_required", { param, message: `Fill in ${param}.` });
  return value;
}

/** Where a moderation form returns: its post's comments, once the post is known to be the caller's. */
async function backToComments(c: Parameters<typeof ctxOf>[0], done: string): Promise<Response> {
  const post = await requirePost(ctxOf(c), required(field(c, "post"), "post"));
  return c.redirect(`/dashboard/posts/${post.id}/comments?done=${done}`, 303);
}

/**
 * The inbox: notifications (with mark seen), direct-message conversations with the reply window,
 * and comments per post with reply, hide and delete, over the same domain functions as
 * /v1/notifications, /v1/conversations and /v1/comments. Networks that cannot answer, or failed,
 * are listed beside the results; a refused action shows its code and fix on the error page.
 */
export const inboxRoutes = new Hono<DashboardEnv>()
  .get("/dashboard/inbox", async (c) => {
    const page = await listNotifications({ ctx: ctxOf(c), input: { cursor: cursorOf(c.req.query("cursor")), limit: PAGE } });
    return c.html(<NotificationsPage frame={frameOf(c)} items={page.items} problems={page.problems} next={nextHref("/dashboard/inbox", page.cursor)} />);
  })
  .post("/dashboard/inbox/seen", async (c) => {
    const ctx = ctxOf(c);
    const seen = await markNotificationsSeen({ ctx, input: {} });
    const page = await listNotifications({ ctx, input: { limit: PAGE } });
    return c.html(<NotificationsPage frame={frameOf(c)} items={page.items} problems={page.problems} next={nextHref("/dashboard/inbox", page.cursor)} seen={seen} />);
  })
  .get("/dashboard/inbox/conversations", async (c) => {
    const ctx = ctxOf(c);
    const page = await listConversations({ ctx, input: { cursor: cursorOf(c.req.query("cursor")), limit: PAGE } });
    const next = nextHref("/dashboard/inbox/conversations", page.cursor);
    return c.html(<ConversationsPage frame={frameOf(c)} items={page.items} problems={page.problems} next={next} now={ctx.clock.now()} />);
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
    await sendConversationMessage({
      ctx: ctxOf(c),
      input: { id, account: required(field(c, "account"), "account"), text: required(field(c, "text"), "text"), humanAgent: field(c, "humanAgent") === "1" },
    });
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
    await replyToComment({ ctx: ctxOf(c), input: { id: c.req.param("id"), account: required(field(c, "account"), "account"), text: required(field(c, "text"), "text") } });
    return backToComments(c, "replied");
  })
  .post("/dashboard/comments/:id/hide", async (c) => {
    const hidden = field(c, "hidden");
    if (hidden !== "true" && hidden !== "false") throw new ApiError("field_invalid", { param: "hidden", message: "Choose hide or unhide." });
    await hideComment({ ctx: ctxOf(c), input: { id: c.req.param("id"), account: required(field(c, "account"), "account"), hidden: hidden === "true" } });
    return backToComments(c, hidden === "true" ? "hidden" : "unhidden");
  })
  .post("/dashboard/comments/:id/delete", async (c) => {
    await deleteComment({ ctx: ctxOf(c), input: { id: c.req.param("id"), account: required(field(c, "account"), "account") } });
    return backToComments(c, "comment_deleted");
  });
