import { type FuzzValue, encode, hostileBodies, hostileIds, hostileNumbers, hostileQueries, hostileShapes, hostileStrings } from "./hostile-values.js";
import { type Random, seededRandom } from "./prng.js";
import { type FuzzFixtures, type FuzzRequest, type WriteRoute, TINY_PNG, createFixtures, fixtureId, seedBody, writeRoutes } from "./write-routes.js";

export interface FuzzOffender {
  method: string;
  path: string;
  status: number;
  /** The start of what was sent and of what came back. */
  sent: string;
  answer: string;
}

export interface FuzzSummary {
  seed: number;
  routes: number;
  requests: number;
  /** Answers by status class, e.g. `{ "4xx": 1650, "2xx": 19 }`. */
  byClass: Record<string, number>;
  serverErrors: number;
  offenders: FuzzOffender[];
}

const anyHostile = (r: Random): FuzzValue => {
  const kind = r.int(3);
  if (kind === 0) return r.pick(hostileStrings);
  if (kind === 1) return r.pick(hostileNumbers);
  return r.pick(hostileShapes);
};

/** One field of the seed broken (or an unknown one added, or a free-form object deepened). */
function mutate(body: Record<string, FuzzValue>, route: WriteRoute, r: Random): void {
  const fields = route.fields.length > 0 ? route.fields : Object.keys(body);
  const move = r.int(10);
  if (move === 0) body[r.pick(["unknown", "__proto__", "constructor", "\u0000", "\ud800", "x".repeat(300)])] = anyHostile(r);
  else if (move === 1 && fields.includes("platformOptions")) body.platformOptions = { bluesky: { nested: anyHostile(r) }, [r.pick(["bluesky", "tiktok", "nope"])]: anyHostile(r) };
  else if (move === 2 && fields.includes("textOverrides")) body.textOverrides = { [r.pick(["bluesky", "twitter", "\u0000", "nope"])]: anyHostile(r) };
  else if (move === 3) body[r.pick(fields.length > 0 ? fields : ["text"])] = [anyHostile(r), anyHostile(r)];
  else if (fields.length > 0) body[r.pick(fields)] = anyHostile(r);
}

function buildPath(route: WriteRoute, fixtures: FuzzFixtures, r: Random): string {
  const hostileIdChance = route.method === "DELETE" ? 0.9 : 0.3;
  let path = route.path.replace(/\{[^}]+\}/g, () => (r.chance(hostileIdChance) ? r.pick(hostileIds) : encodeURIComponent(fixtureId(route.path, fixtures, r.pick))));
  if (r.chance(0.15)) path += r.pick(hostileQueries);
  return path;
}

function mediaBody(r: Random): { type: string; body: Uint8Array<ArrayBuffer> } {
  const type = r.pick(["image/png", "image/jpeg", "image/gif", "image/webp", "video/mp4", "video/quicktime", "image/svg+xml", "IMAGE/PNG; charset=\u00ff"]);
  const bytes = r.pick<() => Uint8Array<ArrayBuffer>>([
    () => TINY_PNG.slice(0, r.int(TINY_PNG.byteLength)),
    () => Uint8Array.from({ length: r.int(5000) }, () => r.int(256)),
    () => {
      // The PNG header claiming 100,000 x 100,000 pixels.
      const big = TINY_PNG.slice();
      big.set([0, 1, 0x86, 0xa0, 0, 1, 0x86, 0xa0], 16);
      return big;
    },
    () => new Uint8Array(0),
    () => new TextEncoder().encode("GIF89a\u0000\u0000"),
    () => new TextEncoder().encode("RIFF\u00ff\u00ff\u00ff\u00ffWEBPVP8X"),
    () => Uint8Array.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0, 0x69, 0x73, 0x6f, 0x6d, 0xff, 0xff, 0xff, 0xff, 0x6d, 0x6f, 0x6f, 0x76]),
  ])();
  return { type, body: bytes };
}

async function fuzzOne(request: FuzzRequest, route: WriteRoute, fixtures: FuzzFixtures, r: Random): Promise<{ path: string; sent: string; response: Response }> {
  const path = buildPath(route, fixtures, r);
  const headers: Record<string, string> = {};
  if (r.chance(0.2)) headers["idempotency-key"] = r.pick(["fuzz-key-1", "fuzz-key-2", `fuzz-${r.int(1e9)}`, "x".repeat(300), "key with spaces"]);
  if (route.rawUpload) {
    const { type, body } = mediaBody(r);
    headers["content-type"] = type;
    return { path, sent: `${type} ${body.byteLength} bytes`, response: await request(route.method, path, { headers, body }) };
  }
  let text: string;
  if (r.chance(0.12)) text = r.pick(hostileBodies);
  else {
    const body = seedBody(route, fixtures);
    const mutations = 1 + r.int(3);
    for (let i = 0; i < mutations; i += 1) mutate(body, route, r);
    text = encode(body);
  }
  headers["content-type"] = r.chance(0.9) ? "application/json" : r.pick(["text/plain", "application/x-www-form-urlencoded", "application/json; charset=\u00ff", "multipart/form-data; boundary=x"]);
  return { path, sent: text, response: await request(route.method, path, { headers, body: route.jsonBody || r.chance(0.5) ? text : null }) };
}

/**
 * Sends `count` malformed requests, round-robin over every write route of the app, from a fixed
 * seed, and counts the answers; a 5xx is an offender (a bad request must never be the server's
 * failure). Values too deep for JSON.stringify are sent as raw text.
 */
export async function runFuzz(request: FuzzRequest, options: { count: number; seed: number; keepOffenders?: number }): Promise<FuzzSummary> {
  const r = seededRandom(options.seed);
  const routes = await writeRoutes(request);
  const fixtures = await createFixtures(request);
  const summary: FuzzSummary = { seed: options.seed, routes: routes.length, requests: 0, byClass: {}, serverErrors: 0, offenders: [] };
  for (let i = 0; i < options.count; i += 1) {
    const route = routes[i % routes.length];
    if (!route) break;
    const { path, sent, response } = await fuzzOne(request, route, fixtures, r);
    const answer = await response.text();
    summary.requests += 1;
    const kind = `${Math.floor(response.status / 100)}xx`;
    summary.byClass[kind] = (summary.byClass[kind] ?? 0) + 1;
    if (response.status >= 500) {
      summary.serverErrors += 1;
      if (summary.offenders.length < (options.keepOffenders ?? 10)) {
        summary.offenders.push({ method: route.method, path: path.slice(0, 120), status: response.status, sent: sent.slice(0, 200), answer: answer.slice(0, 300) });
      }
    }
  }
  return summary;
}
