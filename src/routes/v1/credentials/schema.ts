import * as v from "valibot";
import { isPlatformId, platformIds } from "../../../networks/registry.js";
import { named, namedBody } from "../../openapi-helpers.js";

const secretText = (max: number) => v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(max));

export const SaveCredentialsBody = namedBody(
  "SaveCredentialsRequest",
  v.strictObject({
    platform: v.pipe(v.picklist(platformIds), v.description("The network the app is registered with. Bluesky takes none: it connects with app passwords.")),
    clientId: v.pipe(secretText(512), v.description("Your app's client id (X client ID, TikTok client key, Meta app id, Google OAuth client id, …).")),
    clientSecret: v.pipe(secretText(1024), v.description("Your app's client secret. Write-only: stored encrypted and never returned.")),
    products: v.pipe(
      v.optional(v.pipe(v.array(v.picklist(["member", "organization"])), v.minLength(1), v.maxLength(2))),
      v.description(
        "LinkedIn only: the products your app has, `member` (Sign In with LinkedIn using OpenID Connect + Share on LinkedIn) and/or `organization` (Community Management API). Connections through this app offer one door per product and ask only for its permissions. Omitted: the server's CHORUS_LINKEDIN_PRODUCTS (default `member`). With a test key the simulated LinkedIn grants this app exactly these products.",
      ),
    ),
  }),
  { platform: "linkedin", clientId: "86abcdefgh1234", clientSecret: "WPL_AP1.example-secret" },
);

export const CredentialSchema = named(
  "Credential",
  v.object({
    platform: v.picklist(platformIds),
    clientId: v.string(),
    products: v.pipe(v.nullable(v.array(v.string())), v.description("The products the app was saved with (LinkedIn), or null for the server's setting.")),
    createdAt: v.pipe(v.string(), v.isoTimestamp()),
    updatedAt: v.pipe(v.string(), v.isoTimestamp(), v.description("When the credentials were last replaced.")),
  }),
  { platform: "linkedin", clientId: "86abcdefgh1234", products: ["member", "organization"], createdAt: "2026-11-24T09:00:00.000Z", updatedAt: "2026-11-24T09:00:00.000Z" },
);

export const CredentialListSchema = named(
  "CredentialList",
  v.object({
    items: v.array(CredentialSchema),
    cursor: v.pipe(v.null(), v.description("Always null: one entry per network at most.")),
  }),
);

export const DeleteCredentialsResultSchema = named("DeleteCredentialsResult", v.object({ platform: v.picklist(platformIds), deleted: v.literal(true) }), { platform: "linkedin", deleted: true });

/** An unknown network in the path is a 404 (`platform_unknown`), like any path that names nothing. */
export const PlatformParam = v.object({
  platform: v.pipe(v.string(), v.maxLength(32), v.guard(isPlatformId, "is not a network identifier"), v.description(`A network identifier: ${platformIds.join(", ")}.`)),
});
