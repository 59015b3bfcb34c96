/**
 * MCP against REST on the same server: `tools/call whoami` over POST /v1/mcp (stateless Streamable
 * HTTP, a JSON answer) next to `GET /v1/me`, which runs the same domain function. Target: the MCP
 * call within 1.5x of the REST read at p50. Both go through the same auth and limiter; the gap is
 * what a POST with a body costs over a GET, plus the SDK's work per message and the tool call. The
 * first is printed as the transport floor: a bare Hono POST reading the same body and answering the
 * same bytes against a bare GET answering /v1/me's.
 *
 * Run twice: with the API key, and with an OAuth agent's access token, whose grant is checked on
 * every call from what its token loaded (no query of its own).
 *
 * Alone: `npx tsx bench/mcp.ts` (BENCH_REQUESTS, BENCH_WARMUP as in bench/run.ts).
 */
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/sdk/types.js";
import { createApp } from "../src/app.js";
import { mintAgentToken } from "./agent-token.js";
import { createClient } from "./http-client.js";
import { compareLatency } from "./latency-compare.js";
import { openBenchRuntime } from "./setup.js";
import { type LatencySummary, round, summarize } from "./stats.js";

const RATIO_TARGET = 1.5;
const BLOCK = 100;
const MIN_WARMUP = 2000;

export interface McpBenchResult {
  requests: number;
  latencyMs: { me: LatencySummary; mcpWhoami: LatencySummary };
  ratio: { p50: number; p99: number };
  /**
   * The transport's share, on a bare Hono server with no API around it: a POST that reads the same
   * JSON-RPC body and answers the same bytes as tools/call whoami, against a GET answering the bytes
   * of GET /v1/me. What is left of the MCP/REST gap above this is the SDK's and ours.
   */
  floor: { bareGetP50: number; barePostP50: number; addedMs: number };
  target: { max: number; on: string; value: number; met: boolean };
}

type Client = ReturnType<typeof createClient>;

export async function runMcpBench(options: { http: Client; key: string; requests: number; warmup: number }): Promise<McpBenchResult> {
  const { http, key } = options;
  const auth = { authorization: `Bearer ${key}` };
  const mcpHeaders = { ...auth, accept: "application/json, text/event-stream", "mcp-protocol-version": LATEST_PROTOCOL_VERSION };
  const call = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "whoami", arguments: {} } };
  const runs = {
    me: () => http.get("/v1/me", auth),
    mcpWhoami: () => http.json("POST", "/v1/mcp", call, mcpHeaders),
  };
  const samples: Record<keyof typeof runs, number[]> = { me: [], mcpWhoami: [] };
  const block = async (name: keyof typeof runs, n: number, keep: boolean) => {
    for (let i = 0; i < n; i++) {
      const res = await runs[name]();
      if (res.status !== 200 || (name === "mcpWhoami" && !res.body.includes('"structuredContent"'))) throw new Error(`${name} answered ${res.status}: ${res.body.slice(0, 300)}`);
      if (keep) samples[name].push(res.ms);
    }
  };
  const names = Object.keys(runs) as (keyof typeof runs)[];
  // Both endpoints get at least MIN_WARMUP calls first: the SDK's and the tool's code paths take a
  // couple of thousand calls before V8 has optimised them, which /v1/me had already had in the
  // sections before this one (and a server answering agents has). With 500, the first run of a
  // process reads about 0.1 higher than the runs after it.
  const warmup = Math.max(options.warmup, MIN_WARMUP);
  for (let done = 0; done < warmup; done += BLOCK) for (const name of names) await block(name, Math.min(BLOCK, warmup - done), false);
  // Alternating blocks, order swapped each round, so drift hits both alike.
  for (let done = 0, turn = 0; done < options.requests; done += BLOCK, turn++) {
    const order = turn % 2 === 0 ? names : [...names].reverse();
    for (const name of order) await block(name, Math.min(BLOCK, options.requests - done), true);
  }
  const latencyMs = { me: summarize(samples.me), mcpWhoami: summarize(samples.mcpWhoami) };
  const ratio = { p50: round(latencyMs.mcpWhoami.p50 / latencyMs.me.p50), p99: round(latencyMs.mcpWhoami.p99 / latencyMs.me.p99) };
  const floor = await transportFloor((await runs.me()).body, (await runs.mcpWhoami()).body, call, options);
  return { requests: options.requests, latencyMs, ratio, floor, target: { max: RATIO_TARGET, on: "p50(tools/call whoami) / p50(GET /v1/me)", value: ratio.p50, met: ratio.p50 <= RATIO_TARGET } };
}

