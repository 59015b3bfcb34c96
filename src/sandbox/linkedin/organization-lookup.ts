import type { Context } from "hono";
import type { SimulatorDeps } from "../types.js";
import { authorizeMember } from "./auth.js";
import { type SandboxOrganization, organizationResource, restError } from "./linkedin-data.js";

/**
 * The Organization Lookup API's vanity-name finder on the simulator:
 * `GET /rest/organizations?q=vanityName&vanityName=` (rw_organization_admin; case-insensitive,
 * the whole string) answers the organisations of the simulated world with that vanity name,
 * `elements: []` when there is none, with the lookup fields any member may see.
 */
export async function organizationsByVanityName(c: Context, deps: SimulatorDeps): Promise<Response> {
  const version = c.req.header("linkedin-version") ?? "";
  const auth = await authorizeMember(c, deps, `organizations.FINDER-vanityName.${version}`, ["rw_organization_admin"]);
  if (auth instanceof Response) return auth;
  const vanity = (c.req.query("vanityName") ?? "").trim().toLowerCase();
  if (!vanity) return restError(c, 400, "ILLEGAL_ARGUMENT", "Invalid query parameters passed to request");
  const found = (await deps.store.list<SandboxOrganization>("linkedin", "organization")).map((r) => r.data).filter((o) => o.vanityName.toLowerCase() === vanity);
  return c.json({ paging: { start: 0, count: 10, links: [], total: found.length }, elements: found.map(organizationResource) });
}
