import type { Context } from "hono";
import { numericId } from "../tokens.js";
import type { SandboxAccount, SimulatorDeps } from "../types.js";

export interface SandboxOrganization {
  id: string;
  localizedName: string;
  vanityName: string;
}

export interface SandboxAcl {
  organizationId: string;
  role: "ADMINISTRATOR" | "ANALYST" | "CONTENT_ADMINISTRATOR" | "DIRECT_SPONSORED_CONTENT_POSTER" | "RECRUITING_POSTER";
  state: "APPROVED" | "REQUESTED" | "REVOKED";
  /** Keeps the finder's order stable (the store orders records by time, then random id). */
  position: number;
}

/** Member ids are short opaque strings (the `sub` of userinfo, `urn:li:person:{id}`). */
export function memberId(): string {
  const chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  return `sbx${[...crypto.getRandomValues(new Uint8Array(7))].map((b) => chars[b % 62]).join("")}`;
}

/**
 * Each member administers two company pages, is content admin of a third, analyses a fourth and
 * has a pending admin request on a fifth: the pages a member may post for are the APPROVED ones
 * with a posting role, not only the ADMINISTRATOR ones.
 */
export async function ensureOrganizations(deps: SimulatorDeps, member: SandboxAccount): Promise<void> {
  const existing = await deps.store.list<SandboxAcl>("linkedin", "acl", { owner: member.id });
  if (existing.length > 0) return;
  const slug = member.handle.replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "member";
  const pages: Array<[string, SandboxAcl["role"], SandboxAcl["state"]]> = [
    ["Sandbox Widgets Ltd", "ADMINISTRATOR", "APPROVED"],
    ["Sandbox Consulting", "ADMINISTRATOR", "APPROVED"],
    ["Sandbox Studio Media", "CONTENT_ADMINISTRATOR", "APPROVED"],
    ["Sandbox Analytics Co", "ANALYST", "APPROVED"],
    ["Sandbox Pending Inc", "ADMINISTRATOR", "REQUESTED"],
  ];
  for (const [position, [name, role, state]] of pages.entries()) {
    const organization: SandboxOrganization = { id: numericId(9), localizedName: name, vanityName: `sandbox-${slug}-${name.split(" ")[1]?.toLowerCase() ?? "org"}` };
    await deps.store.put("linkedin", "organization", organization.id, organization);
    await deps.store.put<SandboxAcl>("linkedin", "acl", `${member.id}:${organization.id}`, { organizationId: organization.id, role, state, position }, member.id);
  }
}

export function organizationResource(organization: SandboxOrganization): Record<string, unknown> {
  return {
    id: Number(organization.id),
    localizedName: organization.localizedName,
    vanityName: organization.vanityName,
    name: { localized: { en_US: organization.localizedName }, preferredLocale: { country: "US", language: "en" } },
    primaryOrganizationType: "NONE",
    localizedWebsite: `https://sandbox.chorus.invalid/linkedin/${organization.vanityName}`,
  };
}

/** LinkedIn's REST error body. */
export function restError(c: Context, status: 400 | 401 | 403 | 404 | 422 | 426 | 429 | 503, code: string, message: string, serviceErrorCode?: number): Response {
  return c.json({ status, ...(serviceErrorCode !== undefined ? { serviceErrorCode } : {}), code, message }, status);
}

/** Versions are YYYYMM (optionally .RR); LinkedIn serves each for about a year after release. */
export function versionProblem(version: string | undefined, now: Date): "missing" | "inactive" | null {
  if (!version) return "missing";
  const match = /^(\d{4})(\d{2})(\.\d{2})?$/.exec(version);
  if (!match) return "inactive";
  const monthsOld = (now.getUTCFullYear() - Number(match[1])) * 12 + (now.getUTCMonth() + 1 - Number(match[2]));
  return monthsOld >= 0 && monthsOld <= 12 && Number(match[2]) >= 1 && Number(match[2]) <= 12 ? null : "inactive";
}
