import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import type { Actor, EngageFacet, UserRef } from "../facets/engage.js";
import { classifyFailure, parseNetworkBody, readBody } from "../http.js";
import type { NetworkContext } from "../types.js";
import { youtubeUrls } from "./capabilities.js";
import { youtubeErrorTable } from "./errors.js";

/**
 * Likes are ratings (videos.rate `like`, undone with `none`); following a channel is a
 * subscription (subscriptions.insert, undone by deleting the caller's subscription to it, found
 * with subscriptions.list `mine` + `forChannelId`). YouTube has no repost, bookmark, block or mute
 * in its Data API (the sheet: banAuthor on comment moderation is not a block).
 */

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;
const HANDLE = /^@?([A-Za-z0-9._-]{3,30})$/;
const HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "youtu.be"]);

const Channels = v.looseObject({ items: v.optional(v.array(v.looseObject({ id: v.string() }))) });
const Subscriptions = v.looseObject({ items: v.optional(v.array(v.looseObject({ id: v.string() }))) });

async function send(actor: Actor, net: NetworkContext, method: string, url: string, json?: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await net.fetch(url, {
      method,
      headers: { authorization: `Bearer ${actor.tokens.accessToken}`, accept: "application/json", ...(json ? { "content-type": "application/json" } : {}) },
      ...(json ? { body: JSON.stringify(json) } : {}),
    });
  } catch (cause) {
    throw new ApiError("platform_unavailable", { platform: "youtube", message: `youtube could not be reached${cause instanceof Error ? `: ${cause.message}` : ""}` });
  }
  const body = await readBody(response);
  if (response.ok) return body;
  // videoNotFound and publisherNotFound: the target is not on YouTube (any more).
  if (response.status === 404) throw new ApiError("engagement_target_not_found", { param: "target", platform: "youtube", message: "YouTube has no such video or channel." });
  throw classifyFailure(youtubeErrorTable, { status: response.status, headers: response.headers, body }, net.now());
}

async function channelId(actor: Actor, user: UserRef, net: NetworkContext): Promise<string> {
  if (user.id) return user.id;
  const url = new URL(`${youtubeUrls.api}/channels`);
  url.searchParams.set("part", "id");
  url.searchParams.set("forHandle", `@${user.handle ?? ""}`);
  const found = parseNetworkBody("youtube", Channels, await send(actor, net, "GET", url.toString()), "channels.list").items?.[0];
  if (!found) throw new ApiError("engagement_target_not_found", { param: "target", platform: "youtube", message: `YouTube has no channel @${user.handle ?? ""}.` });
  return found.id;
}

export const youtubeEngage: EngageFacet = {
  parsePost(target) {
    const text = target.trim();
    if (VIDEO_ID.test(text)) return text;
    if (!URL.canParse(text)) return null;
    const url = new URL(text);
    if (url.protocol !== "https:" || !HOSTS.has(url.hostname)) return null;
    const id = url.hostname === "youtu.be" ? url.pathname.slice(1) : url.pathname === "/watch" ? url.searchParams.get("v") : /^\/(?:shorts|live)\/([^/]+)$/.exec(url.pathname)?.[1];
    return id && VIDEO_ID.test(id) ? id : null;
  },

  parseUser(target) {
    const text = target.trim();
    if (CHANNEL_ID.test(text)) return { id: text, handle: null };
    if (/^https?:\/\//i.test(text)) {
      const url = URL.canParse(text) ? new URL(text) : null;
      if (!url || !HOSTS.has(url.hostname)) return null;
      const channel = /^\/channel\/([^/]+)\/?$/.exec(url.pathname)?.[1];
      if (channel && CHANNEL_ID.test(channel)) return { id: channel, handle: null };
      const handle = /^\/@([^/]+)\/?$/.exec(url.pathname)?.[1];
      return handle && HANDLE.test(handle) ? { id: null, handle: handle.toLowerCase() } : null;
    }
    const handle = HANDLE.exec(text)?.[1];
    return handle && text.startsWith("@") ? { id: null, handle: handle.toLowerCase() } : null;
  },

  targetForms: {
    post: "a YouTube video id (11 characters) or a video URL (https://www.youtube.com/watch?v=…, https://youtu.be/…, /shorts/…)",
    user: "a channel handle with its @ (@creator), a channel id (UC…) or a channel URL (https://www.youtube.com/@creator or /channel/UC…)",
  },

  async setLike(actor, networkPostId, on, net) {
    const url = new URL(`${youtubeUrls.api}/videos/rate`);
    url.searchParams.set("id", networkPostId);
    url.searchParams.set("rating", on ? "like" : "none");
    await send(actor, net, "POST", url.toString());
    return { networkId: networkPostId, url: `${youtubeUrls.watch}${networkPostId}` };
  },

  async setFollow(actor, user, on, net) {
    const id = await channelId(actor, user, net);
    const list = new URL(`${youtubeUrls.api}/subscriptions`);
    list.searchParams.set("part", "id");
    list.searchParams.set("mine", "true");
    list.searchParams.set("forChannelId", id);
    const existing = parseNetworkBody("youtube", Subscriptions, await send(actor, net, "GET", list.toString()), "subscriptions.list").items?.[0];
    if (on && !existing) {
      await send(actor, net, "POST", `${youtubeUrls.api}/subscriptions?part=snippet`, { snippet: { resourceId: { kind: "youtube#channel", channelId: id } } });
    }
    if (!on && existing) await send(actor, net, "DELETE", `${youtubeUrls.api}/subscriptions?id=${encodeURIComponent(existing.id)}`);
    return { networkId: id, url: `https://www.youtube.com/channel/${id}` };
  },
};
