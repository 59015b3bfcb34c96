import { ApiError } from "../../../infra/errors.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import { adapterFor } from "../../../networks/registry.js";
import type { DomainContext } from "../../core/index.js";
import { appProductsFor } from "../networks/network-context.js";
import { profileIdFor } from "../account-queries.js";
import { resolveVariant } from "../connect-account.js";
import { signConnectLink } from "./link-token.js";
import { requireReturnUrl } from "./return-url.js";

export const CONNECT_LINK_TTL_MS = 15 * 60_000;

export interface ConnectLinkInput {
  profile?: string | undefined;
  returnUrl?: string | undefined;
  platforms?: PlatformId[] | undefined;
}

export interface DoorLinkInput {
  platform?: PlatformId | undefined;
  variant?: string | undefined;
  profile?: string | undefined;
  returnUrl?: string | undefined;
}

export interface ConnectLinkView {
  url: string;
  expiresAt: string;
}

async function mint(ctx: DomainContext, input: { profile?: string | undefined; returnUrl?: string | undefined; platforms: PlatformId[] | null }) {
  const returnUrl = input.returnUrl === undefined ? null : requireReturnUrl(input.returnUrl);
  const profileId = await profileIdFor(ctx, input.profile);
  const expiresAt = new Date(ctx.clock.now().getTime() + CONNECT_LINK_TTL_MS);
  const token = await signConnectLink(ctx.services.signingSecret, {
    workspaceId: ctx.workspace.id,
    mode: ctx.apiKey.mode,
    profileId,
    returnUrl,
    platforms: input.platforms,
    expiresAt,
  });
  return { token, expiresAt: expiresAt.toISOString() };
}

/**
 * POST /v1/connect-link. The link is a signed token, so minting writes nothing: the page checks
 * the signature and expiry when the person opens it. The link carries the key's mode, so a
 * test key's link connects sandbox accounts and a live key's the real networks.
 */
export async function createConnectLink({ ctx, input }: { ctx: DomainContext; input: ConnectLinkInput }): Promise<ConnectLinkView> {
  const platforms = input.platforms ? [...new Set(input.platforms)] : null;
  const { token, expiresAt } = await mint(ctx, { profile: input.profile, returnUrl: input.returnUrl, platforms });
  return { url: `${ctx.services.publicUrl}/connect/${token}`, expiresAt };
}

/**
 * GET /v1/connect-link: with `platform`, a link straight to that network's door (the one error
 * fixes point to, e.g. Instagram's Facebook-Page door for features that need it); without, the
 * same page as the POST.
 */
export async function createDoorLink({ ctx, input }: { ctx: DomainContext; input: DoorLinkInput }): Promise<ConnectLinkView> {
  if (!input.platform) {
    if (input.variant !== undefined) throw new ApiError("field_invalid", { param: "variant", message: "`variant` picks a network's door; send it with `platform`." });
    return createConnectLink({ ctx, input: { profile: input.profile, returnUrl: input.returnUrl } });
  }
  const variant = resolveVariant(adapterFor(input.platform), input.variant, await appProductsFor(ctx, input.platform, ctx.apiKey.mode));
  const { token, expiresAt } = await mint(ctx, { profile: input.profile, returnUrl: input.returnUrl, platforms: [input.platform] });
  const query = variant ? `?variant=${encodeURIComponent(variant)}` : "";
  return { url: `${ctx.services.publicUrl}/connect/${token}/start/${input.platform}${query}`, expiresAt };
}
