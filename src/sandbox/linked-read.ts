import type { RecordLink, SandboxRecord } from "./types.js";

/** What every store's `getLinked` refuses: the three records must be of different kinds, or one read could answer for two. */
export function assertLinkKinds(kind: string, link: RecordLink): void {
  if (link.kind === kind || link.alongside === kind || link.alongside === link.kind) throw new Error("getLinked: three records of different kinds");
}

/** The id a record names in `field` (a token's `accountId`); undefined when it names none. */
export function linkedId(record: SandboxRecord<unknown> | null, field: string): string | undefined {
  const data = record?.data;
  if (typeof data !== "object" || data === null) return undefined;
  const value = (data as Record<string, unknown>)[field];
  return typeof value === "string" ? value : undefined;
}
