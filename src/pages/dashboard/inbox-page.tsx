import type { Child, FC } from "hono/jsx";
import type { Notification } from "../../domain/inbox/index.js";
import type { MarkSeenResult } from "../../domain/inbox/index.js";
import type { Conversation } from "../../domain/inbox/index.js";
import type { Message } from "../../domain/inbox/index.js";
import type { PostView } from "../../domain/publishing/index.js";
import type { ReadProblem } from "../../domain/accounts/index.js";
import { Csrf, DashboardLayout, type Frame, Notice, when } from "./dashboard-layout.js";
import { ProblemsList } from "./problems-list.js";
import { ReadNotice } from "./read-notice.js";
import { NetworkLogo } from "./network-logo.js";
import { networkName } from "./plain-words.js";
import { randomString } from "../../infra/ids.js";

export type InboxTab = "notifications" | "conversations" | "comments";

const tabs: { id: InboxTab; href: string; label: string }[] = [
  { id: "notifications", href: "/dashboard/inbox", label: "All activity" },
  { id: "conversations", href: "/dashboard/inbox/conversations", label: "Conversations" },
  { id: "comments", href: "/dashboard/inbox/comments", label: "Comments" },
];

/** The inbox's own sub-navigation, under the dashboard's. */
export const InboxLayout: FC<{ title: string; tab: InboxTab; frame: Frame; notice?: string | undefined; children?: Child }> = ({ title, tab, frame, notice, children }) => (
  <DashboardLayout title={title} section="inbox" frame={frame}>
    <nav class="sub" aria-label="Inbox">
      <ul>
        {tabs.map((t) => (
          <li>
            <a href={t.href} aria-current={t.id === tab ? "page" : undefined}>
              {t.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
    <Notice notice={notice} />
    {children}
  </DashboardLayout>
);

const NextPage: FC<{ href: string | null }> = ({ href }) =>
  href ? (
    <p>
      <a href={href} id="next-page">
        Older
      </a>
    </p>
  ) : null;

/** A conversation in a list: who, on which network, its last message when it was read. */
export interface ConversationPreview {
  conversation: Conversation;
  last: Message | null;
}

type Activity = { at: number; notification: Notification } | { at: number; conversation: ConversationPreview };

const NotificationItem: FC<{ n: Notification }> = ({ n }) => (
  <li class={n.seen ? "seen" : "unseen"} data-kind={n.kind}>
    <NetworkLogo platform={n.platform} /> <strong>{networkName(n.platform)}</strong> {n.kind} from @{n.actor.handle}
    {n.seen ? "" : <span class="badge"> new</span>} <span class="muted">{when(n.createdAt)}</span>
    {n.text ? <p class="quote">{n.text}</p> : null}
    {n.subject?.postId ? (
      <p>
        <a href={`/dashboard/posts/${n.subject.postId}/comments`}>Comments on your post</a>
      </p>
    ) : n.subject?.url ? (
      <p>
        <a href={n.subject.url} rel="noopener noreferrer">
          View on {networkName(n.platform)}
        </a>
      </p>
    ) : null}
  </li>
);

const ConversationItem: FC<{ item: ConversationPreview; now: Date }> = ({ item, now }) => {
  const cv = item.conversation;
  return (
    <li class="conversation" data-kind="message">
      <NetworkLogo platform={cv.platform} /> <strong>{networkName(cv.platform)}</strong> message with{" "}
      <a href={`/dashboard/inbox/conversations/${encodeURIComponent(cv.id)}`}>{cv.participants.map((p) => `@${p.handle}`).join(", ") || "(no participants named)"}</a>{" "}
      {cv.unread ? <span class="badge">unread</span> : null} <span class="muted">last message {when(cv.lastMessageAt)}</span>
      {item.last ? (
        <p class="quote preview">
          {item.last.direction === "out" ? "You: " : `@${item.last.from.handle}: `}
          {(item.last.text ?? (item.last.attachments.length ? "(attachment)" : "")).slice(0, 140)}
        </p>
      ) : null}
      <p class="reply-window muted">{replyWindow(cv.replyBy, now)}</p>
    </li>
  );
};

/**
 * The unified inbox: notifications and direct-message conversations of every account in one list,
 * newest activity first, each conversation with its last message. Accounts that could not be
 * read are one short notice, not a list of errors.
 */
export const NotificationsPage: FC<{
  frame: Frame;
  items: Notification[];
  conversations: ConversationPreview[];
  problems: ReadProblem[];
  next: string | null;
  now: Date;
  seen?: MarkSeenResult | undefined;
}> = ({ frame, items, conversations, problems, next, now, seen }) => {
  const activity: Activity[] = [
    ...items.map((n) => ({ at: Date.parse(n.createdAt), notification: n })),
    ...conversations.map((c) => ({ at: Date.parse(c.conversation.lastMessageAt), conversation: c })),
  ].sort((a, b) => b.at - a.at);
  return (
    <InboxLayout title="Inbox" tab="notifications" frame={frame}>
      {seen ? (
        <div class="ok" role="status" id="seen-result">
          <p>
            Marked seen up to {when(seen.seenAt)} on {seen.marked.length} account{seen.marked.length === 1 ? "" : "s"}
            {seen.marked.length ? `: ${seen.marked.map((m) => `${m.platform} ${m.account}`).join(", ")}` : ""}.
          </p>
        </div>
      ) : null}
      {seen ? <ProblemsList problems={seen.skipped} id="seen-skipped" title="Not marked seen" /> : null}
      <ReadNotice problems={problems} id="problems" feature="inbox" />
      <section class="card" aria-labelledby="notifications-title">
        <h2 id="notifications-title">Newest activity</h2>
        <form method="post" action="/dashboard/inbox/seen">
          <Csrf token={frame.csrf} />
          <button id="mark-seen" type="submit">
            Mark all seen
          </button>{" "}
          <span class="muted">Only Bluesky keeps a seen state; other networks are left as they are.</span>
        </form>
        {activity.length === 0 ? (
          <p class="muted" id="no-notifications">
            Nothing new on the accounts that answered.
          </p>
        ) : (
          <ul id="notifications" class="items">
            {activity.map((a) => ("notification" in a ? <NotificationItem n={a.notification} /> : <ConversationItem item={a.conversation} now={now} />))}
          </ul>
        )}
        <NextPage href={next} />
      </section>
    </InboxLayout>
  );
};

/** The reply window as a reader sees it: open until a time, closed since one, or none on this network. */
export function replyWindow(replyBy: string | null, now: Date): string {
  if (replyBy === null) return "No reply window on this network";
  return Date.parse(replyBy) > now.getTime() ? `Reply by ${when(replyBy)}` : `Reply window closed ${when(replyBy)}`;
}

export const ConversationsPage: FC<{ frame: Frame; items: ConversationPreview[]; problems: ReadProblem[]; next: string | null; now: Date }> = ({ frame, items, problems, next, now }) => (
  <InboxLayout title="Conversations" tab="conversations" frame={frame}>
    <ReadNotice problems={problems} id="problems" feature="direct messages" />
    <section class="card" aria-labelledby="conversations-title">
      <h2 id="conversations-title">Direct messages</h2>
      {items.length === 0 ? (
        <p class="muted" id="no-conversations">
          No conversations on the accounts that answered.
        </p>
      ) : (
        <ul id="conversations" class="items">
          {items.map((item) => (
            <ConversationItem item={item} now={now} />
          ))}
        </ul>
      )}
      <NextPage href={next} />
    </section>
  </InboxLayout>
);

export const ConversationPage: FC<{ frame: Frame; id: string; account: string; platform: string; messages: Message[]; notice?: string | undefined }> = ({
  frame,
  id,
  account,
  platform,
  messages,
  notice,
}) => (
  <InboxLayout title="Conversation" tab="conversations" frame={frame} notice={notice}>
    <section class="card" aria-labelledby="messages-title">
      <h2 id="messages-title">
        {platform} conversation <code>{account}</code>
      </h2>
      <ol id="messages" class="items" reversed>
        {messages.map((m) => (
          <li class={`message ${m.direction}`}>
            <strong>{m.direction === "out" ? "You" : `@${m.from.handle}`}</strong> <span class="muted">{when(m.createdAt)}</span>
            {m.text ? <p>{m.text}</p> : null}
            {m.attachments.map((a) => (
              <p class="muted">
                Attachment ({a.type}){a.url ? ": " : ""}
                {a.url ? (
                  <a href={a.url} rel="noopener noreferrer">
                    open
                  </a>
                ) : null}
              </p>
            ))}
          </li>
        ))}
      </ol>
    </section>
    <section class="card" aria-labelledby="reply-title">
      <h2 id="reply-title">Reply</h2>
      <form method="post" action={`/dashboard/inbox/conversations/${encodeURIComponent(id)}/reply`}>
        <Csrf token={frame.csrf} />
        {/* This rendering's id: sending the form twice sends the message once (form-once.ts). */}
        <input type="hidden" name="submission" value={randomString(32)} />
        <input type="hidden" name="account" value={account} />
        <label for="message-text">Message</label>
        <textarea id="message-text" name="text" rows={3} required maxlength={2000}></textarea>
        <label class="check" for="human-agent">
          <input type="checkbox" id="human-agent" name="humanAgent" value="1" aria-describedby="human-agent-help" />A person is answering (human agent)
        </label>
        <p class="muted" id="human-agent-help">
          Facebook and Instagram accept replies for 24 hours after the person's last message. Tick this when a person (not an automation) answers: Meta then allows 7 days. Other networks ignore it.
        </p>
        <button class="primary" id="send-message" type="submit">
          Send
        </button>
      </form>
    </section>
  </InboxLayout>
);

/** Comments are read per post: the published posts, each linking to its comments. */
export const CommentPostsPage: FC<{ frame: Frame; posts: PostView[] }> = ({ frame, posts }) => (
  <InboxLayout title="Comments" tab="comments" frame={frame}>
    <section class="card" aria-labelledby="posts-title">
      <h2 id="posts-title">Published posts</h2>
      {posts.length === 0 ? (
        <p class="muted">No published posts yet: comments are read per published post.</p>
      ) : (
        <ul id="comment-posts" class="items">
          {posts.map((p) => (
            <li>
              <a href={`/dashboard/posts/${p.id}/comments`}>{p.text ? p.text.slice(0, 80) : p.id}</a>{" "}
              <span class="muted">
                {p.targets.map((t) => t.platform).join(", ")} · {when(p.publishedAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  </InboxLayout>
);
