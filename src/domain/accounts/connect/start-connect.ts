import { connectSessions } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import { randomString } from "../../../infra/ids.js";
import { pkceChallenge } from "../../../networks/http.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import { adapterFor } from "../../../networks/registry.js";
import { sandboxBrowserUrl } from "../../../sandbox/sandbox-fetch.js";
import { networkContextFor } from "../networks/network-context.js";
import { resolveVariant } from "../connect-account.js";
import type { ConnectRuntime } from "./link-context.js";
import { openLinkFor } from "./open-connect-link.js";

/** How long a person has at the network's consent screen before the attempt is void. */
export const CONNECT_SESSION_TTL_MS = 10 * 60_000;

export type StartResult =
  /** Networks that log in with a password (Bluesky) show our own form instead of a consent screen. */
  { kind: "password_form"; platform: PlatformId; name: string; workspaceName: string; mode: "test" | "live" } | { kind: "redirect"; location: string };

/**
 * GET /connect/:token/start/:platform. For an OAuth network: records one attempt (the OAuth
 * `state`, a PKCE verifier, the link's workspace, mode, profile and returnUrl) and answers the
 * network's authorize URL. Test links send the browser to the simulator's consent page, served
 * by this server under /sandbox/<host>/…; live links to the real network.
 */
export async function startConnect({ runtime, input }: { runtime: ConnectRuntime; input: { token: string; platform: PlatformId; variant?: string | undefined } }): Promise<StartResult> {
  const opened = await openLinkFor(runtime, input.token, input.platform);
  const adapter = adapterFor(input.platform);
  if (adapter.loginWithPassword) {
    return { kind: "password_form", platform: input.platform, name: adapter.capabilities.name, workspaceName: opened.workspaceName, mode: opened.link.mode };
  }
  if (!adapter.authorizeUrl || !adapter.exchangeCode) {
    throw new ApiError("field_invalid", { param: "platform", platform: input.platform, message: `${adapter.capabilities.name} cannot be connected from this page.` });
  }
  const { ctx, link } = opened;
  const net = await networkContextFor(ctx, input.platform, link.mode);
  const variant = resolveVariant(adapter, input.variant, net.config.products);
  // 32 random characters (~190 bits): the state is the only thing the callback has to find the
  // attempt by, so it must be unguessable.
  const state = randomString(32);
  const codeVerifier = randomString(64);
  const now = ctx.clock.now();
  await ctx.db.insert(connectSessions).values({
    id: state,
    workspaceId: ctx.workspace.id,
    profileId: link.profileId,
    platform: input.platform,
    variant,
    mode: link.mode,
    codeVerifier,
    returnUrl: link.returnUrl,
    linkToken: opened.token,
    expiresAt: new Date(now.getTime() + CONNECT_SESSION_TTL_MS),
    createdAt: now,
  });
  const authorizeUrl = adapter.authorizeUrl({ state, codeChallenge: await pkceChallenge(codeVerifier), variant }, net);
  const location = link.mode === "test" ? sandboxBrowserUrl(ctx.services.publicUrl, authorizeUrl) : authorizeUrl;
  return { kind: "redirect", location };
}
