import type { Hono } from "hono";
import { simulatedFollowers } from "../sandbox-metrics.js";
import type { SandboxAccount } from "../types.js";
import { places } from "../meta/page-search.js";
import { authenticate, graphError, graphJson, type GraphNode, type GraphProfile, invalidParameter, pageOf, selectFields } from "../meta/graph-wire.js";
import { type SandboxThread, threadNode } from "./publishing.js";

/**
 * Threads profile discovery and location search on the simulator, from Meta's "Threads Profiles"
 * and "Location Tagging" guides:
 * - `GET /profile_lookup?username=` and `GET /profile_posts?username=` (permission
 *   `threads_profile_discovery`): an exact username; only public profiles with at least 100
 *   followers are answered (the guide said 1,000 until late 2025). Lookup has no `id` field.
 *   An unknown username is Graph's (#100) subcode 33 here [unverified: the live wording is not documented].
 * - `GET /location_search?q=` and/or `latitude`+`longitude` (permission `threads_location_tagging`):
 *   not paginated; the ids are what `location_id` takes on a container (publishing.ts checks them).
 */

const MIN_FOLLOWERS = 100;
const platform = "threads";

const noSuchUser = (username: string) =>
  graphError(400, {
    message: `(#100) Unsupported get request. Object with username '${username}' does not exist, cannot be loaded due to missing permissions, or does not support this operation`,
    type: "OAuthException",
    code: 100,
    error_subcode: 33,
  });

export function mountThreadsDiscovery(graph: Hono, profile: GraphProfile, door: string): void {
  const { deps } = profile;

  async function target(raw: string | undefined): Promise<SandboxAccount | Response> {
    const username = (raw ?? "").trim();
    if (!username) return invalidParameter("(#100) The parameter username is required");
    // Exact match: Threads usernames are lower case, so a different case is a different name.
    const found = (await deps.store.list<SandboxAccount>(platform, "account")).map((r) => r.data).find((a) => a.handle === username);
    if (!found || simulatedFollowers(found.id) < MIN_FOLLOWERS) return noSuchUser(username);
    return found;
  }

  graph.get("/:version/profile_lookup", async (c) => {
    const auth = await authenticate(profile, c.req.raw, { door, permission: "threads_profile_discovery" });
    if (!auth.ok) return auth.response;
    const account = await target(c.req.query("username"));
    if (account instanceof Response) return account;
    const posts = (await deps.store.list<SandboxThread>(platform, "thread", { owner: account.id })).length;
    const node: GraphNode = {
      username: account.handle,
      name: account.displayName,
      profile_picture_url: account.avatarUrl,
      biography: "A Chorus sandbox account. Nothing here is real.",
      is_verified: false,
      follower_count: simulatedFollowers(account.id),
      // The 7-day counts are of the account's posts; the simulated world scales them by its post count.
      likes_count: posts * 3,
      quotes_count: 0,
      replies_count: posts,
      reposts_count: 0,
      views_count: posts * 40,
    };
    const picked = selectFields(node, c.req.query("fields"), "username", "ThreadsPublicProfile");
    return picked instanceof Response ? picked : graphJson(picked);
  });

  graph.get("/:version/profile_posts", async (c) => {
    const auth = await authenticate(profile, c.req.raw, { door, permission: "threads_profile_discovery" });
    if (!auth.ok) return auth.response;
    const account = await target(c.req.query("username"));
    if (account instanceof Response) return account;
    const fields = c.req.query("fields") ?? "id";
    if (fields.split(",").includes("owner")) return invalidParameter("(#100) Tried accessing nonexisting field (owner) on node type (ThreadsMedia)");
    const posts = (await deps.store.list<SandboxThread>(platform, "thread", { owner: account.id }))
      .filter((r) => !r.data.repliedTo)
      .sort((a, b) => b.data.publishedAt.localeCompare(a.data.publishedAt) || b.id.localeCompare(a.id));
    const nodes: GraphNode[] = [];
    for (const record of posts) {
      const { owner: _owner, ...node } = threadNode(record.id, record.data, account);
      const picked = selectFields(node, fields, "id", "ThreadsMedia");
      if (picked instanceof Response) return picked;
      nodes.push(picked);
    }
    return graphJson(pageOf(c.req.raw, nodes, 100));
  });

  graph.get("/:version/location_search", async (c) => {
    const auth = await authenticate(profile, c.req.raw, { door, permission: "threads_location_tagging" });
    if (!auth.ok) return auth.response;
    const q = (c.req.query("q") ?? "").trim().toLowerCase();
    const lat = c.req.query("latitude");
    const long = c.req.query("longitude");
    if (!q && (lat === undefined || long === undefined)) return invalidParameter("(#100) Either q or latitude and longitude must be provided");
    const point = lat !== undefined && long !== undefined ? { lat: Number(lat), long: Number(long) } : null;
    if (point && (!Number.isFinite(point.lat) || !Number.isFinite(point.long) || Math.abs(point.lat) > 90 || Math.abs(point.long) > 180)) {
      return invalidParameter("(#100) Params latitude and longitude must be valid coordinates");
    }
    const distance = (p: { latitude: number; longitude: number }) => (point ? (p.latitude - point.lat) ** 2 + (p.longitude - point.long) ** 2 : 0);
    const found = (await places(deps, platform))
      .filter(({ data }) => !q || `${data.name} ${data.city}`.toLowerCase().includes(q))
      // Without a name, a point finds what is near it (within about 50 km here).
      .filter(({ data }) => q || distance(data) < 0.25)
      .sort((a, b) => distance(a.data) - distance(b.data));
    const nodes: GraphNode[] = [];
    for (const { id, data } of found) {
      const node = { id, name: data.name, address: data.street, city: data.city, country: data.country, latitude: data.latitude, longitude: data.longitude, postal_code: null };
      const picked = selectFields(node, c.req.query("fields"), "id,name,address,city,country,latitude,longitude,postal_code", "ThreadsLocation");
      if (picked instanceof Response) return picked;
      nodes.push(picked);
    }
    return graphJson({ data: nodes });
  });
}
