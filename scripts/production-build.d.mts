export const STAMP: string;
export function sourceFingerprint(): string;
export function buildIsCurrent(fingerprint?: string): boolean;
export function buildIfStale(): "built" | "reused";
