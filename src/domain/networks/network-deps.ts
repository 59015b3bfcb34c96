import type { PlatformId } from "../../networks/platform-ids.js";

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
  /** Where live Bluesky logins go (default bsky.social); tests point it at a local PDS. */
  blueskyServiceUrl?: string | undefined;
  /** Sleeps for `slow` sandbox accounts; tests shorten it. */
  sleep: (ms: number) => Promise<void>;
}

export const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
