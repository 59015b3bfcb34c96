import type { DomainContext } from "../domain/core/index.js";
import type { AppDeps } from "../deps.js";
import type { RateLimitOutcome } from "../infra/rate-limit/types.js";

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    requestId: string;
    baseUrl: string;
    /** Set by the auth middleware on every authenticated route. */
    ctx: DomainContext;
    /** The most restrictive limit checked for this request; becomes the X-RateLimit-* headers. */
    rateLimit: RateLimitOutcome | undefined;
    /** Set by the error handler when a request was refused before the endpoint ran (nothing to replay). */
    refusedBeforeExecution: boolean;
  };
}
