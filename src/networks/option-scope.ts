import { ApiError } from "../infra/errors.js";
import type { PlatformId } from "../types/platform-ids.js";

/**
 * Which post kinds an option applies to, and what happens on another kind: `refused` (the
 * target is refused with `option_invalid` before the network is called) or `ignored` (the option
 * is left out of the call; validate warns). Each network with post kinds keeps one table in its
 * `rules.ts`, read both by its publish plan and by the pre-publish check behind
 * POST /v1/posts/validate, so the two cannot disagree.
 */
export interface OptionScope {
  kinds: readonly string[];
  outside: "refused" | "ignored";
}

/** Documents reach only LinkedIn's plan: validation refuses them on every other network first. */
export type MediaKindOf = "image" | "video" | "document";

/** What a network's rules derive the post kind from. */
export interface PostKindInput {
  options: Readonly<Record<string, unknown>>;
  media: readonly MediaKindOf[];
  text: string;
}

export interface NetworkOptionRules {
  /** The kind this post becomes, or null when its media does not make a post of this network (the media rules say why). */
  kindOf(input: PostKindInput): string | null;
  /** A kind as the messages name it ("an image", "a reel"). */
  label(kind: string): string;
  options: Readonly<Record<string, OptionScope>>;
  /** Value checks beyond the capability record's type, values and maxLength: a refusal naming what was expected. */
  checks?: Readonly<Record<string, OptionCheck>>;
}

export interface OptionCheck {
  valid(value: unknown): boolean;
  /** What the value must be, completing "must be …". */
  expected: string;
}

/** The set options that fail their check. */
export function failedChecks(rules: NetworkOptionRules, options: Readonly<Record<string, unknown>>): { name: string; expected: string }[] {
  return Object.entries(rules.checks ?? {}).flatMap(([name, check]) => (isSet(options[name]) && !check.valid(options[name]) ? [{ name, expected: check.expected }] : []));
}

const isSet = (value: unknown) => value !== undefined && value !== null;

/** The set options whose scope leaves out `kind`, in the table's order. */
export function optionsOutsideKind(rules: NetworkOptionRules, kind: string, options: Readonly<Record<string, unknown>>): { name: string; scope: OptionScope }[] {
  return Object.entries(rules.options).flatMap(([name, scope]) => (isSet(options[name]) && !scope.kinds.includes(kind) ? [{ name, scope }] : []));
}

/** The message both paths give for an option outside its kinds. */
export function outsideKindMessage(rules: NetworkOptionRules, name: string, scope: OptionScope, kind: string): string {
  const applies = scope.kinds.map((k) => rules.label(k).replace(/^an? /, "")).join(", ");
  return scope.outside === "refused"
    ? `\`${name}\` applies only to ${applies} posts; this post is ${rules.label(kind)}.`
    : `\`${name}\` applies only to ${applies} posts; it is left out of ${rules.label(kind)}.`;
}

/**
 * The publish plans' side: refuses the first option the post's kind does not take (as validate
 * reports it), and returns the options to send, without those the kind ignores.
 */
export function keepOptionsOfKind(platform: PlatformId, rules: NetworkOptionRules, kind: string, options: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const kept: Record<string, unknown> = { ...options };
  for (const { name, scope } of optionsOutsideKind(rules, kind, options)) {
    if (scope.outside === "refused") {
      throw new ApiError("option_invalid", { platform, param: `platformOptions.${platform}.${name}`, message: outsideKindMessage(rules, name, scope, kind), beforeExecution: true });
    }
    delete kept[name];
  }
  return kept;
}
