import { describe, expect, it } from "vitest";
import { linkedinAdapter } from "../../src/networks/linkedin/adapter.js";
import { linkedinDefaultApiVersion } from "../../src/networks/linkedin/capabilities.js";
import type { NetworkConfig, TokenSet } from "../../src/networks/types.js";
import { registerSandboxLinkedinApp } from "../../src/sandbox/linkedin/apps.js";
import { createLinkedinSimulator } from "../../src/sandbox/linkedin/simulator.js";
import { apiError, connectThroughConsent, createSandbox, required } from "./harness.js";

/**
 * The LinkedIn adapter's notifications against the simulator: the organizationalEntityNotifications
 * criteria finder as Rest.li 2.0 spells it (encoded URN, raw List(…) and (start:…,end:…)), one
 * finder per page the member administers, and the simulator refusing what LinkedIn refuses.
 */

const config: NetworkConfig = { clientId: "sandbox-li-notif", clientSecret: "sandbox-li-secret", redirectUri: "https://chorus.test/v1/connect/callback/linkedin" };
const inbox = required(linkedinAdapter, "inbox");
const listNotifications = (() => {
  const list = inbox.listNotifications;
  if (!list) throw new Error("the linkedin inbox must list notifications");
  return list.bind(inbox);
})();
const START = Date.parse("2026-11-21T12:00:00.000Z");
const RETENTION_MS = 60 * 24 * 60 * 60 * 1000;

async function setup(variant: "organization" | "member" = "organization") {
  const ctx = createSandbox([createLinkedinSimulator], { start: "2026-11-21T12:00:00.000Z", config: { ...config, products: ["organization", "member"] } });
  await registerSandboxLinkedinApp(ctx.store, config.clientId, ["organization", "member"]);
  const { tokens } = await connectThroughConsent(linkedinAdapter, ctx.net, { handle: `li.notif.${variant}`, variant });
  const member = (await linkedinAdapter.identity(tokens, ctx.net)).networkUserId;
  return { ctx, tokens, member };
}

const rawGet = (ctx: Awaited<ReturnType<typeof setup>>["ctx"], tokens: TokenSet, query: string, headers: Record<string, string> = {}) =>
  ctx.net.fetch(`https://api.linkedin.com/rest/organizationalEntityNotifications?${query}`, {
    headers: { authorization: `Bearer ${tokens.accessToken}`, "linkedin-version": linkedinDefaultApiVersion, "x-restli-protocol-version": "2.0.0", ...headers },
  });

