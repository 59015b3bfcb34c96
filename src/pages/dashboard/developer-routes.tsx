import { Hono } from "hono";
import { listAuditEvents } from "../../domain/core/index.js";
import { deleteCredentials, listCredentials, saveCredentials } from "../../domain/accounts/index.js";
import { getEmailPreferences, updateEmailPreferences } from "../../domain/workspaces/index.js";
import { createWorkspaceKey, listWorkspaceKeys, revokeWorkspaceKey } from "../../domain/keys/index.js";
import { ApiError } from "../../infra/errors.js";
import type { PlatformId } from "../../types/platform-ids.js";
import { platformIds } from "../../networks/registry.js";
import { type DashboardEnv, field } from "./dashboard-env.js";
import { AuditPage, EmailPage, KeysPage } from "./developers-page.js";
import { ctxOf, frameOf, noticeOf } from "./frame.js";

function platform(value: string | undefined): PlatformId {
  const found = platformIds.find((p) => p === value);
  if (!found) throw new ApiError("platform_unknown", { param: "platform" });
  return found;
}

const emailFields = ["publishFailures", "accountDisconnected", "creditsLow", "weeklyDigest", "productUpdates"] as const;

/** Developers: API keys (created keys shown once), bring-your-own apps, the audit log, email preferences. */
export const developerRoutes = new Hono<DashboardEnv>()
  .get("/dashboard/developers", async (c) => {
    const ctx = ctxOf(c);
    const [keys, credentials] = await Promise.all([listWorkspaceKeys({ ctx }), listCredentials({ ctx })]);
    return c.html(<KeysPage frame={frameOf(c)} keys={keys} credentials={credentials.items} notice={noticeOf(c)} />);
  })
  .post("/dashboard/keys", async (c) => {
    const ctx = ctxOf(c);
    const mode = field(c, "mode") === "live" ? "live" : "test";
    const created = await createWorkspaceKey({ ctx, input: { mode, name: field(c, "name") ?? "", allowLive: c.var.dash.session.mode === "live" } });
    // Rendered, not redirected: the key exists only in this response.
    const [keys, credentials] = await Promise.all([listWorkspaceKeys({ ctx }), listCredentials({ ctx })]);
    return c.html(<KeysPage frame={frameOf(c)} keys={keys} credentials={credentials.items} created={created} />, 201);
  })
  .post("/dashboard/keys/:id/revoke", async (c) => {
    await revokeWorkspaceKey({ ctx: ctxOf(c), input: { id: c.req.param("id") } });
    return c.redirect("/dashboard/developers?done=revoked", 303);
  })
  .post("/dashboard/credentials", async (c) => {
    await saveCredentials({ ctx: ctxOf(c), input: { platform: platform(field(c, "platform")), clientId: field(c, "clientId") ?? "", clientSecret: field(c, "clientSecret") ?? "" } });
    return c.redirect("/dashboard/developers?done=saved", 303);
  })
  .post("/dashboard/credentials/:platform/delete", async (c) => {
    await deleteCredentials({ ctx: ctxOf(c), input: { platform: platform(c.req.param("platform")) } });
    return c.redirect("/dashboard/developers?done=removed", 303);
  })
  .get("/dashboard/developers/audit", async (c) => {
    const entries = await listAuditEvents({ ctx: ctxOf(c), input: { limit: 100 } });
    return c.html(<AuditPage frame={frameOf(c)} entries={entries} />);
  })
  .get("/dashboard/developers/email", async (c) => {
    const preferences = await getEmailPreferences({ ctx: ctxOf(c) });
    return c.html(<EmailPage frame={frameOf(c)} preferences={preferences} notice={noticeOf(c)} />);
  })
  .post("/dashboard/developers/email", async (c) => {
    // An unticked checkbox sends nothing, so every preference is set from the form as a whole.
    const input = Object.fromEntries(emailFields.map((name) => [name, field(c, name) === "on"]));
    await updateEmailPreferences({ ctx: ctxOf(c), input });
    return c.redirect("/dashboard/developers/email?done=saved", 303);
  });
