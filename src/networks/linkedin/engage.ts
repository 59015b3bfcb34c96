import { ApiError } from "../../infra/errors.js";
import type { Actor, EngageFacet, EngageOptions } from "../facets/engage.js";
import { type ErrorTable, callNetwork } from "../http.js";
import type { NetworkContext } from "../types.js";
import { linkedinUrls } from "./capabilities.js";
import { linkedinErrorTable } from "./errors.js";
import { linkedinRestHeaders } from "./rest-headers.js";

/**
 * LinkedIn engagement through the Community Management REST API (LinkedIn sheet §5): a like is a
 * reaction of type LIKE (`POST /rest/reactions?actor=…` with `{ root, reactionType }`), undone by
 * `DELETE /rest/reactions/(actor:…,entity:…)`; a repost is a reshare, a new post whose
 * `reshareContext.parent` is the post shared. The actor is the member, or one of the pages they
 * manage (`options.actor`, an organisation URN from GET /v1/social-accounts/{id}/targets).
 * LinkedIn has no "undo reshare": the reshare is a post of its own, and a member's own posts
 * cannot be listed (r_member_social is closed), so `unrepost` is refused. Follow, block and
 * mute have no endpoint.
 */

const POST_URN = /^urn:li:(?:share|ugcPost):[0-9]{1,25}$/;
const ORGANIZATION_URN = /^urn:li:organization:[0-9]{1,20}$/;
const HOSTS = new Set(["www.linkedin.com", "linkedin.com"]);

/** A reaction or reshare on a post that is not there (or not visible to the actor) is a 404. */
const engageErrors: ErrorTable = {
  ...linkedinErrorTable,
  rows: [{ status: 404, code: "engagement_target_not_found", meaning: "404: the post does not exist or the actor cannot see it." }, ...linkedinErrorTable.rows],
};

function actorUrn(actor: Actor, options: EngageOptions | undefined): string {
  const organization = options?.actor;
  if (organization === undefined) return `urn:li:person:${actor.networkUserId}`;
  if (!ORGANIZATION_URN.test(organization)) {
    throw new ApiError("field_invalid", {
      param: "options.actor",
      platform: "linkedin",
      message: `${JSON.stringify(organization)} is not a LinkedIn organisation URN.`,
      fix: "Send `urn:li:organization:<id>` of a page the member manages (GET /v1/social-accounts/{id}/targets lists them), or leave `options.actor` out to act as the member.",
    });
  }
  return organization;
}

const postUrl = (urn: string) => `https://www.linkedin.com/feed/update/${urn}/`;

const headers = (actor: Actor, net: NetworkContext) => ({ ...linkedinRestHeaders(actor.tokens, net), "content-type": "application/json" });

export const linkedinEngage: EngageFacet = {
  parsePost(target) {
    const text = target.trim();
    if (POST_URN.test(text)) return text;
    if (!URL.canParse(text)) return null;
    const url = new URL(text);
    const urn = /^\/feed\/update\/([^/]+)\/?$/.exec(url.pathname)?.[1];
    const decoded = urn ? decodeURIComponent(urn) : null;
    return url.protocol === "https:" && HOSTS.has(url.hostname) && decoded && POST_URN.test(decoded) ? decoded : null;
  },

  parseUser: () => null,

  targetForms: {
    post: "a LinkedIn post URN (urn:li:share:… or urn:li:ugcPost:…) or a post URL holding one (https://www.linkedin.com/feed/update/urn:li:share:…/)",
    user: "nothing: LinkedIn offers no action on a person through its API",
  },

  lacks: ["unrepost"],

  options: { like: ["actor"], unlike: ["actor"], repost: ["actor"] },

  refusals: {
    unrepost: "LinkedIn has no undo for a reshare: the reshare is a post of its own, deleted in LinkedIn (a member's posts cannot be listed through the API)",
    follow: "LinkedIn's API has no follow endpoint",
    unfollow: "LinkedIn's API has no follow endpoint",
    block: "LinkedIn's API has no block endpoint",
    unblock: "LinkedIn's API has no block endpoint",
    mute: "LinkedIn's API has no mute endpoint",
    unmute: "LinkedIn's API has no mute endpoint",
  },

  async setLike(actor, networkPostId, on, net, options) {
    const who = actorUrn(actor, options);
    if (on) {
      const url = `${linkedinUrls.rest}/reactions?actor=${encodeURIComponent(who)}`;
      await callNetwork(net, engageErrors, url, { method: "POST", headers: headers(actor, net), body: JSON.stringify({ root: networkPostId, reactionType: "LIKE" }) });
    } else {
      // Rest.li 2.0 compound key: parentheses, colons and the comma stay raw, the URNs inside are encoded.
      const url = `${linkedinUrls.rest}/reactions/(actor:${encodeURIComponent(who)},entity:${encodeURIComponent(networkPostId)})`;
      try {
        await callNetwork(net, engageErrors, url, { method: "DELETE", headers: linkedinRestHeaders(actor.tokens, net) });
      } catch (error) {
        // A 404 here is no such reaction: the post is already not liked, which is what `unlike` asks for.
        if (!(error instanceof ApiError && error.code === "engagement_target_not_found")) throw error;
      }
    }
    return { networkId: networkPostId, url: postUrl(networkPostId) };
  },

  async setRepost(actor, networkPostId, _on, net, options) {
    // Only `repost` reaches here (`unrepost` is in `lacks`). A reshare with no commentary of its own.
    const body = {
      author: actorUrn(actor, options),
      commentary: "",
      visibility: "PUBLIC",
      distribution: { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: "PUBLISHED",
      isReshareDisabledByAuthor: false,
      reshareContext: { parent: networkPostId },
    };
    await callNetwork(net, engageErrors, `${linkedinUrls.rest}/posts`, { method: "POST", headers: headers(actor, net), body: JSON.stringify(body) });
    return { networkId: networkPostId, url: postUrl(networkPostId) };
  },
};
