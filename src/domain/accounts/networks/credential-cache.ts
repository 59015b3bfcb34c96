import { and, eq } from "drizzle-orm";
import { appCredentials, socialAccounts } from "../../../db/schema/index.js";
import type { DomainContext } from "../../core/index.js";

export type CredentialRow = typeof appCredentials.$inferSelect;

interface KnownCredentials {
  /** Networks whose answer is already known (null: the workspace brought no app for it). */
  byPlatform: Map<string, CredentialRow | null>;
  /** Every credential of the workspace, read once when a network outside `byPlatform` is asked for. */
  all: Promise<Map<string, CredentialRow>> | null;
}

/**
 * The workspace's own app credentials, kept per domain context: a publish to ten networks asks
 * for them ten times in parallel, and one query answers all of them. A read that already joined
 * them to its accounts (`credentialsOfAccount`) leaves them here, so no query is spent at all.
 */
const byContext = new WeakMap<DomainContext, KnownCredentials>();

function knownFor(ctx: DomainContext): KnownCredentials {
  let known = byContext.get(ctx);
  if (!known) {
    known = { byPlatform: new Map(), all: null };
    byContext.set(ctx, known);
  }
  return known;
}

/** The workspace's own credential row for a network, or null when it brought none. */
export async function credentialRow(ctx: DomainContext, platform: string): Promise<CredentialRow | null> {
  const known = knownFor(ctx);
  const joined = known.byPlatform.get(platform);
  if (joined !== undefined) return joined;
  known.all ??= ctx.db
    .select()
    .from(appCredentials)
    .where(eq(appCredentials.workspaceId, ctx.workspace.id))
    .then((list) => new Map(list.map((row) => [row.platform, row])));
  return (await known.all).get(platform) ?? null;
}

/**
 * The join that brings each account's network credential along with the account, for a
 * `leftJoin(appCredentials, credentialsOfAccount)` on a query of `social_accounts`: the same
 * workspace (never another's app) and the same network.
 */
export const credentialsOfAccount = and(eq(appCredentials.workspaceId, socialAccounts.workspaceId), eq(appCredentials.platform, socialAccounts.platform));

/**
 * Keeps what a `credentialsOfAccount` join answered: for each account's network, its credential
 * or the knowledge that there is none (a left join's null). Networks of no account stay unknown.
 */
export function rememberCredentials(ctx: DomainContext, joined: readonly { platform: string; credential: CredentialRow | null }[]): void {
  const known = knownFor(ctx);
  for (const { platform, credential } of joined) known.byPlatform.set(platform, credential);
}
