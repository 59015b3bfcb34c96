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

/** Every network's adapter; a network without one is a type error here. */
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
} satisfies Record<PlatformId, NetworkAdapter>;

export function adapterFor(platform: PlatformId): NetworkAdapter {
  return adapters[platform];
}

/** The network's rules (its `rules.ts`): validation rows, token renewal, poll interval, posting window. */
export function rulesFor(platform: PlatformId): NetworkRules {
  return adapters[platform].rules;
}
