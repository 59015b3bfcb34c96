import * as v from "valibot";
import { platformIds } from "../../../networks/registry.js";
import { cursorQuery, documentAs, limitQuery, named, namedBody } from "../../openapi-helpers.js";
import { ReadProblemSchema } from "../notifications/schema.js";

const accountField = v.pipe(
  v.string(),
  v.regex(/^acc_[A-Za-z0-9_-]{1,60}$/, "must be an `acc_` id"),
  v.description("The connection the post (and so the comment) is on: the `account` of the comment in GET /v1/posts/{id}/comments."),
);

export const ListCommentsQuery = v.strictObject({
  nested: v.pipe(
    v.optional(v.picklist(["true", "false"]), "false"),
    v.transform((value) => value === "true"),
    v.description(
      "`true`: each comment carries `replies`, the whole thread below it, as deep as the network lets Chorus read (`comments.nested` in GET /v1/platforms); networks that cannot go deeper answer the top level with empty `replies`.",
    ),
  ),
  cursor: cursorQuery,
  limit: limitQuery(),
});

export const PostIdParam = v.object({ id: v.pipe(v.string(), v.maxLength(64)) });
/** Network comment ids are opaque and may hold `/` and `:` (Bluesky's `at://` URIs): percent-encode them in the path. */
export const CommentIdParam = v.object({ id: v.pipe(v.string(), v.maxLength(1000)) });

export const HideCommentBody = namedBody(
  "HideCommentRequest",
  v.strictObject({
    account: accountField,
    hidden: v.pipe(v.optional(v.boolean(), true), v.description("`false` makes a hidden comment visible again.")),
  }),
  { account: "acc_7Hq2xWm9Lr4Tb8Zc", hidden: true },
);

export const DeleteCommentBody = namedBody("DeleteCommentRequest", v.strictObject({ account: accountField }), { account: "acc_7Hq2xWm9Lr4Tb8Zc" });

export const ReplyBody = namedBody(
  "CommentReplyRequest",
  v.strictObject({
    account: accountField,
    text: v.pipe(v.string(), v.trim(), v.minLength(1, "must not be empty"), v.maxLength(10_000), v.description("The answer, posted as the account.")),
  }),
  { account: "acc_7Hq2xWm9Lr4Tb8Zc", text: "Thank you!" },
);

const platform = v.picklist(platformIds);

interface CommentShape {
  id: string;
  account: string;
  platform: (typeof platformIds)[number];
  postId: string;
  networkPostId: string;
  parentId: string | null;
  author: { id: string; handle: string; displayName: string | null; avatarUrl: string | null; url: string | null; platform: (typeof platformIds)[number] };
  text: string;
  createdAt: string;
  hidden: boolean | null;
  own: boolean;
  likeCount: number | null;
  replyCount: number | null;
  replies?: CommentShape[];
}

const CommentAuthor = v.object({
  id: v.pipe(v.string(), v.description("The network's own user id (a DID on Bluesky).")),
  handle: v.string(),
  displayName: v.nullable(v.string()),
  avatarUrl: v.nullable(v.string()),
  url: v.nullable(v.string()),
  platform,
});

const CommentFields = v.object({
  id: v.pipe(v.string(), v.description("The network's own comment id, passed through: what hide, delete and replies take (percent-encoded in the path).")),
  account: v.pipe(v.string(), v.description("`acc_…` the post was published on; send it as `account` to moderate this comment.")),
  platform,
  postId: v.pipe(v.string(), v.description("The Chorus `post_` id.")),
  networkPostId: v.string(),
  parentId: v.pipe(v.nullable(v.string()), v.description("The comment this one answers; null for a comment on the post itself.")),
  author: CommentAuthor,
  text: v.string(),
  createdAt: v.pipe(v.string(), v.description("ISO 8601 UTC.")),
  hidden: v.pipe(v.nullable(v.boolean()), v.description("Hidden by the account; null where the network does not say (X).")),
  own: v.pipe(v.boolean(), v.description("Written by the connected account itself (a reply made through Chorus or in the network's app); never delivered as comment.received.")),
  likeCount: v.pipe(v.nullable(v.number()), v.description("Null where the network does not publish it.")),
  replyCount: v.pipe(v.nullable(v.number()), v.description("Null where the network does not publish it.")),
});

/**
 * The same record one level down, so a thread is a tree of comments: documented as a `$ref` to
 * `Comment` (a recursive valibot schema would add an unnamed copy to the document). Response
 * schemas only document answers; the validating proxy checks each level against the `$ref`.
 */
const CommentBelow = documentAs(
  v.custom<CommentShape>((value) => typeof value === "object" && value !== null),
  "Comment",
);
const CommentSchemaBase: v.GenericSchema<CommentShape> = v.object({
  ...CommentFields.entries,
  replies: v.pipe(v.optional(v.array(CommentBelow)), v.description("Only with `nested=true`: the answers, newest first, each with its own `replies`.")),
});

const exampleComment: CommentShape = {
  id: "at://did:plc:4fz3jmkx2ksr7v6tqy5kuwiz/app.bsky.feed.post/3lbq6a2xk7c2a",
  account: "acc_7Hq2xWm9Lr4Tb8Zc",
  platform: "bluesky",
  postId: "post_Vd8kQ2nR5tYw3Lz9",
  networkPostId: "at://did:plc:w3m6q2x7kbyv5tzr4hnd2lsa/app.bsky.feed.post/3lbq5zmmwq22e",
  parentId: null,
  author: { id: "did:plc:4fz3jmkx2ksr7v6tqy5kuwiz", handle: "carol.example.com", displayName: "Carol", avatarUrl: null, url: "https://bsky.app/profile/carol.example.com", platform: "bluesky" },
  text: "Congratulations!",
  createdAt: "2026-03-02T10:15:00.000Z",
  hidden: false,
  own: false,
  likeCount: 2,
  replyCount: 0,
};

export const CommentSchema = named("Comment", CommentSchemaBase, exampleComment);

export const CommentListSchema = named(
  "CommentList",
  v.object({
    items: v.array(CommentSchema),
    cursor: v.pipe(v.nullable(v.string()), v.description("Opaque; null at the end. Holds a position per network.")),
    problems: v.pipe(v.array(ReadProblemSchema), v.description("Every target that could not be read for this page, and why (`capability_unsupported` for a network without comments).")),
  }),
);

export const HideResultSchema = named("CommentHidden", v.object({ account: v.string(), platform, hidden: v.boolean(), ok: v.literal(true) }), {
  account: "acc_7Hq2xWm9Lr4Tb8Zc",
  platform: "twitter",
  hidden: true,
  ok: true,
});
export const DeleteResultSchema = named("CommentDeleted", v.object({ account: v.string(), platform, ok: v.literal(true) }), { account: "acc_7Hq2xWm9Lr4Tb8Zc", platform: "bluesky", ok: true });
export const ReplyResultSchema = named(
  "CommentReply",
  v.object({
    account: v.string(),
    platform,
    id: v.pipe(v.string(), v.description("The network's id of the answer; it is a comment like any other (delete it with DELETE /v1/comments/{id}).")),
    ok: v.literal(true),
  }),
  { account: "acc_7Hq2xWm9Lr4Tb8Zc", platform: "twitter", id: "1899123456789012345", ok: true },
);
