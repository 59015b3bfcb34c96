import type { Hono } from "hono";
import type { PlatformId } from "../../types/platform-ids.js";
import { issueTokens, revokeToken, type SandboxToken } from "../tokens.js";
import type { SandboxAccount, SimulatorDeps } from "../types.js";
import { graphLifetimes } from "./facebook-login.js";
import { authenticate, graphError, graphJson, pageOf, parseFields, selectFields, unsupportedRequest, type GraphNode, type GraphProfile } from "./graph-wire.js";
import type { TokenMeta } from "./token-meta.js";

/**
 * Sandbox Facebook Pages and their page access tokens, and the person's ad accounts, shared by
 * the Facebook simulator (the person's pages) and the Instagram simulator's Facebook-login door
 * (the page linked to the Instagram account), with the graph.facebook.com edges both serve alike.
 */

export interface SandboxAdAccount {
  id: string;
  name: string;
  currency: string;
  account_status: number;
}
export interface SandboxPage {
  id: string;
  name: string;
  category: string;
  tasks: string[];
  followers_count: number;
  link: string;
  /** The never-expiring page token `/me/accounts` hands out for long-lived user tokens; reissued once revoked. */
  tokenValue: string | null;
  subscribedFields: string[];
  /** Instagram only: the professional account linked to the page. */
  instagramUserId?: string;
  /**
   * Publishing held back by Meta: `temporarily_blocked` after abusive-looking activity (#368),
   * `publishing_authorization` until an admin completes Page Publishing Authorization.
   */
  restriction?: "temporarily_blocked" | "publishing_authorization";
}

/** Page webhook fields `subscribed_apps` accepts (Webhooks for Pages). */
export const pageWebhookFields = [
  "feed",
  "mention",
  "messages",
  "messaging_postbacks",
  "message_deliveries",
  "message_reads",
  "message_echoes",
  "message_reactions",
  "messaging_optins",
  "messaging_referrals",
  "live_videos",
] as const;

/**
 * The page token `/me/accounts` hands out, as Meta documents it: asked with a long-lived user
 * token, the page's token has no expiry and every read answers the same one (earlier reads' tokens
 * are not invalidated); it dies only when the app is de-authorised (DELETE /me/permissions), the
 * person loses their role on the page (setPageRole) or the token is otherwise revoked, and the
 * next read then issues a new one. Asked with a short-lived user token, it lasts an hour.
 */
export async function ensurePageToken(deps: SimulatorDeps, platform: PlatformId, page: SandboxPage, accountId: string, scopes: string[], userTokenLongLived: boolean): Promise<string> {
  if (userTokenLongLived && page.tokenValue) {
    const existing = await deps.store.get<SandboxToken>(platform, "token", page.tokenValue);
    if (existing && !existing.data.revoked) return page.tokenValue;
  }
  const issued = await issueTokens(deps, platform, accountId, scopes, {
    accessSeconds: userTokenLongLived ? null : graphLifetimes.shortSeconds,
    refreshSeconds: null,
    withRefresh: false,
    prefix: "EAA_SANDBOX_PAGE_",
  });
  await deps.store.put<TokenMeta>(platform, "token_meta", issued.accessToken, { door: "facebook_login", longLived: userTokenLongLived, pageId: page.id }, accountId);
  if (userTokenLongLived) await deps.store.put<SandboxPage>(platform, "page", page.id, { ...page, tokenValue: issued.accessToken }, accountId);
  return issued.accessToken;
}

/**
 * Gives the role on a page to a person (`accountId`) or takes it away (`null`), as a page admin
 * does in Meta Business Suite: nothing in the Graph API does it, so tests call this. The page
 * tokens the previous holder was given for the page die with the role (Graph answers them 190
 * with subcode 492, see graph-wire.ts) and the page leaves their `/me/accounts`; a person who gets
 * the role (back) is issued a new token by their next read.
 */
export async function setPageRole(deps: SimulatorDeps, platform: PlatformId, pageId: string, accountId: string | null): Promise<void> {
  const page = await deps.store.get<SandboxPage>(platform, "page", pageId);
  if (!page) throw new Error(`sandbox: no ${platform} page ${pageId}`);
  if (page.owner === accountId) return;
  if (page.owner) {
    for (const meta of await deps.store.list<TokenMeta>(platform, "token_meta", { owner: page.owner })) {
      if (meta.data.pageId !== pageId) continue;
      await revokeToken(deps, platform, meta.id);
      await deps.store.put<TokenMeta>(platform, "token_meta", meta.id, { ...meta.data, roleRemoved: true }, meta.owner);
    }
  }
  await deps.store.put<SandboxPage>(platform, "page", pageId, { ...page.data, tokenValue: null }, accountId);
}

