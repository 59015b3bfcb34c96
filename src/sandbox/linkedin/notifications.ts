import type { Hono } from "hono";
import { numericId } from "../tokens.js";
import type { SandboxAccount, SimulatedActivityInput, SimulatedActivityResult, SimulatorDeps } from "../types.js";
import { authorizeMember } from "./auth.js";
import { type SandboxLinkedinComment, simulateLinkedinComment } from "./comments.js";
import { type SandboxAcl, type SandboxOrganization, restError } from "./linkedin-data.js";
import type { SandboxLinkedinPost } from "./posts.js";
import type { SandboxReaction } from "./reactions.js";

/**
 * The Organization Social Action Notifications pull finder, `GET /rest/organizationalEntityNotifications
 * ?q=criteria&organizationalEntity=<org URN>&actions=List(…)&timeRange=(start:…,end:…)&start&count`
 * (learn.microsoft.com/linkedin/marketing/community-management/organizations/organization-social-action-notifications):
 * `rw_organization_admin` and an APPROVED ADMINISTRATOR role on the page, 60 days of retention.
 * The notifications are not kept apart: they are read off the simulator's own posts, comments and
 * reactions, so whatever a person does through the other simulated APIs shows here as it would on
 * LinkedIn. COMMENT and ADMIN_COMMENT: a comment on one of the page's posts by someone else, or by
 * the page; LIKE: a reaction on one (no generated activity, as LinkedIn names no liker); SHARE: a
 * reshare of one; SHARE_MENTION: a post naming the page with `@[Name](urn:li:organization:…)`.
 * Newest first (LinkedIn documents no order). Simulated people act through `simulateLinkedinActivity`.
 */

const platform = "linkedin";
export const notificationActions = ["LIKE", "COMMENT", "SHARE", "SHARE_MENTION", "ADMIN_COMMENT", "COMMENT_EDIT", "COMMENT_DELETE"] as const;
type Action = (typeof notificationActions)[number];
const RETENTION_MS = 60 * 24 * 60 * 60 * 1000;

interface Notice {
  notificationId: number;
  organizationalEntity: string;
  action: Action;
  sourcePost: string;
  decoratedSourcePost: Record<string, unknown>;
  generatedActivity?: string;
  decoratedGeneratedActivity?: Record<string, unknown>;
  lastModifiedAt: number;
}

/** A stable long below 2^53 for a notification (LinkedIn's ids are longs; JSON readers keep these exact). */
function noticeId(key: string): number {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < key.length; i++) {
    a = Math.imul(a ^ key.charCodeAt(i), 0x01000193) >>> 0;
    b = Math.imul(b ^ key.charCodeAt(i), 0x5bd1e995) >>> 0;
  }
  return (a & 0x1fffff) * 0x100000000 + b;
}

const commentUrn = (c: SandboxLinkedinComment) => `urn:li:comment:(${c.postUrn},${c.id})`;
const decoratedPost = (p: SandboxLinkedinPost) => ({ entity: p.urn, owner: p.author, text: p.commentary, mediaCategory: p.content ? "IMAGE" : "NONE" });
const mentions = (text: string, organization: string) => text.includes(`](${organization})`);

async function all<T>(deps: SimulatorDeps, kind: string): Promise<T[]> {
  return (await deps.store.list<T>(platform, kind)).map((r) => r.data);
}

