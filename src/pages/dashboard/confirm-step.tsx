import type { Context, MiddlewareHandler } from "hono";
import type { FC } from "hono/jsx";
import { DashboardLayout, type Frame } from "./dashboard-layout.js";
import type { DashboardEnv } from "./dashboard-env.js";
import { ctxOf, frameOf } from "./frame.js";
import { requireAccount } from "../../domain/accounts/index.js";
import { listAgents } from "../../domain/agents/index.js";
import { getWebhook } from "../../domain/events/index.js";
import { listWorkspaceKeys } from "../../domain/keys/index.js";
import { getMediaDetail, getSeries, requirePost } from "../../domain/publishing/index.js";
import { ApiError } from "../../infra/errors.js";

interface Destructive {
  path: RegExp;
  question: string;
  consequence: string;
  button: string;
  /**
   * Throws the route's own 404 when the object is not the caller's: the question is asked only
   * about what the caller may act on, so another workspace's id answers 404 before any page.
   */
  owns?: (c: Context<DashboardEnv>, id: string) => Promise<unknown>;
}

const postOwned = (c: Context<DashboardEnv>, id: string) => requirePost(ctxOf(c), id);
const formAccountOwned = (c: Context<DashboardEnv>) => {
  const account = c.var.form.account;
  if (typeof account !== "string" || account.trim() === "") throw new ApiError("field_required", { param: "account", message: "Fill in account." });
  return requireAccount(ctxOf(c), account, "account");
};

/**
 * Every form that removes or ends something, and what to ask first. The step is the server's,
 * not a script's dialog: a form sent without `confirmed=yes` answers with this question and the
 * same form again, so it holds without script and for every entry to the route.
 */
const destructive: Destructive[] = [
  {
    path: /^\/dashboard\/posts\/([^/]+)\/cancel$/,
    question: "Cancel this scheduled post?",
    consequence: "It will not be published. This cannot be undone.",
    button: "Yes, cancel the post",
    owns: postOwned,
  },
  {
    path: /^\/dashboard\/posts\/([^/]+)\/delete$/,
    question: "Delete this draft?",
    consequence: "The draft and its text are removed. This cannot be undone.",
    button: "Yes, delete the draft",
    owns: postOwned,
  },
  {
    path: /^\/dashboard\/posts\/([^/]+)\/reject$/,
    question: "Reject this post?",
    consequence: "It will not be published, and the reason is kept on it. This cannot be undone.",
    button: "Yes, reject the post",
    owns: postOwned,
  },
  {
    path: /^\/dashboard\/series\/([^/]+)\/cancel$/,
    question: "Cancel this series?",
    consequence: "No more occurrences are made and the one waiting to be sent is cancelled; those already sent stay. This cannot be undone.",
    button: "Yes, cancel the series",
    owns: (c, id) => getSeries({ ctx: ctxOf(c), input: { id } }),
  },
  {
    path: /^\/dashboard\/media\/([^/]+)\/delete$/,
    question: "Delete this file?",
    consequence: "It is removed from the library. A post that still needs it keeps it: then the file is not deleted.",
    button: "Yes, delete the file",
    owns: (c, id) => getMediaDetail({ ctx: ctxOf(c), input: { id } }),
  },
  {
    path: /^\/dashboard\/accounts\/([^/]+)\/disconnect$/,
    question: "Disconnect this account?",
    consequence: "Scheduled posts to it will fail and its inbox stops. You can connect it again later.",
    button: "Yes, disconnect",
    owns: (c, id) => requireAccount(ctxOf(c), id),
  },
  {
    path: /^\/dashboard\/keys\/([^/]+)\/revoke$/,
    question: "Revoke this key?",
    consequence: "Every program using it is refused from now on. This cannot be undone.",
    button: "Yes, revoke the key",
    owns: async (c, id) => {
      const keys = await listWorkspaceKeys({ ctx: ctxOf(c) });
      if (!keys.some((key) => key.keyId === id && !key.revokedAt)) throw new ApiError("resource_not_found", { param: "id", message: `No active key ${id} in this workspace.` });
    },
  },
  {
    path: /^\/dashboard\/agents\/([^/]+)\/revoke$/,
    question: "Revoke this agent?",
    consequence: "Its tokens are refused from now on. This cannot be undone.",
    button: "Yes, revoke the agent",
    owns: async (c, id) => {
      const { items } = await listAgents({ ctx: ctxOf(c) });
      if (!items.some((agent) => agent.id === id)) throw new ApiError("resource_not_found", { param: "id", message: `No agent ${id} in this workspace.` });
    },
  },
  // A network app is named by its platform within the caller's own workspace: nothing to look up.
  { path: /^\/dashboard\/credentials\/([^/]+)\/delete$/, question: "Remove this network app?", consequence: "Connections made through it stop working.", button: "Yes, remove the app" },
  {
    // The comment id is the network's; the form's account says whose it is, looked up in the caller's workspace.
    path: /^\/dashboard\/comments\/([^/]+)\/delete$/,
    question: "Delete this comment?",
    consequence: "It is removed from the network. This cannot be undone.",
    button: "Yes, delete the comment",
    owns: formAccountOwned,
  },
  {
    path: /^\/dashboard\/webhooks\/([^/]+)\/delete$/,
    question: "Delete this webhook endpoint?",
    consequence: "No more events are sent to it. This cannot be undone.",
    button: "Yes, delete the endpoint",
    owns: (c, id) => getWebhook({ ctx: ctxOf(c), input: { id } }),
  },
  {
    path: /^\/dashboard\/webhooks\/([^/]+)\/rotate$/,
    question: "Rotate this endpoint's secret?",
    consequence: "Your receiver must use the new secret once the old one's window ends.",
    button: "Yes, rotate the secret",
    owns: (c, id) => getWebhook({ ctx: ctxOf(c), input: { id } }),
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
  // Another workspace's object is a 404, as the action itself answers: no question about it.
  const raw = ask.path.exec(c.req.path)?.[1] ?? "";
  let id = raw;
  try {
    id = decodeURIComponent(raw);
  } catch {
    throw new ApiError("resource_not_found", { param: "id", message: "No such object in this workspace." });
  }
  await ask.owns?.(c, id);
  const fields = Object.entries(c.var.form)
    .flatMap(([name, value]) => (Array.isArray(value) ? value.map((one) => [name, one] as const) : [[name, value] as const]))
    .filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[0] !== "confirmed");
  return c.html(<ConfirmPage frame={frameOf(c)} ask={ask} action={c.req.path} fields={fields} back={backOf(c)} />);
};
