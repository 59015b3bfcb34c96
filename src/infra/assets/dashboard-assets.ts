/** The dashboard's one script: htmx (from the `htmx.org` package), served by Chorus itself, never a CDN. */
export type DashboardScriptSource = () => Promise<string | undefined>;
