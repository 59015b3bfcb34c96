import { blueskyAdapter } from "./bluesky/adapter.js";
import { facebookAdapter } from "./facebook/adapter.js";
import { googleBusinessAdapter } from "./googlebusiness/adapter.js";
import { instagramAdapter } from "./instagram/adapter.js";
import { linkedinAdapter } from "./linkedin/adapter.js";
import { pinterestAdapter } from "./pinterest/adapter.js";
import type { PlatformId } from "../types/platform-ids.js";
import { threadsAdapter } from "./threads/adapter.js";
import { tiktokAdapter } from "./tiktok/adapter.js";
import { twitterAdapter } from "./twitter/adapter.js";
import type { NetworkRules } from "./rules-schema.js";
import type { NetworkAdapter } from "./types.js";
import { youtubeAdapter } from "./youtube/adapter.js";

/**
 * Every network Chorus knows, in the order GET /v1/platforms and the OpenAPI enums list them: the
 * one list. Adding a network is its folder plus one line here (with its import); `PlatformId`
 * (types/platform-ids.ts) and `platformIds` are derived from these keys.
 */
export const adapters = {
  tiktok: tiktokAdapter,
  instagram: instagramAdapter,
  facebook: facebookAdapter,
  twitter: twitterAdapter,
  youtube: youtubeAdapter,
  pinterest: pinterestAdapter,
  linkedin: linkedinAdapter,
  bluesky: blueskyAdapter,
  threads: threadsAdapter,
  googlebusiness: googleBusinessAdapter,
} satisfies Record<string, NetworkAdapter>;

declare module "../types/platform-ids.js" {
  // An interface can extend only named members: the keys of `adapters` become PlatformId.
  interface RegisteredNetworks extends Record<keyof typeof adapters, NetworkAdapter> {}
}

/** The registered ids, in the registry's order. */
export const platformIds: readonly PlatformId[] = Object.keys(adapters) as PlatformId[];

export function isPlatformId(value: string): value is PlatformId {
  return Object.hasOwn(adapters, value);
}

export function adapterFor(platform: PlatformId): NetworkAdapter {
  return adapters[platform];
}

/** The network's rules (its `rules.ts`): validation rows, token renewal, poll interval, posting window. */
export function rulesFor(platform: PlatformId): NetworkRules {
  return adapters[platform].rules;
}
