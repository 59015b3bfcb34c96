// Bundled into the Worker as a text module (wrangler.toml `[[rules]] type = "Text"`), so the
// dashboard's script ships with the deployment.
import htmx from "htmx.org/dist/htmx.min.js";
import type { DashboardScriptSource } from "../../infra/assets/dashboard-assets.js";

export const workerDashboardScript: DashboardScriptSource = async () => htmx;
