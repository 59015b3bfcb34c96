import type { PlatformId } from "../types/platform-ids.js";
import { randomToken } from "./oauth-consent.js";
import type { SandboxAccount, SandboxRecord, SimulatorDeps } from "./types.js";

export interface SandboxToken {
  accountId: string;
  kind: "access" | "refresh";
  scopes: string[];
  expiresAt: string | null;
  revoked: boolean;
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string | null;
  accessExpiresInSeconds: number | null;
  refreshExpiresInSeconds: number | null;
  scopes: string[];
}

/** Issues an access token (and a refresh token when the network uses them) for a simulated account. */
export async function issueTokens(
  deps: SimulatorDeps,
  platform: PlatformId,
  accountId: string,
  scopes: string[],
  lifetimes: { accessSeconds: number | null; refreshSeconds: number | null; withRefresh: boolean; prefix?: string },
): Promise<IssuedTokens> {
  const now = deps.now().getTime();
  const at = (seconds: number | null) => (seconds === null ? null : new Date(now + seconds * 1000).toISOString());
  const accessToken = `${lifetimes.prefix ?? ""}${randomToken()}`;
  await deps.store.put<SandboxToken>(
    platform,
    "token",
    accessToken,
    {
      accountId,
      kind: "access",
      scopes,
      expiresAt: at(lifetimes.accessSeconds),
      revoked: false,
    },
    accountId,
  );
  let refreshToken: string | null = null;
  if (lifetimes.withRefresh) {
    refreshToken = `${lifetimes.prefix ?? ""}r${randomToken()}`;
    await deps.store.put<SandboxToken>(
      platform,
      "token",
      refreshToken,
      {
        accountId,
        kind: "refresh",
        scopes,
        expiresAt: at(lifetimes.refreshSeconds),
        revoked: false,
      },
      accountId,
    );
  }
  return {
    accessToken,
    refreshToken,
    accessExpiresInSeconds: lifetimes.accessSeconds,
    refreshExpiresInSeconds: lifetimes.withRefresh ? lifetimes.refreshSeconds : null,
    scopes,
  };
}

/** A token record as the store's linked read returns it: with its account and, when asked, its `alongside` record. */
export type LinkedToken<A = unknown> = { record: SandboxRecord<SandboxToken> | null; linked: SandboxRecord<SandboxAccount> | null; alongside: SandboxRecord<A> | null };

/** A token with its account and, when asked, its `alongside` record, in one read: what every token check starts from. */
export function readToken<A = unknown>(deps: SimulatorDeps, platform: PlatformId, token: string, alongside?: string): Promise<LinkedToken<A>> {
  return deps.store.getLinked<SandboxToken, SandboxAccount, A>(platform, "token", token, { field: "accountId", kind: "account", ...(alongside ? { alongside } : {}) });
}

export type TokenCheck<A = unknown> =
  | { ok: true; account: SandboxAccount; token: SandboxToken; alongside: A | null }
  | { ok: false; reason: "missing" | "invalid" | "expired" | "revoked" | "wrong_kind" };

/**
 * Looks a token up the way the network's auth layer would. An account switched to the
 * `expired_token` fault answers as if every token had expired, so adapters exercise their
 * refresh and needs-reauth paths.
 */
export async function checkToken<A = unknown>(
  deps: SimulatorDeps,
  platform: PlatformId,
  token: string | null | undefined,
  kind: "access" | "refresh" = "access",
  options: { alongside?: string; read?: Promise<LinkedToken<A>> } = {},
): Promise<TokenCheck<A>> {
  if (!token) return { ok: false, reason: "missing" };
  // `read`: the same lookup, already made for this call (a shared Graph host's claim).
  const { record: found, linked: account, alongside } = await (options.read ?? readToken<A>(deps, platform, token, options.alongside));
  if (!found) return { ok: false, reason: "invalid" };
  if (found.data.kind !== kind) return { ok: false, reason: "wrong_kind" };
  if (found.data.revoked) return { ok: false, reason: "revoked" };
  if (!account) return { ok: false, reason: "invalid" };
  const expired = found.data.expiresAt !== null && new Date(found.data.expiresAt).getTime() <= deps.now().getTime();
  if (expired || (account.data.fault === "expired_token" && kind === "access")) return { ok: false, reason: "expired" };
  return { ok: true, account: account.data, token: found.data, alongside: alongside?.data ?? null };
}

/** Revokes one token (refresh rotation, explicit revoke). */
export async function revokeToken(deps: SimulatorDeps, platform: PlatformId, token: string): Promise<boolean> {
  const found = await deps.store.get<SandboxToken>(platform, "token", token);
  if (!found) return false;
  await deps.store.put(platform, "token", token, { ...found.data, revoked: true }, found.owner);
  return true;
}

/** Creates the simulated account for a handle, or returns the one that already exists. */
export async function seedSandboxAccount(deps: SimulatorDeps, platform: PlatformId, input: { handle: string; password?: string; displayName?: string }, makeId: () => string): Promise<SandboxAccount> {
  const handle = input.handle.trim().replace(/^@/, "").toLowerCase();
  const existing = await deps.store.get<{ accountId: string }>(platform, "handle", handle);
  if (existing) {
    const account = await deps.store.get<SandboxAccount>(platform, "account", existing.data.accountId);
    if (account) return account.data;
  }
  const account: SandboxAccount = {
    id: makeId(),
    handle,
    displayName: input.displayName ?? handle.split(".")[0] ?? handle,
    avatarUrl: `https://sandbox.chorus.invalid/avatars/${platform}/${encodeURIComponent(handle)}.png`,
    fault: null,
    ...(input.password !== undefined ? { password: input.password } : {}),
  };
  await deps.store.put(platform, "account", account.id, account, account.id);
  await deps.store.put(platform, "handle", handle, { accountId: account.id }, account.id);
  return account;
}

/**
 * Applies `slow` and `down` faults before a simulator handles a request for the account. A slow
 * request whose caller hangs up (`signal`, the request's own) stops waiting and is answered as
 * `down`: nobody reads the answer, and the simulator then writes nothing for it.
 */
export async function applyLatencyFaults(deps: SimulatorDeps, account: SandboxAccount, signal?: AbortSignal): Promise<"down" | null> {
  if (account.fault === "slow") await deps.sleep(account.delayMs ?? 3000, signal);
  return account.fault === "down" || signal?.aborted ? "down" : null;
}

/** Random digits, for networks whose ids are numeric strings (Graph API, X snowflakes). */
export function numericId(length = 17): string {
  const digits = crypto.getRandomValues(new Uint8Array(length));
  return [...digits].map((d, i) => (i === 0 ? (d % 9) + 1 : d % 10)).join("");
}
