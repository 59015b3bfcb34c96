// The insights module's public face: the only file of src/domain/insights/ that other modules and
// layers import. Written by scripts/module-faces.mjs from what they use; re-run it after a change.
export { listAccountPosts, listFollowers, listFollowing } from "./account-reads/account-reads.js";
export { getAnalytics } from "./analytics/account-analytics.js";
export type { AccountAnalytics, AnalyticsReport } from "./analytics/account-analytics.js";
export { analyticsPeriods, daysBetween } from "./analytics/periods.js";
export { getPostAnalytics } from "./analytics/post-analytics.js";
export type { PostAnalytics } from "./analytics/post-analytics.js";
export { searchCreators } from "./discover/creators.js";
export { searchPlaces } from "./discover/places.js";
export { listProfilePosts, lookupPublicProfile } from "./discover/profiles.js";
export { searchPosts } from "./discover/search-posts.js";
export { createBroadcast, endBroadcast, listBroadcasts, readBroadcast, startBroadcast } from "./live/live-broadcasts.js";
export { revealCredentials } from "./live/reveal-credentials.js";
