import * as v from "valibot";
import { listPostComments } from "../../domain/inbox/index.js";
import { replyToComment } from "../../domain/inbox/index.js";
import { listNotifications } from "../../domain/inbox/index.js";
import { CommentIdParam, CommentListSchema, ReplyBody, ReplyResultSchema } from "../../routes/v1/comments/schema.js";
import { ListNotificationsQuery, NotificationListSchema } from "../../routes/v1/notifications/schema.js";
import { defineTool, readOnly } from "../tool.js";
import { idempotencyKeyArgument, writeWithKey } from "./keyed-create.js";
import { idArgument, pageArguments } from "./list-arguments.js";

const ReplyArguments = v.strictObject({
  // A blank id is left to the domain, which answers the spec's `comment_id_required` as the REST route does.
  id: v.pipe(CommentIdParam.entries.id, v.description("The comment's `id` as `list_comments` gives it (the network's own id; an `at://` URI on Bluesky).")),
  ...ReplyBody.entries,
  idempotencyKey: idempotencyKeyArgument(
    "Works exactly like the REST Idempotency-Key header: repeating the call with the same key, comment and text within 24 hours returns the first answer, posts nothing again and is never charged twice.",
  ),
});

export const inboxTools = [
  defineTool({
    name: "list_notifications",
    action: "read",
    title: "Notifications across networks",
    description:
      "Likes, replies, mentions, follows, reposts and quotes of every connected account (or of `account`), newest first (GET /v1/notifications). A network that timed out, needs reauthorising or has no notifications is a `problems` entry; the others still answer.",
    input: v.strictObject({ account: ListNotificationsQuery.entries.account, ...pageArguments }),
    output: NotificationListSchema,
    annotations: readOnly,
    run: async ({ ctx }, input) => listNotifications({ ctx, input }),
  }),
  defineTool({
    name: "list_comments",
    action: "read",
    title: "Comments on a post",
    description:
      "The comments on every published target of one of your posts, newest first, across networks (GET /v1/posts/{id}/comments). `nested: true` adds each comment's thread in `replies`. Networks without comments or to reconnect are `problems` entries. Each comment's `id` and `account` are what `reply_to_comment` takes.",
    input: v.strictObject({
      id: idArgument("The post's `post_…` id."),
      nested: v.pipe(v.optional(v.boolean(), false), v.description("`true`: each comment carries its whole thread in `replies`, as deep as the network goes.")),
      ...pageArguments,
    }),
    output: CommentListSchema,
    annotations: readOnly,
    run: async ({ ctx }, input) => listPostComments({ ctx, input }),
  }),
  defineTool({
    name: "reply_to_comment",
    action: "reply_and_message",
    title: "Answer a comment",
    description:
      "Posts `text` as the account's answer to a comment (POST /v1/comments/{id}/replies). Free, except on X where a reply costs one credit like a post (`entitlement_exceeded` when none is left; a reply X refuses gives it back). Send `idempotencyKey` so a retry never replies or charges twice.",
    input: ReplyArguments,
    output: ReplyResultSchema,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    run: async (call, input, raw) => {
      const { idempotencyKey, id, ...body } = input;
      const reply = () => replyToComment({ ctx: call.ctx, input: { id, ...body } });
      if (idempotencyKey === undefined) return reply();
      // The fingerprint is the REST request's: its path names the comment, its body the rest as sent.
      const { idempotencyKey: _key, id: _id, ...sent } = raw;
      return writeWithKey(call, { key: idempotencyKey, path: `/v1/comments/${encodeURIComponent(id)}/replies`, body: sent }, reply, 200);
    },
  }),
];
