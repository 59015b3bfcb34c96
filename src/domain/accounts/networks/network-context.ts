import { ApiError } from "../../../infra/errors.js";
import { guardedAsFetch } from "../../../infra/outbound/guarded-fetch.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import { adapterFor } from "../../../networks/registry.js";
import type { NetworkContext } from "../../../networks/types.js";
import { fetchWithSignal } from "../../../networks/abortable-fetch.js";
import type { DomainContext } from "../../core/index.js";
import { sandboxRuntime } from "../sandbox/sandbox-runtime.js";
import { credentialRow } from "./credential-cache.js";

/** The sandbox apps' secret: the simulated Meta networks sign their webhook callbacks with it. */
export const SANDBOX_CLIENT_SECRET = "chorus-sandbox-secret";
/** Sandbox apps need no registration: every simulator accepts these. */
const sandboxClient = (platform: PlatformId) => ({ clientId: `chorus-sandbox-${platform}`, clientSecret: SANDBOX_CLIENT_SECRET });

export function oauthRedirectUri(publicUrl: string, platform: PlatformId): string {
  return `${publicUrl}/connect/callback/${platform}`;
}

/**
 * Networks whose API host the person chooses rather than the network: a Bluesky account lives on
 * the PDS its DID document names, which can be any address, so with a live key every request to
 * Bluesky (the session token included) goes through the outbound guard, at every use.
 */
const userChosenHosts: ReadonlySet<PlatformId> = new Set(["bluesky"]);
/** PDS answers are JSON and ~1 MB images; uploads are images only (Bluesky video is refused earlier). */
const userHostCaps = { maxBytes: 16 * 1024 * 1024, timeoutMs: 60_000 };

/** The workspace's own app credentials for a network, decrypted, when it brought its own. */
async function workspaceCredentials(ctx: DomainContext, platform: PlatformId) {
  const row = await credentialRow(ctx, platform);
  if (!row) return null;
  const clientSecret = await ctx.services.cipher.decrypt(row.clientSecretEncrypted, { table: "app_credentials", rowId: row.id, column: "client_secret" });
  return { clientId: row.clientId, clientSecret };
}

/**
 * The products the app behind a connection has. The sandbox's own app has every product a
 * connect variant can need (variants are named after products), so test keys can open every
 * door; a workspace's own app has the products saved with it (POST /v1/credentials), else, like
 * the deployment's app, what the operator configured (CHORUS_<NETWORK>_PRODUCTS).
 */
export async function appProductsFor(ctx: DomainContext, platform: PlatformId, mode: "test" | "live"): Promise<readonly string[] | undefined> {
  const own = await credentialRow(ctx, platform);
  if (mode === "test" && !own) return adapterFor(platform).capabilities.connect.variants;
  return own?.products ?? ctx.services.networks.appProducts?.[platform];
}

/**
 * What an adapter gets for one call. Test-mode accounts talk to the simulators through the
 * in-process sandbox fetch; live ones to the real network with the workspace's own app
 * credentials when it brought them, else the deployment's. With a `signal`, every request the
 * adapter sends is aborted when it fires (a read past its timeout closes its connection).
 */
export async function networkContextFor(ctx: DomainContext, platform: PlatformId, mode: "test" | "live", signal?: AbortSignal): Promise<NetworkContext> {
  const net = await contextFor(ctx, platform, mode);
  return signal ? { ...net, fetch: fetchWithSignal(net.fetch, signal), signal } : net;
}

async function contextFor(ctx: DomainContext, platform: PlatformId, mode: "test" | "live"): Promise<NetworkContext> {
  const { networks, publicUrl } = ctx.services;
  const now = () => ctx.clock.now();
  const redirectUri = oauthRedirectUri(publicUrl, platform);
  const apiVersion = networks.apiVersions[platform];
  const products = await appProductsFor(ctx, platform, mode);
  const withProducts = products ? { products } : {};
  if (mode === "test") {
    const sandbox = await sandboxRuntime(ctx.db, { workspaceId: ctx.workspace.id, now, publicUrl, networks });
    const own = await workspaceCredentials(ctx, platform);
    return {
      fetch: sandbox.fetch,
      fetchUserUrl: networks.guardedFetch,
      now,
      config: { ...(own ?? sandboxClient(platform)), redirectUri, ...(apiVersion ? { apiVersion } : {}), ...withProducts, serviceUrl: "https://bsky.social" },
    };
  }
  const credentials = (await workspaceCredentials(ctx, platform)) ?? networks.appCredentials[platform] ?? (platform === "bluesky" ? { clientId: "", clientSecret: "" } : null);
  if (!credentials) {
    throw new ApiError("app_credentials_missing", { param: "platform", platform, message: `No ${platform} app credentials are configured for live connections.` });
  }
  return {
    fetch: userChosenHosts.has(platform) ? guardedAsFetch(networks.guardedFetch, userHostCaps) : networks.liveFetch,
    fetchUserUrl: networks.guardedFetch,
    now,
    config: {
      ...credentials,
      redirectUri,
      ...(apiVersion ? { apiVersion } : {}),
      ...withProducts,
      ...(networks.blueskyServiceUrl ? { serviceUrl: networks.blueskyServiceUrl } : {}),
    },
  };
}
