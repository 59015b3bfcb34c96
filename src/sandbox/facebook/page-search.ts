import type { Hono } from "hono";
import type { PlatformId } from "../../networks/platform-ids.js";
import { numericId } from "../tokens.js";
import type { SimulatorDeps } from "../types.js";
import { facebookLoginDoor as door } from "./facebook-login.js";
import { authenticate, graphJson, type GraphNode, type GraphProfile, invalidParameter, selectFields } from "./graph-wire.js";

/**
 * `GET /pages/search` of the simulated Graph API: Pages of the simulated world found by name.
 * Pages with a `location` are places, and a place's Page id is what Instagram takes as
 * `location_id` and Facebook as `place`. The world's places are famous landmarks with sandbox
 * Page ids, created once per world the first time anyone searches.
 */

export interface SamplePlace {
  name: string;
  street: string;
  city: string;
  country: string;
  latitude: number;
  longitude: number;
}

const SAMPLE_PLACES: SamplePlace[] = [
  { name: "Eiffel Tower", street: "Champ de Mars, 5 Avenue Anatole France", city: "Paris", country: "France", latitude: 48.8584, longitude: 2.2945 },
  { name: "Louvre Museum", street: "Rue de Rivoli", city: "Paris", country: "France", latitude: 48.8606, longitude: 2.3376 },
  { name: "Brandenburg Gate", street: "Pariser Platz", city: "Berlin", country: "Germany", latitude: 52.5163, longitude: 13.3777 },
  { name: "Tower of London", street: "Tower Hill", city: "London", country: "United Kingdom", latitude: 51.5081, longitude: -0.0759 },
  { name: "Golden Gate Bridge", street: "Golden Gate Bridge", city: "San Francisco", country: "United States", latitude: 37.8199, longitude: -122.4783 },
];

/** The simulated world's places on `platform`, created once (Threads' location search reads the same landmarks). */
export async function places(deps: SimulatorDeps, platform: PlatformId): Promise<{ id: string; data: SamplePlace }[]> {
  const existing = await deps.store.list<SamplePlace>(platform, "place");
  if (existing.length > 0) return existing.map((r) => ({ id: r.id, data: r.data })).sort((a, b) => a.data.name.localeCompare(b.data.name));
  const created = SAMPLE_PLACES.map((data) => ({ id: numericId(15), data }));
  for (const { id, data } of created) await deps.store.put(platform, "place", id, data, null);
  return created;
}

/** Whether `id` is a place (a Page with a location) of this simulated world. */
export async function isSandboxPlace(deps: SimulatorDeps, platform: PlatformId, id: string): Promise<boolean> {
  return (await deps.store.get(platform, "place", id)) !== null;
}

export function mountPageSearch(graph: Hono, profile: GraphProfile, deps: SimulatorDeps): void {
  graph.get("/:version/pages/search", async (c) => {
    const auth = await authenticate(profile, c.req.raw, { door, permission: "pages_show_list" });
    if (!auth.ok) return auth.response;
    const q = (c.req.query("q") ?? "").trim().toLowerCase();
    if (!q) return invalidParameter("(#100) The parameter q is required");
    const nodes: GraphNode[] = [];
    for (const { id, data } of await places(deps, profile.platform)) {
      if (!`${data.name} ${data.city}`.toLowerCase().includes(q)) continue;
      const node = { id, name: data.name, location: { street: data.street, city: data.city, country: data.country, latitude: data.latitude, longitude: data.longitude }, link: `https://www.facebook.com/${id}` };
      const picked = selectFields(node, c.req.query("fields"), "id,name", "Page");
      if (picked instanceof Response) return picked;
      nodes.push(picked);
    }
    return graphJson({ data: nodes });
  });
}
