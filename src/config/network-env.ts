import type { AppCredentialPair, NetworkDeps } from "../domain/networks/network-deps.js";
import { realSleep } from "../domain/networks/network-deps.js";
import { type PlatformId, platformIds } from "../networks/platform-ids.js";

/**
 * The deployment's own network settings, read from env by the entries (never by the app):
 * `CHORUS_<NETWORK>_CLIENT_ID` / `_CLIENT_SECRET` for each network's app, optional
 * `CHORUS_<NETWORK>_API_VERSION`, and `CHORUS_BLUESKY_SERVICE_URL`.
 */
export function networkDepsFromEnv(env: Record<string, string | undefined>, liveFetch: typeof fetch): NetworkDeps {
  const appCredentials: Partial<Record<PlatformId, AppCredentialPair>> = {};
  const apiVersions: Partial<Record<PlatformId, string>> = {};
  for (const platform of platformIds) {
    const prefix = `CHORUS_${platform.toUpperCase()}_`;
    const clientId = env[`${prefix}CLIENT_ID`];
    const clientSecret = env[`${prefix}CLIENT_SECRET`];
    if (clientId && clientSecret) appCredentials[platform] = { clientId, clientSecret };
    const version = env[`${prefix}API_VERSION`];
    if (version) apiVersions[platform] = version;
  }
  return { liveFetch, appCredentials, apiVersions, blueskyServiceUrl: env.CHORUS_BLUESKY_SERVICE_URL, sleep: realSleep };
}
