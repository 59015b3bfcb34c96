/** Longest a network call may take before its outcome is treated as unknown (a post's, or a chain item's). */
export const PUBLISH_TIMEOUT_MS = 90_000;
