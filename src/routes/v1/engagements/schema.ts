import * as v from "valibot";
import { engagementActions } from "../../../networks/facets/engage.js";
import { platformIds } from "../../../networks/registry.js";
import { named, namedBody } from "../../openapi-helpers.js";

export const EngagementBody = namedBody(
  "EngagementRequest",
  v.strictObject({
    account: v.pipe(v.string(), v.regex(/^acc_[A-Za-z0-9_-]{1,60}$/, "must be an `acc_` id"), v.description("`acc_…` of the account that acts.")),
    action: v.pipe(
      v.picklist(engagementActions),
      v.description(
        "What to do. `like`, `repost`, `bookmark` and `save` (Pinterest: save the pin to the account) act on a post; `follow`, `block` and `mute` on a person; each `un…` undoes its action. A network offers only some (GET /v1/platforms lists them as `engagements`); any other is refused with `action_unsupported` naming the ones it has.",
      ),
    ),
    target: v.pipe(
      v.string(),
      v.minLength(1, "must not be empty"),
      v.maxLength(2048),
      v.description(
        "For a post action: a Chorus `post_` id (its target on the acting account's network is used, or another account's on the same network), or the network's own post id or URL (X: `1234…` or `https://x.com/<user>/status/1234…`; Bluesky: an `at://` URI or `https://bsky.app/profile/<handle>/post/<rkey>`; YouTube: a video id or watch URL; Pinterest: a pin id or URL `https://www.pinterest.com/pin/<id>/`; LinkedIn: a post URN `urn:li:share:…`/`urn:li:ugcPost:…` or a post URL whose address holds one; Threads: a media id). For a person action: a handle (with or without `@`), a profile URL, or the network's user id (X numeric id, Bluesky DID, YouTube channel id `UC…`).",
      ),
    ),
    options: v.optional(
      v.pipe(
        v.strictObject({
          board: v.optional(
            v.pipe(
              v.string(),
              v.regex(/^[0-9]{1,24}$/, "must be a Pinterest board id (digits)"),
              v.description(
                "Pinterest `save`: the board the pin is saved to, one of the account's boards (GET /v1/social-accounts/{id}/targets lists them). Required for `save`: Pinterest saves into a board.",
              ),
            ),
          ),
          actor: v.optional(
            v.pipe(
              v.string(),
              v.regex(/^urn:li:organization:[0-9]{1,20}$/, "must be a LinkedIn organisation URN (urn:li:organization:<id>)"),
              v.description("LinkedIn `like`, `unlike` and `repost`: act as this page the member manages (its URN, as GET /v1/social-accounts/{id}/targets lists it) instead of as the member."),
            ),
          ),
        }),
        v.description("Extra settings a few actions take. Sent to an action that does not take them, they are refused with 400 `field_invalid` naming the option, never ignored."),
      ),
    ),
  }),
  { account: "acc_7Hq2xWm9Lr4Tb8Zc", action: "like", target: "https://bsky.app/profile/alice.bsky.social/post/3lbyzq2v7a22k" },
);

export const EngagementResultSchema = named(
  "Engagement",
  v.object({
    account: v.pipe(v.string(), v.description("`acc_…` that acted.")),
    platform: v.picklist(platformIds),
    action: v.picklist(engagementActions),
    target: v.pipe(
      v.object({
        networkId: v.pipe(v.string(), v.description("The post's or person's id on the network (an `at://` URI or a DID on Bluesky).")),
        url: v.pipe(v.nullable(v.string()), v.description("Where it is on the network, when it has a web address.")),
      }),
      v.description("What the network acted on."),
    ),
    ok: v.pipe(v.literal(true), v.description("The state now is what the action asked for. Repeating an action is fine: liking twice leaves one like and answers the same.")),
  }),
  {
    account: "acc_7Hq2xWm9Lr4Tb8Zc",
    platform: "bluesky",
    action: "like",
    target: { networkId: "at://did:plc:ewvi7nxzyoun6zhxrhs64oiz/app.bsky.feed.post/3lbyzq2v7a22k", url: "https://bsky.app/profile/alice.bsky.social/post/3lbyzq2v7a22k" },
    ok: true,
  },
);
