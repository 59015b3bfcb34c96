import type { SandboxStore, SimulatorDeps } from "../types.js";

/**
 * The simulated developer portal: which LinkedIn products each app has, and so which scopes its
 * consent may ask for. LinkedIn refuses the whole consent when one scope is outside the app's
 * products, so the simulator does too (see unauthorizedScope).
 */
export const sandboxLinkedinProductScopes: Record<string, readonly string[]> = {
  // Sign In with LinkedIn using OpenID Connect + Share on LinkedIn (self-serve).
  member: ["openid", "profile", "email", "w_member_social"],
  // Community Management API (reviewed by LinkedIn; the only product on its app).
  organization: ["r_basicprofile", "w_member_social", "w_organization_social", "r_organization_social", "rw_organization_admin", "r_organization_admin", "r_member_postAnalytics"],
};

/** Chorus's own sandbox app, which the simulator grants every product so test keys can open every door. */
export const SANDBOX_OWN_LINKEDIN_APP = "chorus-sandbox-linkedin";

export interface SandboxLinkedinApp {
  products: string[];
}

/** Registers (or replaces) an app's products, as its developer would in the portal. */
export async function registerSandboxLinkedinApp(store: SandboxStore, clientId: string, products: string[]): Promise<void> {
  await store.put<SandboxLinkedinApp>("linkedin", "app", clientId, { products });
}

/**
 * An app's products: as registered, else every product for the sandbox's own app, else what a
 * newly created LinkedIn app has before LinkedIn reviews it: the self-serve products.
 */
export async function sandboxAppProducts(deps: SimulatorDeps, clientId: string): Promise<string[]> {
  const registered = await deps.store.get<SandboxLinkedinApp>("linkedin", "app", clientId);
  if (registered) return registered.data.products;
  return clientId === SANDBOX_OWN_LINKEDIN_APP ? Object.keys(sandboxLinkedinProductScopes) : ["member"];
}

/** The first scope the app may not ask for, as LinkedIn names it on the redirect, or null. */
export async function unauthorizedScope(deps: SimulatorDeps, clientId: string, scopes: readonly string[]): Promise<{ error: string; description: string } | null> {
  const products = await sandboxAppProducts(deps, clientId);
  const allowed = new Set(products.flatMap((product) => sandboxLinkedinProductScopes[product] ?? []));
  const refused = scopes.find((scope) => !allowed.has(scope));
  return refused === undefined ? null : { error: "unauthorized_scope_error", description: `Scope "${refused}" is not authorized for your application` };
}
