// The billing module's public face: the only file of src/domain/billing/ that other modules and
// layers import. Written by scripts/module-faces.mjs from what they use; re-run it after a change.
export { creditHistory } from "./credit-history.js";
export type { CreditHistoryDay } from "./credit-history.js";
export { billingView, blockedPlatforms, creditsView } from "./credits.js";
export { ledgerBalance, ledgerColumns, ledgerTotal, spend } from "./ledger.js";
export type { CreditSource } from "./ledger.js";
export { creditPeriod, defaultRateLimits, isPlanId, plans } from "./plans.js";
export type { PlanId } from "./plans.js";
