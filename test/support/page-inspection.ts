import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { expect } from "vitest";

/** The widths every dashboard page is checked at. */
export const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export interface AxeViolation {
  id: string;
  impact: string | null;
  /** The CSS selectors of the elements at fault. */
  targets: string[];
}

/**
 * axe-core's violations on the page as it is now. axe is evaluated through the DevTools protocol,
 * which the page's CSP (script-src 'self') does not govern.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  return page.evaluate(async (source) => {
    if (!("axe" in window)) (0, eval)(source);
    type Found = { id: string; impact: string | null; nodes: { target: string[] }[] };
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Found[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(" ")) }));
  }, axeSource);
}

/** Serious and critical violations fail a page. */
const isSerious = (violation: AxeViolation) => violation.impact === "serious" || violation.impact === "critical";

export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  return (await axeViolations(page)).filter(isSerious);
}

/** How far the page is wider than the viewport: above 0, it scrolls sideways. */
export async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * Checks pages at 1280 and 390 px: a screenshot into `shots`, nothing wider than the screen, and
 * axe-core with no serious or critical violation. `axeLog` keeps every violation by page and width.
 */
export function pageInspector(shots: string): { inspect: (page: Page, name: string) => Promise<void>; axeLog: Record<string, Record<string, string[]>> } {
  const axeLog: Record<string, Record<string, string[]>> = {};
  const inspect = async (page: Page, name: string): Promise<void> => {
    for (const [label, size] of Object.entries(viewports)) {
      await page.setViewportSize(size);
      await page.screenshot({ path: join(shots, `${name}-${label}.png`), fullPage: true });
      const overflow = await sidewaysOverflow(page);
      expect(overflow, `${name} at ${label}: wider than the screen by ${overflow}px`).toBeLessThanOrEqual(0);
      const violations = await axeViolations(page);
      axeLog[name] = { ...axeLog[name], [label]: violations.map((v) => `${v.impact}:${v.id}`) };
      const serious = violations.filter(isSerious);
      expect(serious, `${name} at ${label}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
    }
    await page.setViewportSize(viewports.desktop);
  };
  return { inspect, axeLog };
}
