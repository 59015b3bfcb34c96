import { expect } from "vitest";
import type { IsolationCase } from "../support/isolation.js";

/**
 * B's app link opens B's dashboard: none of A's profiles, accounts or posts appear on any of its
 * pages, and A's post id answers 404 there.
 */
export const dashboardCases: IsolationCase[] = [
  {
    method: "POST",
    path: "/v1/app-link",
    seed: async (_t, a) => {
      const profile = (await a.post("/v1/profiles", { username: "a-dashboard-brand" })).body;
      const account = (await a.post("/v1/social-accounts/connect", { platform: "twitter", handle: "a-dashboard-handle" })).body;
      const post = (await a.post("/v1/posts", { text: "a-dashboard-draft", accounts: [account.id], draft: true })).body;
      for (const id of [profile.id, account.id, post.id]) expect(id).toMatch(/^(prf|acc|post)_/);
      return { workspaceId: a.id, profileId: profile.id, username: "a-dashboard-brand", accountId: account.id, handle: "a-dashboard-handle", postId: post.id, text: "a-dashboard-draft" };
    },
    probe: async (t, b, s) => {
      const minted = await b.post("/v1/app-link");
      expect(minted.status).toBe(201);
      const { url } = minted.body;
      const signin = await t.app.request(url, { method: "POST" });
      expect(signin.status).toBe(303);
      const cookie = (signin.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
      const get = (path: string) => t.app.request(`http://chorus.test${path}`, { headers: { cookie } });
      for (const path of [
        "/dashboard",
        "/dashboard/accounts",
        "/dashboard/posts",
        "/dashboard/compose",
        "/dashboard/calendar",
        "/dashboard/developers",
        "/dashboard/developers/audit",
        "/dashboard/inbox",
        "/dashboard/inbox/conversations",
        "/dashboard/inbox/comments",
        "/dashboard/analytics",
      ]) {
        const page = await get(path);
        expect(page.status, path).toBe(200);
        const html = await page.text();
        for (const value of Object.values(s)) expect(html, `${path} shows ${value}`).not.toContain(value);
      }
      for (const path of [`/dashboard/posts/${s.postId}`, `/dashboard/posts/${s.postId}/comments`, `/dashboard/posts/${s.postId}/analytics`]) {
        expect((await get(path)).status, path).toBe(404);
      }
    },
  },
];
