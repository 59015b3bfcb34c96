import { ApiError } from "../../infra/errors.js";
import { adapterFor } from "../../networks/registry.js";
import type { SocialAccountRow } from "../social-accounts/account-view.js";

/**
 * Why creator search would be refused on this account, or null when it works. The account's
 * `discovers.creators` and GET /v1/discover/creators both ask this, so the account says
 * beforehand what the search would answer.
 */
export function creatorSearchRefusal(row: Pick<SocialAccountRow, "platform" | "connectVariant">): ApiError | null {
  const platform = row.platform;
  const adapter = adapterFor(platform);
  const discover = adapter.discover;
  const name = adapter.capabilities.name;
  if (discover?.searchCreators) {
    if (discover.creatorsNeedDoor && row.connectVariant !== discover.creatorsNeedDoor) {
      return new ApiError("photo_page_door_required", {
        param: "account",
        platform,
        message: `${name}'s creator marketplace answers only accounts connected through ${discover.creatorsNeedDoor}; this one came through ${row.connectVariant ?? "another door"}.`,
      });
    }
    return null;
  }
  if (discover?.creatorMarketplace === "unpublished") {
    return new ApiError("creator_marketplace_unavailable", {
      param: "account",
      platform,
      message: discover.noCreatorSearch?.message ?? `${name} has a creator marketplace, but has not published an API edge to search it.`,
      ...(discover.noCreatorSearch ? { fix: discover.noCreatorSearch.fix } : {}),
    });
  }
  return new ApiError("creator_search_unsupported", { param: "account", platform, message: `${name} has no creator marketplace.` });
}
