import { eq } from "drizzle-orm";
import { appCredentials } from "../../db/schema/index.js";
import { ApiError } from "../../infra/errors.js";
import type { PlatformId } from "../../networks/platform-ids.js";
import type { NetworkContext } from "../../networks/types.js";
import type { DomainContext } from "../context.js";
import { sandboxRuntime } from "../sandbox/sandbox-runtime.js";

/** Sandbox apps need no registration: every simulator accepts these. */
const sandboxClient = (platform: PlatformId) => ({ clientId: `chorus-sandbox-${platform}`, clientSecret: "chorus-sandbox-secret" });

export function oauthRedirectUri(publicUrl: string, platform: PlatformId): string {
  return `${publicUrl}/connect/callback/${platform}`;
}

type CredentialRow = typeof appCredentials.$inferSelect;

/**
 * All of the workspace's own app credentials, read once per domain context: a publish to ten
 * networks asks for them ten times in parallel, and one query answers all of them.
 */
const credentialsByContext = new WeakMap<DomainContext, Promise<Map<string, CredentialRow>>>();

function credentialRows(ctx: DomainContext): Promise<Map<string, CredentialRow>> {
  let rows = credentialsByContext.get(ctx);
  if (!rows) {
    rows = ctx.db
      .select()
      .from(appCredentials)
      .where(eq(appCredentials.workspaceId, ctx.workspace.id))
      .then((list) => new Map(list.map((row) => [row.platform, row])));
    credentialsByContext.set(ctx, rows);
  }
  return rows;
}

/** The workspace's own app credentials for a network, decrypted, when it brought its own. */
async function workspaceCredentials(ctx: DomainContext, platform: PlatformId) {
  const row = (await credentialRows(ctx)).get(platform);
  if (!row) return null;
  const clientSecret = await ctx.services.cipher.decrypt(row.clientSecretEncrypted, { table: "app_credentials", rowId: row.id, column: "client_secret" });
  return { clientId: row.clientId, clientSecret };
}

/**
 * What an adapter gets for one call. Test-mode accounts talk to the simulators through the
 * in-process sandbox fetch; live ones to the real network with the workspace's own app
 * credentials when it brought them, else the deployment's.
 */
export async function networkContextFor(ctx: DomainContext, platform: PlatformId, mode: "test" | "live"): Promise<NetworkContext> {
  const { networks, publicUrl } = ctx.services;
  const now = () => ctx.clock.now();
  const redirectUri = oauthRedirectUri(publicUrl, platform);
  const apiVersion = networks.apiVersions[platform];
  if (mode === "test") {
    const sandbox = sandboxRuntime(ctx.db, { now, publicUrl, sleep: networks.sleep });
    const own = await workspaceCredentials(ctx, platform);
    return {
      fetch: sandbox.fetch,
      now,
      config: { ...(own ?? sandboxClient(platform)), redirectUri, ...(apiVersion ? { apiVersion } : {}), serviceUrl: "https://bsky.social" },
    };
  }
  const credentials = (await workspaceCredentials(ctx, platform)) ?? networks.appCredentials[platform] ?? (platform === "bluesky" ? { clientId: "", clientSecret: "" } : null);
  if (!credentials) {
    throw new ApiError("app_credentials_missing", { param: "platform", platform, message: `No ${platform} app credentials are configured for live connections.` });
  }
  return {
    fetch: networks.liveFetch,
    now,
    config: {
      ...credentials,
      redirectUri,
      ...(apiVersion ? { apiVersion } : {}),
      ...(networks.blueskyServiceUrl ? { serviceUrl: networks.blueskyServiceUrl } : {}),
    },
  };
}
