import type { DiscoverFacet } from "../../src/networks/facets/discover.js";
import type { NetworkAdapter } from "../../src/networks/types.js";

/** The discover facet's method `name` of `adapter`, checked once instead of `?.` at every call. */
export function discoverMethod<K extends keyof DiscoverFacet>(adapter: NetworkAdapter, name: K): NonNullable<DiscoverFacet[K]> {
  const method = adapter.discover?.[name];
  if (method === undefined) throw new Error(`the ${adapter.platform} adapter's discover facet must implement ${String(name)}`);
  return method as NonNullable<DiscoverFacet[K]>;
}