async function transportFloor(meBody: string, mcpBody: string, call: object, options: { requests: number; warmup: number }): Promise<McpBenchResult["floor"]> {
  const bare = new Hono();
  bare.get("/me", (c) => c.body(meBody, 200, { "content-type": "application/json" }));
  bare.post("/mcp", async (c) => {
    JSON.parse(await c.req.text());
    return c.body(mcpBody, 200, { "content-type": "application/json" });
  });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: bare.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  const client = createClient((server.address() as AddressInfo).port);
  try {
    const post = { ...client, get: (path: string) => client.json("POST", path, call, { accept: "application/json, text/event-stream" }) };
    const latency = await compareLatency(
      [
        { name: "get", client, path: "/me", headers: {} },
        { name: "post", client: post, path: "/mcp", headers: {} },
      ],
      options.requests,
      options.warmup,
    );
    const get = latency.get?.p50 ?? Number.NaN;
    const posted = latency.post?.p50 ?? Number.NaN;
    return { bareGetP50: get, barePostP50: posted, addedMs: round(posted - get) };
  } finally {
    client.close();
    server.close();
  }
}

export function printMcp(result: McpBenchResult): void {
  const ms = (v: number) => v.toFixed(3).padStart(7);
  const fmt = (s: LatencySummary) => `p50 ${ms(s.p50)} ms  p99 ${ms(s.p99)} ms`;
  console.log(`  GET /v1/me             ${fmt(result.latencyMs.me)}`);
  console.log(`  MCP tools/call whoami  ${fmt(result.latencyMs.mcpWhoami)}`);
  console.log(`  ratio MCP/REST         p50 ${result.ratio.p50.toFixed(2)}  p99 ${result.ratio.p99.toFixed(2)}   target p50 <= ${RATIO_TARGET}: ${result.target.met ? "met" : "MISSED"}`);
  const { floor } = result;
  const gap = result.latencyMs.mcpWhoami.p50 - result.latencyMs.me.p50;
  console.log(
    `  transport floor        bare POST of the same body and answer +${floor.addedMs.toFixed(3)} ms over a bare GET (${ms(floor.barePostP50)} vs ${ms(floor.bareGetP50)} ms): ${(floor.addedMs * 1000).toFixed(0)} of the ${(gap * 1000).toFixed(0)} µs MCP adds; the rest is the SDK server's handling of the request (its params schema, abort signal, answer) and the tool call`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const runtime = await openBenchRuntime();
  const app = createApp(runtime.deps);
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  const port = (server.address() as AddressInfo).port;
  const http = createClient(port);
  try {
    const env = (name: string, fallback: number) => Number.parseInt(process.env[name] ?? "", 10) || fallback;
    const sizes = { requests: env("BENCH_REQUESTS", 2000), warmup: env("BENCH_WARMUP", 500) };
    console.log("API key:");
    printMcp(await runMcpBench({ http, key: runtime.key, ...sizes }));
    console.log("OAuth agent token:");
    printMcp(await runMcpBench({ http, key: await mintAgentToken(port, runtime.key), ...sizes }));
  } finally {
    http.close();
    server.close();
    await runtime.close();
  }
}
