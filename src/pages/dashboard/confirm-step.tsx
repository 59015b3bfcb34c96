import type { Context, MiddlewareHandler } from "hono";
import type { FC } from "hono/jsx";
import { DashboardLayout, type Frame } from "./dashboard-layout.js";
import type { DashboardEnv } from "./dashboard-env.js";
import { frameOf } from "./frame.js";

interface Destructive {
  path: RegExp;
  question: string;
  consequence: string;
  button: string;
}

/**
 * Every form that removes or ends something, and what to ask first. The step is the server's,
 * not a script's dialog: a form sent without `confirmed=yes` answers with this question and the
 * same form again, so it holds without script and for every entry to the route.
 */
const destructive: Destructive[] = [
  { path: /^\/dashboard\/posts\/[^/]+\/cancel$/, question: "Cancel this scheduled post?", consequence: "It will not be published. This cannot be undone.", button: "Yes, cancel the post" },
  { path: /^\/dashboard\/posts\/[^/]+\/delete$/, question: "Delete this draft?", consequence: "The draft and its text are removed. This cannot be undone.", button: "Yes, delete the draft" },
  {
    path: /^\/dashboard\/accounts\/[^/]+\/disconnect$/,
    question: "Disconnect this account?",
    consequence: "Scheduled posts to it will fail and its inbox stops. You can connect it again later.",
    button: "Yes, disconnect",
  },
  { path: /^\/dashboard\/keys\/[^/]+\/revoke$/, question: "Revoke this key?", consequence: "Every program using it is refused from now on. This cannot be undone.", button: "Yes, revoke the key" },
  { path: /^\/dashboard\/agents\/[^/]+\/revoke$/, question: "Revoke this agent?", consequence: "Its tokens are refused from now on. This cannot be undone.", button: "Yes, revoke the agent" },
  { path: /^\/dashboard\/credentials\/[^/]+\/delete$/, question: "Remove this network app?", consequence: "Connections made through it stop working.", button: "Yes, remove the app" },
  { path: /^\/dashboard\/comments\/[^/]+\/delete$/, question: "Delete this comment?", consequence: "It is removed from the network. This cannot be undone.", button: "Yes, delete the comment" },
  {
    path: /^\/dashboard\/webhooks\/[^/]+\/delete$/,
    question: "Delete this webhook endpoint?",
    consequence: "No more events are sent to it. This cannot be undone.",
    button: "Yes, delete the endpoint",
  },
  {
    path: /^\/dashboard\/webhooks\/[^/]+\/rotate$/,
    question: "Rotate this endpoint's secret?",
    consequence: "Your receiver must use the new secret once the old one's window ends.",
    button: "Yes, rotate the secret",
  },
];

const ConfirmPage: FC<{ frame: Frame; ask: Destructive; action: string; fields: [string, string][]; back: string }> = ({ frame, ask, action, fields, back }) => (
  <DashboardLayout title={ask.question} section="overview" frame={frame}>
    <section class="card" aria-labelledby="confirm-title">
      <h2 id="confirm-title">Please confirm</h2>
      <p id="confirm-consequence">{ask.consequence}</p>
      <form method="post" action={action} class="row">
        {fields.map(([name, value]) => (
          <input type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirmed" value="yes" />
        <div>
          <button class="danger" type="submit" id="confirm">
            {ask.button}
          </button>
        </div>
        <div>
          <a class="button" href={back} id="keep">
            No, go back
          </a>
        </div>
      </form>
    </section>
  </DashboardLayout>
);

/** Where "No" goes: the page the form was on when it is ours, else the overview. */
function backOf(c: Context<DashboardEnv>): string {
  const referer = c.req.header("referer");
  if (!referer) return "/dashboard";
  try {
    const url = new URL(referer);
    return url.origin === new URL(c.req.url).origin && url.pathname.startsWith("/dashboard") ? `${url.pathname}${url.search}` : "/dashboard";
  } catch {
    return "/dashboard";
  }
}

/** Runs after the session check (the form is read and its CSRF token checked). */
export const confirmDestructive: MiddlewareHandler<DashboardEnv> = async (c, next) => {
  if (c.req.method !== "POST") return next();
  const ask = destructive.find((d) => d.path.test(c.req.path));
  if (!ask || c.var.form.confirmed === "yes") return next();
  const fields = Object.entries(c.var.form)
    .flatMap(([name, value]) => (Array.isArray(value) ? value.map((one) => [name, one] as const) : [[name, value] as const]))
    .filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[0] !== "confirmed");
  return c.html(<ConfirmPage frame={frameOf(c)} ask={ask} action={c.req.path} fields={fields} back={backOf(c)} />);
};
