import { afterEach } from "vitest";
import { WebhookReceiver } from "./webhook-receiver.js";

/**
 * Registers the clean-up once per file and returns a starter: each call is a receiver listening on
 * its own port, stopped after the test that started it.
 */
export function useWebhookReceivers(): () => Promise<WebhookReceiver> {
  const started: WebhookReceiver[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((r) => r.stop()));
  });
  return async () => {
    const r = new WebhookReceiver();
    await r.start();
    started.push(r);
    return r;
  };
}
