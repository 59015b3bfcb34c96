import type { Hono } from "hono";
import type { SimulatorDeps } from "../types.js";
import { facebookLoginDoor, facebookLoginGraph } from "../meta/facebook-login.js";
import { authenticate, graphJson, invalidParameter, pageOf, selectFields, unknownPath, unmatched, unsupportedRequest, type GraphNode } from "../meta/graph-wire.js";
import { ensurePageToken, mountAdAccountsEdge, mountManagedPagesEdge, mountPageSubscriptionEdge, type SandboxPage } from "../meta/pages.js";
import { hashDigits, mountMessenger } from "../meta/messenger.js";
import { mountContentPublishing } from "./content-publishing.js";
import { mountInstagramDiscovery } from "./discovery.js";
import { mountInstagramInsights } from "./insights.js";
import { igObjectNode } from "./media-nodes.js";
import { mountUserTags } from "./user-tags.js";
import { igUserNode, instagramProfile, linkOf, mediaCount, platform, publishingLimitNode, type SandboxAdPermission } from "./model.js";

/**
 * Instagram's Facebook-login door on graph.facebook.com: Facebook Login, the linked Page, and the
 * IG user node with its edges, content publishing included (content-publishing.ts). The Facebook simulator serves the same host; this one answers only
 * requests carrying tokens and codes it issued (facebookLoginGraph).
 */
const door = facebookLoginDoor;

export const instagramPerson = (id: string, username: string) => ({ id, username });
/** Instagram thread ids are long base64 strings (`aWdfZAG…`); the sandbox's start the same way. */
export const instagramThreadId = (objectId: string, personId: string) =>
  `aWdfZAG${btoa(`${objectId}:${personId}:${hashDigits(personId, 8)}`)
    .replace(/=+$/, "")
    .replace(/\+/g, "-")
    .replace(/\//g, "_")}`;

const respond = (picked: GraphNode | Response) => (picked instanceof Response ? picked : graphJson(picked));

