// The keys module's public face: the only file of src/domain/keys/ that other modules and
// layers import. Written by scripts/module-faces.mjs from what they use; re-run it after a change.
export { authenticateApiKey } from "./authenticate.js";
export type { AuthenticateOptions } from "./authenticate.js";
export { createApiKey } from "./create-api-key.js";
export type { CreatedApiKey } from "./create-api-key.js";
export { OperatorError } from "./operator-error.js";
export { listKeys, revokeKey } from "./operator-keys.js";
export { createWorkspaceKey, listWorkspaceKeys, revokeWorkspaceKey } from "./workspace-keys.js";
