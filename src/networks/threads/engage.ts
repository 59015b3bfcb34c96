import * as v from "valibot";
import type { EngageFacet } from "../facets/engage.js";
import { graphPost, graphUrl } from "../meta/graph.js";
import type { ErrorTable } from "../http.js";
import type { NetworkContext } from "../types.js";
import { threadsDefaultApiVersion, threadsUrls } from "./capabilities.js";
import { threadsErrorTable } from "./errors.js";

/**
 * Threads' one engagement is the repost: `POST /{threads-media-id}/repost` answers the new
 * repost's id (Threads "Reposts" guide; the repost reads back as a REPOST_FACADE post). Threads
 * documents no undo: its delete endpoint is for the user's own posts and nothing says it takes a
 * repost id, so `unrepost` is refused rather than guessed. Likes, follows, blocks and mutes have
 * no endpoint (Threads inbox sheet: `network_unsupported`).
 */

const MEDIA_ID = /^[0-9]{6,25}$/;

const Repost = v.object({ id: v.string() });

/** Graph's "Object with ID … does not exist" (code 100, subcode 33) is the post to repost missing. */
const repostErrors: ErrorTable = {
  ...threadsErrorTable,
  rows: [{ networkCode: "100", subcode: "33", code: "engagement_target_not_found", meaning: "(#100/33) the media id does not exist or cannot be seen by this user" }, ...threadsErrorTable.rows],
};

const version = (net: NetworkContext) => net.config.apiVersion ?? threadsDefaultApiVersion;

export const threadsEngage: EngageFacet = {
  parsePost(target) {
    const text = target.trim();
    return MEDIA_ID.test(text) ? text : null;
  },

  parseUser: () => null,

  targetForms: {
    post: "a Threads media id (digits, as GET /v1/social-accounts/{id}/posts or the network's API gives it); a threads.net URL holds a shortcode, not the id the API takes",
    user: "nothing: Threads offers no action on a person through its API",
  },

  lacks: ["unrepost"],

  refusals: {
    unrepost: "Threads documents no way to undo a repost through its API (its delete endpoint is for the account's own posts); undo it in the Threads app",
    like: "Threads has no like endpoint in its API; `repost` is the engagement it offers",
    unlike: "Threads has no like endpoint in its API",
    follow: "Threads has no follow endpoint in its API",
    unfollow: "Threads has no follow endpoint in its API",
    block: "Threads has no block endpoint in its API",
    unblock: "Threads has no block endpoint in its API",
    mute: "Threads has no mute endpoint in its API",
    unmute: "Threads has no mute endpoint in its API",
  },

  async setRepost(actor, networkPostId, _on, net) {
    // Only `repost` reaches here: `unrepost` is in `lacks`, so the route refuses it first.
    const url = graphUrl(threadsUrls.graph, version(net), `${networkPostId}/repost`);
    await graphPost(net, repostErrors, url, { access_token: actor.tokens.accessToken }, Repost);
    // Like every network's result, the id is what was acted on (the reposted post), not the new REPOST_FACADE.
    return { networkId: networkPostId, url: null };
  },
};