/** Every notification the page has, read off the simulator's records. */
async function noticesOf(deps: SimulatorDeps, organization: string): Promise<Notice[]> {
  const posts = (await all<SandboxLinkedinPost>(deps, "post")).filter((p) => !p.deleted);
  const own = new Map(posts.filter((p) => p.author === organization).map((p) => [p.urn, p]));
  const notices: Notice[] = [];
  const base = (action: Action, source: SandboxLinkedinPost, key: string, at: number) => ({
    notificationId: noticeId(`${organization} ${action} ${key}`),
    organizationalEntity: organization,
    action,
    sourcePost: source.urn,
    decoratedSourcePost: decoratedPost(source),
    lastModifiedAt: at,
  });
  for (const c of await all<SandboxLinkedinComment>(deps, "comment")) {
    const source = own.get(c.postUrn);
    if (!source) continue;
    const action = c.actor === organization ? "ADMIN_COMMENT" : "COMMENT";
    const urn = commentUrn(c);
    notices.push({ ...base(action, source, urn, c.createdAt), generatedActivity: urn, decoratedGeneratedActivity: { comment: { entity: urn, owner: c.actor, object: c.postUrn, text: c.text } } });
  }
  for (const r of await all<SandboxReaction>(deps, "reaction")) {
    const source = own.get(r.root);
    if (source && r.actor !== organization) notices.push(base("LIKE", source, `${r.actor} ${r.root}`, r.createdAt));
  }
  for (const p of posts) {
    if (p.author === organization) continue;
    const share = { generatedActivity: p.urn, decoratedGeneratedActivity: { share: { entity: p.urn, owner: p.author, text: p.commentary } } };
    const parent = p.reshareOf ? own.get(p.reshareOf) : undefined;
    if (parent) notices.push({ ...base("SHARE", parent, p.urn, p.createdAt), ...share });
    if (mentions(p.commentary, organization)) notices.push({ ...base("SHARE_MENTION", p, p.urn, p.createdAt), ...share });
  }
  return notices;
}

/** Rest.li 2.0 sends `List(…)` and `(start:…,end:…)` raw, so they are read off the raw query. */
function rawParam(url: string, name: string): string | undefined {
  return new RegExp(`[?&]${name}=([^&]*)`).exec(new URL(url).search)?.[1];
}

export function mountNotificationRoutes(app: Hono, deps: SimulatorDeps): void {
  app.get("/rest/organizationalEntityNotifications", async (c) => {
    const resource = `organizationalEntityNotifications.FINDER-criteria.${c.req.header("linkedin-version") ?? ""}`;
    const auth = await authorizeMember(c, deps, resource, ["rw_organization_admin"]);
    if (auth instanceof Response) return auth;
    const invalid = () => restError(c, 400, "ILLEGAL_ARGUMENT", "Invalid query parameters passed to request");
    const organization = c.req.query("organizationalEntity");
    const orgId = organization ? /^urn:li:organization:(\d+)$/.exec(organization)?.[1] : undefined;
    if (c.req.query("q") !== "criteria" || !organization || orgId === undefined) return invalid();
    const actionsRaw = rawParam(c.req.url, "actions");
    const listed = actionsRaw === undefined ? null : /^List\(([^)]*)\)$/.exec(decodeURIComponent(actionsRaw))?.[1];
    if (listed === undefined) return invalid();
    const actions = listed === null ? [...notificationActions] : listed.split(",").filter(Boolean);
    if (actions.length === 0 || actions.some((a) => !(notificationActions as readonly string[]).includes(a))) return invalid();
    const rangeRaw = rawParam(c.req.url, "timeRange");
    const range = rangeRaw === undefined ? null : /^\(start:(\d+),end:(\d+)\)$/.exec(decodeURIComponent(rangeRaw));
    if (range === undefined || (rangeRaw !== undefined && !range)) return invalid();
    const start = Number(c.req.query("start") ?? "0");
    const count = Number(c.req.query("count") ?? "10");
    if (!Number.isInteger(start) || start < 0 || !Number.isInteger(count) || count < 1 || count > 100) return invalid();
    const acl = (await deps.store.get<SandboxAcl>(platform, "acl", `${auth.member.id}:${orgId}`))?.data;
    if (!acl || acl.state !== "APPROVED" || acl.role !== "ADMINISTRATOR") return restError(c, 403, "ACCESS_DENIED", `Not enough permissions to access: ${resource}`, 100);
    const now = deps.now().getTime();
    const from = Math.max(range ? Number(range[1]) : 0, now - RETENTION_MS);
    const to = range ? Number(range[2]) : now;
    const found = (await noticesOf(deps, organization))
      .filter((n) => actions.includes(n.action) && n.lastModifiedAt >= from && n.lastModifiedAt <= to)
      .sort((a, b) => b.lastModifiedAt - a.lastModifiedAt || b.notificationId - a.notificationId);
    return c.json({ paging: { start, count, links: [], total: found.length }, elements: found.slice(start, start + count).map((n) => ({ ...n, subscriber: `urn:li:person:${auth.member.id}` })) });
  });
}

