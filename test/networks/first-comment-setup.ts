import { youtubeAdapter } from "../../src/networks/youtube/adapter.js";
import type { TokenSet } from "../../src/networks/types.js";
import { type SandboxVideo, channelOf } from "../../src/sandbox/youtube/youtube-data.js";
import { connectThroughConsent, type Sandbox } from "./harness.js";

/** A connected YouTube account with one processed public video, stored as videos.insert leaves it. */
export async function youtubeChannelWithVideo(
  ctx: Sandbox,
  handle: string,
  status: SandboxVideo["status"] = { privacyStatus: "public" },
): Promise<{ tokens: TokenSet; channelId: string; accountId: string; videoId: string }> {
  const { tokens } = await connectThroughConsent(youtubeAdapter, ctx.net, { handle, verifier: "sandbox-verifier-0123456789-abcdefghijklmnopqrstuvwxyz", pageText: "Sandbox youtube" });
  const identity = await youtubeAdapter.identity(tokens, ctx.net);
  const account = (await ctx.store.list<{ id: string; handle: string }>("youtube", "account")).find((a) => a.data.handle === handle)?.data;
  if (!account) throw new Error("no simulated account");
  const channel = await channelOf(ctx.deps, account.id);
  const video: SandboxVideo = {
    id: `vid${handle.replace(/\W/g, "").slice(0, 8)}`,
    channelId: channel?.id ?? "",
    accountId: account.id,
    snippet: { title: "Harbour", description: "", categoryId: "22" },
    status,
    uploadedAt: new Date(ctx.clock.now.getTime() - 600_000).toISOString(),
    file: "video",
    duplicateOf: null,
    sha256: "0".repeat(64),
  };
  await ctx.store.put("youtube", "video", video.id, video, account.id);
  return { tokens, channelId: identity.networkUserId, accountId: account.id, videoId: video.id };
}
