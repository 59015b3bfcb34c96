/**
 * What one call to a network costs the API's process on Node, through Node's fetch and through the
 * network fetch live keys use (src/node/network-fetch.ts): a small JSON POST answered by a server
 * in another process over loopback keep-alive, as an adapter's publish call is. CPU time of this
 * process only (the server's is not ours), per call, after a warm-up.
 * `npx tsx bench/network-fetch-cost.ts` runs it alone.
 */
import { spawn } from "node:child_process";
import { createNetworkFetch } from "../src/node/network-fetch.js";
import { round } from "./stats.js";

export interface NetworkFetchCostResult {
  calls: number;
  /** Microseconds of this process's CPU per call. */
  nodeFetchCpuUs: number;
  networkFetchCpuUs: number;
  nodeFetchWallUs: number;
  networkFetchWallUs: number;
}

const SERVER = `
const http = require("node:http");
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const body = JSON.stringify({ id: "17841405793187218", received: Buffer.concat(chunks).length });
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    res.end(body);
  });
});
server.listen(0, "127.0.0.1", () => console.log("listening " + server.address().port));
`;

function startServer(): Promise<{ url: string; close: () => void }> {
  const child = spawn(process.execPath, ["-e", SERVER], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the echo server exited (${code})`)));
    child.stdout.on("data", (chunk: Buffer) => {
      const port = /listening (\d+)/.exec(chunk.toString("utf8"))?.[1];
      if (port) resolve({ url: `http://127.0.0.1:${port}/v26.0/17841405793187218/media`, close: () => child.kill() });
    });
  });
}

async function timeCalls(send: typeof fetch, url: string, calls: number): Promise<{ cpuUs: number; wallUs: number }> {
  const body = JSON.stringify({ image_url: "https://cdn.example.com/a.jpg", caption: "Launch day #chorus", access_token: "EAAB…" });
  const call = async () => {
    const response = await send(url, { method: "POST", headers: { "content-type": "application/json" }, body });
    if (response.status !== 200) throw new Error(`the echo server answered ${response.status}`);
    await response.json();
  };
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < calls; i++) await call();
  const used = process.cpuUsage(cpu);
  return { cpuUs: round((used.user + used.system) / calls, 1), wallUs: round(((performance.now() - started) * 1000) / calls, 1) };
}

export async function runNetworkFetchCost(calls = 3000): Promise<NetworkFetchCostResult> {
  const server = await startServer();
  try {
    const networkFetch = createNetworkFetch(fetch);
    // Alternating rounds, so drift on a shared machine falls on both alike; the last of each counts.
    let node = { cpuUs: 0, wallUs: 0 };
    let ours = { cpuUs: 0, wallUs: 0 };
    for (let round = 0; round < 3; round++) {
      node = await timeCalls(fetch, server.url, round === 0 ? 500 : calls);
      ours = await timeCalls(networkFetch, server.url, round === 0 ? 500 : calls);
    }
    return { calls, nodeFetchCpuUs: node.cpuUs, networkFetchCpuUs: ours.cpuUs, nodeFetchWallUs: node.wallUs, networkFetchWallUs: ours.wallUs };
  } finally {
    server.close();
  }
}

export function printNetworkFetchCost(r: NetworkFetchCostResult): void {
  console.log(
    `Network calls on Node (small JSON POST to a server in another process, keep-alive, ${r.calls} calls): Node's fetch ${r.nodeFetchCpuUs} µs CPU (${r.nodeFetchWallUs} µs wall) per call; Chorus's network fetch ${r.networkFetchCpuUs} µs CPU (${r.networkFetchWallUs} µs wall), ${round(r.nodeFetchCpuUs / r.networkFetchCpuUs, 1)}x less CPU`,
  );
}

if (process.argv[1]?.endsWith("network-fetch-cost.ts")) printNetworkFetchCost(await runNetworkFetchCost());
