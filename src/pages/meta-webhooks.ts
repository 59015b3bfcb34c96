import { Hono } from "hono";
import { answerMetaHandshake, metaAppSecrets, receiveMetaWebhook } from "../domain/inbox/index.js";
import type { AppEnv } from "../http/context.js";
import { ApiError } from "../infra/errors.js";
import { finishAfterResponse } from "../http/after-response.js";

/** Meta's webhook bodies are small JSON documents; this is far above any real one. */
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The public callback Meta calls for Facebook pages, Instagram and Threads (set it as the
 * callback URL in the App Dashboard): GET answers the verification handshake, POST takes the
 * events. No API key: Meta proves itself with the app-secret signature on every POST. Not part
 * of the public API (absent from /openapi.json), like /internal/jobs.
 */
export const metaWebhookRoutes = new Hono<AppEnv>()
  .get("/webhooks/meta", async (c) => {
    const challenge = await answerMetaHandshake(
      { mode: c.req.query("hub.mode"), token: c.req.query("hub.verify_token"), challenge: c.req.query("hub.challenge") },
      c.get("deps").networks.metaVerifyToken,
    );
    return c.text(challenge, 200, { "Content-Type": "text/plain; charset=utf-8" });
  })
  .post("/webhooks/meta", async (c) => {
    if (Number(c.req.header("content-length") ?? 0) > MAX_BODY_BYTES) throw new ApiError("body_too_large");
    const rawBody = new Uint8Array(await c.req.arrayBuffer());
    if (rawBody.byteLength > MAX_BODY_BYTES) throw new ApiError("body_too_large");
    const deps = c.get("deps");
    const { db, close } = deps.database.open();
    try {
      const signature = c.req.header("x-hub-signature-256");
      await receiveMetaWebhook({ db, clock: deps.clock, jobs: deps.jobs }, { rawBody, signature, secrets: metaAppSecrets(deps.networks), scope: { mode: "live" } });
    } finally {
      await finishAfterResponse(c, close());
    }
    return c.text("EVENT_RECEIVED", 200);
  });
