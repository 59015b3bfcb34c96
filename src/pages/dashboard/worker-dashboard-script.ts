import type { DashboardScriptSource } from "../../infra/assets/dashboard-assets.js";

// A text module in the Worker upload (wrangler.toml `[[rules]] type = "Text"`), so the dashboard's
// script ships with the deployment; imported on the first dashboard request, not at start-up.
export const workerDashboardScript: DashboardScriptSource = async () => (await import("htmx.org/dist/htmx.min.js")).default;
