// The workspaces module's public face: the only file of src/domain/workspaces/ that other modules and
// layers import. Written by scripts/module-faces.mjs from what they use; re-run it after a change.
export { exportAccount } from "./account/export-account.js";
export { getLimits } from "./account/get-limits.js";
export { getMe } from "./account/get-me.js";
export { updateAgentNickname } from "./account/update-agent-nickname.js";
export { createWorkspace } from "./create-workspace.js";
export { createAppLink } from "./dashboard/app-link.js";
export { purgeDashboardSessions } from "./dashboard/purge-sessions.js";
export { assertCsrf, endSession, openSession, redeemAppLink, switchViewMode } from "./dashboard/sessions.js";
export type { OpenedSession } from "./dashboard/sessions.js";
export { getEmailPreferences, updateEmailPreferences } from "./email-preferences/email-preferences.js";
export type { EmailPreferences } from "./email-preferences/email-preferences.js";
export { ensureFirstWorkspace } from "./ensure-first-workspace.js";
export { listWorkspaces } from "./list-workspaces.js";
export { grantCredits, OperatorError, resetTestCredits, setLimits, setNicknameLock, setPlan } from "./operator-actions.js";
