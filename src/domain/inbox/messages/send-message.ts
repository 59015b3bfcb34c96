import { ApiError } from "../../../infra/errors.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import type { DomainContext } from "../../core/index.js";
import { loadMediaForPublish } from "../../publishing/index.js";
import { withAccountSession } from "../../accounts/index.js";
import { conversationNotFound } from "./conversation-id.js";
import { messagingUnsupported, resolveConversation } from "./conversation-account.js";

export interface SendMessageInput {
  id: string;
  account: string;
  text?: string | undefined;
  media?: string[] | undefined;
  humanAgent?: boolean | undefined;
}

export interface SentMessage {
  id: string;
  conversationId: string;
  account: string;
  platform: PlatformId;
  humanAgent: boolean;
  ok: true;
}

/**
 * POST /v1/conversations/{id}/messages: replies in a conversation on its network. Chorus keeps no
 * copy, so a refusal writes nothing anywhere. The reply window is the network's to enforce: Meta
 * refuses a reply more than 24 hours after the person's last message (7 days with `humanAgent`,
 * sent as the HUMAN_AGENT tag), which arrives as `page_reply_window_closed` or
 * `photo_reply_window_closed`; X and Bluesky have no window.
 */
export async function sendConversationMessage({ ctx, input }: { ctx: DomainContext; input: SendMessageInput }): Promise<SentMessage> {
  const { key, row, platform, inbox } = await resolveConversation(ctx, input.id);
  // The conversation belongs to one connection: another account (even the caller's own) cannot answer in it.
  if (input.account !== row.id) throw conversationNotFound();
  const send = inbox?.sendMessage?.bind(inbox);
  if (!send) throw messagingUnsupported(platform, "send");
  const text = input.text ?? "";
  const mediaIds = input.media ?? [];
  if (text.trim() === "" && mediaIds.length === 0) {
    throw new ApiError("text_required", { param: "text", message: "A message needs `text`, `media`, or both.", fix: "Send non-empty `text`, or media ids from POST /v1/media in `media`." });
  }
  if (mediaIds.length > 0 && inbox?.messageMediaRefusal) {
    throw new ApiError("capability_unsupported", { param: "media", platform, message: inbox.messageMediaRefusal, fix: "Send the message without `media`; put a link in `text` instead." });
  }
  const media = (await loadMediaForPublish(ctx, mediaIds, { param: "media" })).map((m) => {
    // No network's messages take a document (PDF, DOCX, PPTX); they go in posts, on LinkedIn.
    if (m.kind === "document")
      throw new ApiError("media_type_unsupported", {
        param: "media",
        platform,
        message: `${m.id} is a document; direct messages take images and video.`,
        fix: "Send an image or a video, or put a link to the document in `text`.",
      });
    return { ...m, kind: m.kind };
  });
  const humanAgent = input.humanAgent ?? false;
  const sent = await withAccountSession(ctx, row, (tokens, net) =>
    send(
      tokens,
      {
        conversation: { id: key.id, via: key.via },
        networkUserId: row.networkUserId,
        text: text.trim() === "" ? "" : text,
        media: media.map((m) => ({ url: m.url, kind: m.kind, mimeType: m.mimeType })),
        humanAgent,
      },
      net,
    ),
  );
  return { id: sent.id, conversationId: input.id, account: row.id, platform, humanAgent, ok: true };
}
