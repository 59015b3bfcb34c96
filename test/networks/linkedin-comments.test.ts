import { describe, expect, it } from "vitest";
import type { InboxFacet } from "../../src/networks/facets/inbox.js";
import { linkedinAdapter } from "../../src/networks/linkedin/adapter.js";
import { linkedinDefaultApiVersion } from "../../src/networks/linkedin/capabilities.js";
import type { NetworkConfig } from "../../src/networks/types.js";
import { registerSandboxLinkedinApp } from "../../src/sandbox/linkedin/apps.js";
import { createLinkedinSimulator } from "../../src/sandbox/linkedin/simulator.js";
import { apiError, connectThroughConsent, createSandbox, required, wireAnswer } from "./harness.js";
import { jpeg } from "../unit/media-fixtures.js";

const config: NetworkConfig = { clientId: "sandbox-li-comments", clientSecret: "sandbox-li-secret", redirectUri: "https://chorus.test/v1/connect/callback/linkedin" };
const inbox = required(linkedinAdapter, "inbox");
function method<K extends keyof InboxFacet>(name: K): NonNullable<InboxFacet[K]> {
  const found = inbox[name];
  if (!found) throw new Error(`the linkedin inbox must implement ${name}`);
  return found as NonNullable<InboxFacet[K]>;
}
const listComments = method("listComments");
const replyToComment = method("replyToComment");
const deleteComment = method("deleteComment");

async function setup() {
  const ctx = createSandbox([createLinkedinSimulator], { start: "2026-11-21T12:00:00.000Z", config: { ...config, products: ["organization"] } });
  await registerSandboxLinkedinApp(ctx.store, config.clientId, ["organization"]);
  const { tokens } = await connectThroughConsent(linkedinAdapter, ctx.net, { handle: "li.commenter", variant: "organization" });
  const member = (await linkedinAdapter.identity(tokens, ctx.net)).networkUserId;
  const organization = (await required(linkedinAdapter, "targets")(tokens, ctx.net))[0]?.id ?? "";
  const published = await required(linkedinAdapter, "publish")(tokens, { text: "Hiring now", media: [], options: {}, destination: organization, targetId: "tgt_li_1" }, ctx.net);
  if (published.state !== "published") throw new Error("not published");
  return { ctx, tokens, member, organization, postUrn: published.networkPostId };
}

