import { Hono } from "hono";
import { createWebhook } from "../../domain/events/index.js";
import { deleteWebhook } from "../../domain/events/index.js";
import { listDeliveries } from "../../domain/events/index.js";
import { getWebhook, listWebhooks } from "../../domain/events/index.js";
import { redeliverEvent } from "../../domain/events/index.js";
import { DEFAULT_ROTATION_WINDOW_SECONDS, rotateWebhookSecret } from "../../domain/events/index.js";
import { testWebhook } from "../../domain/events/index.js";
import { ApiError } from "../../infra/errors.js";
import { type DashboardEnv, field } from "./dashboard-env.js";
import { ctxOf, frameOf, noticeOf } from "./frame.js";
import { WebhookPage, WebhooksPage } from "./webhooks-page.js";

const windows = new Set([0, 3600, DEFAULT_ROTATION_WINDOW_SECONDS]);

/**
 * Webhooks: endpoints, each one's delivery log, a test event, redelivery, secret rotation and
 * removal, over the same domain functions as /v1/webhooks (so the same checks and isolation).
 * Secrets are rendered in the creating or rotating response only, never behind a redirect.
 */
export const webhookRoutes = new Hono<DashboardEnv>()
  .get("/dashboard/webhooks", async (c) => {
    const { items } = await listWebhooks({ ctx: ctxOf(c), input: { limit: 100 } });
    return c.html(<WebhooksPage frame={frameOf(c)} endpoints={items} notice={noticeOf(c)} />);
  })
  .post("/dashboard/webhooks", async (c) => {
    const ctx = ctxOf(c);
    const ticked = c.var.form.events;
    const events = (Array.isArray(ticked) ? ticked : ticked === undefined ? [] : [ticked]).filter((e): e is string => typeof e === "string");
    const created = await createWebhook({ ctx, input: { url: field(c, "url") ?? "", events: events.length ? events : undefined } });
    const { items } = await listWebhooks({ ctx, input: { limit: 100 } });
    return c.html(<WebhooksPage frame={frameOf(c)} endpoints={items} created={created} />, 201);
  })
  .get("/dashboard/webhooks/:id", async (c) => {
    const ctx = ctxOf(c);
    const endpoint = await getWebhook({ ctx, input: { id: c.req.param("id") } });
    const { items } = await listDeliveries({ ctx, input: { id: endpoint.id, limit: 50 } });
    return c.html(<WebhookPage frame={frameOf(c)} endpoint={endpoint} attempts={items} notice={noticeOf(c)} />);
  })
  .post("/dashboard/webhooks/:id/test", async (c) => {
    await testWebhook({ ctx: ctxOf(c), input: { id: c.req.param("id") } });
    return c.redirect(`/dashboard/webhooks/${encodeURIComponent(c.req.param("id"))}?done=test_sent`, 303);
  })
  .post("/dashboard/webhooks/:id/redeliver", async (c) => {
    await redeliverEvent({ ctx: ctxOf(c), input: { id: c.req.param("id"), event: field(c, "event") ?? "" } });
    return c.redirect(`/dashboard/webhooks/${encodeURIComponent(c.req.param("id"))}?done=redelivered`, 303);
  })
  .post("/dashboard/webhooks/:id/rotate", async (c) => {
    const ctx = ctxOf(c);
    const windowSeconds = Number(field(c, "window") ?? DEFAULT_ROTATION_WINDOW_SECONDS);
    if (!windows.has(windowSeconds)) throw new ApiError("field_invalid", { param: "window", message: "Choose how long the old secret keeps signing from the list." });
    const rotated = await rotateWebhookSecret({ ctx, input: { id: c.req.param("id"), windowSeconds } });
    const { items } = await listDeliveries({ ctx, input: { id: rotated.id, limit: 50 } });
    return c.html(<WebhookPage frame={frameOf(c)} endpoint={rotated} attempts={items} rotated={rotated} />);
  })
  .post("/dashboard/webhooks/:id/delete", async (c) => {
    await deleteWebhook({ ctx: ctxOf(c), input: { id: c.req.param("id") } });
    return c.redirect("/dashboard/webhooks?done=removed", 303);
  });
