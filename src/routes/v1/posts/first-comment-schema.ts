import * as v from "valibot";

/** A first comment as a request gives it (and as GET /v1/posts/{id} returns it, to edit). */
export const FirstCommentObject = v.strictObject({
  text: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, "must not be empty"),
    v.maxLength(65_000),
    v.description("The comment's text, counted the network's way (the limit is in the description of `platformOptions.<network>.firstComment`)."),
  ),
  media: v.pipe(
    v.optional(v.pipe(v.array(v.pipe(v.string(), v.startsWith("med_"))), v.minLength(1), v.maxLength(10))),
    v.description(
      "`med_` ids attached to the comment, where the network's comment takes files: X (up to 4 images, JPEG/PNG/WebP, 5 MB), Bluesky (up to 4 images, 1,000,000 bytes), Facebook pages (one image or GIF, sent as `attachment_url`), LinkedIn (one image) and Threads (one JPEG/PNG image up to 8 MB or one MP4/MOV video up to 1 GB: the reply is `processing` until Meta has prepared the file). Elsewhere a comment is text only and a target with comment media is refused with `first_comment_media_unsupported` (GET /v1/platforms: `firstComment.media`).",
    ),
  ),
});

/** `firstComment` on POST /v1/posts and /v1/posts/validate: its own piece, so the post schema takes it in one line. */
export const firstCommentFields = {
  firstComment: v.pipe(
    v.optional(FirstCommentObject),
    v.description(
      "Posted as the first comment under each target's post once it is live (after processing on Instagram and YouTube): on Instagram, Facebook pages, LinkedIn and YouTube a comment, on X, Threads and Bluesky a reply by the account. Text, and images where the network's comment takes them (`media`). A target's own `platformOptions.<network>.firstComment` (`{ text }`) wins, and `false` posts none there. TikTok, Pinterest and Google Business have no comment API: a target there with a first comment is refused with `first_comment_unsupported`. Free, except on X, where it is billed as a post (one credit), as replies are. Its outcome is `targets[].firstComment`; it never changes the post's own state.",
    ),
  ),
};

/** PATCH /v1/posts/{id}: a draft's, scheduled or held post's first comment, replaced whole (`null` removes it). */
export const EditFirstCommentField = v.pipe(
  v.optional(v.nullable(FirstCommentObject)),
  v.description(
    "Draft, scheduled post or post held for approval: the new first comment, replacing the stored one whole (`null` removes it), checked per target as on create (`first_comment_unsupported`, `first_comment_media_unsupported`, the network's length); a scheduled post refuses a comment a target cannot take, a draft keeps it and shows the issue when validated or published. Once publishing started the comment cannot change: 422 `edit_unsupported` on a published or partial post, 409 `post_state_invalid` otherwise.",
  ),
);

const Issue = v.object({ code: v.string(), message: v.string(), fix: v.nullable(v.string()), retryable: v.boolean(), platform: v.nullable(v.string()), param: v.optional(v.nullable(v.string())) });

/** `targets[].firstComment` in a post's response. */
export const TargetFirstComment = v.pipe(
  v.nullable(
    v.object({
      state: v.pipe(
        v.picklist(["pending", "processing", "posted", "failed", "unknown"]),
        v.description(
          "`pending`: waiting for the post to be live (or being sent). `processing`: the network is preparing the comment's file before it can be published (a Threads reply with an image or video: Meta processes the container, about 30 s, often longer for a video); it is looked at again with backoff for about 45 minutes, published once ready, and never created twice. `posted`: under the post. `failed`: refused by the network (or out of credits on X; the credit is given back); the post stays published. `unknown`: the network did not answer, so the comment may exist; it is never sent again on its own. `failed` and `unknown` each record the event `post.first_comment_failed` once per target (the post record, with `target` naming the target).",
        ),
      ),
      id: v.pipe(v.nullable(v.string()), v.description("The network's id of the comment or reply.")),
      url: v.pipe(v.nullable(v.string()), v.description("A link to the comment where the network has one.")),
      media: v.pipe(v.array(v.string()), v.description("The `med_` ids attached to the comment; empty for a text-only comment.")),
      error: v.pipe(v.nullable(Issue), v.description("Why it failed or is unknown.")),
    }),
  ),
  v.description("The target's first comment; null when the post has none for this target."),
);

export const targetFirstCommentField = { firstComment: TargetFirstComment };
