import * as v from "valibot";
import { deleteComment, hideComment } from "../../domain/inbox/index.js";
import { CommentIdParam, DeleteCommentBody, DeleteResultSchema, HideCommentBody, HideResultSchema } from "../../routes/v1/comments/schema.js";
import { defineTool } from "../tool.js";

const commentId = v.pipe(CommentIdParam.entries.id, v.description("The comment's `id` as `list_comments` gives it (the network's own id; an `at://` URI on Bluesky)."));

/** Moderating the comments under the account's posts: the REST routes POST /v1/comments/{id}/hide and DELETE /v1/comments/{id}. */
export const commentModerationTools = [
  defineTool({
    name: "hide_comment",
    action: "reply_and_message",
    title: "Hide or show a comment",
    description:
      "Hides a comment under one of the account's posts, or shows it again with `hidden: false` (POST /v1/comments/{id}/hide). Networks that cannot hide answer `comment_hide_unsupported`; on Bluesky only replies in threads the account started (`comment_thread_not_own`). Hiding twice changes nothing.",
    input: v.strictObject({ id: commentId, ...HideCommentBody.entries }),
    output: HideResultSchema,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    run: async ({ ctx }, input) => hideComment({ ctx, input }),
  }),
  defineTool({
    name: "delete_comment",
    action: "delete",
    title: "Delete a comment",
    description:
      "Deletes a comment for good (DELETE /v1/comments/{id}); an error means it is still there. X and Bluesky delete only what the account wrote (`comment_not_own`); networks without deletion answer `comment_delete_unsupported`.",
    input: v.strictObject({ id: commentId, ...DeleteCommentBody.entries }),
    output: DeleteResultSchema,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
    run: async ({ ctx }, input) => deleteComment({ ctx, input }),
  }),
];
