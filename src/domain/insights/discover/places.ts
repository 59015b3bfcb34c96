import { ApiError } from "../../../infra/errors.js";
import type { NetworkPlace } from "../../../networks/facets/discover.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import { adapterFor, adapters } from "../../../networks/registry.js";
import type { DomainContext } from "../../core/index.js";
import { withAccountSession } from "../../accounts/index.js";
import { discoveryAccount } from "./profiles.js";

/**
 * GET /v1/discover/places: places to tag a post with, from the account's network. The id of a
 * place goes in `platformOptions.<network>.locationId` and works only on that network.
 */
export async function searchPlaces({
  ctx,
  input,
}: {
  ctx: DomainContext;
  input: { account: string; q?: string | undefined; latitude?: number | undefined; longitude?: number | undefined };
}): Promise<{ items: NetworkPlace[]; platform: PlatformId }> {
  if ((input.latitude === undefined) !== (input.longitude === undefined)) {
    const missing = input.latitude === undefined ? "latitude" : "longitude";
    throw new ApiError("field_required", { param: missing, message: "`latitude` and `longitude` go together.", fix: `Send \`${missing}\` too, or neither of them.` });
  }
  const q = input.q?.trim() || undefined;
  if (q === undefined && input.latitude === undefined) {
    throw new ApiError("field_required", {
      param: "q",
      message: "A place search needs `q`, or `latitude` and `longitude`.",
      fix: "Send `q` (a place name), or a point as `latitude` and `longitude`.",
    });
  }
  const row = await discoveryAccount(ctx, input.account);
  const platform = row.platform;
  const adapter = adapterFor(platform);
  const search = adapter.discover?.searchPlaces?.bind(adapter.discover);
  if (!search) {
    const able = Object.values(adapters)
      .filter((a) => a.discover?.searchPlaces)
      .map((a) => a.capabilities.name);
    const why = adapter.discover?.noPlaceSearch;
    throw new ApiError("place_search_unsupported", {
      param: "account",
      platform,
      message: why?.message ?? `${adapter.capabilities.name} has no place search.`,
      fix: `${why ? `${why.fix} ` : ""}Search places to tag with an account on ${able.join(", ")}; a place's id works only on the network it came from.`,
    });
  }
  const items = await withAccountSession(ctx, row, (tokens, net) => search(tokens, { q, latitude: input.latitude, longitude: input.longitude }, net));
  return { items, platform };
}
