/**
 * The sandbox simulators as a server of their own, as real networks are: `tsx bench/sandbox-server.ts`
 * with DATABASE_URL (the same PostgreSQL database as the API, where the simulators keep their
 * state and the API seeds accounts and faults) and CHORUS_SANDBOX_PUBLIC_URL (the API's address,
 * for the OAuth pages the simulators link to) and CHORUS_SANDBOX_WORKSPACE_ID (whose sandbox world it serves). It serves `http://127.0.0.1:<port>/<network host>/<path>`
 * and prints `listening <port>` once ready. Bench-only: the API reaches them through
 * `sandboxForward` below, which the bench installs in place of the in-process sandbox fetch.
 */
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { openServerDatabase } from "../src/db/node-postgres.js";
import { realSleep } from "../src/domain/core/network-deps.js";
import { sandboxRuntime } from "../src/domain/accounts/sandbox/sandbox-runtime.js";
import type { PlatformId } from "../src/types/platform-ids.js";
import type { AdapterCall } from "./network-probe.js";

/** Headers of one hop, not of the request being carried. */
const HOP_HEADERS = ["host", "connection", "keep-alive", "content-length", "transfer-encoding"];
function carried(headers: Headers): Headers {
  const copy = new Headers(headers);
  for (const name of HOP_HEADERS) copy.delete(name);
  return copy;
}

/**
 * Sends what an adapter addressed to `https://<host>/<path>` to a sandbox server instead: the
 * network's own when it has one (`ports`), else `fallbackPort`. It goes out through `send`, the
 * fetch a live key's calls use on this runtime (NetworkDeps.liveFetch), so the call costs the API
 * what a call to the real network would.
 */
export function sandboxForward(ports: ReadonlyMap<PlatformId, number>, fallbackPort: number, send: typeof fetch) {
  return async (call: AdapterCall, platform: PlatformId | undefined): Promise<Response> => {
    const port = (platform && ports.get(platform)) ?? fallbackPort;
    const target = `http://127.0.0.1:${port}/${call.url.host}${call.url.pathname}${call.url.search}`;
    // The adapter's own init goes out as it would to the network; only a Request object is copied.
    if (!(call.input instanceof Request)) return send(target, { ...call.init, redirect: "manual" });
    const request = new Request(call.input, call.init);
    const body = request.body ? await request.arrayBuffer() : null;
    return send(target, { method: request.method, headers: carried(request.headers), body, redirect: "manual", signal: request.signal });
  };
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  const publicUrl = process.env.CHORUS_SANDBOX_PUBLIC_URL;
  const workspaceId = process.env.CHORUS_SANDBOX_WORKSPACE_ID;
  if (!url || !publicUrl || !workspaceId) throw new Error("DATABASE_URL, CHORUS_SANDBOX_PUBLIC_URL and CHORUS_SANDBOX_WORKSPACE_ID are required");
  const { db } = await openServerDatabase(url, { migrate: false });
  const sandbox = await sandboxRuntime(db, { workspaceId, now: () => new Date(), publicUrl, networks: { sleep: realSleep, loadSimulators: () => import("../src/sandbox/registry.js") } });
  const server = serve(
    {
      port: 0,
      hostname: "127.0.0.1",
      fetch: async (request) => {
        const incoming = new URL(request.url);
        const [, host, ...rest] = incoming.pathname.split("/");
        const body = request.body ? await request.arrayBuffer() : null;
        const target = `https://${host}/${rest.join("/")}${incoming.search}`;
        return sandbox.fetch(target, { method: request.method, headers: carried(request.headers), body });
      },
    },
    (info: AddressInfo) => console.log(`listening ${info.port}`),
  );
  process.on("SIGTERM", () => server.close(() => process.exit(0)));
}

if (process.argv[1]?.endsWith("sandbox-server.ts")) await main();
