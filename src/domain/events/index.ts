// The events module's public face: the only file of src/domain/events/ that other modules and
// layers import. Written by scripts/module-faces.mjs from what they use; re-run it after a change.
export { EVENT_RETENTION_DAYS, getEvent, listEvents } from "./list-events.js";
export { eventTypes, recordEvent, recordEventOnce } from "./record-event.js";
export type { EventType } from "./record-event.js";
export { createWebhook } from "./webhooks/create-webhook.js";
export { deleteWebhook } from "./webhooks/delete-webhook.js";
export { deliverWebhook } from "./webhooks/deliver-webhook.js";
export { batchedDeliveryStatements } from "./webhooks/delivery-batcher.js";
export type { DeliveryStatements } from "./webhooks/delivery-batcher.js";
export { listDeliveries } from "./webhooks/list-deliveries.js";
export type { DeliveryAttemptView } from "./webhooks/list-deliveries.js";
export { getWebhook, listWebhooks } from "./webhooks/list-webhooks.js";
export { redeliverEvent } from "./webhooks/redeliver-event.js";
export { DEFAULT_ROTATION_WINDOW_SECONDS, MAX_ROTATION_WINDOW_SECONDS, rotateWebhookSecret } from "./webhooks/rotate-webhook-secret.js";
export { deliveriesToWatch, sweepWebhooks } from "./webhooks/sweep-webhooks.js";
export { testWebhook } from "./webhooks/test-webhook.js";
export { updateWebhook } from "./webhooks/update-webhook.js";
export type { WebhookView } from "./webhooks/webhook-view.js";
