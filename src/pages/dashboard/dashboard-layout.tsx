import { raw } from "hono/html";
import type { Child, FC } from "hono/jsx";

/** The page's place in the navigation; `none` for pages outside it (an error). */
export type Section = "none" | "overview" | "accounts" | "posts" | "compose" | "calendar" | "queue" | "series" | "bulk" | "approvals" | "media" | "inbox" | "analytics" | "webhooks" | "developers";

/** What every page's frame needs from the session. */
export interface Frame {
  workspaceName: string;
  /** Which data the pages show. */
  viewMode: "test" | "live";
  /** The minting key's mode: only a live session may switch to live data. */
  sessionMode: "test" | "live";
  csrf: string;
}

/*
 * Only pages whose routes exist are linked, rather than showing empty pages.
 */
const sections: { id: Section; href: string; label: string }[] = [
  { id: "overview", href: "/dashboard", label: "Overview" },
  { id: "accounts", href: "/dashboard/accounts", label: "Social accounts" },
  { id: "posts", href: "/dashboard/posts", label: "Posts" },
  { id: "compose", href: "/dashboard/compose", label: "Compose" },
  { id: "calendar", href: "/dashboard/calendar", label: "Calendar" },
  { id: "queue", href: "/dashboard/queue", label: "Queue" },
  { id: "series", href: "/dashboard/series", label: "Series" },
  { id: "bulk", href: "/dashboard/bulk", label: "Bulk import" },
  { id: "approvals", href: "/dashboard/approvals", label: "Approvals" },
  { id: "media", href: "/dashboard/media", label: "Media" },
  { id: "inbox", href: "/dashboard/inbox", label: "Inbox" },
  { id: "analytics", href: "/dashboard/analytics", label: "Analytics" },
  { id: "webhooks", href: "/dashboard/webhooks", label: "Webhooks" },
  { id: "developers", href: "/dashboard/developers", label: "Developers" },
];

/** The session's CSRF token, in every form. */
export const Csrf: FC<{ token: string }> = ({ token }) => <input type="hidden" name="_csrf" value={token} />;

/** The head of every page, signed in or not (never indexed); `children` add what one layout needs more. */
const PageHead: FC<{ title: string; children?: Child }> = ({ title, children }) => (
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>{title}</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="/dashboard/assets/dashboard.css" />
    {children}
  </head>
);

export const DashboardLayout: FC<{ title: string; section: Section; frame: Frame; children?: Child }> = ({ title, section, frame, children }) => (
  <>
    {raw("<!doctype html>")}
    <html lang="en">
      <PageHead title={`${title} · ${frame.workspaceName} · Chorus`}>
        <script src="/dashboard/assets/htmx.min.js" defer></script>
        <script src="/dashboard/assets/dashboard.js" defer></script>
      </PageHead>
      <body>
        <a class="skip" href="#content">
          Skip to content
        </a>
        {frame.viewMode === "test" ? (
          // A landmark of its own, so nothing on the page sits outside one (axe's "region" rule).
          <aside class="banner" id="test-banner" aria-label="Test mode">
            Test mode: you are looking at test data. The networks are Chorus's simulators; nothing here touches a real account.
          </aside>
        ) : null}
        <header class="top">
          <span class="brand">Chorus</span>
          <span class="who" id="workspace-name">
            {frame.workspaceName}
          </span>
          {frame.sessionMode === "live" ? (
            <form class="inline" method="post" action="/dashboard/mode">
              <Csrf token={frame.csrf} />
              <input type="hidden" name="to" value={frame.viewMode === "test" ? "live" : "test"} />
              <button id="mode-switch" type="submit">
                {frame.viewMode === "test" ? "Switch to live data" : "Switch to test data"}
              </button>
            </form>
          ) : (
            <span class="muted" id="mode-note">
              Test data only (signed in with a test key)
            </span>
          )}
          <form class="inline" method="post" action="/dashboard/signout">
            <Csrf token={frame.csrf} />
            <button id="signout" type="submit">
              Sign out
            </button>
          </form>
        </header>
        <nav class="main" aria-label="Dashboard">
          <ul>
            {sections.map((s) => (
              <li>
                <a href={s.href} aria-current={s.id === section ? "page" : undefined}>
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <main id="content">
          <h1>{title}</h1>
          {children}
        </main>
      </body>
    </html>
  </>
);

/** Pages outside a session (sign-in, signed out): the same look, one centred card. */
export const PlainLayout: FC<{ title: string; children?: Child }> = ({ title, children }) => (
  <>
    {raw("<!doctype html>")}
    <html lang="en">
      <PageHead title={title} />
      <body>
        <main id="content">
          <section class="card">{children}</section>
        </main>
      </body>
    </html>
  </>
);

/** The outcome of the form just sent (after its redirect), announced to screen readers. */
export const Notice: FC<{ notice?: string | undefined }> = ({ notice }) =>
  notice ? (
    <p class="ok" role="status" id="notice">
      {notice}
    </p>
  ) : null;

/** A state as a labelled badge (text, not colour alone, carries the meaning). */
export const StateBadge: FC<{ state: string }> = ({ state }) => <span class={`badge state-${state}`}>{state.replace("_", " ")}</span>;

export const when = (iso: string | null) => (iso ? iso.replace("T", " ").replace(/(:\d\d)(\.\d+)?Z$/, "$1 UTC") : "—");
