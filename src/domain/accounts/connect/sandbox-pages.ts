import { and, eq, gt, isNull } from "drizzle-orm";
import { connectSessions } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import { adapterFor, platformIds } from "../../../networks/registry.js";
import { UNMATCHED_HEADER, sandboxBrowserUrl } from "../../../sandbox/sandbox-fetch.js";
import { networkContextFor } from "../networks/network-context.js";
import { sandboxRuntime } from "../sandbox/sandbox-runtime.js";
import { type ConnectRuntime, linkContext } from "./link-context.js";

export interface SandboxPageRequest {
  /** The simulated network's real host, e.g. `x.com`. */
  host: string;
  /** Path on that host, starting with `/`. */
  path: string;
  /** `?…` or empty. */
  search: string;
  method: string;
  headers: Headers;
  body: ArrayBuffer | null;
}

/* Our own cookies and credentials are none of a simulated network's business. */
const DROPPED_REQUEST_HEADERS = ["cookie", "authorization", "host", "content-length"];

const notServed = () => new ApiError("route_not_found", { message: "The sandbox serves no page here." });

/**
 * The consent page a running test-mode connect attempt may show: found by the OAuth `state` in
 * the query (32 random characters, single use, 10 minutes, and the only thing the browser has),
 * it names the workspace whose sandbox world the page belongs to and the one authorize URL the
 * attempt's network uses. Null when the state is missing, unknown, used, expired or live.
 */
async function consentTarget(runtime: ConnectRuntime, search: string): Promise<{ workspaceId: string; url: URL } | null> {
  const state = new URLSearchParams(search).get("state");
  if (!state) return null;
  const now = runtime.clock.now();
  const [session] = await runtime.db
    .select()
    .from(connectSessions)
    .where(and(eq(connectSessions.id, state), eq(connectSessions.mode, "test"), isNull(connectSessions.usedAt), gt(connectSessions.expiresAt, now)))
    .limit(1);
  if (!session) return null;
  const platform = session.platform;
  const adapter = adapterFor(platform);
  if (!adapter.authorizeUrl) return null;
  const { ctx } = await linkContext(runtime, { workspaceId: session.workspaceId, mode: "test", profileId: session.profileId });
  const net = await networkContextFor(ctx, platform, "test");
  // Only the host and path matter here; they do not depend on the state or the challenge.
  const url = new URL(adapter.authorizeUrl({ state, codeChallenge: "", variant: session.variant }, net));
  return { workspaceId: session.workspaceId, url };
}

/**
 * ALL /sandbox/:host/*: the one simulated page a person's browser needs, the consent screen a
 * test connect link sends them to (GET shows it, POST approves or denies), served only while the
 * attempt whose `state` it carries is running, and only from that attempt's workspace's sandbox
 * world. Everything else a simulator answers (token endpoints, APIs, listings, posting) is for
 * the adapters' in-process test-key path and answers 404 here: the public route carries no key,
 * so it must not be a way to act as a simulated person. A redirect back to our callback passes
 * through unchanged; one to another simulated page is rewritten to stay under /sandbox so the
 * browser never leaves for the real network.
 */
export async function forwardToSandbox({ runtime, input }: { runtime: ConnectRuntime; input: SandboxPageRequest }): Promise<Response> {
  const { publicUrl, networks } = runtime.services;
  if (input.method !== "GET" && input.method !== "POST") throw notServed();
  const target = await consentTarget(runtime, input.search);
  if (!target || target.url.host !== input.host || target.url.pathname !== input.path) throw notServed();
  const sandbox = await sandboxRuntime(runtime.db, { workspaceId: target.workspaceId, now: () => runtime.clock.now(), publicUrl, networks });
  const hosts = new Set(platformIds.flatMap((platform) => sandbox.simulator(platform).hosts));
  const headers = new Headers(input.headers);
  for (const name of DROPPED_REQUEST_HEADERS) headers.delete(name);
  const networkUrl = `https://${input.host}${input.path}${input.search}`;
  const answer = await sandbox.fetch(networkUrl, { method: input.method, headers, body: input.body, redirect: "manual" });
  // Read whole before returning: the database behind the simulator closes with this request.
  const body = await answer.arrayBuffer();
  const out = new Headers(answer.headers);
  out.delete(UNMATCHED_HEADER);
  const location = out.get("location");
  if (location) {
    const next = URL.canParse(location, networkUrl) ? new URL(location, networkUrl) : null;
    if (next && next.protocol === "https:" && hosts.has(next.host)) out.set("location", sandboxBrowserUrl(publicUrl, next.toString()));
  }
  return new Response(body.byteLength > 0 ? body : null, { status: answer.status, headers: out });
}
