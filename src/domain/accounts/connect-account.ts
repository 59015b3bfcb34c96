import { ApiError } from "../../infra/errors.js";
import { randomString } from "../../infra/ids.js";
import { pkceChallenge } from "../../networks/http.js";
import type { PlatformId } from "../../types/platform-ids.js";
import { adapterFor } from "../../networks/registry.js";
import type { NetworkAdapter, NetworkContext, TokenSet } from "../../networks/types.js";
import type { DomainContext } from "../core/index.js";
import { appProductsFor, networkContextFor } from "./networks/network-context.js";
import { sandboxRuntime } from "./sandbox/sandbox-runtime.js";
import type { SocialAccountView } from "./account-view.js";
import { profileIdFor } from "./account-queries.js";
import { storeConnection } from "./store-connection.js";
import { requireSandboxHandle } from "./sandbox/sandbox-handles.js";

export interface ConnectInput {
  platform: PlatformId;
  profile?: string | undefined;
  handle?: string | undefined;
  appPassword?: string | undefined;
  variant?: string | undefined;
}

/**
 * The door a connection uses: Instagram has two, LinkedIn one per product the app has (named
 * after the product), every other network one. `products` are the app's (appProductsFor).
 */
export function resolveVariant(adapter: NetworkAdapter, variant: string | undefined, products: readonly string[] | undefined): string | null {
  const all = adapter.capabilities.connect.variants;
  const variants = adapter.connectVariants ? adapter.connectVariants(products) : all;
  if (variant === undefined) return variants.length > 0 ? (variants.includes("instagram_login") ? "instagram_login" : (variants[0] ?? null)) : null;
  if (all.includes(variant) && !variants.includes(variant)) {
    const name = adapter.capabilities.name;
    throw new ApiError("field_invalid", {
      param: "variant",
      platform: adapter.platform,
      message: `The ${name} app this server uses does not have the product the ${variant} variant needs${variants.length ? `; it offers ${variants.join(", ")}` : ""}.`,
      fix: `Use ${variants.length ? `variant ${variants.join(" or ")}` : "another network"}. The operator lists the app's products in CHORUS_${adapter.platform.toUpperCase()}_PRODUCTS once ${name} has granted them.`,
    });
  }
  if (!variants.includes(variant)) {
    throw new ApiError("field_invalid", {
      param: "variant",
      message: variants.length ? `variant must be one of ${variants.join(", ")}.` : `${adapter.platform} has no connect variants.`,
    });
  }
  return variant;
}

const cleanHandle = (handle: string | undefined) => handle?.trim().replace(/^@/, "") ?? "";

/**
 * Drives the simulated network's consent screen as the person would (approve as `handle`) and
 * returns the authorization code from the redirect. Only ever used with the sandbox fetch.
 */
async function approveInSandbox(net: NetworkContext, authorizeUrl: string, handle: string, state: string): Promise<string> {
  const response = await net.fetch(authorizeUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ handle, decision: "approve" }),
    redirect: "manual",
  });
  const location = response.headers.get("location");
  if (response.status !== 302 || !location) throw new Error(`sandbox consent answered ${response.status}`);
  const back = new URL(location);
  const code = back.searchParams.get("code");
  if (!code || back.searchParams.get("state") !== state) throw new Error("sandbox consent returned no code for this state");
  return code;
}

/**
 * POST /v1/social-accounts/connect. Bluesky connects with a handle and an app password (checked
 * at the network; a wrong password stores nothing). With a test key every other network
 * connects by handle alone: the person is created on the simulator and the connection goes
 * through the simulator's own OAuth endpoints. Live OAuth networks need a person at a consent
 * screen, so they answer with the connect link to use.
 */
export async function connectAccount({ ctx, input }: { ctx: DomainContext; input: ConnectInput }): Promise<SocialAccountView> {
  const adapter = adapterFor(input.platform);
  const mode = ctx.apiKey.mode;
  const profileId = await profileIdFor(ctx, input.profile);
  const variant = resolveVariant(adapter, input.variant, await appProductsFor(ctx, input.platform, mode));
  const handle = cleanHandle(input.handle);
  let tokens: TokenSet;
  const net = () => networkContextFor(ctx, input.platform, mode);

  if (adapter.loginWithPassword) {
    if (!handle) throw new ApiError("field_required", { param: "handle", message: "`handle` is required for this network." });
    if (!input.appPassword) throw new ApiError("field_required", { param: "appPassword", message: "`appPassword` is required for this network." });
    const context = await net();
    if (mode === "test") {
      const sandbox = await sandboxRuntime(ctx.db, { workspaceId: ctx.workspace.id, now: () => ctx.clock.now(), publicUrl: ctx.services.publicUrl, networks: ctx.services.networks });
      const simulator = sandbox.simulator(input.platform);
      requireSandboxHandle(simulator, handle, "handle");
      await simulator.seedAccount({ handle, password: input.appPassword });
    }
    tokens = await adapter.loginWithPassword({ identifier: handle, password: input.appPassword }, context);
    const identity = await adapter.identity(tokens, context);
    return storeConnection(ctx, { platform: input.platform, mode, tokens, identity, profileId, variant });
  }

  if (input.appPassword !== undefined) {
    throw new ApiError("field_invalid", { param: "appPassword", message: `${input.platform} does not use app passwords.` });
  }
  if (mode === "live" || !adapter.authorizeUrl || !adapter.exchangeCode) {
    const link = `${ctx.services.publicUrl}/v1/connect-link?platform=${input.platform}${variant ? `&variant=${variant}` : ""}`;
    throw new ApiError("connect_link_required", {
      param: "platform",
      platform: input.platform,
      fix: `A person must approve ${input.platform} at its consent screen: create a link with POST /v1/connect-link or GET ${link}, and open it in a browser.`,
    });
  }
  if (!handle) throw new ApiError("field_required", { param: "handle", message: "With a test key, `handle` names the sandbox account to connect." });
  const context = await net();
  const sandbox = await sandboxRuntime(ctx.db, { workspaceId: ctx.workspace.id, now: () => ctx.clock.now(), publicUrl: ctx.services.publicUrl, networks: ctx.services.networks });
  const simulator = sandbox.simulator(input.platform);
  requireSandboxHandle(simulator, handle, "handle");
  await simulator.seedAccount({ handle });
  const state = randomString(32);
  const codeVerifier = randomString(64);
  const authorizeUrl = adapter.authorizeUrl({ state, codeChallenge: await pkceChallenge(codeVerifier), variant }, context);
  const code = await approveInSandbox(context, authorizeUrl, handle, state);
  tokens = await adapter.exchangeCode({ code, codeVerifier, variant }, context);
  const identity = await adapter.identity(tokens, context);
  return storeConnection(ctx, { platform: input.platform, mode, tokens, identity, profileId, variant });
}
