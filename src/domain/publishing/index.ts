// The publishing module's public face: the only file of src/domain/publishing/ that other modules and
// layers import. Written by scripts/module-faces.mjs from what they use; re-run it after a change.
export { importMediaFromBase64, importMediaFromUrl, MEDIA_URL_MAX_BYTES } from "./media/import-media.js";
export { loadMediaForPublish, mediaLoaderFor } from "./media/load-media-for-publish.js";
export { MEDIA_BYTE_LIMITS, mediaMimeTypes, normaliseContentType } from "./media/media-formats.js";
export { deleteMedia, getMedia } from "./media/media-queries.js";
export { serveMedia } from "./media/serve-media.js";
export { uploadMedia } from "./media/upload-media.js";
export { deletePost, editPost, publishDraft } from "./posts/change-post.js";
export { createPost, validatePost } from "./posts/create-post.js";
export type { CreatePostRequest, ValidationReport } from "./posts/create-post.js";
export { reserveCredits } from "./posts/credits.js";
export { sendFirstComments } from "./posts/first-comment.js";
export { pollKey, pollTarget } from "./posts/poll-target.js";
export type { PostRow, PostView } from "./posts/post-view.js";
export type { MediaLoader } from "./posts/prepare-targets.js";
export { getPost, listPosts, postStates, requirePost } from "./posts/read-posts.js";
export { recentFailures } from "./posts/recent-failures.js";
export type { FailedPost } from "./posts/recent-failures.js";
export { recoverCommittedPost } from "./posts/recover-post.js";
export { retractPost } from "./posts/retract-post.js";
export { retryTarget } from "./posts/retry-target.js";
export { runScheduledPost } from "./posts/run-scheduled-post.js";
export { firstCommentsToWatch, sweepFirstComments } from "./posts/sweep-first-comments.js";
export { postsToWatch, sweepSchedules } from "./posts/sweep-schedules.js";
export { sweepStuckTargets } from "./posts/sweep-stuck-targets.js";
export { pollThreadItemJob } from "./posts/thread/poll-item.js";
export { resumeThreads } from "./posts/thread/resume-chain.js";
export { validationRulesOf } from "./posts/validation/network-rules.js";
