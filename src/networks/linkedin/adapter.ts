import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import { callNetwork } from "../http.js";
import type { NetworkAdapter, NetworkContext, NetworkIdentity, PublishDestination, TokenSet } from "../types.js";
import { linkedinCapabilities, linkedinOrganizationReadScopes, linkedinUrls } from "./capabilities.js";
import { linkedinErrorTable } from "./errors.js";
import { linkedinRestHeaders } from "./rest-headers.js";
import { linkedinAuthorizeUrl, linkedinExchangeCode, linkedinRefresh, linkedinRevoke } from "./oauth.js";
import { checkLinkedinPost, deleteLinkedinPost, findLinkedinPost, publishLinkedinPost } from "./publish.js";

const UserInfo = v.object({
  sub: v.string(),
  name: v.optional(v.string()),
  email: v.optional(v.string()),
  picture: v.optional(v.string()),
});

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

/** OpenID userinfo: `sub` is the member id of `urn:li:person:{sub}`; members have no public handle here. */
async function identity(tokens: TokenSet, net: NetworkContext): Promise<NetworkIdentity> {
  const response = await callNetwork(net, linkedinErrorTable, linkedinUrls.userinfo, {
    headers: { authorization: `Bearer ${tokens.accessToken}`, accept: "application/json" },
  });
  const user = parse(UserInfo, response.body, "userinfo");
  return { networkUserId: user.sub, handle: user.email ?? user.sub, displayName: user.name ?? null, avatarUrl: user.picture ?? null };
}

async function administeredOrganizationIds(tokens: TokenSet, net: NetworkContext): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 0; page < MAX_ACL_PAGES; page++) {
    const url = new URL(`${linkedinUrls.rest}/organizationAcls`);
    url.searchParams.set("q", "roleAssignee");
    url.searchParams.set("role", "ADMINISTRATOR");
    url.searchParams.set("state", "APPROVED");
    url.searchParams.set("start", String(page * ACL_PAGE_SIZE));
    url.searchParams.set("count", String(ACL_PAGE_SIZE));
    const response = await callNetwork(net, linkedinErrorTable, url.toString(), { headers: linkedinRestHeaders(tokens, net) });
    const acls = parse(AclPage, response.body, "organizationAcls");
    for (const acl of acls.elements) {
      const id = /^urn:li:organization:(\d+)$/.exec(acl.organization)?.[1];
      if (id && !ids.includes(id)) ids.push(id);
    }
    const total = acls.paging?.total;
    const seen = page * ACL_PAGE_SIZE + acls.elements.length;
    if (acls.elements.length < ACL_PAGE_SIZE || (total !== undefined && seen >= total)) break;
  }
  return ids;
}

/**
 * Company pages the member may post for: organisations where they are an APPROVED
 * ADMINISTRATOR (organizationAcls), named by one BATCH_GET on organizations. An app without the
 * Community Management scopes cannot read roles at all, so it simply has no organisation targets.
 */
async function targets(tokens: TokenSet, net: NetworkContext): Promise<PublishDestination[]> {
  if (tokens.scopes.length > 0 && !tokens.scopes.some((s) => linkedinOrganizationReadScopes.includes(s))) return [];
  const ids = await administeredOrganizationIds(tokens, net);
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
        details: { vanityName, url: vanityName ? `${linkedinUrls.companyPage}${vanityName}` : null, role: "ADMINISTRATOR" },
      });
    }
  }
  return found;
}

export const linkedinAdapter: NetworkAdapter = {
  platform: "linkedin",
  capabilities: linkedinCapabilities,
  hosts: ["www.linkedin.com", "api.linkedin.com"],
  authorizeUrl: linkedinAuthorizeUrl,
  exchangeCode: linkedinExchangeCode,
  refresh: linkedinRefresh,
  revoke: linkedinRevoke,
  identity,
  targets,
  publish: publishLinkedinPost,
  checkPublish: checkLinkedinPost,
  findPublished: findLinkedinPost,
  deletePost: deleteLinkedinPost,
};
