import type { WorkspaceRecord } from "../core/index.js";
import { creditPeriod } from "./plans.js";

/**
 * A workspace has two credit ledgers with the same rules: live keys spend the live one, test keys
 * the test one, so sandbox traffic never touches a real balance. Each ledger is a monthly
 * allowance (renewed lazily: a stale period means the whole allowance), granted credits from the
 * operator, and (live only) purchased credits. Spending order: monthly, granted, purchased.
 */
export type LedgerMode = "test" | "live";

/** Where one reserved credit came from, stored on the target so a refund goes back to the same bucket. */
export type CreditSource = "monthly" | "pack" | "purchased" | "test_monthly" | "test_pack";

export type LedgerColumns = Pick<
  WorkspaceRecord,
  "creditsMonthly" | "creditsPeriod" | "creditsPack" | "creditsPurchased" | "monthlyAllowance" | "testCreditsMonthly" | "testCreditsPeriod" | "testCreditsPack"
>;

export interface LedgerBalance {
  /** This month's allowance left, already renewed when the stored period is stale. */
  monthly: number;
  granted: number;
  purchased: number;
}

export function ledgerBalance(row: LedgerColumns, mode: LedgerMode, now: Date): LedgerBalance {
  const period = creditPeriod(now);
  if (mode === "test") {
    return { monthly: row.testCreditsPeriod === period ? row.testCreditsMonthly : row.monthlyAllowance, granted: row.testCreditsPack, purchased: 0 };
  }
  return { monthly: row.creditsPeriod === period ? row.creditsMonthly : row.monthlyAllowance, granted: row.creditsPack, purchased: row.creditsPurchased };
}

export function ledgerTotal(balance: LedgerBalance): number {
  return balance.monthly + balance.granted + balance.purchased;
}

/** The columns that store `balance` for `mode`, with the current period (which renews the allowance). */
export function ledgerColumns(mode: LedgerMode, balance: LedgerBalance, now: Date): Partial<LedgerColumns> {
  const period = creditPeriod(now);
  if (mode === "test") return { testCreditsMonthly: balance.monthly, testCreditsPeriod: period, testCreditsPack: balance.granted };
  return { creditsMonthly: balance.monthly, creditsPeriod: period, creditsPack: balance.granted, creditsPurchased: balance.purchased };
}

/** Takes `amount` credits in spending order; the caller has checked the total. One source per credit. */
export function spend(mode: LedgerMode, balance: LedgerBalance, amount: number): { after: LedgerBalance; sources: CreditSource[] } {
  const fromMonthly = Math.min(balance.monthly, amount);
  const fromGranted = Math.min(balance.granted, amount - fromMonthly);
  const fromPurchased = amount - fromMonthly - fromGranted;
  const sources: CreditSource[] = [
    ...Array<CreditSource>(fromMonthly).fill(mode === "test" ? "test_monthly" : "monthly"),
    ...Array<CreditSource>(fromGranted).fill(mode === "test" ? "test_pack" : "pack"),
    ...Array<CreditSource>(fromPurchased).fill("purchased"),
  ];
  return {
    after: { monthly: balance.monthly - fromMonthly, granted: balance.granted - fromGranted, purchased: balance.purchased - fromPurchased },
    sources,
  };
}

/** The ledger a stored credit source belongs to (sources written before test ledgers existed are live). */
export function sourceMode(source: CreditSource): LedgerMode {
  return source === "test_monthly" || source === "test_pack" ? "test" : "live";
}

export function isCreditSource(value: string): value is CreditSource {
  return ["monthly", "pack", "purchased", "test_monthly", "test_pack"].includes(value);
}
