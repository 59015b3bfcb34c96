import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import type { EditFacet } from "../facets/edit.js";
import { callNetwork, parseNetworkBody } from "../http.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { youtubeUrls } from "./capabilities.js";
import { youtubeErrorTable, youtubePublishErrorTable } from "./errors.js";

/**
 * A video after publishing: videos.update (`PUT /youtube/v3/videos?part=snippet,status`, spec
 * `videos.update`). YouTube overwrites every mutable property of each part it is sent, and a
 * property left out is reset (the description emptied, privacy back to the default), so the
 * parts are read first (videos.list) and sent back whole with only the changed fields replaced.
 * The video file itself cannot change. The post's text is the video's description.
 */

const Snippet = v.looseObject({ title: v.string(), description: v.optional(v.string()), tags: v.optional(v.array(v.string())), categoryId: v.string() });
const Status = v.looseObject({ privacyStatus: v.optional(v.string()) });
const VideoList = v.object({ items: v.optional(v.array(v.object({ id: v.string(), snippet: Snippet, status: Status }))) });

/** The snippet fields videos.update writes (read-only ones such as `publishedAt`, `thumbnails` or `channelId` are not sent back). */
const writableSnippet = ["title", "description", "tags", "categoryId", "defaultLanguage"] as const;
const writableStatus = ["privacyStatus", "embeddable", "license", "publicStatsViewable", "publishAt", "selfDeclaredMadeForKids", "containsSyntheticMedia"] as const;

const auth = (tokens: TokenSet) => ({ Authorization: `Bearer ${tokens.accessToken}` });

function pick(source: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(names.filter((name) => source[name] !== undefined).map((name) => [name, source[name]]));
}

async function readVideo(tokens: TokenSet, id: string, net: NetworkContext) {
  const url = new URL(`${youtubeUrls.api}/videos`);
  url.searchParams.set("part", "snippet,status");
  url.searchParams.set("id", id);
  const video = parseNetworkBody("youtube", VideoList, (await callNetwork(net, youtubeErrorTable, url.toString(), { headers: auth(tokens) })).body, "videos.list").items?.[0];
  if (!video) throw new ApiError("platform_rejected", { platform: "youtube", message: "youtube: the video is no longer on the channel." });
  return video;
}

export const youtubeEdit: EditFacet = {
  editable: ["text", "title", "tags", "privacyStatus"],
  async editPublished(tokens, edit, net) {
    const video = await readVideo(tokens, edit.networkPostId, net);
    const { changes } = edit;
    const snippet = pick(video.snippet, writableSnippet);
    if (changes.text !== undefined) snippet.description = changes.text;
    if (changes.title !== undefined) snippet.title = changes.title;
    if (changes.tags !== undefined) snippet.tags = changes.tags;
    const status = pick(video.status, writableStatus);
    if (changes.privacyStatus !== undefined) status.privacyStatus = changes.privacyStatus;
    await callNetwork(net, youtubePublishErrorTable, `${youtubeUrls.api}/videos?part=snippet,status`, {
      method: "PUT",
      headers: { ...auth(tokens), "content-type": "application/json" },
      body: JSON.stringify({ id: video.id, snippet, status }),
    });
  },
};
