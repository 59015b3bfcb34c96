/** The periods GET /v1/analytics accepts (API-DECISIONS "Analytics"), default `30d`. */
export const analyticsPeriods = ["7d", "30d", "90d"] as const;
export type AnalyticsPeriod = (typeof analyticsPeriods)[number];

const DAY_MS = 86_400_000;
const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * A period as whole UTC days ending today: `7d` is today and the six days before. Whole days
 * because that is how every network's insights are cut, so the same period asks each the same.
 */
export function periodRange(period: AnalyticsPeriod, now: Date): { since: string; until: string; start: Date } {
  const days = Number.parseInt(period, 10);
  const todayStart = new Date(`${day(now)}T00:00:00.000Z`);
  const start = new Date(todayStart.getTime() - (days - 1) * DAY_MS);
  return { since: day(start), until: day(now), start };
}

/** Every day from `since` to `until`, inclusive. */
export function daysBetween(since: string, until: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${since}T00:00:00Z`); t <= Date.parse(`${until}T00:00:00Z`); t += DAY_MS) out.push(day(new Date(t)));
  return out;
}