export function instagramFacebookDoor(deps: SimulatorDeps): Hono {
  const profile = instagramProfile(deps, ["public_profile", "instagram_basic"]);
  const graph = facebookLoginGraph(profile);

  graph.get("/:version/me", async (c) => {
    const auth = await authenticate(profile, c.req.raw, { door, permission: "public_profile" });
    if (!auth.ok) return auth.response;
    const link = await linkOf(deps, auth.account.id);
    return respond(selectFields({ id: link?.fbUserId, name: link?.fbUserName }, c.req.query("fields"), "id,name", "User"));
  });

  mountManagedPagesEdge(graph, profile, door, (page, token, account) => ({
    id: page.id,
    name: page.name,
    category: page.category,
    tasks: page.tasks,
    access_token: token,
    instagram_business_account: page.instagramUserId ? { id: page.instagramUserId, username: account.handle } : null,
  }));

  mountAdAccountsEdge(graph, profile, door);
  mountInstagramDiscovery(graph, profile, deps);
  mountInstagramInsights(graph, profile, { door, permission: "instagram_manage_insights", acceptsMe: false });

  mountMessenger(graph, {
    platform,
    door,
    profile,
    permission: "instagram_manage_messages",
    windowSubcode: 2534022,
    // Through this door the Instagram inbox is reached with the linked page's token.
    async inbox(auth, nodeId) {
      const pageId = auth.meta?.pageId;
      if (!pageId || (nodeId !== null && nodeId !== pageId)) return null;
      const page = await deps.store.get<SandboxPage>(platform, "page", pageId);
      if (!page?.data.instagramUserId || page.owner !== auth.account.id) return null;
      return { objectId: page.data.instagramUserId, owner: auth.account.id, name: auth.account.handle };
    },
    person: instagramPerson,
    threadId: instagramThreadId,
    unreadCount: true,
    detailedMessages: 20,
  });

  mountUserTags(graph, profile, door);

  /** A node read: the linked Page (its token) or the IG user. */
  graph.get("/:version/:nodeId", async (c) => {
    const nodeId = c.req.param("nodeId");
    const page = await deps.store.get<SandboxPage>(platform, "page", nodeId);
    if (page) {
      const auth = await authenticate(profile, c.req.raw, { door, permission: "pages_show_list" });
      if (!auth.ok) return auth.response;
      if (page.owner !== auth.account.id) return unsupportedRequest("GET", nodeId);
      const token = await ensurePageToken(deps, platform, page.data, auth.account.id, auth.token.scopes, auth.meta?.longLived === true);
      const node = { id: page.data.id, name: page.data.name, category: page.data.category, access_token: token, instagram_business_account: { id: auth.account.id } };
      return respond(selectFields(node, c.req.query("fields"), "id,name", "Page"));
    }
    const auth = await authenticate(profile, c.req.raw, { door, permission: "instagram_basic" });
    if (!auth.ok) return auth.response;
    const object = await igObjectNode(deps, auth.account, nodeId);
    if (object) return respond(selectFields(object.node, c.req.query("fields"), "id", object.type));
    if (nodeId !== auth.account.id) return unsupportedRequest("GET", nodeId);
    return respond(selectFields(igUserNode(auth.account, await mediaCount(deps, auth.account.id)), c.req.query("fields"), "id", "IGUser"));
  });

  mountContentPublishing(graph, profile, {
    door,
    publishPermission: "instagram_content_publish",
    readPermission: "instagram_basic",
    acceptsMe: false,
    productTags: true,
  });

  mountPageSubscriptionEdge(graph, profile, door);

  graph.get("/:version/:igUserId/content_publishing_limit", async (c) => {
    const auth = await authenticate(profile, c.req.raw, { door, permission: "instagram_content_publish" });
    if (!auth.ok) return auth.response;
    if (c.req.param("igUserId") !== auth.account.id) return unsupportedRequest("GET", c.req.param("igUserId"));
    const picked = selectFields(await publishingLimitNode(deps, auth.account.id), c.req.query("fields"), "quota_usage", "ContentPublishingLimit");
    return picked instanceof Response ? picked : graphJson({ data: [picked] });
  });

  graph.get("/:version/:igUserId/branded_content_ad_permissions", async (c) => {
    const auth = await authenticate(profile, c.req.raw, { door, permission: "instagram_branded_content_ads_brand" });
    if (!auth.ok) return auth.response;
    if (c.req.param("igUserId") !== auth.account.id) return unsupportedRequest("GET", c.req.param("igUserId"));
    const wanted = c.req.query("creator_username");
    const rows = (await deps.store.list<SandboxAdPermission>(platform, "ad_permission", { owner: auth.account.id }))
      .filter((r) => !wanted || r.data.creator_username === wanted)
      .map((r): GraphNode => ({ id: r.id, ...r.data, brand_ig_user: { id: auth.account.id } }));
    return graphJson(pageOf(c.req.raw, rows));
  });

  graph.get("/:version/:igUserId/branded_content_tag_approval", async (c) => {
    const auth = await authenticate(profile, c.req.raw, { door, permission: "instagram_branded_content_brand" });
    if (!auth.ok) return auth.response;
    if (c.req.param("igUserId") !== auth.account.id) return unsupportedRequest("GET", c.req.param("igUserId"));
    const ids = (c.req.query("user_ids") ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    if (ids.length === 0) return invalidParameter("(#100) The parameter user_ids is required");
    if (ids.length > 100) return invalidParameter("(#100) At most 100 user_ids can be queried per request");
    const approved: GraphNode[] = [];
    for (const id of ids) if (await deps.store.get(platform, "tag_approval", `${auth.account.id}:${id}`)) approved.push({ id });
    return graphJson({ data: approved });
  });

  graph.notFound((c) => unmatched(unknownPath(new URL(c.req.url).pathname)));
  return graph;
}
