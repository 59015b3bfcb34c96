import { ApiError } from "../../../infra/errors.js";
import type { NetworkCreator } from "../../../networks/facets/discover.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import { adapterFor } from "../../../networks/registry.js";
import type { DomainContext } from "../../core/index.js";
import { withAccountSession } from "../../accounts/index.js";
import { creatorSearchRefusal } from "../../accounts/index.js";
import { decodeDiscoveryCursor, encodeDiscoveryCursor } from "./single-cursor.js";
import { discoveryAccount } from "./profiles.js";

export type Creator = Omit<NetworkCreator, "portfolioUrl"> & { portfolioUrl: string | null; platforms: PlatformId[] };

/**
 * GET /v1/discover/creators: the creator marketplace of the account's network. Refused before
 * any call where the account's `discovers.creators` is false, with the code that says why.
 * Test data (the sandbox, or an app whose marketplace access is still standard) is `sample: true`
 * and never carries a portfolio link, so nobody reaches out to a made-up person.
 */
export async function searchCreators({
  ctx,
  input,
}: {
  ctx: DomainContext;
  input: { account: string; q?: string | undefined; countries?: string | undefined; limit: number; cursor?: string | undefined };
}): Promise<{ items: Creator[]; cursor: string | null; platform: PlatformId }> {
  const row = await discoveryAccount(ctx, input.account);
  const platform = row.platform;
  const refusal = creatorSearchRefusal(row);
  if (refusal) throw refusal;
  const discover = adapterFor(platform).discover;
  const search = discover?.searchCreators?.bind(discover);
  if (!search) throw new ApiError("creator_search_unsupported", { param: "account", platform });
  const countries = (input.countries ?? "")
    .split(",")
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);
  const bad = countries.find((c) => !/^[A-Z]{2}$/.test(c));
  if (bad !== undefined)
    throw new ApiError("field_invalid", { param: "countries", message: `${bad} is not a two-letter country code.`, fix: "Send ISO 3166-1 alpha-2 codes separated by commas, such as US,GB,DE." });
  const scope = { list: `discover-creators ${JSON.stringify([input.q ?? "", countries])}`, account: row.id };
  const networkCursor = input.cursor !== undefined ? await decodeDiscoveryCursor(ctx, scope, input.cursor) : null;
  const page = await withAccountSession(ctx, row, (tokens, net) => search(tokens, { q: input.q, countries, limit: input.limit, cursor: networkCursor }, { networkUserId: row.networkUserId }, net));
  const items = page.items.map((creator): Creator => {
    // Everything a simulated network returns is test data, whatever the adapter read.
    const sample = creator.sample || row.mode === "test";
    return { ...creator, sample, portfolioUrl: sample ? null : creator.portfolioUrl, platforms: [platform] };
  });
  return { items, cursor: page.cursor ? await encodeDiscoveryCursor(ctx, scope, page.cursor) : null, platform };
}
