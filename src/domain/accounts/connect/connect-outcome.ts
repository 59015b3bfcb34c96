import type { ErrorCode } from "../../../infra/error-catalogue.js";
import { ApiError } from "../../../infra/errors.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import type { SocialAccountView } from "../account-view.js";
import { verifyConnectLink } from "./link-token.js";

/** How one connection attempt ended, as the person and the returnUrl see it. */
export type ConnectOutcome =
  | { status: "connected"; platform: PlatformId; account: SocialAccountView }
  | { status: "denied"; platform: PlatformId }
  /** `cause` keeps an unexpected failure for the log; the person only sees the generic message. */
  | { status: "error"; platform: PlatformId; code: ErrorCode; message: string; fix: string | null; cause?: unknown };

export interface FinishedConnect {
  outcome: ConnectOutcome;
  returnUrl: string | null;
  /** The list page again, while the link is still valid, to connect another network. */
  linkUrl: string | null;
}

/** Any failure as an outcome: catalogue errors keep their code and fix; others say nothing of internals. */
export function failureOutcome(platform: PlatformId, error: unknown): ConnectOutcome {
  if (error instanceof ApiError) return { status: "error", platform, code: error.code, message: error.message, fix: error.fix };
  const internal = new ApiError("internal_error");
  return { status: "error", platform, code: internal.code, message: internal.message, fix: internal.fix, cause: error };
}

/**
 * The returnUrl with the outcome added to its query (existing parameters kept):
 * `status=connected&account=acc_…&platform=…`, `status=denied&platform=…`, or
 * `status=error&code=…&message=…&platform=…`.
 */
export function outcomeUrl(returnUrl: string, outcome: ConnectOutcome): string {
  const url = new URL(returnUrl);
  for (const name of ["status", "account", "platform", "code", "message"]) url.searchParams.delete(name);
  url.searchParams.set("status", outcome.status);
  if (outcome.status === "connected") url.searchParams.set("account", outcome.account.id);
  if (outcome.status === "error") {
    url.searchParams.set("code", outcome.code);
    url.searchParams.set("message", outcome.message);
  }
  url.searchParams.set("platform", outcome.platform);
  return url.toString();
}

/** The link's list page, or null once the link has expired (or no longer verifies). */
export async function linkPageUrl(services: { publicUrl: string; signingSecret: string }, token: string, now: Date): Promise<string | null> {
  try {
    await verifyConnectLink(services.signingSecret, token, now);
    return `${services.publicUrl}/connect/${token}`;
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}
