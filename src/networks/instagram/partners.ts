import * as v from "valibot";
import { graphCollect, graphRequest, graphUrl } from "../meta/graph.js";
import type { BrandedPartner, NetworkContext, TokenSet } from "../types.js";
import { instagramUrls } from "./capabilities.js";
import { instagramErrorTable as table } from "./errors.js";
import { igVersion } from "./connect.js";

const AdPermissionSchema = v.object({
  creator_id: v.optional(v.union([v.string(), v.number()])),
  creator_username: v.optional(v.string()),
  permission_status: v.optional(v.string()),
});

const TagApprovalSchema = v.object({ data: v.array(v.object({ id: v.union([v.string(), v.number()]) })) });

/** `user_ids` takes at most 100 ids per request. */
const chunk = <T>(items: T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * Branded partners of a brand account (Facebook-login door only), from two edges:
 * - `/{ig-user-id}/branded_content_ad_permissions` lists account-level partnership-ad permissions
 *   (APPROVED, PENDING, REVOKED). An APPROVED one lets the brand run the creator's posts as ads
 *   and lets the creator tag the brand: a partner with `canPromote: true`.
 * - `/{ig-user-id}/branded_content_tag_approval?user_ids=` says which of those creators are on the
 *   brand's tagging allowlist. The edge cannot list the allowlist, only check ids, so a creator on
 *   it without an approved ad permission (tag only) is a partner with `canPromote: false`.
 * Revoked permissions and pending creators not on the allowlist are not partners.
 */
export async function brandedPartners(net: NetworkContext, tokens: TokenSet, igUserId: string): Promise<BrandedPartner[]> {
  const version = igVersion(net);
  const permissionsUrl = graphUrl(instagramUrls.facebookGraph, version, `${igUserId}/branded_content_ad_permissions`, {
    limit: "100",
    access_token: tokens.accessToken,
  });
  const permissions = await graphCollect(net, table, permissionsUrl, AdPermissionSchema);
  const creators = new Map<string, { handle: string; approved: boolean }>();
  for (const p of permissions) {
    if (p.creator_id === undefined || p.permission_status === "REVOKED") continue;
    const id = String(p.creator_id);
    const approved = p.permission_status === "APPROVED" || creators.get(id)?.approved === true;
    creators.set(id, { handle: p.creator_username ?? id, approved });
  }
  const tagged = new Set<string>();
  for (const ids of chunk([...creators.keys()], 100)) {
    const url = graphUrl(instagramUrls.facebookGraph, version, `${igUserId}/branded_content_tag_approval`, {
      user_ids: ids.join(","),
      access_token: tokens.accessToken,
    });
    const body = await graphRequest(net, table, url, TagApprovalSchema);
    for (const row of body.data) tagged.add(String(row.id));
  }
  return [...creators.entries()].filter(([id, c]) => c.approved || tagged.has(id)).map(([id, c]) => ({ id, handle: c.handle, canPromote: c.approved }));
}
