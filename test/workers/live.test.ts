/**
 * Live video inside workerd (src/worker.ts against real Postgres through the Neon driver), with the
 * test key: the Facebook simulator answers from the sandbox world stored in the database, so the
 * whole create -> start -> end -> replay path runs on the Workers runtime as it does on Node.
 */
import { SELF } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { BASE, call } from "./api-call.js";
import type {} from "./provided-context.js";

const skipReason = inject("skipReason");
if (skipReason) console.warn(`[workers/live.test] skipped: ${skipReason}`);

describe.skipIf(skipReason)("live video on the Workers runtime", () => {
  it("creates a Facebook page broadcast, starts and ends it, and never lists its stream key", async () => {
    const account = await call<{ id: string }>("/v1/social-accounts/connect", { method: "POST", json: { platform: "facebook", handle: `workers_live_${Date.now()}` } }, 201);
    const { items: pages } = await call<{ items: { id: string; details: { followers: number } }[] }>(`/v1/social-accounts/${account.id}/targets`);
    const page = pages.find((p) => p.details.followers >= 100)?.id;
    const base = `/v1/social-accounts/${account.id}/live-broadcasts`;
    const created = await call<{ id: string; status: string; ingest: { streamKey: string } }>(base, { method: "POST", json: { pageId: page, title: "From workerd" } }, 201);
    expect(created.status).toBe("ready");
    expect(created.ingest.streamKey).toMatch(/^FB-/);
    expect((await call<{ status: string }>(`${base}/${created.id}/start`, { method: "POST" })).status).toBe("live");
    expect((await call<{ status: string }>(`${base}/${created.id}/end`, { method: "POST" })).status).toBe("ended");
    const conflict = await call<{ error: { code: string } }>(`${base}/${created.id}/start`, { method: "POST" }, 409);
    expect(conflict.error.code).toBe("broadcast_state_invalid");
    const listed = await SELF.fetch(`${BASE}${base}`, { headers: { authorization: `Bearer ${inject("apiKey")}` } });
    expect(await listed.text()).not.toContain(created.ingest.streamKey);
  });
});
