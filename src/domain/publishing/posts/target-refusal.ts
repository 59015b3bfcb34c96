import { isErrorCode } from "../../../infra/error-catalogue.js";
import { ApiError } from "../../../infra/errors.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import type { TargetIssue } from "./prepare-targets.js";

/**
 * The error a target is refused with when a pre-publish check stops it (at creation, when a
 * draft is published, or re-checked just before a scheduled or paced send): the check's own
 * code, message and fix, so the user sees `needs_reauth` and how to reconnect rather than a
 * generic network refusal.
 */
export function refusalOf(issue: TargetIssue, platform: PlatformId): ApiError {
  if (!isErrorCode(issue.code)) return new ApiError("platform_rejected", { param: issue.param, message: issue.message, fix: issue.fix, platform });
  return new ApiError(issue.code, { param: issue.param, message: issue.message, fix: issue.fix, platform });
}

/** An error thrown while re-checking one target (missing media, a plan change), stored on that target with its network named. */
export function targetFailure(error: unknown, platform: PlatformId): ApiError {
  if (!(error instanceof ApiError)) return new ApiError("internal_error", { platform });
  if (error.platform) return error;
  return new ApiError(error.code, { param: error.param, message: error.message, fix: error.fix, platform, headers: error.headers });
}
