import type { GuardedFetch } from "../../infra/outbound/guarded-fetch.js";
import type { PlatformId } from "../../types/platform-ids.js";
import type { SimulatorsModule } from "../../sandbox/types.js";

export interface AppCredentialPair {
  clientId: string;
  clientSecret: string;
}

/** What the deployment provides for reaching networks: the real fetch and its own app credentials. */
export interface NetworkDeps {
  /** The real networks, for live keys. */
  liveFetch: typeof fetch;
  /** The deployment's app credentials per network (env); a workspace's own credentials win. */
  appCredentials: Partial<Record<PlatformId, AppCredentialPair>>;
  apiVersions: Partial<Record<PlatformId, string>>;
  /** The network products the deployment's apps have (CHORUS_LINKEDIN_PRODUCTS); unset means each adapter's default. */
  appProducts?: Partial<Record<PlatformId, string[]>>;
  /** Where live Bluesky logins go (default bsky.social); tests point it at a local PDS. */
  blueskyServiceUrl?: string | undefined;
  /**
   * Every URL a user chose (profile images, a Bluesky PDS, webhook endpoints) is fetched through
   * this guard, in test mode too: it refuses private and local addresses (see infra/outbound).
   */
  guardedFetch: GuardedFetch;
  /**
   * How long one network may take to answer one page of a read that spans networks
   * (GET /v1/notifications) before it becomes a `problems` entry; default 8 s (domain/reads).
   */
  readTimeoutMs?: number;
  /**
   * Imports the sandbox's network simulators, on the first test-key use: the Node server imports
   * src/sandbox/registry.ts, the Worker the separately built module of the same simulators (so
   * they stay out of the module an isolate loads at start-up).
   */
  loadSimulators: () => Promise<SimulatorsModule>;
  /** Sleeps for `slow` sandbox accounts; tests shorten it. Ends early when `signal` aborts (the request was abandoned). */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** CHORUS_META_VERIFY_TOKEN: what Meta must echo in the `hub.verify_token` handshake of /webhooks/meta; unset refuses every handshake. */
  metaVerifyToken?: string | undefined;
  /** CHORUS_TOKEN_WARNING_DAYS: how many days before a token that cannot be renewed, or whose background renewal keeps failing, expires `account.token_expiring` is sent (default 7). */
  tokenWarningDays?: number | undefined;
  /**
   * CHORUS_<NETWORK>_BUDGET: units per window of a network's per-app budget where the operator's
   * differs from the network's default (a raised YouTube quota, X's daily read spend); see
   * `budget` in networks/<id>/rules.ts.
   */
  budgetCaps?: Partial<Record<PlatformId, number>> | undefined;
}

/** A timer sleep that an aborted signal ends at once, clearing its timer so nothing stays pending. */
export function realSleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}
