export const platformIds = ["tiktok", "instagram", "facebook", "twitter", "youtube", "pinterest", "linkedin", "bluesky", "threads", "googlebusiness"] as const;

export type PlatformId = (typeof platformIds)[number];

export function isPlatformId(value: string): value is PlatformId {
  return (platformIds as readonly string[]).includes(value);
}
