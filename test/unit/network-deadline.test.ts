import { type IncomingMessage, type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withinDeadline } from "../../src/domain/accounts/networks/network-deadline.js";
import { ApiError } from "../../src/infra/errors.js";
import { fetchWithSignal } from "../../src/networks/abortable-fetch.js";
import { type ErrorTable, callNetwork } from "../../src/networks/http.js";
import type { NetworkContext } from "../../src/networks/types.js";
import { createSandboxFetch } from "../../src/sandbox/sandbox-fetch.js";
import type { Simulator } from "../../src/sandbox/types.js";

/** A network read past its deadline is aborted on the wire, not only stopped being awaited. */

const table: ErrorTable = { platform: "bluesky", extract: () => ({ networkCode: null, subcode: null, message: "" }), rows: [] };

async function until(condition: () => boolean, what: string, ms = 10_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const timers = () => process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;

/** A server that accepts every request and never answers, recording when the client hangs up. */
let server: Server;
let base = "";
const seen: { url: string; closedAt: number | null }[] = [];
beforeAll(async () => {
  server = createServer((request: IncomingMessage) => {
    const entry = { url: request.url ?? "", closedAt: null as number | null };
    seen.push(entry);
    request.socket.on("close", () => {
      entry.closedAt = Date.now();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function netWith(signal: AbortSignal): NetworkContext {
  return { fetch: fetchWithSignal(globalThis.fetch, signal), signal, now: () => new Date(), config: { clientId: "", clientSecret: "", redirectUri: "" } };
}

describe("withinDeadline over a network that hangs", () => {
  it("answers the timeout at the deadline, closes the connection, and settles the abandoned call as platform_unavailable", async () => {
    const late = new ApiError("platform_unavailable", { message: "bluesky did not answer within 150 ms." });
    let inner: Promise<unknown> | undefined;
    const started = Date.now();
    await expect(
      withinDeadline(
        150,
        () => late,
        (signal) => {
          inner = callNetwork(netWith(signal), table, `${base}/xrpc/app.bsky.notification.listNotifications`);
          return inner;
        },
      ),
    ).rejects.toBe(late);
    expect(Date.now() - started).toBeLessThan(5000);
    const request = seen.find((s) => s.url.includes("listNotifications"));
    expect(request).toBeDefined();
    // The server sees the client hang up: the request is not left open until it answers.
    await until(() => request?.closedAt !== null, "the server to see the connection close");
    await expect(inner).rejects.toMatchObject({ code: "platform_unavailable", message: expect.stringContaining("abandoned") });
  });

  it("leaves no timer behind when the work answers in time", async () => {
    const before = timers();
    await expect(
      withinDeadline(
        60_000,
        () => new ApiError("platform_unavailable"),
        async () => "fast",
      ),
    ).resolves.toBe("fast");
    expect(timers()).toBeLessThanOrEqual(before);
  });

  it("keeps the caller's own signal: either one aborts the request", async () => {
    const deadline = new AbortController();
    const own = new AbortController();
    const fetch = fetchWithSignal(globalThis.fetch, deadline.signal);
    const pending = fetch(`${base}/own-signal`, { signal: own.signal });
    await until(() => seen.some((s) => s.url === "/own-signal"), "the request to arrive");
    own.abort(new Error("the caller's own abort"));
    await expect(pending).rejects.toThrow("the caller's own abort");
    const request = seen.find((s) => s.url === "/own-signal");
    await until(() => request?.closedAt !== null, "the connection to close");
    expect(deadline.signal.aborted).toBe(false);
  });
});

describe("the sandbox fetch and an aborted signal", () => {
  it("hands the simulator the caller's signal and rejects as soon as it aborts", async () => {
    let simulatorSignal: AbortSignal | undefined;
    const app = new Hono();
    app.get("/hang", async (c) => {
      simulatorSignal = c.req.raw.signal;
      // A simulator that waits until its caller hangs up (as a slow fault's sleep now does).
      await new Promise<void>((resolve) => c.req.raw.signal.addEventListener("abort", () => resolve(), { once: true }));
      return c.text("too late");
    });
    const simulator = { platform: "bluesky", hosts: ["hang.sandbox.test"], app } as unknown as Simulator;
    const controller = new AbortController();
    const pending = createSandboxFetch([simulator])("https://hang.sandbox.test/hang", { signal: controller.signal });
    await until(() => simulatorSignal !== undefined, "the simulator to receive the request");
    expect(simulatorSignal?.aborted).toBe(false);
    const reason = new ApiError("platform_unavailable", { message: "gave up" });
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    expect(simulatorSignal?.aborted).toBe(true);
  });
});
