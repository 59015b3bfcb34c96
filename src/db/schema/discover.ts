import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ts } from "./columns.js";
import { accountColumn } from "./social.js";
import { workspaceColumn } from "./workspaces.js";

/**
 * The hashtags each account searched on the photo network, counted because Instagram allows 30
 * unique hashtags per account per rolling 7 days and answers the 31st with a generic error. A
 * hashtag searched again inside its 7 days is free and does not restart its window, so the first
 * search time is kept and only moved on once the window has passed.
 */
export const hashtagSearches = pgTable(
  "hashtag_searches",
  {
    workspaceId: workspaceColumn(),
    accountId: accountColumn(),
    /** Lower case, without `#`. */
    hashtag: text("hashtag").notNull(),
    firstSearchedAt: ts("first_searched_at").notNull(),
  },
  (t) => [uniqueIndex("hashtag_searches_account_tag_key").on(t.accountId, t.hashtag), index("hashtag_searches_account_time_idx").on(t.accountId, t.firstSearchedAt)],
);
