import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import { mergeDestinations } from "../destination-merge.js";
import type { NetworkActor, NetworkNotification, NetworkPage, NetworkPageRequest } from "../facets/inbox.js";
import { callNetwork, parseNetworkBody } from "../http.js";
import type { NetworkContext, PublishDestination, TokenSet } from "../types.js";
import { linkedinScopes, linkedinUrls } from "./capabilities.js";
import { linkedinErrorTable } from "./errors.js";
import { linkedinRestHeaders } from "./rest-headers.js";

/**
 * Company-page notifications through the Community Management "Organization Social Action
 * Notifications" pull finder: `GET /rest/organizationalEntityNotifications?q=criteria
 * &organizationalEntity=<org URN>&actions=List(…)&timeRange=(start:…,end:…)&start&count`.
 * Confirmed against LinkedIn's page (learn.microsoft.com/linkedin/marketing/community-management/
 * organizations/organization-social-action-notifications, restated in api-evangelist/linkedin
 * asyncapi/linkedin-webhooks.yml, 2026-08-13): permission `rw_organization_admin` with the
 * ADMINISTRATOR role on the page, 60 days of retention, actions LIKE, COMMENT, SHARE,
 * SHARE_MENTION, ADMIN_COMMENT, COMMENT_EDIT, COMMENT_DELETE, and each notification's
 * notificationId, organizationalEntity, action, sourcePost, decoratedSourcePost, generatedActivity,
 * decoratedGeneratedActivity ({comment|share: {entity, owner, text}}) and lastModifiedAt.
 * Unverified: the Rest.li `start`/`count` paging and its order (read newest first here), and the
 * decorated shapes beyond `entity`, `owner` and `text`.
 *
 * Asked for: COMMENT (replies), SHARE (reposts, or quotes when the reshare has its own text) and
 * SHARE_MENTION (mentions). LIKE is left out because the notification does not name who liked
 * (no generated activity); ADMIN_COMMENT is the page's own comment, and edits and deletions are no
 * notification kind. LinkedIn documents no action for a mention inside a comment. Members'
 * personal profiles have no notifications API at all: such a connection is refused with a
 * message saying what can be read instead.
 */

const ACTIONS = ["COMMENT", "SHARE", "SHARE_MENTION"] as const;
const RETENTION_MS = 60 * 24 * 60 * 60 * 1000;
/** Rest.li finders take `count` up to 100 elsewhere in the Community Management APIs; kept at 50 to be safe. */
const PAGE_MAX = 50;
/** rw_organization_admin reaches pages where the member is ADMINISTRATOR, nothing less. */
const NOTIFYING_ROLE = "ADMINISTRATOR";

const Decorated = v.looseObject({ entity: v.optional(v.string()), owner: v.optional(v.string()), text: v.optional(v.string()) });
const Notification = v.looseObject({
  notificationId: v.union([v.number(), v.string()]),
  organizationalEntity: v.optional(v.string()),
  action: v.string(),
  sourcePost: v.optional(v.string()),
  decoratedSourcePost: v.optional(Decorated),
  generatedActivity: v.optional(v.string()),
  decoratedGeneratedActivity: v.optional(v.looseObject({ comment: v.optional(Decorated), share: v.optional(Decorated) })),
  lastModifiedAt: v.number(),
});
const NotificationPage = v.looseObject({
  elements: v.array(Notification),
  paging: v.optional(v.looseObject({ start: v.optional(v.number()), count: v.optional(v.number()), total: v.optional(v.number()) })),
});

function actorOf(urn: string | undefined): NetworkActor | null {
  if (!urn) return null;
  const person = /^urn:li:person:(.+)$/.exec(urn)?.[1];
  // The notification names people by URN only; their names need the (closed) profile APIs.
  return { id: urn, handle: person ?? urn, displayName: null, avatarUrl: null, url: null };
}

function toNotification(n: v.InferOutput<typeof Notification>): NetworkNotification | null {
  const activity = n.decoratedGeneratedActivity?.comment ?? n.decoratedGeneratedActivity?.share;
  const actor = actorOf(activity?.owner);
  if (!actor) return null;
  // decoratedSourcePost.entity is the share/ugcPost URN Chorus published under; sourcePost may be the activity URN.
  const postUrn = n.decoratedSourcePost?.entity ?? n.sourcePost;
  const text = activity?.text?.trim() ? activity.text : null;
  // The comment or mentioning share's own URN is what the comments API answers to; the notificationId is not.
  const base = { id: String(n.notificationId), ...(activity?.entity ? { itemId: activity.entity } : {}), actor, createdAt: new Date(n.lastModifiedAt).toISOString(), seen: false };
  const subject = (urn: string | undefined) => (urn ? { networkPostId: urn, url: `${linkedinUrls.feedUpdate}${urn}/` } : null);
  if (n.action === "COMMENT") return { ...base, kind: "replies", subject: subject(postUrn), text };
  if (n.action === "SHARE") return { ...base, kind: text ? "quotes" : "reposts", subject: subject(postUrn), text };
  // The mentioning post is the subject: it is where the page was named.
  if (n.action === "SHARE_MENTION") return { ...base, kind: "mentions", subject: subject(activity?.entity ?? n.generatedActivity ?? postUrn), text };
  return null;
}

function refusal(): ApiError {
  return new ApiError("capability_unsupported", {
    platform: "linkedin",
    message:
      "LinkedIn has notifications for company pages only, read with rw_organization_admin by a page ADMINISTRATOR; a member's personal profile has no notifications API. This connection administers no company page. Connect a member who administers the page through the organization variant; comments on the page's posts are in GET /v1/posts/{id}/comments.",
  });
}

async function pageOf(tokens: TokenSet, net: NetworkContext, organization: string, cursor: string | null, size: number) {
  const start = cursor && /^\d+$/.test(cursor) ? Number(cursor) : 0;
  const count = Math.min(PAGE_MAX, size);
  const end = net.now().getTime();
  // Rest.li 2.0: the URN is percent-encoded, the List(…) and (start:…,end:…) syntax is sent as is.
  const url =
    `${linkedinUrls.rest}/organizationalEntityNotifications?q=criteria&organizationalEntity=${encodeURIComponent(organization)}` +
    `&actions=List(${ACTIONS.join(",")})&timeRange=(start:${end - RETENTION_MS},end:${end})&start=${start}&count=${count}`;
  const response = await callNetwork(net, linkedinErrorTable, url, { headers: linkedinRestHeaders(tokens, net) });
  const body = parseNetworkBody("linkedin", NotificationPage, response.body, "organizationalEntityNotifications");
  const items = body.elements.flatMap((n) => toNotification(n) ?? []);
  const total = body.paging?.total;
  const next = start + body.elements.length;
  const more = body.elements.length >= count && (total === undefined || next < total);
  return { items, cursor: more ? String(next) : null };
}

export function createLinkedinNotifications(targets: (tokens: TokenSet, net: NetworkContext) => Promise<PublishDestination[]>) {
  return async function listNotifications(tokens: TokenSet, page: NetworkPageRequest, net: NetworkContext): Promise<NetworkPage<NetworkNotification>> {
    if (tokens.scopes.length > 0 && !tokens.scopes.includes(linkedinScopes.organizationAdmin)) throw refusal();
    const pages = (await targets(tokens, net)).filter((t) => t.kind === "organization" && t.details.role === NOTIFYING_ROLE).map((t) => t.id);
    if (pages.length === 0) throw refusal();
    return mergeDestinations<NetworkNotification>(pages, page.cursor, page.limit, (organization, cursor, size) => pageOf(tokens, net, organization, cursor, size));
  };
}
