import { apiKeys } from "../../db/schema/index.js";
import type { Queryable } from "../../db/types.js";
import { sha256Hex } from "../../infra/crypto.js";
import { newId, randomString } from "../../infra/ids.js";
import { recordAuditEvent } from "../core/index.js";

export interface CreatedApiKey {
  id: string;
  /** The whole key. Shown once; only its hash is stored. */
  key: string;
  mode: "test" | "live";
  name: string;
}

export async function hashApiKey(key: string): Promise<string> {
  return sha256Hex(key);
}

export async function createApiKey(db: Queryable, input: { workspaceId: string; mode: "test" | "live"; name: string; actor: string; at: Date }): Promise<CreatedApiKey> {
  const key = `sk_${input.mode}_${randomString(40)}`;
  const id = newId("agt");
  await db.insert(apiKeys).values({
    id,
    workspaceId: input.workspaceId,
    hash: await hashApiKey(key),
    prefix: key.slice(0, 12),
    mode: input.mode,
    name: input.name,
    clientName: "api-key",
    createdAt: input.at,
  });
  await recordAuditEvent(db, {
    workspaceId: input.workspaceId,
    type: "key.created",
    actor: input.actor,
    details: { keyId: id, mode: input.mode, name: input.name, prefix: key.slice(0, 12) },
    at: input.at,
  });
  return { id, key, mode: input.mode, name: input.name };
}
