import type { FC } from "hono/jsx";
import type { PostView, ValidationReport } from "../../domain/publishing/index.js";
import { Csrf, DashboardLayout, type Frame, StateBadge } from "./dashboard-layout.js";
import { NetworkLogo } from "./network-logo.js";
import { networkName } from "./plain-words.js";
import { type DestinationChoice, DestinationPickers, type LengthCount, MediaAltFields, type RequestProblem, ScheduleFields, ValidationResult } from "./post-form-parts.js";
import type { PostForm } from "./post-form-read.js";

export interface EditModel {
  post: PostView;
  form: PostForm;
  destinations: DestinationChoice[];
  zones: readonly string[];
  report: ValidationReport | null;
  problem: RequestProblem | null;
  counts: LengthCount[];
}

/**
 * A draft or a scheduled post, editable: text, alt texts and destinations for both; the time for
 * a scheduled post; Publish now for a draft (the API publishes drafts, and moves scheduled posts).
 * Delete and Cancel go through the confirmation step.
 */
export const PostEditPage: FC<{ frame: Frame; model: EditModel }> = ({ frame, model }) => {
  const { post, form } = model;
  const draft = post.state === "draft";
  return (
    <DashboardLayout title={draft ? "Edit draft" : "Edit scheduled post"} section="posts" frame={frame}>
      <p>
        <a href={`/dashboard/posts/${post.id}`}>Back to the post</a>
      </p>
      <form method="post" action={`/dashboard/posts/${post.id}/edit`} id="edit-post" class="card" data-post-form={draft ? "draft" : "scheduled"}>
        <Csrf token={frame.csrf} />
        <p>
          <StateBadge state={post.state} /> to{" "}
          {post.targets.map((t) => (
            <span class="target-name">
              <NetworkLogo platform={t.platform} /> {networkName(t.platform)} @{t.handle}{" "}
            </span>
          ))}
        </p>
        <DestinationPickers choices={model.destinations} chosen={form.destinations} />
        <label for="text">Text</label>
        <textarea id="text" name="text" rows={6}>
          {form.text}
        </textarea>
        <MediaAltFields media={form.media} alts={form.mediaAlt} />
        {draft ? null : <ScheduleFields values={form.schedule} zones={model.zones} legend="Publish at" />}
        <div id="validation" aria-live="polite" tabindex={-1}>
          <ValidationResult report={model.report} problem={model.problem} counts={model.counts} />
        </div>
        <p class="alert" id="submit-problem" role="alert" hidden></p>
        <p class="row">
          <button class="primary" type="submit" name="action" value="save" id="save">
            {draft ? "Save draft" : "Save and reschedule"}
          </button>
          {draft ? (
            <button type="submit" name="action" value="publish" id="publish-draft">
              Save and publish now
            </button>
          ) : null}
        </p>
      </form>
      <section class="card" aria-labelledby="remove-title">
        <h2 id="remove-title">{draft ? "Delete" : "Cancel"}</h2>
        <form method="post" action={`/dashboard/posts/${post.id}/${draft ? "delete" : "cancel"}`}>
          <Csrf token={frame.csrf} />
          <button class="danger" type="submit" id={draft ? "delete-draft" : "cancel-post"}>
            {draft ? "Delete this draft" : "Cancel this post"}
          </button>
        </form>
      </section>
    </DashboardLayout>
  );
};
