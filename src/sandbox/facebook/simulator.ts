import type { Hono } from "hono";
import { numericId, seedSandboxAccount } from "../tokens.js";
import type { SandboxAccount, SimulatorDeps, SimulatorFactory } from "../types.js";
import { facebookDialogHost, facebookLoginDoor, facebookLoginGraph } from "../meta/facebook-login.js";
import { authenticate, graphError, graphJson, hostRouter, selectFields, unknownPath, unmatched, unsupportedRequest, type GraphNode, type GraphProfile } from "../meta/graph-wire.js";
import { hashDigits, mountMessenger } from "../meta/messenger.js";
import { mountPageComments, simulateFacebookActivity } from "./page-comments.js";
import { mountPageInsights } from "./page-insights.js";
import { mountVideoInsights } from "./video-insights.js";
import { mountPagePostEdits } from "./page-post-edits.js";
import { mountPageTagged, simulateFacebookMention } from "./page-tagged.js";
import { mountPageRatings, simulateRecommendation } from "./page-ratings.js";
import { mountLiveVideos } from "./live-videos.js";
import { mountPagePublishing } from "./page-publishing.js";
import { mountPhasedVideo, ruploadHost } from "./phased-video.js";
import { mountPageSearch } from "../meta/page-search.js";
import { mountAdAccountsEdge, mountManagedPagesEdge, mountPageSubscriptionEdge, type SandboxAdAccount, type SandboxPage } from "../meta/pages.js";

/**
 * Facebook Pages simulator: the login dialog (www.facebook.com) and the Graph API calls the
 * adapter makes (graph.facebook.com), in Graph's own wire format, publishing included
 * (page-publishing.ts, page-posts.ts). It shares both hosts with the
 * Instagram simulator and claims only its own dialogs and credentials (see facebook-login.ts).
 */

const platform = "facebook";
const door = facebookLoginDoor;

function profileFor(deps: SimulatorDeps): GraphProfile {
  return {
    platform,
    deps,
    basicPermissions: ["public_profile"],
    // Graph throttling is HTTP 403 and never carries Retry-After. User tokens meet the app-level
    // limit (code 4, X-App-Usage at 100%); page tokens meet the Pages business-use-case limit
    // (code 80001), whose usage header says how many minutes until access returns.
    rateLimited: (meta) =>
      meta?.pageId
        ? graphError(
            403,
            {
              message: "(#80001) There have been too many calls to this Page account. Wait a bit and try again.",
              type: "OAuthException",
              code: 80001,
              is_transient: true,
            },
            {
              "x-business-use-case-usage": JSON.stringify({
                [meta.pageId]: [{ type: "pages", call_count: 100, total_cputime: 12, total_time: 15, estimated_time_to_regain_access: 5 }],
              }),
            },
          )
        : graphError(
            403,
            { message: "(#4) Application request limit reached", type: "OAuthException", code: 4, is_transient: true },
            { "x-app-usage": JSON.stringify({ call_count: 100, total_cputime: 34, total_time: 41 }) },
          ),
    permissionDenied: (permission) => graphError(403, { message: `(#200) Requires ${permission} permission to manage the object`, type: "OAuthException", code: 200 }),
  };
}

async function seed(deps: SimulatorDeps, handle: string): Promise<SandboxAccount> {
  const account = await seedSandboxAccount(deps, platform, { handle, displayName: `Sandbox ${handle}` }, () => numericId(15));
  const pages = await deps.store.list<SandboxPage>(platform, "page", { owner: account.id });
  if (pages.length > 0) return account;
  const page = (name: string, tasks: string[]): SandboxPage => {
    const id = numericId(15);
    return { id, name, category: "Sandbox", tasks, followers_count: 0, link: `https://sandbox.chorus.invalid/facebook/pages/${id}`, tokenValue: null, subscribedFields: [] };
  };
  const all = ["ADVERTISE", "ANALYZE", "CREATE_CONTENT", "MESSAGING", "MODERATE", "MANAGE"];
  // The second page has the followers Meta requires to go live (live-videos.ts); the first has none.
  const second = { ...page(`${account.displayName} second sandbox page`, all.slice(0, 5)), followers_count: 250 };
  for (const p of [page(`${account.displayName} (sandbox page)`, all), second]) {
    await deps.store.put(platform, "page", p.id, p, account.id);
  }
  const ad: SandboxAdAccount = { id: `act_${numericId(15)}`, name: `${account.displayName} sandbox ad account`, currency: "USD", account_status: 1 };
  await deps.store.put(platform, "ad_account", ad.id, ad, account.id);
  return account;
}

