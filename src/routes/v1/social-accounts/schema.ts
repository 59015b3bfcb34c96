import * as v from "valibot";
import { platformIds } from "../../../networks/registry.js";
import { cursorQuery, limitQuery, named, namedBody } from "../../openapi-helpers.js";

export const SocialAccountSchema = named(
  "SocialAccount",
  v.object({
    id: v.pipe(v.string(), v.description("`acc_…`")),
    platform: v.picklist(platformIds),
    handle: v.string(),
    displayName: v.nullable(v.string()),
    avatarUrl: v.nullable(v.string()),
    profileId: v.pipe(v.nullable(v.string()), v.description("Owning profile (`prf_…`), or null.")),
    status: v.pipe(
      v.picklist(["active", "needs_reauth", "disconnected"]),
      v.description(
        "`active`: usable. `needs_reauth`: the connection expired or was revoked and could not be renewed; calls fail with `needs_reauth` until the account is connected again. `disconnected`: removed with DELETE.",
      ),
    ),
    mode: v.pipe(v.picklist(["test", "live"]), v.description("`test` accounts live on the sandbox networks; test keys see only test accounts, live keys only live ones.")),
    connectedAt: v.pipe(v.string(), v.isoTimestamp()),
    tokenExpiresAt: v.pipe(v.nullable(v.string()), v.description("When the current access token expires; Chorus refreshes it before then.")),
    connectVariant: v.pipe(
      v.nullable(v.picklist(["facebook_login", "instagram_login", "member", "organization"])),
      v.description("The door the account came through: Instagram `facebook_login` or `instagram_login`, LinkedIn `member` or `organization`; null on other networks."),
    ),
    discovers: v.object({ creators: v.pipe(v.boolean(), v.description("Whether creator search works on this account.")) }),
    blocked: v.pipe(v.nullable(v.object({ reason: v.string(), since: v.string() })), v.description("Why the account cannot publish (e.g. the plan excludes the network), or null.")),
  }),
  {
    id: "acc_7Hq2xWm9Lr4Tb8Zc",
    platform: "bluesky",
    handle: "ada.bsky.social",
    displayName: "Ada Lovelace",
    avatarUrl: null,
    profileId: "prf_Vb3kQ9sLw2Xe7Nd1",
    status: "active",
    mode: "test",
    connectedAt: "2026-11-24T09:00:00.000Z",
    tokenExpiresAt: "2026-11-24T11:00:00.000Z",
    connectVariant: null,
    discovers: { creators: false },
    blocked: null,
  },
);

export const ConnectBody = namedBody(
  "ConnectAccountRequest",
  v.strictObject({
    platform: v.pipe(v.picklist(platformIds), v.description("The network to connect.")),
    profile: v.pipe(v.optional(v.string()), v.description("Username of the profile that will own the account.")),
    handle: v.pipe(v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(255))), v.description("Bluesky: the handle to log in as. Test keys: the sandbox account to connect on any network.")),
    appPassword: v.pipe(
      v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(255))),
      v.description("Bluesky: an app password (Settings > Privacy and security > App passwords). Never the main password."),
    ),
    variant: v.pipe(
      v.optional(v.picklist(["facebook_login", "instagram_login", "member", "organization"])),
      v.description("Instagram: which door to connect through (default `instagram_login`). LinkedIn: `member` or `organization`, among the products the app has (default the most capable)."),
    ),
  }),
  { platform: "bluesky", handle: "ada.bsky.social", appPassword: "abcd-efgh-ijkl-mnop", profile: "ada" },
);

export const SocialAccountListSchema = named("SocialAccountList", v.object({ accounts: v.array(SocialAccountSchema), nextCursor: v.nullable(v.string()) }));

export const DisconnectResultSchema = named(
  "DisconnectResult",
  v.object({ id: v.string(), disconnected: v.literal(true), revoked: v.pipe(v.boolean(), v.description("Whether the network confirmed the revocation.")) }),
  { id: "acc_7Hq2xWm9Lr4Tb8Zc", disconnected: true, revoked: true },
);

export const ListAccountsQuery = v.strictObject({
  profile: v.pipe(v.optional(v.string()), v.description("Only accounts owned by this profile (username).")),
  limit: limitQuery(),
  cursor: cursorQuery,
});

export const AccountIdParam = v.object({ id: v.pipe(v.string(), v.maxLength(64), v.description("`acc_…`")) });
