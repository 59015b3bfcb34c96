import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import { callNetwork } from "../http.js";
import type { NetworkAdapter, NetworkContext, NetworkIdentity, PublishDestination, TokenSet } from "../types.js";
import { createLinkedinAnalytics } from "./analytics.js";
import { linkedinCapabilities, linkedinOrganizationReadScopes, linkedinPostingRoles, linkedinUrls } from "./capabilities.js";
import { linkedinDiscover } from "./discover.js";
import { linkedinEngage } from "./engage.js";
import { linkedinErrorTable } from "./errors.js";
import { linkedinRestHeaders } from "./rest-headers.js";
import { linkedinMember } from "./member.js";
import { linkedinAuthorizeUrl, linkedinConnectVariants, linkedinExchangeCode, linkedinRefresh, linkedinRevoke } from "./connect.js";
import { checkLinkedinPost, deleteLinkedinPost, findLinkedinPost, publishLinkedinPost } from "./publish.js";
import { createLinkedinAccountReads } from "./account-reads.js";
import { createLinkedinInbox } from "./inbox.js";
import { linkedinRules } from "./rules.js";
import { commentOnLinkedinPost } from "./first-comment.js";
import { linkedinEdit } from "./edit.js";

const AclPage = v.object({
  elements: v.array(v.object({ organization: v.string(), role: v.optional(v.string()), state: v.optional(v.string()) })),
  paging: v.optional(v.object({ start: v.optional(v.number()), count: v.optional(v.number()), total: v.optional(v.number()) })),
});

const OrganizationBatch = v.object({
  results: v.record(v.string(), v.object({ id: v.optional(v.number()), localizedName: v.optional(v.string()), vanityName: v.optional(v.string()) })),
});

const ACL_PAGE_SIZE = 100;
const MAX_ACL_PAGES = 10;
/** Ids per BATCH_GET, to keep the URL short. */
const BATCH_SIZE = 50;

function parse<T extends v.GenericSchema>(schema: T, body: unknown, what: string): v.InferOutput<T> {
  const result = v.safeParse(schema, body);
  if (!result.success) throw new ApiError("platform_unavailable", { platform: "linkedin", message: `linkedin: unexpected ${what} answer.` });
  return result.output;
}

/** The member behind the token (OpenID userinfo, or /v2/me for Community Management connections). */
function identity(tokens: TokenSet, net: NetworkContext): Promise<NetworkIdentity> {
  return linkedinMember(tokens, net, linkedinErrorTable);
}

const postingRoles: readonly string[] = linkedinPostingRoles;

/**
 * The organisations the member may post for, with their role: every APPROVED role assignment
 * (the roleAssignee finder, unfiltered by role) whose role may post. Asking LinkedIn for
 * ADMINISTRATOR only would hide pages where the member is a content admin or DSC poster.
 */
async function postingOrganizations(tokens: TokenSet, net: NetworkContext): Promise<Map<string, string>> {
  const roles = new Map<string, string>();
  for (let page = 0; page < MAX_ACL_PAGES; page++) {
    const url = new URL(`${linkedinUrls.rest}/organizationAcls`);
    url.searchParams.set("q", "roleAssignee");
    url.searchParams.set("state", "APPROVED");
    url.searchParams.set("start", String(page * ACL_PAGE_SIZE));
    url.searchParams.set("count", String(ACL_PAGE_SIZE));
    const response = await callNetwork(net, linkedinErrorTable, url.toString(), { headers: linkedinRestHeaders(tokens, net) });
    const acls = parse(AclPage, response.body, "organizationAcls");
    for (const acl of acls.elements) {
      const id = /^urn:li:organization:(\d+)$/.exec(acl.organization)?.[1];
      if (!id || roles.has(id) || (acl.state ?? "APPROVED") !== "APPROVED" || !acl.role || !postingRoles.includes(acl.role)) continue;
      roles.set(id, acl.role);
    }
    const total = acls.paging?.total;
    const seen = page * ACL_PAGE_SIZE + acls.elements.length;
    if (acls.elements.length < ACL_PAGE_SIZE || (total !== undefined && seen >= total)) break;
  }
  return roles;
}

/**
 * Company pages the member may post for (see postingOrganizations), named by BATCH_GETs on
 * organizations. A connection without the Community Management scopes cannot read roles at all,
 * so it simply has no organisation targets.
 */
async function targets(tokens: TokenSet, net: NetworkContext): Promise<PublishDestination[]> {
  if (tokens.scopes.length > 0 && !tokens.scopes.some((s) => linkedinOrganizationReadScopes.includes(s))) return [];
  const roles = await postingOrganizations(tokens, net);
  const ids = [...roles.keys()];
  const found: PublishDestination[] = [];
  for (let i = 0; i < ids.length; i += BATCH_SIZE) {
    const chunk = ids.slice(i, i + BATCH_SIZE);
    // Rest.li 2.0 list syntax: the parentheses and commas must reach LinkedIn unencoded.
    const url = `${linkedinUrls.rest}/organizations?ids=List(${chunk.join(",")})`;
    const response = await callNetwork(net, linkedinErrorTable, url, { headers: linkedinRestHeaders(tokens, net) });
    const batch = parse(OrganizationBatch, response.body, "organizations");
    for (const id of chunk) {
      const organization = batch.results[id];
      if (!organization) continue;
      const vanityName = organization.vanityName ?? null;
      found.push({
        id: `urn:li:organization:${id}`,
        name: organization.localizedName ?? `Organization ${id}`,
        kind: "organization",
        details: { vanityName, url: vanityName ? `${linkedinUrls.companyPage}${vanityName}` : null, role: roles.get(id) ?? null },
      });
    }
  }
  return found;
}

export const linkedinAdapter: NetworkAdapter = {
  platform: "linkedin",
  capabilities: linkedinCapabilities,
  rules: linkedinRules,
  hosts: ["www.linkedin.com", "api.linkedin.com"],
  connectVariants: linkedinConnectVariants,
  authorizeUrl: linkedinAuthorizeUrl,
  exchangeCode: linkedinExchangeCode,
  refresh: linkedinRefresh,
  revoke: linkedinRevoke,
  identity,
  targets,
  publish: publishLinkedinPost,
  commentOnPost: commentOnLinkedinPost,
  checkPublish: checkLinkedinPost,
  findPublished: findLinkedinPost,
  deletePost: deleteLinkedinPost,
  edit: linkedinEdit,
  accountReads: createLinkedinAccountReads(targets),
  analytics: createLinkedinAnalytics(targets),
  engage: linkedinEngage,
  inbox: createLinkedinInbox(targets),
  discover: linkedinDiscover,
};
