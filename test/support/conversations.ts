import { expect } from "vitest";
import type { PlatformId } from "../../src/types/platform-ids.js";
import type { TestWorkspace } from "./test-app.js";

/** The conversation routes as the API tests drive them: connect, have a simulated person write, list, read, reply. */

export interface Conversation {
  id: string;
  account: string;
  platform: string;
  networkConversationId: string;
  participants: { id: string; handle: string; platform: string }[];
  lastMessageAt: string;
  unread: boolean | null;
  replyBy: string | null;
}
export interface Page {
  items: Conversation[];
  cursor: string | null;
  problems: { account: string; platform: string; code: string; retryable: boolean }[];
}
export interface Message {
  id: string;
  conversationId: string;
  from: { id: string; handle: string };
  text: string | null;
  direction: "in" | "out";
  createdAt: string;
}

export const HOUR = 60 * 60_000;
let counter = 0;

export async function connect(ws: TestWorkspace, platform: PlatformId, extra: Record<string, string> = {}): Promise<string> {
  counter += 1;
  const handle = platform === "bluesky" ? `dm${counter}.test` : `dm_${platform}_${counter}`;
  const json = { platform, handle, ...(platform === "bluesky" ? { appPassword: "abcd-efgh-ijkl-mnop" } : {}), ...extra };
  const response = await ws.request("/v1/social-accounts/connect", { method: "POST", json });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

export async function receive(ws: TestWorkspace, account: string, text: string, from = "ada.visitor") {
  const response = await ws.request(`/v1/sandbox/social-accounts/${account}/inbound`, { method: "POST", json: { kind: "message", text, from } });
  expect(response.status, await response.clone().text()).toBe(200);
}

export async function conversations(ws: TestWorkspace, query = ""): Promise<Page> {
  const response = await ws.request(`/v1/conversations${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Page;
}

export async function messages(ws: TestWorkspace, id: string, query = ""): Promise<{ items: Message[]; cursor: string | null }> {
  const response = await ws.request(`/v1/conversations/${id}/messages${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { items: Message[]; cursor: string | null };
}

export const send = (ws: TestWorkspace, id: string, json: Record<string, unknown>) => ws.request(`/v1/conversations/${id}/messages`, { method: "POST", json });
