import type { Hono } from "hono";
import type { PlatformId } from "../../types/platform-ids.js";
import { numericId } from "../tokens.js";
import type { SimulatorDeps } from "../types.js";
import { facebookLoginDoor as door } from "./facebook-login.js";
import { authenticate, graphJson, type GraphNode, type GraphProfile, invalidParameter, selectFields } from "./graph-wire.js";

/**
 * `GET /pages/search` of the simulated Graph API: Pages of the simulated world found by name, and
 * `GET /search?type=place` (Places Search) by name and/or near a point.
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
      const node = {
        id,
        name: data.name,
        location: { street: data.street, city: data.city, country: data.country, latitude: data.latitude, longitude: data.longitude },
        link: `https://www.facebook.com/${id}`,
      };
      const picked = selectFields(node, c.req.query("fields"), "id,name", "Page");
      if (picked instanceof Response) return picked;
      nodes.push(picked);
    }
    return graphJson({ data: nodes });
  });

  // Places Search API (developers.facebook.com/docs/places/web/search): `type=place` with `q`,
  // `center` (`lat,lng`) or both, `distance` in meters only with `center`; no permission of its
  // own. Answers PlaceInformation nodes, nearest first near a point; `page` names the place's Page.
  graph.get("/:version/search", async (c) => {
    const auth = await authenticate(profile, c.req.raw, { door });
    if (!auth.ok) return auth.response;
    if (c.req.query("type") !== "place") return invalidParameter("(#100) The sandbox searches only type=place");
    const q = (c.req.query("q") ?? "").trim().toLowerCase();
    const centerParam = c.req.query("center");
    const distanceParam = c.req.query("distance");
    if (!q && centerParam === undefined) return invalidParameter("(#100) Either the q or center parameter must be included");
    const center = centerParam === undefined ? null : centerParam.split(",").map(Number);
    if (center !== null && (center.length !== 2 || center.some((n) => !Number.isFinite(n)) || Math.abs(center[0] ?? 0) > 90 || Math.abs(center[1] ?? 0) > 180)) {
      return invalidParameter("(#100) center must be latitude,longitude");
    }
    if (distanceParam !== undefined && (center === null || !/^[0-9]+$/.test(distanceParam))) return invalidParameter("(#100) distance is a number of meters and needs center");
    const found: { node: GraphNode; meters: number }[] = [];
    for (const { id, data } of await places(deps, profile.platform)) {
      if (q && !`${data.name} ${data.city}`.toLowerCase().includes(q)) continue;
      const meters = center ? metersBetween(center[0] ?? 0, center[1] ?? 0, data.latitude, data.longitude) : 0;
      if (distanceParam !== undefined && meters > Number(distanceParam)) continue;
      const node = {
        id,
        name: data.name,
        location: { street: data.street, city: data.city, country: data.country, latitude: data.latitude, longitude: data.longitude },
        page: { id },
        link: `https://www.facebook.com/${id}`,
      };
      const picked = selectFields(node, c.req.query("fields"), "id,name", "PlaceInformation");
      if (picked instanceof Response) return picked;
      found.push({ node: picked, meters });
    }
    return graphJson({ data: found.sort((a, b) => a.meters - b.meters).map((f) => f.node) });
  });
}

/** Great-circle distance in meters (haversine). */
function metersBetween(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(a));
}
