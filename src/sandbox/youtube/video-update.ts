import type { Hono } from "hono";
import { isRecord } from "../../types/is-record.js";
import { youtubeErrorBody } from "../google/wire.js";
import { jsonBodyOrEmpty } from "../json-body.js";
import type { SimulatorDeps } from "../types.js";
import { videoResource } from "./video-resource.js";
import { readMetadata, type VideoRouteTools, writeScopes } from "./videos.js";
import type { SandboxVideo } from "./youtube-data.js";

/**
 * videos.update (`PUT /youtube/v3/videos?part=…`, YouTube Data API v3 reference): the body is a
 * video resource with its `id`, and for each part named every mutable property is overwritten;
 * a property left out is reset (an omitted description is deleted, an omitted privacy status goes
 * back to the default, `private`). Updating `snippet` requires `title` and `categoryId`. The
 * checks on title, description and category are the same as videos.insert's. Only the owner may
 * update; the file and the read-only parts (`processingDetails`, `statistics`) cannot change.
 */

const updatableParts = ["snippet", "status"];

export function mountVideoUpdate(app: Hono, deps: SimulatorDeps, tools: VideoRouteTools): void {
  app.put("/youtube/v3/videos", async (c) => {
    const auth = await tools.authorize(c, writeScopes);
    if (auth instanceof Response) return auth;
    const parts = tools.readParts(c, [
      ...updatableParts,
      "contentDetails",
      "fileDetails",
      "processingDetails",
      "statistics",
      "player",
      "topicDetails",
      "recordingDetails",
      "localizations",
      "paidProductPlacementDetails",
    ]);
    if (parts instanceof Response) return parts;
    const readOnly = parts.find((part) => !updatableParts.includes(part));
    if (readOnly)
      return c.json(youtubeErrorBody(400, "invalidPart", `The part parameter value ${readOnly} cannot be updated.`, { domain: "youtube.part", location: "part", locationType: "parameter" }), 400);
    const body = await jsonBodyOrEmpty(c);
    const id = typeof body.id === "string" ? body.id : "";
    const video = await deps.store.get<SandboxVideo>("youtube", "video", id);
    if (!video)
      return c.json(youtubeErrorBody(404, "videoNotFound", "The video that you are trying to update cannot be found.", { domain: "youtube.video", location: "body.id", locationType: "other" }), 404);
    if (video.data.accountId !== auth.account.id) return c.json(youtubeErrorBody(403, "forbidden", "The video that you are trying to update cannot be updated.", { domain: "youtube.video" }), 403);
    const snippet = isRecord(body.snippet) ? body.snippet : null;
    if (parts.includes("snippet") && (!snippet || typeof snippet.title !== "string" || typeof snippet.categoryId !== "string")) {
      return c.json(
        youtubeErrorBody(400, "invalidRequest", "The request must specify snippet.title and snippet.categoryId when updating the snippet part.", {
          domain: "youtube.video",
          location: "body.snippet",
          locationType: "other",
        }),
        400,
      );
    }
    const status = isRecord(body.status) ? body.status : {};
    // The insert rules, with the update's own default: an omitted privacy status is reset to private.
    const checked = readMetadata({ snippet: snippet ?? video.data.snippet, status: { ...status, privacyStatus: status.privacyStatus ?? "private" } });
    if ("error" in checked) return c.json(checked.error, checked.status);
    const next: SandboxVideo = {
      ...video.data,
      ...(parts.includes("snippet") ? { snippet: checked.resource.snippet } : {}),
      ...(parts.includes("status") ? { status: checked.resource.status } : {}),
    };
    await deps.store.put("youtube", "video", id, next, video.owner);
    return c.json(videoResource(next, parts, deps.now(), true));
  });
}