describe("linkedin organisation notifications against the simulator", () => {
  it("asks the criteria finder of each administered page and maps comments, reshares and mentions newest first", async () => {
    const { ctx, tokens, member } = await setup();
    const pages = await required(linkedinAdapter, "targets")(tokens, ctx.net);
    const admins = pages.filter((p) => p.details.role === "ADMINISTRATOR").map((p) => p.id);
    expect(admins).toHaveLength(2);
    const [first, second] = admins as [string, string];
    const publish = required(linkedinAdapter, "publish");
    const onFirst = await publish(tokens, { text: "Launch day", media: [], options: {}, destination: first, targetId: "tgt_1" }, ctx.net);
    const onSecond = await publish(tokens, { text: "Team offsite", media: [], options: {}, destination: second, targetId: "tgt_2" }, ctx.net);
    if (onFirst.state !== "published" || onSecond.state !== "published") throw new Error("not published");
    const simulate = ctx.sim().simulateActivity;
    if (!simulate) throw new Error("no simulated activity");
    ctx.advance(1000);
    const comment = await simulate({ action: "reply", recipientId: member, actorHandle: "li.one", subject: onFirst.networkPostId, text: "Congrats" });
    ctx.advance(1000);
    const reshare = await simulate({ action: "repost", recipientId: member, actorHandle: "li.two", subject: onSecond.networkPostId, text: null });
    ctx.advance(1000);
    const mention = await simulate({ action: "mention", recipientId: member, actorHandle: "li.three", subject: null, text: "Thanks to" });
    if (!comment.ok || !reshare.ok || !mention.ok) throw new Error("activity refused");

    const sent = ctx.requests.length;
    const page = await listNotifications(tokens, { cursor: null, limit: 10, networkUserId: member }, ctx.net);
    const finders = ctx.requests.slice(sent).filter((r) => r.url.includes("organizationalEntityNotifications"));
    const now = START + 3000;
    expect(finders.map((r) => r.url).sort()).toEqual(
      admins
        .map(
          (org) =>
            `https://api.linkedin.com/rest/organizationalEntityNotifications?q=criteria&organizationalEntity=${encodeURIComponent(org)}&actions=List(COMMENT,SHARE,SHARE_MENTION)&timeRange=(start:${now - RETENTION_MS},end:${now})&start=0&count=10`,
        )
        .sort(),
    );
    expect(finders[0]?.headers).toMatchObject({ "linkedin-version": linkedinDefaultApiVersion, "x-restli-protocol-version": "2.0.0", authorization: `Bearer ${tokens.accessToken}` });
    expect(page.cursor).toBeNull();
    expect(page.items.map((n) => [n.kind, n.actor.id, n.subject?.networkPostId, n.text])).toEqual([
      ["mentions", `urn:li:person:${mention.actor.id}`, mention.networkId, expect.stringContaining("Thanks to")],
      ["reposts", `urn:li:person:${reshare.actor.id}`, onSecond.networkPostId, null],
      ["replies", `urn:li:person:${comment.actor.id}`, onFirst.networkPostId, "Congrats"],
    ]);
    expect(page.items.every((n) => /^\d+$/.test(n.id) && n.seen === false)).toBe(true);

    // Paged one at a time, the same three come back in the same order, each once.
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 5; i++) {
      const one: Awaited<ReturnType<typeof listNotifications>> = await listNotifications(tokens, { cursor, limit: 1, networkUserId: member }, ctx.net);
      seen.push(...one.items.map((n) => n.id));
      cursor = one.cursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(page.items.map((n) => n.id));
  });

  it("refuses what LinkedIn refuses: no rw_organization_admin, a page without the ADMINISTRATOR role, bad finder parameters", async () => {
    const { ctx, tokens } = await setup();
    const pages = await required(linkedinAdapter, "targets")(tokens, ctx.net);
    const editor = pages.find((p) => p.details.role === "CONTENT_ADMINISTRATOR")?.id ?? "";
    const admin = pages.find((p) => p.details.role === "ADMINISTRATOR")?.id ?? "";
    const denied = await rawGet(ctx, tokens, `q=criteria&organizationalEntity=${encodeURIComponent(editor)}&actions=List(COMMENT)`);
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ status: 403, serviceErrorCode: 100, code: "ACCESS_DENIED" });
    expect((await rawGet(ctx, tokens, `q=criteria&organizationalEntity=${encodeURIComponent(admin)}&actions=List(FOLLOW)`)).status).toBe(400);
    expect((await rawGet(ctx, tokens, `q=criteria&organizationalEntity=${encodeURIComponent(admin)}&timeRange=(start:1)`)).status).toBe(400);
    expect((await rawGet(ctx, tokens, `q=organization&organizationalEntity=${encodeURIComponent(admin)}`)).status).toBe(400);
    expect((await rawGet(ctx, tokens, `q=criteria&organizationalEntity=${encodeURIComponent(admin)}`, { "linkedin-version": "" })).status).toBe(400);
    const ok = await rawGet(ctx, tokens, `q=criteria&organizationalEntity=${encodeURIComponent(admin)}&actions=List(COMMENT,LIKE)`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ paging: { start: 0, count: 10, links: [], total: 0 }, elements: [] });

    const personal = await setup("member");
    const closed = await rawGet(personal.ctx, personal.tokens, `q=criteria&organizationalEntity=${encodeURIComponent(admin)}`);
    expect(closed.status).toBe(403);
    const refused = await apiError(listNotifications(personal.tokens, { cursor: null, limit: 10, networkUserId: personal.member }, personal.ctx.net));
    expect(refused).toMatchObject({ code: "capability_unsupported", platform: "linkedin" });
    expect(refused.message).toContain("personal profile has no notifications API");
  });
});
