import type { FC } from "hono/jsx";
import type { ApprovalPageModel } from "../../domain/publishing/index.js";
import { Layout } from "../layout.js";

const Targets: FC<{ model: ApprovalPageModel }> = ({ model }) => (
  <ul id="targets">
    {model.post.targets.map((target) => {
      const check = model.validation?.targets.find((t) => t.account === target.account);
      return (
        <li>
          <strong>{target.platform}</strong> @{target.handle}: {target.state}
          {check && check.errors.length > 0 ? <span class="alert"> {check.errors.map((e) => `${e.code}: ${e.message}`).join("; ")}</span> : null}
        </li>
      );
    })}
  </ul>
);

/** What a reviewer sees behind an approval link: the post, its targets' checks, and two plain forms. */
export const ApprovalPage: FC<{ model: ApprovalPageModel; action: string; decidedNow?: boolean }> = ({ model, action, decidedNow }) => {
  const { post } = model;
  const waiting = post.state === "pending_approval";
  return (
    <Layout title={waiting ? "Approve this post?" : `Post ${post.approval?.decision ?? post.state}`}>
      <h1 id="title">{waiting ? "Approve this post?" : `This post was ${post.approval?.decision ?? post.state}`}</h1>
      {post.scheduledAt ? <p class="muted">Scheduled for {post.scheduledAt}</p> : null}
      <blockquote id="text">{post.text}</blockquote>
      <Targets model={model} />
      {waiting ? (
        <>
          {model.validation && !model.validation.valid ? (
            <p class="alert" role="alert">
              Some targets no longer pass their checks; approving is refused until they are fixed.
            </p>
          ) : null}
          <form method="post" action={action}>
            <input type="hidden" name="decision" value="approve" />
            <button class="primary" id="approve" type="submit">
              Approve
            </button>
          </form>
          <form method="post" action={action}>
            <input type="hidden" name="decision" value="reject" />
            <label for="reason">Reason for rejecting (optional)</label>
            <input id="reason" name="reason" maxlength={1000} />
            <p>
              <button id="reject" type="submit">
                Reject
              </button>
            </p>
          </form>
        </>
      ) : (
        <div class="ok" role="status" id="decided">
          <p>
            {decidedNow ? "Thank you: your decision was recorded." : "A decision was already made; this link does nothing more."} The post is now {post.state}.
          </p>
          {post.approval?.reason ? <p>Reason: {post.approval.reason}</p> : null}
        </div>
      )}
    </Layout>
  );
};
