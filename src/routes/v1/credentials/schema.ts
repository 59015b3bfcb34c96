import * as v from "valibot";
import { isPlatformId, platformIds } from "../../../networks/platform-ids.js";

const secretText = (max: number) => v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(max));

export const SaveCredentialsBody = v.strictObject({
  platform: v.pipe(v.picklist(platformIds), v.description("The network the app is registered with. Bluesky takes none: it connects with app passwords.")),
  clientId: v.pipe(secretText(512), v.description("Your app's client id (X client ID, TikTok client key, Meta app id, Google OAuth client id, …).")),
  clientSecret: v.pipe(secretText(1024), v.description("Your app's client secret. Write-only: stored encrypted and never returned.")),
});

export const CredentialSchema = v.object({
  platform: v.picklist(platformIds),
  clientId: v.string(),
  createdAt: v.pipe(v.string(), v.isoTimestamp()),
  updatedAt: v.pipe(v.string(), v.isoTimestamp(), v.description("When the credentials were last replaced.")),
});

export const CredentialListSchema = v.object({
  items: v.array(CredentialSchema),
  cursor: v.pipe(v.null(), v.description("Always null: one entry per network at most.")),
});

/** An unknown network in the path is a 404 (`platform_unknown`), like any path that names nothing. */
export const PlatformParam = v.object({
  platform: v.pipe(v.string(), v.maxLength(32), v.guard(isPlatformId, "is not a network identifier"), v.description(`A network identifier: ${platformIds.join(", ")}.`)),
});
