/**
 * The networks Chorus knows. The list is src/networks/registry.ts's `adapters`: that file fills this
 * interface by module augmentation, one key per registered network, so adding a network is its
 * folder plus one registry line. The type lives here, in the base layer, because the database
 * columns (db/schema/) and infra/errors.ts are typed by it and the base layer imports nothing above
 * it (.dependency-cruiser.cjs); the run-time list (`platformIds`) is the registry's.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by src/networks/registry.ts
export interface RegisteredNetworks {}

export type PlatformId = keyof RegisteredNetworks & string;
