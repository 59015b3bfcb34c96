import { ApiError } from "../../../infra/errors.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import { adapterFor } from "../../../networks/registry.js";
import { connectAccount } from "../connect-account.js";
import { type FinishedConnect, linkPageUrl } from "./connect-outcome.js";
import type { ConnectRuntime } from "./link-context.js";
import { openLinkFor } from "./open-connect-link.js";

export interface PasswordConnectInput {
  token: string;
  platform: PlatformId;
  handle: string;
  appPassword: string;
}

export type PasswordConnectResult =
  | { kind: "connected"; finished: FinishedConnect }
  /** The form again, with what went wrong and how to fix it; the password is never sent back. */
  | { kind: "retry"; platform: PlatformId; name: string; workspaceName: string; mode: "test" | "live"; handle: string; error: { message: string; fix: string | null; param: string | null } };

/**
 * POST /connect/:token/start/bluesky: the same login as POST /v1/social-accounts/connect, acting
 * for the link's workspace, mode and profile. A refusal the person can correct (wrong app
 * password, unknown handle, the network briefly down) shows the form again with the error's
 * fix; a link that no longer verifies is refused outright.
 */
export async function connectWithPassword({ runtime, input }: { runtime: ConnectRuntime; input: PasswordConnectInput }): Promise<PasswordConnectResult> {
  const opened = await openLinkFor(runtime, input.token, input.platform);
  const adapter = adapterFor(input.platform);
  if (!adapter.loginWithPassword) {
    throw new ApiError("field_invalid", { param: "platform", platform: input.platform, message: `${adapter.capabilities.name} connects through its own consent screen, not a password.` });
  }
  try {
    const account = await connectAccount({
      ctx: opened.ctx,
      input: { platform: input.platform, profile: opened.profile?.username, handle: input.handle, appPassword: input.appPassword },
    });
    const linkUrl = await linkPageUrl(runtime.services, input.token, runtime.clock.now());
    return { kind: "connected", finished: { outcome: { status: "connected", platform: input.platform, account }, returnUrl: opened.link.returnUrl, linkUrl } };
  } catch (error) {
    if (!(error instanceof ApiError) || error.code === "internal_error") throw error;
    return {
      kind: "retry",
      platform: input.platform,
      name: adapter.capabilities.name,
      workspaceName: opened.workspaceName,
      mode: opened.link.mode,
      handle: input.handle,
      error: { message: error.message, fix: error.fix, param: error.param },
    };
  }
}
