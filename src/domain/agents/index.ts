// The agents module's public face: the only file of src/domain/agents/ that other modules and
// layers import. Written by scripts/module-faces.mjs from what they use; re-run it after a change.
export { loadActingAgent } from "./acting-agent.js";
export { assertSourcesAllowed, chargeAgentAllowance, forgetAgents, refundAgentCharges } from "./agent-spend.js";
export { approveAgent } from "./approve-agent.js";
export { authenticateAgentToken, isAgentToken } from "./authenticate-agent.js";
export { checkAuthorizationRequest, RedirectedRefusal, redirectWith, resourceOf, UnredirectableRequest } from "./authorization-request.js";
export type { AuthorizationRequest } from "./authorization-request.js";
export { isMetadataDocumentClientId } from "./client-metadata-document.js";
export { assertAccountsInGrant, assertAgentMay, assertPlatformsInGrant, withinGrant } from "./grant-checks.js";
export { accountsWithinGrant, eventsWithinGrant, mediaWithinGrant, postsWithinGrant } from "./grant-sql.js";
export { actionLabels, agentActions, assertActionGranted, assertGrantCurrent, MAX_CREDITS_PER_DAY } from "./grant.js";
export type { AgentGrant, RequiredAction } from "./grant.js";
export { listAgents, revokeAgent, spentOn, updateAgent } from "./manage-agents.js";
export type { AgentView } from "./manage-agents.js";
export { authenticateClient, presentedClient, registerClient } from "./oauth-clients.js";
export { OAuthError } from "./oauth-error.js";
export { authorizationServerMetadata, protectedResourceMetadata, protectedResourceMetadataUrl } from "./oauth-metadata.js";
export { exchangeCode, refreshTokens, revokeToken } from "./oauth-tokens.js";
export { assertMediaUsersInGrant, assertPostInGrant } from "./post-scope.js";
export { recordAgentWrite } from "./record-agent-write.js";
