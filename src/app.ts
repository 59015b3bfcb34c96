import { Hono } from "hono";
import type { AppDeps } from "./deps.js";
import { requireApiKey, publicLimit } from "./http/auth.js";
import type { AppEnv } from "./http/context.js";
import { handleError } from "./http/error-handler.js";
import { idempotency } from "./http/idempotency.js";
import { refuseUnsafeUrl } from "./http/input-guard.js";
import { allowedMethods } from "./http/method-not-allowed.js";
import { rateHeaders } from "./http/rate-headers.js";
import { requestContext } from "./http/request-context.js";
import { RememberingRouter } from "./http/remembering-router.js";
import { ApiError } from "./infra/errors.js";
import { createVerifiedKeyCache } from "./domain/core/index.js";
import { docsRoutes } from "./openapi/docs-routes.js";
import { accountRoutes } from "./routes/v1/account/index.js";
import { mediaRoutes } from "./routes/v1/media/index.js";
import { emailPreferenceRoutes } from "./routes/v1/email-preferences/index.js";
import { meRoutes } from "./routes/v1/me/index.js";
import { pageRoutes } from "./pages/index.js";
import { internalJobRoutes } from "./routes/internal/jobs.js";
import { internalDrainRoutes } from "./routes/internal/drain.js";
import { metaWebhookRoutes } from "./pages/meta-webhooks.js";
import { connectLinkRoutes } from "./routes/v1/connect-link/index.js";
import { credentialRoutes } from "./routes/v1/credentials/index.js";
import { platformRoutes } from "./routes/v1/platforms/index.js";
import { postRoutes } from "./routes/v1/posts/index.js";
import { bulkRoutes } from "./routes/v1/posts/bulk.js";
import { approvalRoutes } from "./routes/v1/approvals/index.js";
import { postEditRoutes } from "./routes/v1/posts/edits.js";
import { sandboxControlRoutes } from "./routes/v1/sandbox/index.js";
import { accountResourceRoutes } from "./routes/v1/social-accounts/account-resources.js";
import { socialAccountRoutes } from "./routes/v1/social-accounts/index.js";
import { profileRoutes } from "./routes/v1/profiles/index.js";
import { queueRoutes } from "./routes/v1/queues/index.js";
import { seriesRoutes } from "./routes/v1/series/index.js";
import { eventRoutes } from "./routes/v1/events/index.js";
import { webhookDeliveryRoutes } from "./routes/v1/webhooks/deliveries.js";
import { webhookRoutes } from "./routes/v1/webhooks/index.js";
import { mcpRoutes } from "./mcp/mcp-routes.js";
import { appLinkRoutes } from "./routes/v1/app-link/index.js";
import { notificationRoutes } from "./routes/v1/notifications/index.js";
import { analyticsRoutes } from "./routes/v1/analytics/index.js";
import { conversationRoutes } from "./routes/v1/conversations/index.js";
import { engagementRoutes } from "./routes/v1/engagements/index.js";
import { accountReadRoutes } from "./routes/v1/account-reads/index.js";
import { reviewRoutes } from "./routes/v1/reviews/index.js";
import { commentRoutes } from "./routes/v1/comments/index.js";
import { liveBroadcastRoutes } from "./routes/v1/live-broadcasts/index.js";
import { discoverRoutes } from "./routes/v1/discover/index.js";
import { enforceAgentGrant } from "./http/agent-grant.js";
import { oauthRoutes } from "./routes/oauth/index.js";
import { agentRoutes } from "./routes/v1/agents/index.js";

/** Paths under /v1 that need no key (the public capability registry). */
const PUBLIC_V1 = [/^\/v1\/platforms(\/|$)/];

/**
 * The whole API as one Hono app. Both entries (Node and Workers) call this with the
 * dependencies of their runtime; nothing below reads env.
 *
 * Middleware order: request context (id, deps) → rate-limit headers on the way out → per route
 * group: public limit, or key + workspace limits + idempotency → validation → handler.
 */
export function createApp(given: AppDeps): Hono<AppEnv> {
  const deps: AppDeps = given.verifiedKeys ? given : { ...given, verifiedKeys: createVerifiedKeyCache({ clock: given.clock }) };
  const app = new Hono<AppEnv>({ router: new RememberingRouter() });
  app.use("*", requestContext(deps));
  app.use("*", rateHeaders());
  app.use("*", refuseUnsafeUrl());

  const v1 = new Hono<AppEnv>();
  // Built once: a factory called per request would rebuild its closures on every call.
  const keyed = { publicLimit: publicLimit(), apiKey: requireApiKey(), agentGrant: enforceAgentGrant(), idempotency: idempotency() };
  v1.use("*", async (c, next) => {
    if (PUBLIC_V1.some((p) => p.test(c.req.path))) return keyed.publicLimit(c, next);
    return keyed.apiKey(c, async () => {
      await keyed.agentGrant(c, async () => {
        await keyed.idempotency(c, next);
      });
    });
  });
  v1.route("/", meRoutes);
  v1.route("/", accountRoutes);
  v1.route("/", emailPreferenceRoutes);
  v1.route("/", profileRoutes);
  v1.route("/", queueRoutes);
  v1.route("/", seriesRoutes);
  v1.route("/", platformRoutes);
  v1.route("/", socialAccountRoutes);
  v1.route("/", accountResourceRoutes);
  v1.route("/", credentialRoutes);
  v1.route("/", connectLinkRoutes);
  v1.route("/", mediaRoutes);
  v1.route("/", sandboxControlRoutes);
  // Before postRoutes: `/posts/bulk` and `/posts/export` are not post ids.
  v1.route("/", bulkRoutes);
  v1.route("/", postRoutes);
  v1.route("/", approvalRoutes);
  v1.route("/", postEditRoutes);
  v1.route("/", webhookRoutes);
  v1.route("/", webhookDeliveryRoutes);
  v1.route("/", eventRoutes);
  v1.route("/", mcpRoutes);
  v1.route("/", appLinkRoutes);
  v1.route("/", notificationRoutes);
  v1.route("/", analyticsRoutes);
  v1.route("/", conversationRoutes);
  v1.route("/", engagementRoutes);
  v1.route("/", accountReadRoutes);
  v1.route("/", reviewRoutes);
  v1.route("/", commentRoutes);
  v1.route("/", liveBroadcastRoutes);
  v1.route("/", discoverRoutes);
  v1.route("/", agentRoutes);
  app.route("/v1", v1);
  app.route("/", oauthRoutes);
  app.route("/", pageRoutes);
  app.route("/", internalJobRoutes);
  app.route("/", internalDrainRoutes);
  app.route("/", metaWebhookRoutes);

  app.route("/", docsRoutes(app));

  const methodsFor = allowedMethods(app);
  app.notFound((c) => {
    const allowed = methodsFor(c.req.path);
    if (allowed.length > 0) {
      throw new ApiError("method_not_allowed", {
        message: `${c.req.method} is not allowed on ${c.req.path}; use ${allowed.join(", ")}.`,
        headers: { Allow: allowed.join(", ") },
      });
    }
    throw new ApiError("route_not_found", { message: `No endpoint at ${c.req.method} ${c.req.path}.` });
  });
  app.onError(handleError);
  return app;
}
