/**
 * The records of the simulated X that more than one route file reads: posts (posts.ts writes them)
 * and follows (engagement.ts writes them). Kept apart so that users.ts, which counts both, and the
 * listing files import no route file.
 */

export interface SandboxPost {
  id: string;
  authorId: string;
  text: string;
  createdAt: string;
  mediaIds: string[];
  deleted: boolean;
  /** The post it answers, for replies (X's `referenced_tweets` `replied_to` and `in_reply_to_user_id`). */
  replyTo?: { id: string; authorId: string };
  /** The first post of the thread (X's `conversation_id`); absent on a post that starts one. */
  conversationId?: string;
  /** Hidden by the author of the conversation (PUT /2/tweets/{id}/hidden). */
  hidden?: boolean;
}

/** X's `conversation_id`: the post that started the thread. */
export const conversationOf = (post: SandboxPost) => post.conversationId ?? post.replyTo?.id ?? post.id;

export interface SandboxFollow {
  sourceId: string;
  targetId: string;
  createdAt: string;
}
