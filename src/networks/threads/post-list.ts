import * as v from "valibot";

/**
 * A page of Threads media as the keyword search and the profile-posts edges both answer it (the
 * same fields are asked of both), with the Graph cursor paging.
 */
export const ThreadsPostList = v.object({
  data: v.array(
    v.object({
      id: v.string(),
      text: v.optional(v.string()),
      media_type: v.optional(v.string()),
      permalink: v.optional(v.string()),
      timestamp: v.optional(v.string()),
      username: v.optional(v.string()),
    }),
  ),
  paging: v.optional(v.object({ cursors: v.optional(v.object({ after: v.optional(v.string()) })), next: v.optional(v.string()) })),
});
