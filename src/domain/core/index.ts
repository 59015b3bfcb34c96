// The core module's public face: the only file of src/domain/core/ that other modules and
// layers import. Written by scripts/module-faces.mjs from what they use; re-run it after a change.
export { agentActions } from "./agent-grant.js";
export type { AgentAction, AgentGrant } from "./agent-grant.js";
export { listAuditEvents } from "./audit/list-audit-events.js";
export { recordAuditEvent } from "./audit/record-audit-event.js";
export type { AgentRecord, ApiKeyRecord, DomainContext, DomainServices, RateCheck, RateGate, WorkspaceRecord } from "./context.js";
export { beginIdempotentRequest, completeIdempotentRequest, forgetIdempotentRequest, IDEMPOTENCY_TTL_MS, linkIdempotentPost, releaseIdempotentRequest } from "./idempotency/idempotency-store.js";
export { anyHolds } from "./jobs/any-holds.js";
export { claimPass, rowsOf } from "./jobs/claim-pass.js";
export type { ClaimedJob } from "./jobs/claim-pass.js";
export { countDueJobs } from "./jobs/due-backlog.js";
export { failJob, finishJobs, JOB_LEASE_MS, laneOf, renewJobLeases, workspaceOf } from "./jobs/job-claims.js";
export { jobContext, jobContextFor, loadJobWorkspace } from "./jobs/job-context.js";
export type { JobRuntime } from "./jobs/job-context.js";
export { enqueueAll, JOB_CHANNEL, jobKinds, tableJobQueue } from "./jobs/job-queue.js";
export type { JobKind, JobQueue, JobRequest } from "./jobs/job-queue.js";
export { jobsToWatch, purgeDoneJobs } from "./jobs/purge-done-jobs.js";
export { createLimitsCache } from "./limits-cache.js";
export type { LimitsCache } from "./limits-cache.js";
export { realSleep } from "./network-deps.js";
export type { AppCredentialPair, NetworkDeps } from "./network-deps.js";
export { decodeCursor, pageOf } from "./pagination/cursor.js";
export { afterPosition, newestFirst } from "./pagination/keyset.js";
export { listensToPolledEvents, wakeAccountPoll, wakeWorkspacePolls } from "./polls/wake-polls.js";
export { createVerifiedKeyCache, DEFAULT_KEY_CACHE_SECONDS } from "./verified-key-cache.js";
export type { VerifiedKey, VerifiedKeyCache } from "./verified-key-cache.js";
