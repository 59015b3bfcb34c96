import * as v from "valibot";
import type { ErrorTable } from "../http.js";
import type { AdAccount, NetworkContext } from "../types.js";
import { facebookUrls } from "./facebook-graph.js";
import { graphCollect, graphUrl } from "./graph.js";

const AdAccountSchema = v.object({
  id: v.string(),
  name: v.optional(v.string()),
  currency: v.optional(v.string()),
  account_status: v.optional(v.number()),
});

/** Marketing API `account_status` values. */
const adAccountStatuses: Record<number, string> = {
  1: "active",
  2: "disabled",
  3: "unsettled",
  7: "pending_risk_review",
  8: "pending_settlement",
  9: "in_grace_period",
  100: "pending_closure",
  101: "closed",
  201: "any_active",
  202: "any_closed",
};

/**
 * `GET /me/adaccounts` (User -> adaccounts edge, `ads_read`): the ad accounts the person can use.
 * Shared by Facebook Pages and Instagram's Facebook-login door, which hold the same user token.
 */
export async function listAdAccounts(net: NetworkContext, table: ErrorTable, version: string, accessToken: string): Promise<AdAccount[]> {
  const url = graphUrl(facebookUrls.graph, version, "me/adaccounts", {
    fields: "id,name,currency,account_status",
    limit: "100",
    access_token: accessToken,
  });
  const accounts = await graphCollect(net, table, url, AdAccountSchema);
  return accounts.map((account) => ({
    id: account.id,
    name: account.name ?? account.id,
    currency: account.currency ?? null,
    status: account.account_status === undefined ? null : (adAccountStatuses[account.account_status] ?? String(account.account_status)),
  }));
}
