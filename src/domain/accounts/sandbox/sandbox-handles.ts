import { ApiError } from "../../../infra/errors.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import type { Simulator } from "../../../sandbox/types.js";

/**
 * The simulated person a sandbox route makes up when the caller names none. Bluesky names people
 * by domain, so its visitor has a domain handle; the other simulators take any username.
 */
export function defaultVisitorHandle(platform: PlatformId): string {
  return platform === "bluesky" ? "visitor.sandbox.bsky.social" : "sandbox_visitor";
}

/** Refuses, before the sandbox creates anyone, a handle the real network would never give an account. */
export function requireSandboxHandle(simulator: Simulator, handle: string, param: string): void {
  const problem = simulator.handleProblem?.(handle) ?? null;
  if (problem === null) return;
  throw new ApiError("field_invalid", {
    param,
    platform: simulator.platform,
    message: problem,
    fix: simulator.platform === "bluesky" ? `Send a domain handle such as ${defaultVisitorHandle("bluesky")} or alice.bsky.social.` : `Send a handle ${simulator.platform} accepts.`,
  });
}