describe("linkedin comments against the simulator", () => {
  it("speaks the versioned Comments API: list with start/count, create as the page with parentComment, delete with actor", async () => {
    const { ctx, tokens, member, organization, postUrn } = await setup();
    const simulate = ctx.sim().simulateActivity;
    if (!simulate) throw new Error("no simulated activity");
    ctx.advance(1000);
    const made = await simulate({ action: "reply", recipientId: member, actorHandle: "li.reader", subject: postUrn, text: "Applied!" });
    if (!made.ok) throw new Error(made.reason);

    const page = await listComments(tokens, { cursor: null, limit: 10, networkUserId: member, networkPostId: postUrn, nested: false }, ctx.net);
    expect(page).toEqual({ cursor: null, items: [expect.objectContaining({ id: made.networkId, parentId: postUrn, text: "Applied!", own: false, replyCount: 0 })] });
    const list = ctx.requests.at(-1);
    expect(list?.method).toBe("GET");
    expect(list?.url).toBe(`https://api.linkedin.com/rest/socialActions/${encodeURIComponent(postUrn)}/comments?start=0&count=10`);
    expect(list?.headers).toMatchObject({ "linkedin-version": linkedinDefaultApiVersion, "x-restli-protocol-version": "2.0.0", authorization: `Bearer ${tokens.accessToken}` });

    ctx.advance(1000);
    const answer = await replyToComment(tokens, { commentId: made.networkId, networkUserId: member, text: "Thanks!" }, ctx.net);
    const create = ctx.requests.at(-1);
    // Comments API, "Create a Nested Comment": on the parent comment's URN, naming it again as parentComment.
    expect([create?.method, create?.url]).toEqual(["POST", `https://api.linkedin.com/rest/socialActions/${encodeURIComponent(made.networkId)}/comments`]);
    expect(JSON.parse(create?.body ?? "")).toEqual({ actor: organization, object: postUrn, message: { text: "Thanks!" }, parentComment: made.networkId });
    expect(answer.id).toMatch(/^urn:li:comment:\(urn:li:share:\d+,\d+\)$/);

    expect((await apiError(deleteComment(tokens, { commentId: made.networkId, networkUserId: member }, ctx.net))).code).toBe("comment_not_own");
    await deleteComment(tokens, { commentId: answer.id, networkUserId: member }, ctx.net);
    const del = ctx.requests.at(-1);
    const id = /,(\d+)\)$/.exec(answer.id)?.[1];
    expect([del?.method, del?.url]).toEqual(["DELETE", `https://api.linkedin.com/rest/socialActions/${encodeURIComponent(postUrn)}/comments/${id}?actor=${encodeURIComponent(organization)}`]);
    expect((await apiError(deleteComment(tokens, { commentId: answer.id, networkUserId: member }, ctx.net))).code).toBe("comment_not_found");
    expect((await apiError(replyToComment(tokens, { commentId: "not-a-urn", networkUserId: member, text: "x" }, ctx.net))).code).toBe("comment_not_found");
  });

  it("pages with start and count", async () => {
    const { ctx, tokens, member, postUrn } = await setup();
    const simulate = ctx.sim().simulateActivity;
    if (!simulate) throw new Error("no simulated activity");
    const ids = [];
    for (const text of ["a", "b", "c"]) {
      ctx.advance(1000);
      const made = await simulate({ action: "reply", recipientId: member, actorHandle: "li.reader", subject: postUrn, text });
      if (!made.ok) throw new Error(made.reason);
      ids.push(made.networkId);
    }
    const one = await listComments(tokens, { cursor: null, limit: 2, networkUserId: member, networkPostId: postUrn, nested: false }, ctx.net);
    expect(one.items.map((c) => c.id)).toEqual([ids[2], ids[1]]);
    const two = await listComments(tokens, { cursor: one.cursor, limit: 2, networkUserId: member, networkPostId: postUrn, nested: false }, ctx.net);
    expect(two).toEqual({ items: [expect.objectContaining({ id: ids[0] })], cursor: null });
  });

  it("comments with an image: uploaded through the Images API as the actor, named in `content`; the simulator refuses what LinkedIn refuses", async () => {
    const { ctx, tokens, member, organization, postUrn } = await setup();
    const comment = required(linkedinAdapter, "commentOnPost");
    const bytes = jpeg(640, 480);
    const image = {
      id: "med_li_1",
      kind: "image" as const,
      mimeType: "image/jpeg",
      bytes: bytes.byteLength,
      width: 640,
      height: 480,
      durationSeconds: null,
      alt: null,
      url: "https://chorus.test/m/1",
      read: async () => bytes,
    };
    const made = await comment(tokens, { networkPostId: postUrn, postUrl: null, text: "The poster", media: [image], destination: organization, networkUserId: member }, ctx.net);
    const create = ctx.requests.find((r) => r.method === "POST" && r.url.endsWith("/comments"));
    const body = JSON.parse(create?.body ?? "{}") as { content?: { entity: { image: string } }[] };
    expect(body.content?.[0]?.entity.image).toMatch(/^urn:li:image:/);
    const init = ctx.requests.find((r) => r.url.includes("/rest/images?action=initializeUpload"));
    expect(JSON.parse(init?.body ?? "{}")).toEqual({ initializeUploadRequest: { owner: organization } });
    const listed = await wireAnswer<{ elements?: { commentUrn: string; content?: unknown }[] }>(
      await ctx.net.fetch(`https://api.linkedin.com/rest/socialActions/${encodeURIComponent(postUrn)}/comments?start=0&count=10`, {
        headers: { authorization: `Bearer ${tokens.accessToken}`, "linkedin-version": linkedinDefaultApiVersion, "x-restli-protocol-version": "2.0.0" },
      }),
    );
    const elements = listed.body.elements ?? [];
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(elements.find((e) => e.commentUrn === made.id)?.content).toEqual([{ type: "IMAGE", entity: { image: body.content?.[0]?.entity.image } }]);

    // An image the member owns is not the page's; an unknown image, two entities: 422, nothing stored.
    const headers = { authorization: `Bearer ${tokens.accessToken}`, "linkedin-version": linkedinDefaultApiVersion, "x-restli-protocol-version": "2.0.0", "content-type": "application/json" };
    const upload = await wireAnswer<{ value?: { image: string; uploadUrl: string } }>(
      await ctx.net.fetch("https://api.linkedin.com/rest/images?action=initializeUpload", {
        method: "POST",
        headers,
        body: JSON.stringify({ initializeUploadRequest: { owner: `urn:li:person:${member}` } }),
      }),
    );
    expect(upload.status, JSON.stringify(upload.body)).toBe(200);
    const memberImage = upload.body.value ?? { image: "", uploadUrl: "" };
    await ctx.net.fetch(memberImage.uploadUrl, { method: "PUT", headers: { authorization: `Bearer ${tokens.accessToken}` }, body: bytes });
    for (const content of [
      [{ entity: { image: memberImage.image } }],
      [{ entity: { image: "urn:li:image:C000000000" } }],
      [{ entity: { image: body.content?.[0]?.entity.image } }, { entity: { image: memberImage.image } }],
    ]) {
      const refused = await ctx.net.fetch(`https://api.linkedin.com/rest/socialActions/${encodeURIComponent(postUrn)}/comments`, {
        method: "POST",
        headers,
        body: JSON.stringify({ actor: organization, object: postUrn, message: { text: "refused" }, content }),
      });
      expect(refused.status, JSON.stringify(content)).toBe(422);
    }
  });
});
