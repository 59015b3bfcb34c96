import type { FC } from "hono/jsx";
import type { PostView, ValidationReport } from "../../domain/publishing/index.js";
import { Csrf, DashboardLayout, type Frame, StateBadge } from "./dashboard-layout.js";
import { NetworkLogo } from "./network-logo.js";
import { networkName } from "./plain-words.js";
import { type DestinationChoice, DestinationPickers, type LengthCount, MediaAltFields, type RequestProblem, ScheduleFields, ValidationResult } from "./post-form-parts.js";
import type { PostForm } from "./post-form-read.js";
import type { ComposeExtras } from "./compose-extras.js";
import { LinkCardFields, OverrideFields, ReplyFields } from "./compose-fields.js";
import { ComposePreview } from "./compose-preview.js";
import type { PreviewTarget } from "./compose-preview-model.js";
import type { LibraryItem } from "./media-page.js";

export interface EditModel {
  post: PostView;
  form: PostForm;
  /** The post's own text, files and link card per network. */
  extras: ComposeExtras;
  /** Each network's post as it will show it, as in Compose. */
  preview: PreviewTarget[];
  /** The post's files (its own and each network's), for thumbnails and the preview. */
  files: Map<string, LibraryItem>;
  destinations: DestinationChoice[];
  zones: readonly string[];
  report: ValidationReport | null;
  problem: RequestProblem | null;
  counts: LengthCount[];
}

/**
 * A draft or a scheduled post, editable: text, per-network text and files, link cards, alt texts,
 * the first comment and the thread's follow-ups, and destinations for both; the time for a scheduled post; Publish now for a draft (the API
 * publishes drafts, and moves scheduled posts). The checks and the preview per network run as you
 * type, as in Compose (same components); Preview shows them without script. Delete and Cancel go
 * through the confirmation step.
 */
export const PostEditPage: FC<{ frame: Frame; model: EditModel }> = ({ frame, model }) => {
  const { post, form } = model;
  const draft = post.state === "draft";
  const platforms = [...new Set(post.targets.map((t) => t.platform))];
  return (
    <DashboardLayout title={draft ? "Edit draft" : "Edit scheduled post"} section="posts" frame={frame}>
      <p>
        <a href={`/dashboard/posts/${post.id}`}>Back to the post</a>
      </p>
      <form
        method="post"
        action={`/dashboard/posts/${post.id}/edit`}
        id="edit-post"
        class="card"
        data-post-form={draft ? "draft" : "scheduled"}
        hx-post={`/dashboard/posts/${post.id}/edit/check`}
        hx-trigger="input delay:400ms, change"
        hx-target="#validation"
        hx-swap="innerHTML"
      >
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
        <textarea id="text" name="text" rows={6} aria-describedby="validation">
          {form.text}
        </textarea>
        <OverrideFields platforms={platforms} extras={model.extras} main={form.media} files={model.files} />
        <LinkCardFields platforms={platforms} extras={model.extras} />
        <MediaAltFields media={form.media} alts={form.mediaAlt} files={model.files} />
        <ReplyFields extras={model.extras} />
        {draft ? null : <ScheduleFields values={form.schedule} zones={model.zones} legend="Publish at" />}
        <div id="validation" aria-live="polite" tabindex={-1}>
          <ValidationResult report={model.report} problem={model.problem} counts={model.counts} />
        </div>
        <ComposePreview targets={model.preview} />
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
          <button type="submit" name="action" value="preview" id="show-preview">
            Preview
          </button>
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
