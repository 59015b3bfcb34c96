import type { SimulatorDeps } from "../types.js";
import type { Authorized } from "./auth.js";
import type { SandboxAcl } from "./linkedin-data.js";

/**
 * Who may write or read as an author: a member as themselves with `w_member_social` (reading a
 * member's posts needs the closed `r_member_social`), and a member for an organisation with
 * `w_organization_social` / `r_organization_social` and an APPROVED role on that page.
 */

const POSTING_ROLES: readonly SandboxAcl["role"][] = ["ADMINISTRATOR", "CONTENT_ADMINISTRATOR", "DIRECT_SPONSORED_CONTENT_POSTER", "RECRUITING_POSTER"];
const READING_ROLES: readonly SandboxAcl["role"][] = [...POSTING_ROLES, "ANALYST"];

export async function mayActAs(deps: SimulatorDeps, auth: Authorized, author: string, access: "write" | "read"): Promise<boolean> {
  const person = /^urn:li:person:(.+)$/.exec(author)?.[1];
  if (person !== undefined) {
    return person === auth.member.id && auth.scopes.includes(access === "write" ? "w_member_social" : "r_member_social");
  }
  const organization = /^urn:li:organization:(\d+)$/.exec(author)?.[1];
  if (organization === undefined) return false;
  const scope = access === "write" ? ["w_organization_social"] : ["r_organization_social", "rw_organization_admin"];
  if (!auth.scopes.some((s) => scope.includes(s))) return false;
  const acl = (await deps.store.get<SandboxAcl>("linkedin", "acl", `${auth.member.id}:${organization}`))?.data;
  return acl !== undefined && acl.state === "APPROVED" && (access === "write" ? POSTING_ROLES : READING_ROLES).includes(acl.role);
}
