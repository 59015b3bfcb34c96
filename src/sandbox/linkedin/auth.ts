import type { Context } from "hono";
import { applyLatencyFaults, checkToken } from "../tokens.js";
import type { SandboxAccount, SimulatorDeps } from "../types.js";
import { restError } from "./linkedin-data.js";

export type Authorized = { member: SandboxAccount; scopes: string[] };

/** LinkedIn's token check, the member's faults, then the endpoint's permission (any one of `allowed`). */
export async function authorizeMember(c: Context, deps: SimulatorDeps, resource: string, allowed: string[]): Promise<Authorized | Response> {
  const header = c.req.header("authorization") ?? "";
  const token = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim();
  const check = await checkToken(deps, "linkedin", token);
  if (!check.ok) {
    if (check.reason === "expired") return restError(c, 401, "EXPIRED_ACCESS_TOKEN", "The token used in the request has expired", 65602);
    if (check.reason === "revoked") return restError(c, 401, "REVOKED_ACCESS_TOKEN", "The token used in the request has been revoked by the user", 65601);
    return restError(c, 401, "INVALID_ACCESS_TOKEN", "Invalid access token", 65600);
  }
  const member = check.account;
  if ((await applyLatencyFaults(deps, member, c.req.raw.signal)) === "down") return restError(c, 503, "SERVICE_UNAVAILABLE", "Service Unavailable");
  if (member.fault === "rate_limited") return restError(c, 429, "TOO_MANY_REQUESTS", "Resource level throttle APPLICATION DAY limit for calls to this resource is reached.");
  if (member.fault === "revoked_permission" || !check.token.scopes.some((s) => allowed.includes(s))) {
    return restError(c, 403, "ACCESS_DENIED", `Not enough permissions to access: ${resource}`, 100);
  }
  return { member, scopes: check.token.scopes };
}
