import { ApiError } from "../../infra/errors.js";
import { platformIds } from "../../networks/platform-ids.js";
import { UNMATCHED_HEADER, sandboxBrowserUrl } from "../../sandbox/sandbox-fetch.js";
import { sandboxRuntime } from "../sandbox/sandbox-runtime.js";
import type { ConnectRuntime } from "./link-context.js";

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

/**
 * ALL /sandbox/:host/*: the simulators' pages for a person's browser (the consent screens a
 * test connect link sends them to). The request goes to the same in-process sandbox the
 * adapters use, for the simulator of `host` only; nothing here reaches a real network. A
 * redirect back to our callback passes through unchanged; one to another simulated page is
 * rewritten to stay under /sandbox so the browser never leaves for the real network.
 */
export async function forwardToSandbox({ runtime, input }: { runtime: ConnectRuntime; input: SandboxPageRequest }): Promise<Response> {
  const { publicUrl, networks } = runtime.services;
  const sandbox = sandboxRuntime(runtime.db, { now: () => runtime.clock.now(), publicUrl, sleep: networks.sleep });
  const hosts = new Set(platformIds.flatMap((platform) => sandbox.simulator(platform).hosts));
  if (!hosts.has(input.host)) throw new ApiError("route_not_found", { message: `The sandbox simulates no network at ${input.host}.` });
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
    const target = URL.canParse(location, networkUrl) ? new URL(location, networkUrl) : null;
    if (target && target.protocol === "https:" && hosts.has(target.host)) out.set("location", sandboxBrowserUrl(publicUrl, target.toString()));
  }
  return new Response(body.byteLength > 0 ? body : null, { status: answer.status, headers: out });
}
