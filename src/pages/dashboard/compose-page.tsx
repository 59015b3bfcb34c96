import type { FC } from "hono/jsx";
import type { ValidationReport } from "../../domain/publishing/index.js";
import type { SocialAccountView } from "../../domain/accounts/index.js";
import { Csrf, DashboardLayout, type Frame } from "./dashboard-layout.js";
import { TargetWarnings } from "./problems-list.js";

export interface ComposeDraft {
  text: string;
  accounts: string[];
  media: string;
  scheduledAt: string;
}

export type RequestProblem = { code: string; message: string; fix: string | null; param: string | null };

/** The checks' answer, as the page shows it under the form (and htmx swaps in as you type). */
export const ValidationResult: FC<{ report: ValidationReport | null; problem: RequestProblem | null }> = ({ report, problem }) => {
  if (problem) {
    return (
      <div class="alert" id="validation-problem">
        <p>
          <code>{problem.code}</code>: {problem.message}
        </p>
        {problem.fix ? <p>How to fix: {problem.fix}</p> : null}
      </div>
    );
  }
  if (!report) return <p class="muted">Pick accounts and write the text; the checks run as you type.</p>;
  return (
    <ul id="validation-targets">
      {report.targets.map((t) => (
        <li>
          {t.platform} @{t.handle}: {t.errors.length === 0 ? <span class="badge state-published">ready</span> : <span class="badge state-failed">will be refused</span>}
          {t.errors.map((e) => (
            <div class="alert">
              <code>{e.code}</code>: {e.message}
              {e.fix ? <p>How to fix: {e.fix}</p> : null}
            </div>
          ))}
          <TargetWarnings warnings={t.warnings} />
        </li>
      ))}
    </ul>
  );
};

/**
 * Compose: the same checks as POST /v1/posts/validate run as you type (htmx posts the form to
 * /dashboard/compose/validate); without script, Publish answers with the same checks. Media are
 * uploaded first with their own form, then referenced by id.
 */
export const ComposePage: FC<{
  frame: Frame;
  accounts: SocialAccountView[];
  draft: ComposeDraft;
  report: ValidationReport | null;
  problem: RequestProblem | null;
  uploaded?: string | undefined;
  /** This rendering's submission id: sending the form twice publishes once. */
  submission: string;
}> = ({ frame, accounts, draft, report, problem, uploaded, submission }) => (
  <DashboardLayout title="Compose" section="compose" frame={frame}>
    <section class="card" aria-labelledby="media-title">
      <h2 id="media-title">Media</h2>
      {uploaded ? (
        <p class="ok" role="status" id="uploaded">
          Uploaded <code>{uploaded}</code>; it is in the post's media field below.
        </p>
      ) : null}
      <form method="post" action="/dashboard/compose/media" enctype="multipart/form-data" class="row">
        <Csrf token={frame.csrf} />
        <input type="hidden" name="text" value={draft.text} />
        <input type="hidden" name="media" value={draft.media} />
        <div>
          <label for="file">Image or video</label>
          <input id="file" name="file" type="file" accept="image/*,video/*" required />
        </div>
        <div>
          <button type="submit" id="upload">
            Upload
          </button>
        </div>
      </form>
    </section>
    <section class="card" aria-labelledby="post-title">
      <h2 id="post-title">Post</h2>
      <form method="post" action="/dashboard/compose" id="compose" hx-post="/dashboard/compose/validate" hx-trigger="input delay:400ms, change" hx-target="#validation" hx-swap="innerHTML">
        <Csrf token={frame.csrf} />
        <input type="hidden" name="submission" value={submission} />
        <fieldset>
          <legend>Publish to</legend>
          {accounts.length === 0 ? (
            <p>
              No accounts yet: <a href="/dashboard/accounts">connect one</a>.
            </p>
          ) : null}
          {accounts.map((a) => (
            <label class="check">
              <input type="checkbox" name="accounts" value={a.id} checked={draft.accounts.includes(a.id)} />
              {a.platform} @{a.handle}
            </label>
          ))}
        </fieldset>
        <label for="text">Text</label>
        <textarea id="text" name="text" rows={6}>
          {draft.text}
        </textarea>
        <label for="media">Media ids (comma-separated)</label>
        <input id="media" name="media" value={draft.media} aria-describedby="media-hint" />
        <p class="muted" id="media-hint">
          Upload above, or paste <code>med_…</code> ids from the API.
        </p>
        <label for="scheduledAt">Schedule for (UTC, optional)</label>
        <input id="scheduledAt" name="scheduledAt" type="datetime-local" value={draft.scheduledAt} />
        <div id="validation" aria-live="polite">
          <ValidationResult report={report} problem={problem} />
        </div>
        <p class="row">
          <button class="primary" type="submit" name="action" value="publish" id="publish">
            Publish now
          </button>
          <button type="submit" name="action" value="schedule" id="schedule">
            Schedule
          </button>
          <button type="submit" name="action" value="draft" id="save-draft">
            Save draft
          </button>
        </p>
      </form>
    </section>
  </DashboardLayout>
);