/** `POST /{page-id}/subscribed_apps?subscribed_fields=...` with that page's own token. */
export async function subscribePage(deps: SimulatorDeps, platform: PlatformId, page: SandboxPage, meta: TokenMeta | null, fieldsParam: string | undefined): Promise<Response | null> {
  if (meta?.pageId !== page.id) {
    return graphError(400, { message: "(#210) A page access token is required to request this resource.", type: "OAuthException", code: 210 });
  }
  const fields = (fieldsParam ?? "")
    .split(",")
    .map((f) => f.trim())
    .filter(Boolean);
  if (fields.length === 0) {
    return graphError(400, { message: "(#100) The parameter subscribed_fields is required", type: "OAuthException", code: 100 });
  }
  const bad = fields.findIndex((f) => !(pageWebhookFields as readonly string[]).includes(f));
  if (bad !== -1) {
    return graphError(400, {
      message: `(#100) Param subscribed_fields[${bad}] must be one of {${pageWebhookFields.join(", ")}} - got "${fields[bad]}"`,
      type: "OAuthException",
      code: 100,
    });
  }
  const stored = await deps.store.get<SandboxPage>(platform, "page", page.id);
  const current = stored?.data ?? page;
  const merged = [...new Set([...current.subscribedFields, ...fields])];
  await deps.store.put<SandboxPage>(platform, "page", page.id, { ...current, subscribedFields: merged }, stored?.owner ?? null);
  return null;
}

/** `POST /{page-id}/subscribed_apps` for a page the person manages, with that page's own token. */
export function mountPageSubscriptionEdge(graph: Hono, profile: GraphProfile, door: string): void {
  const { deps, platform } = profile;
  graph.post("/:version/:pageId/subscribed_apps", async (c) => {
    const auth = await authenticate(profile, c.req.raw, { door, permission: "pages_manage_metadata" });
    if (!auth.ok) return auth.response;
    const page = await deps.store.get<SandboxPage>(platform, "page", c.req.param("pageId"));
    if (!page || page.owner !== auth.account.id) return unsupportedRequest("POST", c.req.param("pageId"));
    return (await subscribePage(deps, platform, page.data, auth.meta, c.req.query("subscribed_fields"))) ?? graphJson({ success: true });
  });
}

/** `GET /me/adaccounts`: the person's ad accounts, paged, with `fields=` selection. */
export function mountAdAccountsEdge(graph: Hono, profile: GraphProfile, door: string): void {
  const { deps, platform } = profile;
  graph.get("/:version/me/adaccounts", async (c) => {
    const auth = await authenticate(profile, c.req.raw, { door, permission: "ads_read" });
    if (!auth.ok) return auth.response;
    const nodes: GraphNode[] = [];
    for (const { data } of await deps.store.list<SandboxAdAccount>(platform, "ad_account", { owner: auth.account.id })) {
      const picked = selectFields({ ...data }, c.req.query("fields"), "id", "AdAccount");
      if (picked instanceof Response) return picked;
      nodes.push(picked);
    }
    return graphJson(pageOf(c.req.raw, nodes));
  });
}

/**
 * `GET /me/accounts`: the pages the person manages, paged, with `fields=` selection; a page token
 * is issued only when `access_token` is asked for. `describe` gives the simulator's Page node.
 */
export function mountManagedPagesEdge(graph: Hono, profile: GraphProfile, door: string, describe: (page: SandboxPage, accessToken: string | null, account: SandboxAccount) => GraphNode): void {
  const { deps, platform } = profile;
  graph.get("/:version/me/accounts", async (c) => {
    const auth = await authenticate(profile, c.req.raw, { door, permission: "pages_show_list" });
    if (!auth.ok) return auth.response;
    const fields = c.req.query("fields") || "id,name,category,tasks,access_token";
    const wantsTokens = parseFields(fields).some((f) => f.name === "access_token");
    const nodes: GraphNode[] = [];
    for (const { data: page } of await deps.store.list<SandboxPage>(platform, "page", { owner: auth.account.id })) {
      const token = wantsTokens ? await ensurePageToken(deps, platform, page, auth.account.id, auth.token.scopes, auth.meta?.longLived === true) : null;
      const picked = selectFields(describe(page, token, auth.account), fields, fields, "Page");
      if (picked instanceof Response) return picked;
      nodes.push(picked);
    }
    return graphJson(pageOf(c.req.raw, nodes));
  });
}
