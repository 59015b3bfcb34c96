import type { AppCredentialPair, NetworkDeps } from "../domain/core/index.js";
import { realSleep } from "../domain/core/index.js";
import type { GuardedFetch } from "../infra/outbound/guarded-fetch.js";
import type { PlatformId } from "../types/platform-ids.js";
import { adapterFor, rulesFor, platformIds } from "../networks/registry.js";

/**
 * `CHORUS_<NETWORK>_PRODUCTS`, for the networks whose connect doors depend on the app's products
 * (LinkedIn). A misspelt product would silently close its door, so it stops the server instead.
 */
function readProducts(platform: PlatformId, value: string | undefined): string[] | null {
  const products =
    value
      ?.split(",")
      .map((p) => p.trim())
      .filter(Boolean) ?? [];
  if (products.length === 0) return null;
  const adapter = adapterFor(platform);
  const known = adapter.connectVariants ? adapter.capabilities.connect.variants : [];
  const unknown = products.filter((p) => !known.includes(p));
  if (unknown.length > 0) {
    const name = `CHORUS_${platform.toUpperCase()}_PRODUCTS`;
    throw new Error(known.length > 0 ? `${name}: unknown product ${unknown.join(", ")}; use ${known.join(", ")}.` : `${name}: ${platform} has no app products to choose.`);
  }
  return products;
}

/**
 * The deployment's own network settings, read from env by the entries (never by the app):
 * `CHORUS_<NETWORK>_CLIENT_ID` / `_CLIENT_SECRET` for each network's app, optional
 * `CHORUS_<NETWORK>_API_VERSION`, `CHORUS_<NETWORK>_PRODUCTS` (comma-separated products the app
 * has, e.g. `CHORUS_LINKEDIN_PRODUCTS=member,organization`), `CHORUS_BLUESKY_SERVICE_URL`,
 * `CHORUS_META_VERIFY_TOKEN` (the Meta webhook handshake), `CHORUS_TOKEN_WARNING_DAYS` and
 * `CHORUS_<NETWORK>_BUDGET` (units per window of a network's per-app budget, e.g.
 * `CHORUS_TWITTER_BUDGET=20000` billed reads a day, `CHORUS_YOUTUBE_BUDGET` after a quota raise).
 */
export function networkDepsFromEnv(env: Record<string, string | undefined>, liveFetch: typeof fetch, guardedFetch: GuardedFetch): Omit<NetworkDeps, "loadSimulators"> {
  const appCredentials: Partial<Record<PlatformId, AppCredentialPair>> = {};
  const apiVersions: Partial<Record<PlatformId, string>> = {};
  const appProducts: Partial<Record<PlatformId, string[]>> = {};
  const budgetCaps: Partial<Record<PlatformId, number>> = {};
  for (const platform of platformIds) {
    const prefix = `CHORUS_${platform.toUpperCase()}_`;
    const clientId = env[`${prefix}CLIENT_ID`];
    const clientSecret = env[`${prefix}CLIENT_SECRET`];
    if (clientId && clientSecret) appCredentials[platform] = { clientId, clientSecret };
    const version = env[`${prefix}API_VERSION`];
    if (version) apiVersions[platform] = version;
    const products = readProducts(platform, env[`${prefix}PRODUCTS`]);
    if (products) appProducts[platform] = products;
    const budget = readBudget(platform, env[`${prefix}BUDGET`]);
    if (budget !== undefined) budgetCaps[platform] = budget;
  }
  return {
    liveFetch,
    appCredentials,
    apiVersions,
    appProducts,
    blueskyServiceUrl: env.CHORUS_BLUESKY_SERVICE_URL,
    guardedFetch,
    sleep: realSleep,
    metaVerifyToken: env.CHORUS_META_VERIFY_TOKEN || undefined,
    tokenWarningDays: readWarningDays(env.CHORUS_TOKEN_WARNING_DAYS),
    budgetCaps,
  };
}

/** A typo here would silently move every expiry warning, so it stops the server instead. */
function readWarningDays(value: string | undefined): number | undefined {
  if (!value) return undefined;
  if (!/^[1-9]\d*$/.test(value) || Number(value) > 60) throw new Error("CHORUS_TOKEN_WARNING_DAYS: a whole number of days from 1 to 60.");
  return Number(value);
}

/**
 * A network's budget in units per window. A typo would silently stop (or unleash) background
 * calls, so it stops the server instead; networks that keep no budget take none.
 */
function readBudget(platform: PlatformId, value: string | undefined): number | undefined {
  if (!value) return undefined;
  const name = `CHORUS_${platform.toUpperCase()}_BUDGET`;
  const rules = rulesFor(platform).budget;
  if (!rules) throw new Error(`${name}: ${platform} keeps no per-app budget.`);
  if (!/^[1-9]\d*$/.test(value)) throw new Error(`${name}: a whole number of ${rules.unit} per window.`);
  return Number(value);
}
