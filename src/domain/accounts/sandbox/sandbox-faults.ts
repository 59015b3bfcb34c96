import { ApiError } from "../../../infra/errors.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import type { SandboxToken } from "../../../sandbox/tokens.js";
import type { SandboxAccount, SandboxFault, SandboxStore } from "../../../sandbox/types.js";
import type { DomainContext } from "../../core/index.js";
import { requireAccount } from "../account-queries.js";
import { openTokens } from "../token-vault.js";
import { createDbSandboxStore } from "./db-sandbox-store.js";

/** How long a `slow` account waits when no delayMs is sent; stored explicitly so the answer is exact. */
export const DEFAULT_SLOW_MS = 3000;
export const MAX_DELAY_MS = 30_000;

export interface SetFaultInput {
  id: string;
  fault: SandboxFault | null;
  delayMs?: number | undefined;
}

export interface FaultView {
  account: string;
  platform: PlatformId;
  fault: SandboxFault | null;
  delayMs: number | null;
}

/**
 * The simulator's record of the person behind this connection, found through the connection's
 * own token (every simulator files its tokens under the account they belong to). Handles are no
 * key: some networks report a display name as the handle (Facebook).
 */
export async function simulatedAccount(store: SandboxStore, platform: PlatformId, tokens: { accessToken: string; refreshToken: string | null }) {
  for (const token of [tokens.accessToken, tokens.refreshToken]) {
    if (!token) continue;
    const found = await store.get<SandboxToken>(platform, "token", token);
    const account = found ? await store.get<SandboxAccount>(platform, "account", found.data.accountId) : null;
    if (account) return account;
  }
  throw new Error(`sandbox: no simulated ${platform} account holds this connection's tokens`);
}

/**
 * PUT /v1/sandbox/social-accounts/{id}/fault: makes a sandbox account misbehave the way its
 * network does. `expired_token` is an event, not a state: it expires this connection's current
 * access token now, so the next call renews it as Chorus would on the real network (or turns the
 * account `needs_reauth` where the network cannot renew an expired token). Making every token
 * expired for good would make renewal pointless, which no network does. The other faults stay on
 * the simulated person until replaced or cleared with `null`; like a real network's outage they
 * affect every sandbox connection to that person within this workspace's own sandbox world.
 */
export async function setSandboxFault({ ctx, input }: { ctx: DomainContext; input: SetFaultInput }): Promise<FaultView> {
  if (ctx.apiKey.mode !== "test") {
    throw new ApiError("sandbox_only", { message: "Only test keys (sk_test_…) can make sandbox accounts misbehave; live accounts are on the real networks." });
  }
  const row = await requireAccount(ctx, input.id);
  const platform = row.platform;
  if (row.mode !== "test") throw new ApiError("sandbox_only", { param: "id", platform });
  if (!row.tokensEncrypted) {
    throw new ApiError("account_unknown", { param: "id", message: `The ${platform} account ${row.id} was disconnected; connect it again to use it.` });
  }
  if (input.delayMs !== undefined && input.fault !== "slow") {
    throw new ApiError("field_invalid", { param: "delayMs", message: "`delayMs` applies only to the `slow` fault." });
  }
  const store = createDbSandboxStore(ctx.db, ctx.workspace.id);
  const tokens = await openTokens(ctx.services.cipher, row.id, row.tokensEncrypted);
  const account = await simulatedAccount(store, platform, tokens);
  const delayMs = input.fault === "slow" ? (input.delayMs ?? DEFAULT_SLOW_MS) : null;
  const stored: SandboxAccount = { ...account.data, fault: input.fault === "expired_token" ? null : input.fault };
  delete stored.delayMs;
  if (delayMs !== null) stored.delayMs = delayMs;
  await store.put(platform, "account", account.id, stored, account.owner);
  if (input.fault === "expired_token") {
    const access = await store.get<SandboxToken>(platform, "token", tokens.accessToken);
    if (access) await store.put<SandboxToken>(platform, "token", tokens.accessToken, { ...access.data, expiresAt: ctx.clock.now().toISOString() }, access.owner);
  }
  return { account: row.id, platform, fault: input.fault, delayMs };
}
