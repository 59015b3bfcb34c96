// The inbox module's public face: the only file of src/domain/inbox/ that other modules and
// layers import. Written by scripts/module-faces.mjs from what they use; re-run it after a change.
export { listPostComments } from "./comments/list-comments.js";
export type { Comment } from "./comments/list-comments.js";
export { deleteComment, hideComment, replyToComment } from "./comments/moderate-comment.js";
export { engage } from "./engagements/engage.js";
export { answerMetaHandshake, metaAppSecrets, receiveMetaWebhook } from "./inbound/receive-meta-webhook.js";
export { markNotificationsSeen } from "./mark-notifications-seen.js";
export type { MarkSeenResult } from "./mark-notifications-seen.js";
export { parseConversationId } from "./messages/conversation-id.js";
export { listConversations } from "./messages/list-conversations.js";
export type { Conversation } from "./messages/list-conversations.js";
export { listConversationMessages } from "./messages/list-messages.js";
export type { Message } from "./messages/list-messages.js";
export { sendConversationMessage } from "./messages/send-message.js";
export { listNotifications } from "./notifications.js";
export type { Notification } from "./notifications.js";
export { queueInboxPlan, runPollPlan } from "./polling/poll-plan.js";
export { accountsToWatch, runPollShard } from "./polling/poll-shards.js";
export { listReviews } from "./reviews/list-reviews.js";
export { reviewsNaming } from "./reviews/review-replies.js";
export { simulateActivity } from "./sandbox/sandbox-activity.js";
export { inboundKinds, triggerSandboxInbound } from "./sandbox/sandbox-inbound.js";
