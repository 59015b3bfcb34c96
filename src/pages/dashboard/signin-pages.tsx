import type { FC } from "hono/jsx";
import { PlainLayout as Layout } from "./dashboard-layout.js";

/**
 * GET of an app link: a button, not the session itself. Link previewers (chat unfurls, mail
 * scanners) fetch URLs with GET; spending a single-use link on GET would let them burn it.
 */
export const SigninPage: FC<{ token: string }> = ({ token }) => (
  <Layout title="Open the Chorus dashboard">
    <h1>Open the Chorus dashboard</h1>
    <p>This link signs this browser in to your workspace's dashboard. It works once, for 5 minutes after it was made.</p>
    <form method="post" action={`/dashboard/signin/${token}`}>
      <button class="primary" id="signin" type="submit">
        Open the dashboard
      </button>
    </form>
  </Layout>
);

/** No session (never signed in, signed out, or expired): how to get in. */
export const SignedOutPage: FC<{ reason: "signed_out" | "expired" | "agent_consent" }> = ({ reason }) => (
  <Layout title="Signed out of the Chorus dashboard">
    <h1 id="signed-out">{reason === "signed_out" ? "You are signed out" : reason === "agent_consent" ? "Sign in to answer the agent" : "Sign in to the dashboard"}</h1>
    {reason === "agent_consent" ? (
      <p id="consent-signin">
        An agent asks to act for your workspace. Only the workspace owner, signed in to the dashboard in this browser, can allow it: sign in as below, then open the agent's authorization link again.
      </p>
    ) : null}
    <p>
      The dashboard opens from a sign-in link. Create one with your API key (<code>POST /v1/app-link</code>) or, on the server, <code>npm run chorus -- app-link --workspace ws_…</code>, and open it in
      this browser.
    </p>
    <p class="muted">Sessions end after 30 minutes without use, 12 hours after sign-in, or when you sign out.</p>
  </Layout>
);
