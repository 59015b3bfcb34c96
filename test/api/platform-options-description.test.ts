import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { mp4 } from "../unit/media-fixtures.js";
import { type WorkspaceFixture, reply, testWorkspace } from "../support/workspace-fixture.js";

/**
 * The OpenAPI description of `platformOptions` and what validate and publish do with them must
 * agree: every request here goes through the conformance check (test/support/api-conformance.ts),
 * which fails a test when the server accepts a request the description refuses.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

type Schema = { type?: string; description?: string; minimum?: number; maximum?: number; properties?: Record<string, Schema>; required?: string[]; enum?: string[]; additionalProperties?: boolean };
const component = async (name: string): Promise<Schema> => {
  const { body: doc } = await reply<{ components: { schemas: Record<string, Schema> } }>(await t.app.request("http://chorus.test/openapi.json"));
  return doc.components.schemas[name] ?? {};
};

async function connect(ws: WorkspaceFixture, json: Record<string, unknown>): Promise<string> {
  const response = await ws.post("/v1/social-accounts/connect", json);
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

describe("platformOptions: the description and the checks agree", () => {
  it("describes Instagram's trialParams by its fields, and a trial reel with one validates and publishes", async () => {
    const trial = (await component("InstagramOptions")).properties?.trialParams;
    expect(trial).toMatchObject({
      type: "object",
      properties: { graduation_strategy: { type: "string", enum: ["MANUAL", "SS_PERFORMANCE"] } },
      required: ["graduation_strategy"],
      additionalProperties: false,
    });

    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await connect(ws, { platform: "instagram", handle: "trial-reels" });
    const uploaded = await ws.post("/v1/media", undefined, { raw: mp4(1080, 1920, { duration: 20_000 }), headers: { "content-type": "video/mp4" } });
    const video = uploaded.body.id;
    const body = { text: "A trial reel", accounts: [account], media: [video], platformOptions: { instagram: { postType: "reel", trialParams: { graduation_strategy: "MANUAL" } } } };
    const checked = await ws.post("/v1/posts/validate", body);
    expect(checked.status).toBe(200);
    expect(checked.body.targets[0]?.errors).toEqual([]);
    const created = await ws.post("/v1/posts", body);
    expect(created.status).toBe(201);
    const id = created.body.id;
    t.clock.advance(60_000);
    await t.drainJobs();
    const post = (await ws.get(`/v1/posts/${id}`)).body;
    expect(post.state).toBe("published");
  });

  it("says an X poll duration out of range fails the target, as validate answers it (200, option_invalid), not a refused request", async () => {
    const duration = (await component("TwitterOptions")).properties?.pollDurationMinutes;
    expect(duration?.minimum).toBeUndefined();
    expect(duration?.maximum).toBeUndefined();
    expect(duration?.description).toContain("from 5 to 10080");
    expect(duration?.description).toContain("option_invalid");

    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await connect(ws, { platform: "twitter", handle: "short-poll" });
    for (const minutes of [2, 10081]) {
      const checked = await ws.post("/v1/posts/validate", { text: "Which?", accounts: [account], platformOptions: { twitter: { pollOptions: ["a", "b"], pollDurationMinutes: minutes } } });
      expect(checked.status).toBe(200);
      const report = checked.body;
      expect(report.valid).toBe(false);
      expect(report.targets[0]?.errors).toMatchObject([{ code: "option_invalid", param: "platformOptions.twitter.pollDurationMinutes" }]);
    }
    const fine = await ws.post("/v1/posts/validate", { text: "Which?", accounts: [account], platformOptions: { twitter: { pollOptions: ["a", "b"], pollDurationMinutes: 5 } } });
    expect(fine.body.valid).toBe(true);
  });
});
