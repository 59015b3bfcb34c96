import type { NetworkCapabilities } from "../../../../networks/capabilities-schema.js";
import type { ValidationRules } from "../../../../networks/rules-schema.js";
import { countText, type TextCounting } from "./text-length.js";

/** A text's length against the limit it is checked against, in the unit the network counts. */
export interface TextMeasure {
  count: number;
  limit: number;
  counting: TextCounting;
  /** The network's own count where it differs from the unit (Threads: emoji as UTF-8 bytes), in words. */
  how: string | null;
}

/**
 * The one place a target's text is measured: the length rule (text-rules.ts) refuses what this
 * says is over, and the dashboard's counters show this, so the two cannot disagree. The limit is
 * the photo-post limit where the network's rules have one, else the capability's maximum.
 */
export function measureText(text: string, caps: Pick<NetworkCapabilities, "text">, rules: ValidationRules, photoPost: boolean): TextMeasure {
  const photoLimit = photoPost ? rules.photoPostTextMaxLength : undefined;
  return { count: countText(text, caps.text.counting), limit: photoLimit ?? caps.text.maxLength, counting: caps.text.counting, how: null };
}

/**
 * What a person should see counted: the network's own count (networkTextCount, which refuses past
 * its limit too) where the network has one and it is the nearer to its limit, else the unit's count.
 */
export function shownTextMeasure(text: string, caps: Pick<NetworkCapabilities, "text">, rules: ValidationRules, photoPost: boolean): TextMeasure {
  const measure = measureText(text, caps, rules, photoPost);
  const own = rules.networkTextCount;
  if (!own || measure.count > measure.limit) return measure;
  const count = own.count(text);
  return count / own.maxLength > measure.count / measure.limit ? { count, limit: own.maxLength, counting: measure.counting, how: own.how } : measure;
}
