/**
 * Live video inside workerd (src/worker.ts against real Postgres through the Neon driver), with the
 * test key: the Facebook simulator answers from the sandbox world stored in the database, so the
 * whole create -> start -> end -> replay path runs on the Workers runtime as it does on Node.
 */
import { describe, expect, inject, it } from "vitest";
import { api } from "./api-call.js";
import type {} from "./provided-context.js";

const skipReason = inject("skipReason");
if (skipReason) console.warn(`[workers/live.test] skipped: ${skipReason}`);

describe.skipIf(skipReason)("live video on the Workers runtime", () => {
  it("creates a Facebook page broadcast, starts and ends it, and never lists its stream key", async () => {
    const account = await api.connect("facebook", { handle: `workers_live_${Date.now()}` });
    const { items: pages } = await api.read(`/v1/social-accounts/${account.id}/targets`);
    const page = pages.find((p) => Number(p.details.followers) >= 100)?.id;
    const base = `/v1/social-accounts/${account.id}/live-broadcasts`;
    const made = await api.post(`/v1/social-accounts/${account.id}/live-broadcasts`, { pageId: page, title: "From workerd" });
    expect(made.status, made.text).toBe(201);
    const created = made.body;
    expect(created.status).toBe("ready");
    expect(created.ingest.streamKey).toMatch(/^FB-/);
    const started = await api.post(`/v1/social-accounts/${account.id}/live-broadcasts/${created.id}/start`);
    expect(started.status, started.text).toBe(200);
    expect(started.body.status).toBe("live");
    const ended = await api.post(`/v1/social-accounts/${account.id}/live-broadcasts/${created.id}/end`);
    expect(ended.status, ended.text).toBe(200);
    expect(ended.body.status).toBe("ended");
    const conflict = await api.post(`${base}/${created.id}/start`);
    expect(conflict.status).toBe(409);
    expect(conflict.error.code).toBe("broadcast_state_invalid");
    const listed = await api.get(base);
    expect(listed.text).not.toContain(created.ingest.streamKey);
  });
});
