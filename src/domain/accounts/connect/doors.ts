import type { PlatformId } from "../../../types/platform-ids.js";
import { adapterFor, platformIds } from "../../../networks/registry.js";

/** One button on the connect page: a network, and for Instagram the door it goes through. */
export interface ConnectDoor {
  platform: PlatformId;
  variant: string | null;
  label: string;
  /** Path under the link, e.g. `start/instagram?variant=facebook_login`. */
  path: string;
}

/* The network's own wording for each door, so the person recognises the login they get. */
const variantLabels: Record<string, string> = {
  instagram_login: "Instagram (Instagram login)",
  facebook_login: "Instagram via Facebook Page",
  member: "LinkedIn (personal profile)",
  organization: "LinkedIn (profile and company pages)",
};

/** The network's product name, as people know it ("X", "Facebook Pages"). */
export const networkName = (platform: PlatformId): string => adapterFor(platform).capabilities.name;

/**
 * The doors a link offers, in the registry's order; Instagram shows both of its doors, LinkedIn
 * one per product its app has (`products`: the app products per network, from appProductsFor).
 */
export function doorsFor(platforms: readonly PlatformId[] | null, products: Partial<Record<PlatformId, readonly string[] | undefined>> = {}): ConnectDoor[] {
  const allowed = new Set(platforms ?? platformIds);
  const doors: ConnectDoor[] = [];
  for (const platform of platformIds) {
    if (!allowed.has(platform)) continue;
    const adapter = adapterFor(platform);
    const { name, connect } = adapter.capabilities;
    const variants = adapter.connectVariants ? adapter.connectVariants(products[platform]) : connect.variants;
    if (variants.length === 0) {
      doors.push({ platform, variant: null, label: name, path: `start/${platform}` });
      continue;
    }
    // The login door first: it needs no Facebook Page, so more people can use it.
    const ordered = [...variants].sort((a, b) => Number(b === "instagram_login") - Number(a === "instagram_login"));
    for (const variant of ordered) {
      doors.push({ platform, variant, label: variantLabels[variant] ?? `${name} (${variant})`, path: `start/${platform}?variant=${encodeURIComponent(variant)}` });
    }
  }
  return doors;
}
