import type { DomainServices } from "../domain/core/index.js";
import type { AppDeps } from "../deps.js";

/** The services every domain context gets, from the app's dependencies and this request's base URL. */
export function domainServices(deps: AppDeps, publicUrl: string): DomainServices {
  return {
    cipher: deps.cipher,
    networks: deps.networks,
    publicUrl,
    signingSecret: deps.signingSecret,
    mediaStorage: deps.mediaStorage,
    mediaTransforms: deps.mediaTransforms,
    jobs: deps.jobs,
    logger: deps.logger,
    verifiedKeys: deps.verifiedKeys,
    limitsCache: deps.limitsCache,
    loopbackWebhooks: deps.loopbackWebhooks,
    webhookStaleAttemptMs: deps.webhookStaleAttemptMs,
    rateLimiter: deps.rateLimiter,
  };
}
