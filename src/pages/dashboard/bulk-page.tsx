import type { FC } from "hono/jsx";
import { type BulkImportView, type DryRunReport, MAX_BULK_ROWS } from "../../domain/publishing/index.js";
import { CSV_COLUMNS } from "../../routes/v1/posts/bulk-body.js";
import { Csrf, DashboardLayout, type Frame, StateBadge } from "./dashboard-layout.js";
import { DataTable } from "./data-table.js";
import { networkName, plainText } from "./plain-words.js";
import { fixOf } from "./problems-list.js";

type RowError = { code: string; message: string; fix?: string | null | undefined; param?: string | null | undefined };

/**
 * A row's error: its code, then what is wrong and how to fix it in plain words. The row's own
 * message, not the post page's reconnect advice: here an unknown account is an id typed in the file.
 */
const RowProblem: FC<{ error: RowError }> = ({ error }) => {
  const fix = plainText(error.fix ?? fixOf(error.code) ?? "") || "Correct the row in the file, then check again.";
  return (
    <>
      <code>{error.code}</code> {plainText(error.message) || "This row cannot be imported as it is."} <span class="muted">How to fix: {fix}</span>
    </>
  );
};

/** Rows are counted from 0 by the API; people count the first row under the header as row 1. */
const rowNumber = (row: number) => row + 1;

export interface BulkForm {
  csv: string;
  submission: string;
  report?: DryRunReport | undefined;
  problem?: RowError | undefined;
}

/** Paste or upload a CSV; Check runs the dry run, Import runs it once per rendering of the form. */
export const BulkPage: FC<{ frame: Frame; form: BulkForm }> = ({ frame, form }) => (
  <DashboardLayout title="Bulk import" section="bulk" frame={frame}>
    {form.problem ? (
      <section class="card alert" role="alert" id="bulk-problem">
        <h2>The file could not be imported</h2>
        <p>
          <RowProblem error={form.problem} />
        </p>
      </section>
    ) : null}
    {form.report ? <DryRun report={form.report} /> : null}
    <section class="card" aria-labelledby="bulk-title">
      <h2 id="bulk-title">Import posts from CSV</h2>
      <p class="muted">
        A header line naming some of these columns: {CSV_COLUMNS.join(", ")}; then one post per line, at most {MAX_BULK_ROWS.toLocaleString("en")}. Lists (accounts, platforms, media) take several
        values separated by spaces. Check first: it writes nothing.
      </p>
      <form method="post" action="/dashboard/bulk" enctype="multipart/form-data" id="bulk-form">
        <Csrf token={frame.csrf} />
        <input type="hidden" name="submission" value={form.submission} />
        <label for="bulk-csv">CSV text</label>
        <textarea id="bulk-csv" name="csv" rows={8}>
          {form.csv}
        </textarea>
        <label for="bulk-file">Or a .csv file (used instead of the text)</label>
        <input type="file" id="bulk-file" name="file" accept=".csv,text/csv" />
        <div class="row">
          <button type="submit" name="action" value="check" id="bulk-check">
            Check
          </button>
          <button type="submit" class="primary" name="action" value="import" id="bulk-import">
            Import
          </button>
        </div>
      </form>
    </section>
  </DashboardLayout>
);

const DryRun: FC<{ report: DryRunReport }> = ({ report }) => (
  <section class="card" aria-labelledby="dry-run-title" id="dry-run">
    <h2 id="dry-run-title">Check: {report.valid ? "every row can be imported" : `${report.invalidRows} of ${report.total} rows would fail`}</h2>
    <p class="muted" id="dry-run-summary">
      {report.validRows} valid, {report.invalidRows} with a problem. Import creates the valid rows; the others fail on their own.
    </p>
    <DataTable
      id="dry-run-rows"
      label="Rows checked"
      rows={report.rows}
      rowAttributes={(r) => ({ id: `row-${rowNumber(r.row)}`, "data-valid": String(r.valid) })}
      columns={[
        { head: "Row", rowHeader: true, cell: (r) => String(rowNumber(r.row)) },
        { head: "Result", cell: (r) => (r.valid ? "Valid" : r.error ? <RowProblem error={r.error} /> : "Refused by a network") },
        {
          head: "Targets",
          cell: (r) =>
            r.targets.map((t) => (
              <span class="target">
                {networkName(t.platform)} @{t.handle}
                {t.errors[0] ? `: ${t.errors[0].message}` : ""}{" "}
              </span>
            )),
        },
      ]}
    />
  </section>
);

/** The progress block; while the import runs, htmx asks for it again every two seconds. */
export const BulkProgress: FC<{ run: BulkImportView }> = ({ run }) => (
  <section
    class="card"
    aria-labelledby="progress-title"
    id="bulk-progress"
    {...(run.state === "running" ? { "hx-get": `/dashboard/bulk/${run.id}/progress`, "hx-trigger": "every 2s", "hx-swap": "outerHTML" } : {})}
  >
    <h2 id="progress-title">{run.state === "running" ? "Importing…" : "Import finished"}</h2>
    <p id="bulk-counts" aria-live="polite">
      {run.created} created, {run.failed} failed, {run.pending} pending, of {run.total} rows.
    </p>
    {run.state === "running" ? (
      <p>
        <a href={`/dashboard/bulk/${run.id}`}>Refresh</a> <span class="muted">(this page updates by itself when scripts run)</span>
      </p>
    ) : null}
    <DataTable
      id="bulk-rows"
      label="Rows imported"
      rows={run.rows}
      rowAttributes={(r) => ({ id: `import-row-${rowNumber(r.row)}` })}
      columns={[
        { head: "Row", rowHeader: true, cell: (r) => String(rowNumber(r.row)) },
        { head: "State", cell: (r) => <StateBadge state={r.state} /> },
        {
          head: "Post or error",
          cell: (r) => (r.postId ? <a href={`/dashboard/posts/${r.postId}`}>Open the post</a> : r.error ? <RowProblem error={r.error} /> : "—"),
        },
      ]}
    />
  </section>
);

export const BulkRunPage: FC<{ frame: Frame; run: BulkImportView }> = ({ frame, run }) => (
  <DashboardLayout title="Bulk import" section="bulk" frame={frame}>
    <BulkProgress run={run} />
    <p>
      <a href="/dashboard/bulk">Import another file</a>
    </p>
  </DashboardLayout>
);