async function recipientPost(deps: SimulatorDeps, urn: string | null, recipientId: string): Promise<SandboxLinkedinPost | null> {
  if (!urn) return null;
  const post = (await deps.store.get<SandboxLinkedinPost>(platform, "post", urn))?.data;
  return post && !post.deleted && post.memberId === recipientId ? post : null;
}

/** The first company page the recipient administers, the one a simulated mention names. */
async function administeredPage(deps: SimulatorDeps, recipientId: string): Promise<SandboxOrganization | null> {
  const acls = (await deps.store.list<SandboxAcl>(platform, "acl", { owner: recipientId })).map((r) => r.data);
  const admin = acls.filter((a) => a.state === "APPROVED" && a.role === "ADMINISTRATOR").sort((a, b) => a.position - b.position)[0];
  return admin ? ((await deps.store.get<SandboxOrganization>(platform, "organization", admin.organizationId))?.data ?? null) : null;
}

/**
 * A simulated member acts on the recipient's pages through the simulator's records: `reply`
 * comments (comments.ts), `like` reacts to one of the recipient's posts, `repost` reshares it
 * (`quote` with text of its own), `mention` posts naming the first page the recipient administers.
 */
export async function simulateLinkedinActivity(deps: SimulatorDeps, seed: (handle: string) => Promise<SandboxAccount>, input: SimulatedActivityInput): Promise<SimulatedActivityResult> {
  if (input.action === "reply") return simulateLinkedinComment(deps, seed, input);
  const now = deps.now().getTime();
  const person = (actor: SandboxAccount) => `urn:li:person:${actor.id}`;
  const newPost = (actor: SandboxAccount, commentary: string, reshareOf?: string): SandboxLinkedinPost => ({
    urn: `urn:li:share:${numericId(19)}`,
    memberId: actor.id,
    author: person(actor),
    commentary,
    visibility: "PUBLIC",
    feedDistribution: "MAIN_FEED",
    lifecycleState: "PUBLISHED",
    isReshareDisabledByAuthor: false,
    content: null,
    ...(reshareOf ? { reshareOf } : {}),
    createdAt: now,
    deleted: false,
  });
  if (input.action === "mention") {
    const page = await administeredPage(deps, input.recipientId);
    if (!page) return { ok: false, reason: "subject_unknown" };
    const actor = await seed(input.actorHandle ?? "sandbox.mentioner");
    const text = input.text ?? "Proud to work with";
    const post = newPost(actor, `${text} @[${page.localizedName}](urn:li:organization:${page.id})`);
    await deps.store.put(platform, "post", post.urn, post, actor.id);
    return { ok: true, actor, networkId: post.urn };
  }
  if (input.action === "like" || input.action === "repost" || input.action === "quote") {
    if (!input.subject) return { ok: false, reason: "subject_required" };
    const subject = await recipientPost(deps, input.subject, input.recipientId);
    if (!subject) return { ok: false, reason: "subject_unknown" };
    const actor = await seed(input.actorHandle ?? `sandbox.${input.action}r`);
    if (input.action === "like") {
      const reaction: SandboxReaction = { actor: person(actor), root: subject.urn, reactionType: "LIKE", createdAt: now };
      const key = `(actor:${reaction.actor},entity:${reaction.root})`;
      await deps.store.put(platform, "reaction", key, reaction, actor.id);
      return { ok: true, actor, networkId: `urn:li:reaction:(${reaction.actor},${reaction.root})` };
    }
    const post = newPost(actor, input.action === "quote" ? (input.text ?? "Worth a read.") : "", subject.urn);
    await deps.store.put(platform, "post", post.urn, post, actor.id);
    return { ok: true, actor, networkId: post.urn };
  }
  return { ok: false, reason: "action_unsupported" };
}
