import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import type { PlatformId } from "../../types/platform-ids.js";
import type { PublishResult } from "../publish-types.js";
import { decodePollToken, encodePollToken, settlePollRefusal } from "./publish-common.js";

/**
 * The container flow Instagram and Threads share: create a media container, wait until Meta
 * reports it FINISHED, then publish it. A carousel creates one child container per item, waits
 * for all of them, then creates the CAROUSEL container naming them. Each network supplies its
 * wire (`ContainerWire`: edges, status fields, error classification); this module owns the
 * states, which travel in the poll token:
 *
 *   children (carousel items processing) -> container (the post's container processing) -> published
 *
 * A container already PUBLISHED when polled means a publish call went out but its answer was
 * lost: the post is looked up among the account's recent posts (`locate`) instead of publishing
 * again, so a post goes out at most once.
 */

export type ContainerState = "IN_PROGRESS" | "FINISHED" | "ERROR" | "EXPIRED" | "PUBLISHED";

export interface ContainerWire {
  platform: PlatformId;
  /** Creates a container from its parameters and returns its id. */
  create(fields: Record<string, string | undefined>): Promise<string>;
  /** The container's state and, for ERROR, the network's reason. */
  status(id: string): Promise<{ state: string | undefined; detail: string | undefined }>;
  /** Publishes a FINISHED container and returns the post's id. */
  publish(id: string): Promise<string>;
  /** The post's permalink; null when it cannot be read (the post is out either way). */
  permalink(postId: string): Promise<string | null>;
  /** The ApiError for a container that ended in ERROR. */
  failure(detail: string | undefined): ApiError;
  /** Finds the post made from a container whose publish answer was lost. */
  locate(poll: ContainerPoll): Promise<{ networkPostId: string; url: string | null } | null>;
  pollAfterSeconds(video: boolean): number;
}

const Common = {
  userId: v.string(),
  /** Fingerprint of the post's text (publish-common.ts textFingerprint), to recognise it if an answer is lost. */
  fingerprint: v.string(),
  /** Instagram stories carry no caption and are listed apart. */
  story: v.boolean(),
  video: v.boolean(),
};

export const ContainerPollSchema = v.variant("stage", [
  v.object({ stage: v.literal("children"), children: v.array(v.string()), parent: v.record(v.string(), v.string()), ...Common }),
  v.object({ stage: v.literal("container"), id: v.string(), ...Common }),
]);
export type ContainerPoll = v.InferOutput<typeof ContainerPollSchema>;
export type PollBasics = Pick<ContainerPoll, "userId" | "fingerprint" | "story" | "video">;

const processing = (wire: ContainerWire, poll: ContainerPoll): PublishResult => ({
  state: "processing",
  networkPostId: null,
  url: null,
  pollToken: encodePollToken(poll),
  pollAfterSeconds: wire.pollAfterSeconds(poll.video),
});

const expired = (platform: PlatformId) => new ApiError("platform_unavailable", { platform, message: `${platform}: the media container expired (24 h) before it was published; publish again` });

/** One step: look at the containers, and create or publish whatever is ready. */
export async function advanceContainers(wire: ContainerWire, start: ContainerPoll): Promise<PublishResult> {
  let poll = start;
  if (poll.stage === "children") {
    let pending = false;
    for (const child of poll.children) {
      const { state, detail } = await wire.status(child);
      if (state === "ERROR") return { state: "failed", error: wire.failure(detail) };
      if (state === "EXPIRED") return { state: "failed", error: expired(wire.platform) };
      if (state !== "FINISHED") pending = true;
    }
    if (pending) return processing(wire, poll);
    const id = await wire.create({ ...poll.parent, media_type: "CAROUSEL", children: poll.children.join(",") });
    poll = { stage: "container", id, userId: poll.userId, fingerprint: poll.fingerprint, story: poll.story, video: poll.video };
  }
  const { state, detail } = await wire.status(poll.id);
  switch (state) {
    case "FINISHED": {
      const postId = await wire.publish(poll.id);
      return { state: "published", networkPostId: postId, url: await wire.permalink(postId) };
    }
    case "ERROR":
      return { state: "failed", error: wire.failure(detail) };
    case "EXPIRED":
      return { state: "failed", error: expired(wire.platform) };
    case "PUBLISHED": {
      const found = await wire.locate(poll);
      if (found) return { state: "published", ...found };
      throw new ApiError("platform_unavailable", { platform: wire.platform, message: `${wire.platform}: the container was published but the post is not listed yet` });
    }
    default:
      return processing(wire, poll);
  }
}

/** Starts a single-container post: create it, then look once (a fast container publishes at once). */
export async function startContainer(wire: ContainerWire, basics: PollBasics, fields: Record<string, string | undefined>): Promise<PublishResult> {
  const id = await wire.create(fields);
  return advanceContainers(wire, { stage: "container", id, ...basics });
}

/** Starts a carousel: one child container per item now, the CAROUSEL container once they finish. */
export async function startCarousel(wire: ContainerWire, basics: PollBasics, items: Record<string, string | undefined>[], parent: Record<string, string | undefined>): Promise<PublishResult> {
  const children: string[] = [];
  for (const item of items) children.push(await wire.create(item));
  const defined = Object.fromEntries(Object.entries(parent).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return advanceContainers(wire, { stage: "children", children, parent: defined, ...basics });
}

/**
 * Polls a container publish. Refusals polling again cannot cure (quota spent, token gone) end
 * the target as `failed`; throttling and outages are thrown so the poller tries later.
 */
export async function pollContainers(wire: ContainerWire, pollToken: string): Promise<PublishResult> {
  const poll = decodePollToken(wire.platform, ContainerPollSchema, pollToken);
  try {
    return await advanceContainers(wire, poll);
  } catch (error) {
    return settlePollRefusal(error);
  }
}
