import { and, eq, sql } from "drizzle-orm";
import { idempotencyRecords } from "../../db/schema/index.js";
import type { Database } from "../../db/types.js";

/** How long a key is remembered; published in the API docs. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** Longer than any request runs (publishing waits at most 90 s per network, in parallel). */
export const RUNNING_LEASE_MS = 5 * 60 * 1000;

export type BeginResult =
  | { kind: "execute" }
  | { kind: "replay"; status: number; body: string; headers: Record<string, string> }
  | { kind: "in_progress" }
  | { kind: "mismatch" };

/**
 * Claims `key` for this request in one statement: the insert wins when the key is new or its
 * record has expired, and loses to a live record. Only the winner executes, which is what
 * makes ten parallel identical requests run once.
 */
export async function beginIdempotentRequest(
  db: Database,
  input: { workspaceId: string; key: string; fingerprint: string; now: Date },
): Promise<BeginResult> {
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
        createdAt: input.now,
        expiresAt,
      },
      // Expired records are reused; so is a `running` claim older than any request can run (the
      // process or isolate died mid-request): otherwise its key would answer 409 for a day.
      setWhere: sql`${idempotencyRecords.expiresAt} <= ${input.now.toISOString()} or (${idempotencyRecords.state} = 'running' and ${idempotencyRecords.createdAt} <= ${new Date(input.now.getTime() - RUNNING_LEASE_MS).toISOString()})`,
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
  if (existing.state === "running" || existing.responseStatus === null || existing.responseBody === null) return { kind: "in_progress" };
  return { kind: "replay", status: existing.responseStatus, body: existing.responseBody, headers: existing.responseHeaders ?? {} };
}

export async function completeIdempotentRequest(
  db: Database,
  input: { workspaceId: string; key: string; status: number; body: string; headers: Record<string, string> },
): Promise<void> {
  await db
    .update(idempotencyRecords)
    .set({ state: "done", responseStatus: input.status, responseBody: input.body, responseHeaders: input.headers })
    .where(and(eq(idempotencyRecords.workspaceId, input.workspaceId), eq(idempotencyRecords.key, input.key)));
}

/** Forgets a claim whose request did nothing (refused before running, or failed and rolled back). */
export async function releaseIdempotentRequest(db: Database, input: { workspaceId: string; key: string }): Promise<void> {
  await db
    .delete(idempotencyRecords)
    .where(
      and(eq(idempotencyRecords.workspaceId, input.workspaceId), eq(idempotencyRecords.key, input.key), eq(idempotencyRecords.state, "running")),
    );
}
