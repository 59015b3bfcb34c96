import type { SandboxPost } from "./state.js";

// How X shows a post's text on every read; its own file because posts.ts and the listing it calls (post-listing.ts) both use it.

/** A stable t.co address for a link, as X's shortener gives the same link the same address. */
async function tco(seed: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(seed)));
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  return `https://t.co/${[...digest.subarray(0, 10)].map((b) => alphabet[b % 62]).join("")}`;
}

export async function displayText(post: SandboxPost): Promise<string> {
  let text = post.text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  for (const link of new Set(post.text.match(/https?:\/\/\S+/g) ?? [])) text = text.split(link).join(await tco(link));
  if (post.mediaIds.length > 0) text = `${text} ${await tco(`media:${post.id}`)}`.trim();
  return text;
}
