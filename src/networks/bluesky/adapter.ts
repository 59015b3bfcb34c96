import type { NetworkAdapter } from "../types.js";
import { BLUESKY_DEFAULT_SERVICE_URL, blueskyCapabilities } from "./capabilities.js";
import { blueskyAnalytics } from "./analytics.js";
import { blueskyAccountReads } from "./account-reads.js";
import { blueskyEngage } from "./engage.js";
import { blueskyInbox } from "./inbox.js";
import { blueskyDiscover } from "./discover.js";
import { readIdentity, updateProfile } from "./profile.js";
import { BLUESKY_VIDEO_SERVICE } from "./video.js";
import { checkPublishPost, deletePost, findPublishedPost, publishPost } from "./publish.js";
import { deleteSession, loginWithPassword, refreshSession } from "./connect.js";
import { blueskyRules } from "./rules.js";
import { commentOnBlueskyPost } from "./first-comment.js";

/**
 * Bluesky over plain XRPC (JSON over HTTP), without the atproto SDK, so production code does not
 * depend on the Node version the SDK needs. Connect is handle + app password (no OAuth methods).
 *
 * Where calls go: login at `config.serviceUrl` (default the bsky.social entryway); every later
 * call at the account's own PDS, taken from the DID document the session returns and stored in
 * `extra.pdsUrl`. For Bluesky-hosted accounts that is a `*.host.bsky.network` host, which is why
 * `hosts` (what the sandbox serves for test keys) lists the entryway (the simulator's DID
 * documents point back at it) and the video service, video.bsky.app (video.ts).
 *
 * An expired access token answers HTTP 400 `ExpiredToken`, classified as `needs_reauth`. The
 * caller refreshes (this adapter never refreshes behind the caller's back, because the refresh
 * rotates the refresh token and the new one must be stored) and reconnects only when the refresh
 * itself fails.
 */
export const blueskyAdapter: NetworkAdapter = {
  platform: "bluesky",
  capabilities: blueskyCapabilities,
  rules: blueskyRules,
  hosts: [new URL(BLUESKY_DEFAULT_SERVICE_URL).host, new URL(BLUESKY_VIDEO_SERVICE).host],
  loginWithPassword,
  refresh: refreshSession,
  identity: readIdentity,
  updateProfile,
  revoke: deleteSession,
  publish: publishPost,
  checkPublish: checkPublishPost,
  commentOnPost: commentOnBlueskyPost,
  findPublished: findPublishedPost,
  deletePost,
  inbox: blueskyInbox,
  analytics: blueskyAnalytics,
  engage: blueskyEngage,
  accountReads: blueskyAccountReads,
  discover: blueskyDiscover,
};
