import { simulatedFollowers } from "../sandbox-metrics.js";
import type { SandboxAccount, SimulatorDeps } from "../types.js";
import { randomEtag } from "../google/wire.js";

/** A simulated channel, stored under the account that owns it. */
export interface SandboxChannel {
  id: string;
  accountId: string;
  title: string;
  customUrl: string;
  description: string;
  avatarUrl: string;
  uploadsPlaylistId: string;
  publishedAt: string;
}

export interface SandboxBroadcast {
  id: string;
  channelId: string;
  title: string;
  description: string;
  scheduledStartTime: string;
  scheduledEndTime: string | null;
  lifeCycleStatus: "created" | "ready" | "testing" | "live" | "complete";
  broadcastType: "event" | "persistent";
  publishedAt: string;
  /** Set by live-streaming.ts for broadcasts made through liveBroadcasts.insert. */
  privacyStatus?: "public" | "private" | "unlisted";
  boundStreamId?: string | null;
  enableMonitorStream?: boolean;
  actualStartTime?: string | null;
  actualEndTime?: string | null;
}

/** A video uploaded through videos.insert; processing outcomes are derived from the upload time and the bytes. */
export interface SandboxVideo {
  id: string;
  channelId: string;
  accountId: string;
  snippet: { title: string; description: string; tags?: string[]; categoryId: string; defaultLanguage?: string; defaultAudioLanguage?: string };
  status: {
    privacyStatus: "public" | "unlisted" | "private";
    selfDeclaredMadeForKids?: boolean;
    containsSyntheticMedia?: boolean;
    embeddable?: boolean;
    license?: string;
    publicStatsViewable?: boolean;
  };
  paidProductPlacementDetails?: { hasPaidProductPlacement: boolean };
  uploadedAt: string;
  /** What the bytes turned out to be: a video container, nothing, or something else. */
  file: "video" | "empty" | "invalid";
  /** The id of an earlier video of the channel with the same bytes (YouTube rejects duplicates after processing). */
  duplicateOf: string | null;
  sha256: string;
  /** Set by thumbnails.set; replaces the automatic thumbnails in the video's snippet. */
  customThumbnails?: Record<string, { url: string; width: number; height: number }>;
}

/** A playlist the channel owns (the uploads playlist is derived from the channel's videos). */
export interface SandboxPlaylist {
  id: string;
  channelId: string;
  title: string;
  videoIds: string[];
  publishedAt: string;
}

/** Handles starting with this prefix sign up without a channel, to exercise `video_no_channel`. */
export const NO_CHANNEL_PREFIX = "nochannel";

const idChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";
export function youtubeId(length: number): string {
  return [...crypto.getRandomValues(new Uint8Array(length))].map((b) => idChars[b % 64]).join("");
}

/** Channel ids are `UC` + 22 characters; sandbox ones say so after the prefix. */
export const sandboxChannelId = () => `UCsandbox${youtubeId(15)}`;

export async function channelOf(deps: SimulatorDeps, accountId: string): Promise<SandboxChannel | null> {
  const found = await deps.store.list<SandboxChannel>("youtube", "channel", { owner: accountId });
  return found[0]?.data ?? null;
}

/** Creates the account's channel and a few broadcasts, once, unless the handle asks for none. */
export async function ensureChannel(deps: SimulatorDeps, account: SandboxAccount): Promise<SandboxChannel | null> {
  if (account.handle.startsWith(NO_CHANNEL_PREFIX)) return null;
  const existing = await channelOf(deps, account.id);
  if (existing) return existing;
  const now = deps.now();
  const id = sandboxChannelId();
  const channel: SandboxChannel = {
    id,
    accountId: account.id,
    title: `${account.displayName} (sandbox)`,
    customUrl: `@${account.handle}`,
    description: "A simulated channel in the Chorus sandbox. Nothing here is on YouTube.",
    avatarUrl: account.avatarUrl ?? `https://sandbox.chorus.invalid/avatars/youtube/${encodeURIComponent(account.handle)}.png`,
    uploadsPlaylistId: `UU${id.slice(2)}`,
    publishedAt: now.toISOString(),
  };
  await deps.store.put("youtube", "channel", id, channel, account.id);
  const playlist: SandboxPlaylist = { id: `PLsandbox${youtubeId(25)}`, channelId: id, title: "Sandbox favourites", videoIds: [], publishedAt: now.toISOString() };
  await deps.store.put("youtube", "playlist", playlist.id, playlist, account.id);
  const day = 86_400_000;
  const broadcasts: Array<Omit<SandboxBroadcast, "id" | "channelId" | "publishedAt">> = [
    {
      title: "Sandbox live Q&A",
      description: "Simulated upcoming broadcast.",
      scheduledStartTime: new Date(now.getTime() + day).toISOString(),
      scheduledEndTime: new Date(now.getTime() + day + 3_600_000).toISOString(),
      lifeCycleStatus: "ready",
      broadcastType: "event",
    },
    {
      title: "Sandbox premiere",
      description: "Simulated upcoming premiere.",
      scheduledStartTime: new Date(now.getTime() + 7 * day).toISOString(),
      scheduledEndTime: null,
      lifeCycleStatus: "created",
      broadcastType: "event",
    },
    {
      title: "Sandbox always-on stream",
      description: "Simulated persistent broadcast.",
      scheduledStartTime: new Date(now.getTime() + 2 * day).toISOString(),
      scheduledEndTime: null,
      lifeCycleStatus: "ready",
      broadcastType: "persistent",
    },
    {
      title: "Sandbox past stream",
      description: "Simulated finished broadcast.",
      scheduledStartTime: new Date(now.getTime() - 3 * day).toISOString(),
      scheduledEndTime: new Date(now.getTime() - 3 * day + 3_600_000).toISOString(),
      lifeCycleStatus: "complete",
      broadcastType: "event",
    },
  ];
  for (const broadcast of broadcasts) {
    const record: SandboxBroadcast = { ...broadcast, id: youtubeId(11), channelId: id, publishedAt: now.toISOString() };
    await deps.store.put("youtube", "broadcast", record.id, record, account.id);
  }
  return channel;
}

