/** The spec's nine events, then Chorus's own (API-DECISIONS "Webhook delivery"). */
export const eventTypes = [
  "post.published",
  "post.partial",
  "post.failed",
  "post.processing",
  // Approvals (domain/publishing/approvals): a post held for a person, and the decision.
  "post.pending_approval",
  "post.approved",
  "post.rejected",
  // A post's first comment did not go out for sure (refused, out of credits, or its answer lost); the post stays live.
  "post.first_comment_failed",
  "account.connected",
  "account.disconnected",
  "message.received",
  "comment.received",
  "mention.received",
  "account.token_expiring",
  "account.needs_reauth",
  "webhook.test",
  "webhook.disabled",
  // A network budget's background share is nearly or wholly spent, so polling slows (domain/accounts/budgets).
  "quota.low",
] as const;
export type EventType = (typeof eventTypes)[number];

export const isEventType = (value: string): value is EventType => (eventTypes as readonly string[]).includes(value);
