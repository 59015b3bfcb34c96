import type { FC } from "hono/jsx";
import type { ValidationReport } from "../../domain/publishing/index.js";
import type { SocialAccountView } from "../../domain/accounts/index.js";
import { Csrf, DashboardLayout, type Frame } from "./dashboard-layout.js";
import { NetworkLogo } from "./network-logo.js";
import { networkName } from "./plain-words.js";
import { type DestinationChoice, DestinationPickers, type LengthCount, MediaAltFields, type RequestProblem, ScheduleFields, ValidationResult } from "./post-form-parts.js";
import type { PostForm } from "./post-form-read.js";
import { type LibraryItem, Thumb, describe } from "./media-page.js";
import type { ComposeExtras } from "./compose-extras.js";
import { LinkCardFields, OverrideFields, ReplyFields } from "./compose-fields.js";
import { ComposePreview } from "./compose-preview.js";
import type { PreviewTarget } from "./compose-preview-model.js";

export interface ComposeModel {
  accounts: SocialAccountView[];
  form: PostForm;
  extras: ComposeExtras;
  /** Each ticked account's post as its network will show it. */
  preview: PreviewTarget[];
  /** The form's files with their addresses, for the thumbnails beside their alt text. */
  files: Map<string, LibraryItem>;
  destinations: DestinationChoice[];
  zones: readonly string[];
  report: ValidationReport | null;
  problem: RequestProblem | null;
  counts: LengthCount[];
  uploaded?: string | undefined;
  /** This rendering's submission id: sending the form twice publishes once. */
  submission: string;
  /** The library's newest files, to add without uploading again. */
  library: LibraryItem[];
}

export const platformsOf = (accounts: SocialAccountView[]) => [...new Set(accounts.map((a) => a.platform))];

/** Ticking a file adds it to the post (and its alt text field) when the form is next sent. */
const LibraryPicker: FC<{ library: LibraryItem[]; chosen: string[] }> = ({ library, chosen }) => {
  const offered = library.filter((item) => !chosen.includes(item.media.id));
  return offered.length === 0 ? null : (
    <details id="library-picker">
      <summary>Choose from the media library</summary>
      <ul class="library-pick">
        {offered.map((item) => (
          <li>
            <label class="check" for={`pick-${item.media.id}`}>
              <input type="checkbox" id={`pick-${item.media.id}`} name="libraryMedia" value={item.media.id} />
              {describe(item.media)}
            </label>
            <Thumb item={item} described />
          </li>
        ))}
      </ul>
      <p class="muted">
        Ticked files are added when you press Upload, Publish now, Schedule or Save draft. <a href="/dashboard/media">Open the library</a>
      </p>
    </details>
  );
};

/**
 * Compose: one form. The checks of POST /v1/posts/validate run as you type (htmx posts the form
 * to /dashboard/compose/validate, whose answer carries the preview too); Upload sends the whole
 * form (its own formaction), so what was typed and ticked comes back with the new file; the script
 * sends it with a progress bar and swaps in only the media list. Without script every button
 * still works, and Preview shows the preview and the checks without sending anything.
 */
export const ComposePage: FC<{ frame: Frame; model: ComposeModel }> = ({ frame, model }) => {
  const { form } = model;
  return (
    <DashboardLayout title="Compose" section="compose" frame={frame}>
      <form
        method="post"
        action="/dashboard/compose"
        id="compose"
        class="card"
        data-post-form="compose"
        hx-post="/dashboard/compose/validate"
        hx-trigger="input delay:400ms, change"
        hx-target="#validation"
        hx-swap="innerHTML"
      >
        <Csrf token={frame.csrf} />
        <input type="hidden" name="submission" value={model.submission} />
        <fieldset>
          <legend>Publish to</legend>
          {model.accounts.length === 0 ? (
            <p>
              No accounts yet: <a href="/dashboard/accounts">connect one</a>.
            </p>
          ) : null}
          {model.accounts.map((a) => (
            <label class="check">
              <input type="checkbox" name="accounts" value={a.id} checked={form.accounts.includes(a.id)} />
              <NetworkLogo platform={a.platform} /> {networkName(a.platform)} @{a.handle}
              {a.status !== "active" ? <span class="badge state-failed">needs reconnecting</span> : null}
            </label>
          ))}
        </fieldset>
        <DestinationPickers choices={model.destinations} chosen={form.destinations} />
        <label for="text">Text</label>
        <textarea id="text" name="text" rows={6} aria-describedby="validation">
          {form.text}
        </textarea>
        <OverrideFields platforms={platformsOf(model.accounts)} extras={model.extras} main={form.media} files={model.files} />
        <LinkCardFields platforms={platformsOf(model.accounts)} extras={model.extras} />
        <ReplyFields extras={model.extras} />
        <MediaAltFields media={form.media} alts={form.mediaAlt} files={model.files} />
        {model.uploaded ? (
          <p class="ok" role="status" id="uploaded">
            Uploaded: add its alt text above.
          </p>
        ) : null}
        <div class="row" id="upload-row">
          <div>
            <label for="file">Add an image or video</label>
            <input id="file" name="file" type="file" accept="image/*,video/*" />
          </div>
          <div>
            <button type="submit" id="upload" formaction="/dashboard/compose/media" formenctype="multipart/form-data" name="action" value="upload">
              Upload
            </button>
          </div>
        </div>
        <progress id="compose-upload-progress" max={100} value={0} hidden aria-label="Upload progress"></progress>
        <p id="compose-upload-status" role="status" class="muted"></p>
        <LibraryPicker library={model.library} chosen={form.media} />
        <details>
          <summary>Media already uploaded through the API</summary>
          <label for="pastedMedia">Media ids, comma-separated</label>
          <input id="pastedMedia" name="pastedMedia" value={form.pastedMedia} />
        </details>
        <ScheduleFields values={form.schedule} zones={model.zones} legend="Schedule (for Schedule only; Add to queue takes the next free slot of the brand's queue)" />
        <div id="validation" aria-live="polite" tabindex={-1}>
          <ValidationResult report={model.report} problem={model.problem} counts={model.counts} />
        </div>
        <ComposePreview targets={model.preview} />
        <p class="alert" id="submit-problem" role="alert" hidden></p>
        <p class="row">
          <button class="primary" type="submit" name="action" value="publish" id="publish">
            Publish now
          </button>
          <button type="submit" name="action" value="schedule" id="schedule">
            Schedule
          </button>
          <button type="submit" name="action" value="queue" id="add-to-queue">
            Add to queue
          </button>
          <button type="submit" name="action" value="draft" id="save-draft">
            Save draft
          </button>
          <button type="submit" name="action" value="preview" id="show-preview">
            Preview
          </button>
        </p>
      </form>
    </DashboardLayout>
  );
};
