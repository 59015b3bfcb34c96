import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { idempotencyRecords } from "../../../db/schema/index.js";
import type { Database, Queryable } from "../../../db/types.js";

/** How long a key is remembered; published in the API docs. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * Longer than any request runs (publishing waits at most 90 s per network, in parallel). Past it
 * the request is presumed dead (the process or isolate died): a claim that committed nothing is
 * freed, a claim linked to a post is answered from that post. Settable for tests and operators.
 */
export const RUNNING_LEASE_MS = 5 * 60 * 1000;

/** A claim start older than any lease: its request has ended without answering. */
const LEASE_ENDED = new Date(0);

export type BeginResult =
  | { kind: "execute" }
  /** The request that holds the key died after storing `postId`: answer from that post, run nothing. */
  | { kind: "recover"; postId: string; status: number }
  | { kind: "replay"; status: number; body: string; headers: Record<string, string> /** The post the answer is about, when it stored one. */; postId?: string | null }
  | { kind: "in_progress" }
  | { kind: "mismatch" };

/**
 * Claims `key` for this request in one statement: the insert wins when the key is new or its
 * record has expired, and loses to a live record. Only the winner executes, which is what
 * makes ten parallel identical requests run once.
 */
export async function beginIdempotentRequest(db: Database, input: { workspaceId: string; key: string; fingerprint: string; now: Date; leaseMs?: number }): Promise<BeginResult> {
  const leaseStart = new Date(input.now.getTime() - (input.leaseMs ?? RUNNING_LEASE_MS));
  const expiresAt = new Date(input.now.getTime() + IDEMPOTENCY_TTL_MS);
  const claimed = await db
    .insert(idempotencyRecords)
    .values({
      workspaceId: input.workspaceId,
      key: input.key,
      fingerprint: input.fingerprint,
      state: "running",
      createdAt: input.now,
      expiresAt,
    })
    .onConflictDoUpdate({
      target: [idempotencyRecords.workspaceId, idempotencyRecords.key],
      set: {
        fingerprint: input.fingerprint,
        state: "running",
        responseStatus: null,
        responseBody: null,
        responseHeaders: null,
        postId: null,
        createdAt: input.now,
        expiresAt,
      },
      // Expired answers are reused; so is a `running` claim older than any request can run whose
      // work never committed (no post linked): the process died before storing anything, and
      // otherwise its key would answer 409 for a day. A claim linked to a post is never re-run,
      // even past the lease or its expiry: that re-run is what published twice after a crash.
      setWhere: sql`(${idempotencyRecords.state} = 'done' and ${idempotencyRecords.expiresAt} <= ${input.now.toISOString()}) or (${idempotencyRecords.state} = 'running' and ${idempotencyRecords.postId} is null and ${idempotencyRecords.createdAt} <= ${leaseStart.toISOString()})`,
    })
    .returning({ key: idempotencyRecords.key });
  if (claimed.length > 0) return { kind: "execute" };

  const [existing] = await db
    .select()
    .from(idempotencyRecords)
    .where(and(eq(idempotencyRecords.workspaceId, input.workspaceId), eq(idempotencyRecords.key, input.key)))
    .limit(1);
  // Released between our insert and this read: the caller may simply retry.
  if (!existing) return { kind: "in_progress" };
  if (existing.fingerprint !== input.fingerprint) return { kind: "mismatch" };
  if (existing.state === "running" && existing.postId !== null && existing.createdAt.getTime() <= leaseStart.getTime()) {
    return { kind: "recover", postId: existing.postId, status: existing.responseStatus ?? 200 };
  }
  if (existing.state === "running" || existing.responseStatus === null || existing.responseBody === null) return { kind: "in_progress" };
  return { kind: "replay", status: existing.responseStatus, body: existing.responseBody, headers: existing.responseHeaders ?? {}, postId: existing.postId };
}

export async function completeIdempotentRequest(db: Database, input: { workspaceId: string; key: string; status: number; body: string; headers: Record<string, string> }): Promise<void> {
  await db
    .update(idempotencyRecords)
    .set({ state: "done", responseStatus: input.status, responseBody: input.body, responseHeaders: input.headers })
    .where(and(eq(idempotencyRecords.workspaceId, input.workspaceId), eq(idempotencyRecords.key, input.key)));
}

/**
 * Ties the running claim to the post its request stored, inside the transaction that stores the
 * post: either both are committed or neither, so a claim without a post provably did nothing.
 * `status` is what the request answers on success, used when the answer must be rebuilt.
 */
export async function linkIdempotentPost(db: Queryable, input: { workspaceId: string; key: string; postId: string; status: number }): Promise<void> {
  await db
    .update(idempotencyRecords)
    .set({ postId: input.postId, responseStatus: input.status })
    .where(and(eq(idempotencyRecords.workspaceId, input.workspaceId), eq(idempotencyRecords.key, input.key), eq(idempotencyRecords.state, "running")));
}

/**
 * Forgets a claim whose request did nothing (refused before running, or failed and rolled back).
 * A claim linked to a post did something: it is kept, and its lease ends now (nothing runs under
 * it any more), so the next retry is answered from that post instead of running again.
 */
export async function releaseIdempotentRequest(db: Database, input: { workspaceId: string; key: string }): Promise<void> {
  const running = and(eq(idempotencyRecords.workspaceId, input.workspaceId), eq(idempotencyRecords.key, input.key), eq(idempotencyRecords.state, "running"));
  await db.delete(idempotencyRecords).where(and(running, isNull(idempotencyRecords.postId)));
  await db
    .update(idempotencyRecords)
    .set({ createdAt: LEASE_ENDED })
    .where(and(running, isNotNull(idempotencyRecords.postId)));
}

/** Drops a claim outright: its post was deleted, so there is nothing left to answer from. */
export async function forgetIdempotentRequest(db: Database, input: { workspaceId: string; key: string }): Promise<void> {
  await db.delete(idempotencyRecords).where(and(eq(idempotencyRecords.workspaceId, input.workspaceId), eq(idempotencyRecords.key, input.key)));
}
