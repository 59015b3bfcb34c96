import type { FC } from "hono/jsx";
import type { Comment } from "../../domain/inbox/index.js";
import type { ReadProblem } from "../../domain/accounts/index.js";
import { Csrf, type Frame, when } from "./dashboard-layout.js";
import { InboxLayout } from "./inbox-page.js";
import { ProblemsList } from "./problems-list.js";

const action = (c: Comment, verb: string) => `/dashboard/comments/${encodeURIComponent(c.id)}/${verb}`;

/** The fields every moderation form carries: which connection the comment belongs to, and where to come back. */
const Owner: FC<{ frame: Frame; comment: Comment }> = ({ frame, comment }) => (
  <>
    <Csrf token={frame.csrf} />
    <input type="hidden" name="account" value={comment.account} />
    <input type="hidden" name="post" value={comment.postId} />
  </>
);

/** One comment with its forms, and the answers to it (as deep as the network let Chorus read) below. */
const CommentItem: FC<{ frame: Frame; comment: Comment }> = ({ frame, comment: c }) => {
  const field = `reply-${c.platform}-${c.id}`.replace(/[^A-Za-z0-9_-]/g, "_");
  return (
    <li class="comment" data-comment={c.id}>
      <p>
        <strong>@{c.author.handle}</strong> on {c.platform} <span class="muted">{when(c.createdAt)}</span>
        {c.hidden ? <span class="badge"> hidden</span> : null}
        {c.own ? <span class="badge"> yours</span> : null}
      </p>
      <p class="quote">{c.text}</p>
      <form method="post" action={action(c, "reply")}>
        <Owner frame={frame} comment={c} />
        <label for={field}>Reply to @{c.author.handle}</label>
        <textarea id={field} name="text" rows={2} required maxlength={2000}></textarea>
        <button type="submit" class="primary">
          Reply
        </button>
      </form>
      <div class="row">
        <form method="post" action={action(c, "hide")}>
          <Owner frame={frame} comment={c} />
          <input type="hidden" name="hidden" value={c.hidden ? "false" : "true"} />
          <button type="submit">{c.hidden ? "Unhide" : "Hide"}</button>
        </form>
        <form method="post" action={action(c, "delete")}>
          <Owner frame={frame} comment={c} />
          <button type="submit" class="danger">
            Delete
          </button>
        </form>
      </div>
      {c.replies && c.replies.length > 0 ? (
        <ul class="items replies" aria-label={`Answers to @${c.author.handle}`}>
          {c.replies.map((r) => (
            <CommentItem frame={frame} comment={r} />
          ))}
        </ul>
      ) : null}
    </li>
  );
};

/**
 * One post's comments with reply, hide/unhide and delete. A network that refuses one of these
 * (Bluesky cannot hide, X cannot delete another's reply) answers with its code and fix on the
 * error page; the forms are offered everywhere so the refusal is explained, not guessed.
 */
export const CommentsPage: FC<{ frame: Frame; postId: string; items: Comment[]; problems: ReadProblem[]; next: string | null; notice?: string | undefined }> = ({
  frame,
  postId,
  items,
  problems,
  next,
  notice,
}) => (
  <InboxLayout title="Comments" tab="comments" frame={frame} notice={notice}>
    <p>
      <a href={`/dashboard/posts/${postId}`}>Back to the post</a>
    </p>
    <section class="card" aria-labelledby="comments-title">
      <h2 id="comments-title">
        Comments on <code>{postId}</code>
      </h2>
      {items.length === 0 ? (
        <p class="muted" id="no-comments">
          No comments on the networks that answered.
        </p>
      ) : (
        <ul id="comments" class="items">
          {items.map((c) => (
            <CommentItem frame={frame} comment={c} />
          ))}
        </ul>
      )}
      {next ? (
        <p>
          <a href={next} id="next-page">
            Older
          </a>
        </p>
      ) : null}
    </section>
    <ProblemsList problems={problems} id="problems" title="Networks whose comments are not shown" />
  </InboxLayout>
);
