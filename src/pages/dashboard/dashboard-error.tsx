import type { Context } from "hono";
import { Hono } from "hono";
import type { FC } from "hono/jsx";
import { randomString } from "../../infra/ids.js";
import { ApiError } from "../../infra/errors.js";
import { pageErrorOf, renderPageError } from "../page-errors.js";
import type { DashboardEnv } from "./dashboard-env.js";
import { Csrf, DashboardLayout, type Frame } from "./dashboard-layout.js";
import { frameOf } from "./frame.js";
import { plainText } from "./plain-words.js";

/** Fields a form carries for the server, not typed by the person: sent again as they were, not shown. */
const carried = new Set(["account", "accounts", "post", "to", "hidden", "action", "humanAgent", "profile", "view", "day", "tz", "force", "media", "libraryMedia"]);
/** Fields the server sets afresh on the page: a new token, a new submission id, the question asked again. */
const renewed = new Set(["_csrf", "submission", "confirmed"]);

const labels: Record<string, string> = {
  text: "Text",
  scheduledAt: "New time",
  scheduleDate: "Date",
  scheduleTime: "Time",
  timezone: "Time zone",
  url: "Address",
  description: "Description",
  name: "Name",
  reason: "Reason",
  slots: "Slots",
};

/** Fields typed as several lines on their own page. */
const multiline = new Set(["text", "slots", "reason", "description"]);

type Typed = { name: string; value: string }[];

/** A POST's string fields in the order sent (a file cannot be kept: the browser never gives it back). */
function typedOf(c: Context<DashboardEnv>): Typed {
  if (c.req.method !== "POST") return [];
  const form = c.get("form") as DashboardEnv["Variables"]["form"] | undefined;
  if (!form) return [];
  return Object.entries(form)
    .flatMap(([name, value]) => (Array.isArray(value) ? value.map((one) => ({ name, value: one })) : [{ name, value }]))
    .filter((f): f is { name: string; value: string } => typeof f.value === "string" && !renewed.has(f.name));
}

/**
 * The refused form again, as typed, under the error: it can be corrected and sent again from
 * here. It carries a new submission id (a refusal released the old one) and the session's token.
 */
const KeptForm: FC<{ frame: Frame; action: string; typed: Typed }> = ({ frame, action, typed }) => {
  const shown = typed.filter((f) => !carried.has(f.name));
  const button = typed.find((f) => f.name === "action");
  return (
    <section class="card" aria-labelledby="kept-title">
      <h2 id="kept-title">What you sent</h2>
      <p class="muted">Nothing was lost: change what the message says and send it again.</p>
      <form method="post" action={action} id="kept-form">
        <Csrf token={frame.csrf} />
        <input type="hidden" name="submission" value={randomString(32)} />
        {typed
          .filter((f) => carried.has(f.name) && f.name !== "action")
          .map((f) => (
            <input type="hidden" name={f.name} value={f.value} />
          ))}
        {shown.map((f, i) => (
          <>
            <label for={`kept-${i}`}>{labels[f.name] ?? f.name}</label>
            {multiline.has(f.name) || f.value.length > 80 || f.value.includes("\n") ? (
              <textarea id={`kept-${i}`} name={f.name} rows={4}>
                {f.value}
              </textarea>
            ) : (
              <input id={`kept-${i}`} name={f.name} value={f.value} />
            )}
          </>
        ))}
        <p>
          <button class="primary" type="submit" id="send-again" name={button ? "action" : undefined} value={button?.value}>
            Send again
          </button>
        </p>
      </form>
    </section>
  );
};

const DashboardErrorPage: FC<{ frame: Frame; title: string; message: string; fix: string | null; code: string; action: string; typed: Typed }> = ({
  frame,
  title,
  message,
  fix,
  code,
  action,
  typed,
}) => (
  <DashboardLayout title={title} section="none" frame={frame}>
    <div class="alert" id="error" role="alert">
      <p id="error-message">{message}</p>
      {fix ? <p id="error-fix">{fix}</p> : null}
    </div>
    {typed.length > 0 ? <KeptForm frame={frame} action={action} typed={typed} /> : null}
    <p>
      <a href="/dashboard" id="error-home">
        Back to the overview
      </a>
    </p>
    <details>
      <summary>Technical details</summary>
      <p class="muted">
        Error code <code id="error-code">{code}</code>
      </p>
    </details>
  </DashboardLayout>
);

/**
 * Errors inside a session: the dashboard's frame (navigation included), the problem in plain
 * words, and a refused form's fields as typed. Outside a session (sign-in pages) the shared page.
 */
export function renderDashboardError(error: Error, c: Context<DashboardEnv>): Response | Promise<Response> {
  if (!c.get("dash")) return renderPageError(error, c);
  const { apiError, title, fix } = pageErrorOf(error, c);
  const message = plainText(apiError.message) || apiError.message;
  const plainFix = fix === null ? null : plainText(fix) || fix;
  const page = <DashboardErrorPage frame={frameOf(c)} title={title} message={message} fix={plainFix} code={apiError.code} action={c.req.path} typed={typedOf(c)} />;
  return c.html(page, apiError.status as 400, apiError.headers);
}

/**
 * Mounted after every dashboard route (src/pages/index.ts): an unknown dashboard address, inside
 * a session, is a 404 page with the navigation rather than the API's JSON answer.
 */
export const dashboardFallback = new Hono<DashboardEnv>();
dashboardFallback.onError(renderDashboardError);
dashboardFallback.all("/dashboard/*", (c) => {
  throw new ApiError("route_not_found", { message: `There is no dashboard page at ${c.req.path}.`, fix: "Use the navigation above to find the page." });
});
