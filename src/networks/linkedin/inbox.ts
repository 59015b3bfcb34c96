import type { InboxFacet } from "../facets/inbox.js";
import type { NetworkContext, PublishDestination, TokenSet } from "../types.js";
import { linkedinComments } from "./comments.js";
import { createLinkedinNotifications } from "./notifications.js";

/** LinkedIn's inbox facet, from its parts: comments, and the notifications of the organisations the member administers (`targets`). */
export function createLinkedinInbox(targets: (tokens: TokenSet, net: NetworkContext) => Promise<PublishDestination[]>): InboxFacet {
  return { ...linkedinComments, listNotifications: createLinkedinNotifications(targets) };
}
