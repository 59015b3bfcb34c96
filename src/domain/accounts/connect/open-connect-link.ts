import { ApiError } from "../../../infra/errors.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import { adapterFor, platformIds } from "../../../networks/registry.js";
import { appProductsFor } from "../networks/network-context.js";
import { type ConnectDoor, doorsFor } from "./doors.js";
import { type ConnectRuntime, type LinkContext, linkContext } from "./link-context.js";
import { type ConnectLink, verifyConnectLink } from "./link-token.js";

export interface OpenedLink extends LinkContext {
  token: string;
  link: ConnectLink;
}

export interface ConnectPageModel {
  workspaceName: string;
  profile: string | null;
  mode: "test" | "live";
  expiresAt: string;
  doors: ConnectDoor[];
}

/** A link that verifies, with the context it grants; every connect page starts here. */
export async function openLink(runtime: ConnectRuntime, token: string): Promise<OpenedLink> {
  const link = await verifyConnectLink(runtime.services.signingSecret, token, runtime.clock.now());
  const granted = await linkContext(runtime, link);
  return { ...granted, token, link };
}

/** The link, refused unless it offers this network. */
export async function openLinkFor(runtime: ConnectRuntime, token: string, platform: PlatformId): Promise<OpenedLink> {
  const opened = await openLink(runtime, token);
  if (opened.link.platforms && !opened.link.platforms.includes(platform)) {
    const name = adapterFor(platform).capabilities.name;
    throw new ApiError("field_invalid", { param: "platform", platform, message: `This connect link does not offer ${name}.`, fix: "Go back to the list and pick one of the networks it shows." });
  }
  return opened;
}

/** The app products of the networks whose doors depend on them (LinkedIn). */
async function productsByPlatform(opened: OpenedLink): Promise<Partial<Record<PlatformId, readonly string[] | undefined>>> {
  const products: Partial<Record<PlatformId, readonly string[] | undefined>> = {};
  for (const platform of opened.link.platforms ?? platformIds) {
    if (adapterFor(platform).connectVariants) products[platform] = await appProductsFor(opened.ctx, platform, opened.link.mode);
  }
  return products;
}

/** GET /connect/:token: who is asking, and one door per network the link offers. */
export async function connectPage({ runtime, input }: { runtime: ConnectRuntime; input: { token: string } }): Promise<ConnectPageModel> {
  const opened = await openLink(runtime, input.token);
  return {
    workspaceName: opened.workspaceName,
    profile: opened.profile?.username ?? null,
    mode: opened.link.mode,
    expiresAt: opened.link.expiresAt.toISOString(),
    doors: doorsFor(opened.link.platforms, await productsByPlatform(opened)),
  };
}
