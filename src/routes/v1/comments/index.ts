import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { listPostComments } from "../../../domain/inbox/index.js";
import { deleteComment, hideComment, replyToComment } from "../../../domain/inbox/index.js";
import type { AppEnv } from "../../../http/context.js";
import { validate } from "../../../http/validate.js";
import type { ErrorCode } from "../../../infra/error-catalogue.js";
import { errorResponses, idempotencyHeader, jsonResponse, security } from "../../openapi-helpers.js";
import { CommentIdParam, CommentListSchema, DeleteCommentBody, DeleteResultSchema, HideCommentBody, HideResultSchema, ListCommentsQuery, PostIdParam, ReplyBody, ReplyResultSchema } from "./schema.js";

const tags = ["Inbox"];
/** What a write on the account's network can answer, besides the route's own codes. */
const networkWriteCodes: ErrorCode[] = ["body_not_json", "comment_id_required", "account_unknown", "comment_not_found", "needs_reauth", "missing_scope", "platform_rejected", "platform_unavailable"];
const idNote = "`{id}` is the network's own comment id as listed by GET /v1/posts/{id}/comments, percent-encoded (Bluesky ids are `at://` URIs).";

export const commentRoutes = new Hono<AppEnv>()
  .get(
    "/posts/:id/comments",
    describeRoute({
      operationId: "listPostComments",
      tags,
      summary: "Comments on a post, across its networks",
      description:
        "The comments on every published target of one of your posts, newest first, merged across networks. Targets that failed or were never sent are not read. Each network is read in parallel with its own timeout; a network without comments (`capability_unsupported`), a connection to renew (`needs_reauth`) or a timeout is a `problems` entry and the others still answer. With `nested=true` each comment carries its thread in `replies`, as deep as the network goes (`comments.nested` in GET /v1/platforms). Another workspace's post is 404.",
      security,
      responses: {
        200: jsonResponse(CommentListSchema, "A page of comments and the targets that could not be read."),
        ...errorResponses(["resource_not_found", "cursor_invalid"]),
      },
    }),
    validate("param", PostIdParam),
    validate("query", ListCommentsQuery),
    async (c) => c.json(await listPostComments({ ctx: c.get("ctx"), input: { ...c.req.valid("query"), id: c.req.valid("param").id } })),
  )
  .post(
    "/comments/:id/hide",
    describeRoute({
      operationId: "hideComment",
      tags,
      summary: "Hide or unhide a comment",
      description: `Hides a comment on one of the account's posts (\`hidden: false\` shows it again). ${idNote} A network that cannot hide comments answers 400 \`comment_hide_unsupported\`; an error means the comment is still visible. On Bluesky a hidden reply goes into the \`hiddenReplies\` of the thread's threadgate (its reply rules are kept; hiding twice, or showing a reply that is not hidden, changes nothing): only replies in threads the account started can be hidden (422 \`comment_thread_not_own\` otherwise), at most 300 per thread (422 \`comment_hide_limit\`).`,
      security,
      parameters: [idempotencyHeader],
      responses: {
        200: jsonResponse(HideResultSchema, "The comment is hidden (or visible again)."),
        ...errorResponses(["comment_hide_unsupported", "comment_thread_not_own", "comment_hide_limit", ...networkWriteCodes]),
      },
    }),
    validate("param", CommentIdParam),
    validate("json", HideCommentBody),
    async (c) => c.json(await hideComment({ ctx: c.get("ctx"), input: { ...c.req.valid("json"), id: c.req.valid("param").id } })),
  )
  .delete(
    "/comments/:id",
    describeRoute({
      operationId: "deleteComment",
      tags,
      summary: "Delete a comment",
      description: `Deletes a comment permanently; an error means it is still there. ${idNote} Networks that let an account delete only what it wrote (X, Bluesky) answer 422 \`comment_not_own\` for someone else's comment; a network without deletion answers 400 \`comment_delete_unsupported\`. A review id deletes the account's reply to the review.`,
      security,
      parameters: [idempotencyHeader],
      responses: {
        200: jsonResponse(DeleteResultSchema, "The comment is gone."),
        ...errorResponses(["comment_delete_unsupported", "comment_not_own", ...networkWriteCodes]),
      },
    }),
    validate("param", CommentIdParam),
    validate("json", DeleteCommentBody),
    async (c) => c.json(await deleteComment({ ctx: c.get("ctx"), input: { ...c.req.valid("json"), id: c.req.valid("param").id } })),
  )
  .post(
    "/comments/:id/replies",
    describeRoute({
      operationId: "replyToComment",
      tags,
      summary: "Answer a comment as the account",
      description: `Posts \`text\` as the account's answer to the comment. ${idNote} Free, except on X where a reply costs one credit like a post (402 \`entitlement_exceeded\` when none is left; a reply X refuses gives it back). Send an Idempotency-Key: a retry with the same key answers the first reply again and is never charged twice. The answer is marked \`own\` in comment lists and never arrives as comment.received. A review id posts (or replaces) the reply to the review.`,
      security,
      parameters: [idempotencyHeader],
      responses: {
        200: jsonResponse(ReplyResultSchema, "The answer was posted."),
        ...errorResponses([
          "capability_unsupported",
          "text_too_long",
          "entitlement_exceeded",
          "agent_grant_daily_credits",
          "agent_grant_purchased_credits",
          "duplicate_post",
          "idempotency_in_progress",
          "idempotency_key_reused",
          "idempotency_key_invalid",
          ...networkWriteCodes,
        ]),
      },
    }),
    validate("param", CommentIdParam),
    validate("json", ReplyBody),
    async (c) => c.json(await replyToComment({ ctx: c.get("ctx"), input: { ...c.req.valid("json"), id: c.req.valid("param").id } })),
  );