function thumbnails(url: string) {
  return { default: { url, width: 88, height: 88 }, medium: { url, width: 240, height: 240 }, high: { url, width: 800, height: 800 } };
}

/** The channel resource with only the requested parts, as channels.list returns it. */
export function channelResource(channel: SandboxChannel, parts: string[], videoCount = 0): Record<string, unknown> {
  const resource: Record<string, unknown> = { kind: "youtube#channel", etag: randomEtag(), id: channel.id };
  if (parts.includes("snippet")) {
    resource.snippet = {
      title: channel.title,
      description: channel.description,
      customUrl: channel.customUrl,
      publishedAt: channel.publishedAt,
      thumbnails: thumbnails(channel.avatarUrl),
      localized: { title: channel.title, description: channel.description },
    };
  }
  if (parts.includes("contentDetails")) resource.contentDetails = { relatedPlaylists: { likes: "", uploads: channel.uploadsPlaylistId } };
  if (parts.includes("statistics")) resource.statistics = { viewCount: "0", subscriberCount: String(simulatedFollowers(channel.id)), hiddenSubscriberCount: false, videoCount: String(videoCount) };
  if (parts.includes("status")) resource.status = { privacyStatus: "public", isLinked: true, longUploadsStatus: "allowed", madeForKids: false };
  return resource;
}

export function broadcastResource(broadcast: SandboxBroadcast, parts: string[]): Record<string, unknown> {
  const resource: Record<string, unknown> = { kind: "youtube#liveBroadcast", etag: randomEtag(), id: broadcast.id };
  if (parts.includes("snippet")) {
    resource.snippet = {
      publishedAt: broadcast.publishedAt,
      channelId: broadcast.channelId,
      title: broadcast.title,
      description: broadcast.description,
      thumbnails: thumbnails(`https://sandbox.chorus.invalid/youtube/broadcasts/${broadcast.id}.jpg`),
      scheduledStartTime: broadcast.scheduledStartTime,
      ...(broadcast.scheduledEndTime ? { scheduledEndTime: broadcast.scheduledEndTime } : {}),
      ...(broadcast.actualStartTime ? { actualStartTime: broadcast.actualStartTime } : {}),
      ...(broadcast.actualEndTime ? { actualEndTime: broadcast.actualEndTime } : {}),
      isDefaultBroadcast: broadcast.broadcastType === "persistent",
      liveChatId: `sandbox-chat-${broadcast.id}`,
    };
  }
  if (parts.includes("status")) {
    const recordingStatus = broadcast.lifeCycleStatus === "complete" ? "recorded" : broadcast.lifeCycleStatus === "live" ? "recording" : "notRecording";
    resource.status = { lifeCycleStatus: broadcast.lifeCycleStatus, privacyStatus: broadcast.privacyStatus ?? "public", recordingStatus };
  }
  if (parts.includes("contentDetails")) {
    resource.contentDetails = {
      ...(broadcast.boundStreamId ? { boundStreamId: broadcast.boundStreamId } : {}),
      monitorStream: { enableMonitorStream: broadcast.enableMonitorStream ?? true, broadcastStreamDelayMs: 0 },
      enableAutoStart: false,
      enableAutoStop: false,
    };
  }
  return resource;
}
