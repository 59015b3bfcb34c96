import { Hono } from "hono";
import { createConnectLink, createDoorLink } from "../../domain/accounts/index.js";
import { returnUrlProblem } from "../../domain/accounts/index.js";
import { errorCatalogue, isErrorCode } from "../../infra/error-catalogue.js";
import { listProfiles } from "../../domain/accounts/index.js";
import { getAccount, listAccounts } from "../../domain/accounts/index.js";
import { disconnectAccount } from "../../domain/accounts/index.js";
import type { PlatformId } from "../../types/platform-ids.js";
import { platformIds } from "../../networks/registry.js";
import { plainProblem } from "./plain-words.js";
import { AccountsPage } from "./accounts-page.js";
import { healthOf } from "./account-health.js";
import { listPosts } from "../../domain/publishing/index.js";
import { type DashboardEnv, field } from "./dashboard-env.js";
import { ctxOf, frameOf, noticeOf } from "./frame.js";

/**
 * Back to this page when the hosted flow ends, where the connect rules allow it (https, or http
 * on localhost); otherwise the hosted page shows its own result and the person comes back by hand.
 */
function backHere(publicUrl: string): string | undefined {
  const url = `${publicUrl}/dashboard/accounts`;
  return returnUrlProblem(url) === null ? url : undefined;
}

/**
 * The hosted flow's outcome from the returnUrl query, in our own words: only the status and a
 * catalogue code are read, never the message text, so the address cannot put words on the page.
 */
function outcomeNotice(status: string | undefined, code: string | undefined): string | undefined {
  if (status === "connected") return "The account is connected.";
  if (status === "denied") return "Nothing was connected: the network's consent was cancelled.";
  if (status === "error")
    return code && isErrorCode(code) ? `Could not connect. ${plainProblem({ code, message: errorCatalogue[code].meaning, fix: errorCatalogue[code].fix }).fix}` : "Could not connect.";
  return undefined;
}

const isPlatform = (value: string): value is PlatformId => (platformIds as readonly string[]).includes(value);

/** Social accounts: the list with health, connect and reconnect through the hosted page, disconnect. */
export const accountRoutes = new Hono<DashboardEnv>()
  .get("/dashboard/accounts", async (c) => {
    const ctx = ctxOf(c);
    const [accounts, profiles, recent] = await Promise.all([listAccounts({ ctx, input: { limit: 100 } }), listProfiles({ ctx, input: { limit: 100 } }), listPosts({ ctx, input: { limit: 50 } })]);
    const now = ctx.clock.now();
    const health = Object.fromEntries(accounts.accounts.map((a) => [a.id, healthOf(a, recent.items, now)]));
    return c.html(
      <AccountsPage frame={frameOf(c)} accounts={accounts.accounts} health={health} profiles={profiles.items} notice={noticeOf(c) ?? outcomeNotice(c.req.query("status"), c.req.query("code"))} />,
    );
  })
  .post("/dashboard/accounts/connect", async (c) => {
    const profile = field(c, "profile");
    const link = await createConnectLink({ ctx: ctxOf(c), input: { profile: profile || undefined, returnUrl: backHere(c.var.baseUrl) } });
    return c.redirect(link.url, 303);
  })
  .post("/dashboard/accounts/:id/reconnect", async (c) => {
    const ctx = ctxOf(c);
    const account = await getAccount({ ctx, input: { id: c.req.param("id") } });
    if (!isPlatform(account.platform)) throw new Error(`stored account has an unknown platform ${account.platform}`);
    const link = await createDoorLink({ ctx, input: { platform: account.platform, variant: account.connectVariant ?? undefined, returnUrl: backHere(c.var.baseUrl) } });
    return c.redirect(link.url, 303);
  })
  .post("/dashboard/accounts/:id/disconnect", async (c) => {
    await disconnectAccount({ ctx: ctxOf(c), input: { id: c.req.param("id") } });
    return c.redirect("/dashboard/accounts?done=disconnected", 303);
  });
