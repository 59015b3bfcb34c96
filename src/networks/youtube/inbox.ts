import type { InboxFacet } from "../facets/inbox.js";
import { youtubeComments } from "./comments.js";
import { youtubeNotifications } from "./notifications.js";

/** YouTube's inbox facet, from its parts: comment threads, and the new comments read as notifications. */
export const youtubeInbox: InboxFacet = { ...youtubeComments, ...youtubeNotifications };