function graphRoutes(deps: SimulatorDeps): Hono {
  const profile = profileFor(deps);
  const graph = facebookLoginGraph(profile);

  graph.get("/:version/me", async (c) => {
    const auth = await authenticate(profile, c.req.raw, { door, permission: "public_profile" });
    if (!auth.ok) return auth.response;
    const a = auth.account;
    const node: GraphNode = { id: a.id, name: a.displayName, picture: { data: { url: a.avatarUrl, is_silhouette: false, height: 200, width: 200 } } };
    const picked = selectFields(node, c.req.query("fields"), "id,name", "User");
    return picked instanceof Response ? picked : graphJson(picked);
  });

  mountManagedPagesEdge(graph, profile, door, (page, token) => ({
    id: page.id,
    name: page.name,
    category: page.category,
    tasks: page.tasks,
    followers_count: page.followers_count,
    link: page.link,
    access_token: token,
  }));

  mountAdAccountsEdge(graph, profile, door);
  mountPageSubscriptionEdge(graph, profile, door);
  mountPageSearch(graph, profile, deps);

  graph.get("/:version/:pageId/subscribed_apps", async (c) => {
    const auth = await authenticate(profile, c.req.raw, { door, permission: "pages_manage_metadata" });
    if (!auth.ok) return auth.response;
    const page = await deps.store.get<SandboxPage>(platform, "page", c.req.param("pageId"));
    if (!page || page.owner !== auth.account.id) return unsupportedRequest("GET", c.req.param("pageId"));
    const apps = page.data.subscribedFields.length > 0 ? [{ id: "sandbox_app", name: "Chorus sandbox app", subscribed_fields: page.data.subscribedFields }] : [];
    return graphJson({ data: apps });
  });

  mountMessenger(graph, {
    platform,
    door,
    profile,
    permission: "pages_messaging",
    windowSubcode: 2018278,
    // Messenger inboxes are the page's: only a page token reaches one.
    async inbox(auth, nodeId) {
      const pageId = auth.meta?.pageId;
      if (!pageId || (nodeId !== null && nodeId !== pageId)) return null;
      const page = await deps.store.get<SandboxPage>(platform, "page", pageId);
      return page?.owner ? { objectId: page.id, owner: page.owner, name: page.data.name } : null;
    },
    person: (id, name) => ({ id, name, email: `${id}@facebook.com` }),
    threadId: (objectId, personId) => `t_${hashDigits(`${objectId}:${personId}`, 16)}`,
    unreadCount: true,
  });

  mountPageRatings(graph, profile, door);
  mountPageComments(graph, profile, door);
  mountPageInsights(graph, profile, door);
  mountVideoInsights(graph, profile, door);
  mountPageTagged(graph, profile, door);
  // Before publishing: its live-video node routes pass anything else on to the post and video nodes.
  mountLiveVideos(graph, profile, door);
  mountPhasedVideo(graph, profile, door);
  mountPagePostEdits(graph, profile, door);
  // Last: it adds `/:version/:nodeId` reads and deletes, which must not shadow the edges above.
  mountPagePublishing(graph, profile, door);

  graph.notFound((c) => unmatched(unknownPath(new URL(c.req.url).pathname)));
  return graph;
}

export const createFacebookSimulator: SimulatorFactory = (deps) => {
  const seedAccount = (input: { handle: string }) => seed(deps, input.handle);
  return {
    platform,
    hosts: ["www.facebook.com", "graph.facebook.com", "rupload.facebook.com"],
    app: hostRouter({
      "www.facebook.com": facebookDialogHost(deps, { platform, instagramDoor: false, seedAccount }),
      "graph.facebook.com": graphRoutes(deps),
      "rupload.facebook.com": ruploadHost(profileFor(deps), door),
    }),
    seedAccount,
    simulateActivity: (input) =>
      (input.action === "mention" ? simulateFacebookMention : input.action === "review" ? simulateRecommendation : simulateFacebookActivity)(deps, (handle) => seedAccount({ handle }), input),
  };
};
