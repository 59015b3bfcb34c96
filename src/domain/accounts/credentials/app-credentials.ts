import { and, asc, eq, sql } from "drizzle-orm";
import { appCredentials } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import { newId } from "../../../infra/ids.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import { adapterFor } from "../../../networks/registry.js";
import { recordAuditEvent } from "../../core/index.js";
import type { DomainContext } from "../../core/index.js";
import { sandboxRuntime } from "../sandbox/sandbox-runtime.js";

async function registerSandboxApp(ctx: DomainContext, platform: PlatformId, clientId: string, products: string[]): Promise<void> {
  const sandbox = await sandboxRuntime(ctx.db, { workspaceId: ctx.workspace.id, now: () => ctx.clock.now(), publicUrl: ctx.services.publicUrl, networks: ctx.services.networks });
  await sandbox.simulator(platform).registerApp?.({ clientId, products });
}

export interface CredentialView {
  platform: string;
  clientId: string;
  products: string[] | null;
  createdAt: string;
  updatedAt: string;
}

/** The secret is bound to its row: network-context.ts decrypts with exactly this context. */
const secretContext = (rowId: string) => ({ table: "app_credentials", rowId, column: "client_secret" });

const toView = (row: { platform: string; clientId: string; products: string[] | null; createdAt: Date; updatedAt: Date }): CredentialView => ({
  platform: row.platform,
  clientId: row.clientId,
  products: row.products,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export interface SaveCredentialsInput {
  platform: PlatformId;
  clientId: string;
  clientSecret: string;
  /** The network products the app has, for networks whose doors depend on them (LinkedIn). */
  products?: string[] | undefined;
}

/** The products, checked against the network's: only networks with product-gated doors take them. */
function checkedProducts(platform: PlatformId, products: string[] | undefined): string[] | null {
  if (products === undefined) return null;
  const adapter = adapterFor(platform);
  const known = adapter.connectVariants ? adapter.capabilities.connect.variants : [];
  const unknown = products.filter((p) => !known.includes(p));
  if (unknown.length > 0) {
    throw new ApiError("field_invalid", {
      param: "products",
      platform,
      message: known.length > 0 ? `${adapter.capabilities.name} apps have no product ${unknown.join(", ")}.` : `${adapter.capabilities.name} apps have no products to state.`,
      fix: known.length > 0 ? `Use ${known.join(", ")}.` : "Send the credentials without `products`.",
    });
  }
  return [...new Set(products)];
}

/**
 * POST /v1/credentials: one app per network and workspace; sending a network again replaces it.
 * The write is a single upsert that also moves the row to the new id the secret was encrypted
 * for, so two concurrent saves can never leave a secret bound to an id its row does not have
 * (which would make it undecryptable). The row id is internal; the API names rows by platform.
 */
export async function saveCredentials({ ctx, input }: { ctx: DomainContext; input: SaveCredentialsInput }): Promise<{ credential: CredentialView; created: boolean }> {
  if (adapterFor(input.platform).capabilities.connect.method !== "oauth2") {
    throw new ApiError("field_invalid", {
      param: "platform",
      platform: input.platform,
      message: `${input.platform} connects with an app password, not an OAuth app, so it takes no app credentials.`,
      fix: "Connect it with POST /v1/social-accounts/connect and the account's handle and app password.",
    });
  }
  const products = checkedProducts(input.platform, input.products);
  const now = ctx.clock.now();
  const id = newId("cred");
  const secret = await ctx.services.cipher.encrypt(input.clientSecret, secretContext(id));
  const saved = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(appCredentials)
      .values({ id, workspaceId: ctx.workspace.id, platform: input.platform, clientId: input.clientId, clientSecretEncrypted: secret, products, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [appCredentials.workspaceId, appCredentials.platform],
        set: { id, clientId: input.clientId, clientSecretEncrypted: secret, products, updatedAt: now },
      })
      // Postgres sets xmax to 0 on a freshly inserted row version and to the locker's id on an
      // upserted one: the only race-free way to tell "created" from "replaced" in one statement.
      .returning({
        platform: appCredentials.platform,
        clientId: appCredentials.clientId,
        products: appCredentials.products,
        createdAt: appCredentials.createdAt,
        updatedAt: appCredentials.updatedAt,
        inserted: sql<boolean>`(xmax = 0)`,
      });
    if (!row) throw new Error("app credentials were not saved");
    await recordAuditEvent(tx, {
      workspaceId: ctx.workspace.id,
      type: "credentials.changed",
      actor: ctx.apiKey.id,
      details: { platform: input.platform, clientId: input.clientId, action: row.inserted ? "created" : "replaced" },
      at: now,
    });
    return { credential: toView(row), created: row.inserted };
  });
  // After the commit (the embedded database has one connection): the simulated network learns the
  // app's products, so test connections through it behave like the real app's.
  if (products) await registerSandboxApp(ctx, input.platform, input.clientId, products);
  return saved;
}

/** GET /v1/credentials: which networks use the workspace's own app. The secret never leaves. */
export async function listCredentials({ ctx }: { ctx: DomainContext }): Promise<{ items: CredentialView[]; cursor: null }> {
  const rows = await ctx.db.select().from(appCredentials).where(eq(appCredentials.workspaceId, ctx.workspace.id)).orderBy(asc(appCredentials.platform));
  return { items: rows.map(toView), cursor: null };
}

/**
 * DELETE /v1/credentials/{platform}. New connections use the deployment's app again. Accounts
 * connected through the deleted app keep their tokens, but networks renew tokens only for the app
 * that issued them, so those accounts turn `needs_reauth` when their tokens next need renewing.
 */
export async function deleteCredentials({ ctx, input }: { ctx: DomainContext; input: { platform: PlatformId } }): Promise<{ platform: PlatformId; deleted: true }> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(appCredentials)
      .where(and(eq(appCredentials.workspaceId, ctx.workspace.id), eq(appCredentials.platform, input.platform)))
      .returning({ clientId: appCredentials.clientId });
    if (!row) {
      throw new ApiError("resource_not_found", {
        param: "platform",
        platform: input.platform,
        message: `This workspace has no ${input.platform} app credentials.`,
        fix: "GET /v1/credentials lists the networks that have them.",
      });
    }
    await recordAuditEvent(tx, {
      workspaceId: ctx.workspace.id,
      type: "credentials.changed",
      actor: ctx.apiKey.id,
      details: { platform: input.platform, clientId: row.clientId, action: "deleted" },
      at: ctx.clock.now(),
    });
    return { platform: input.platform, deleted: true };
  });
}
