import { describe, expect, it } from "vitest";
import { deriveFeatures, featureOfMethod } from "../../src/networks/derived-capabilities.js";
import { adapters } from "../../src/networks/registry.js";
import type { NetworkAdapter } from "../../src/networks/types.js";

const base: NetworkAdapter = { ...adapters.tiktok, inbox: undefined };

describe("capabilities derived from facets", () => {
  it("a network has a read exactly when its adapter has the method", () => {
    const without = deriveFeatures({ ...base, allowance: undefined });
    expect(without.reads).not.toContain("notifications");
    const withInbox = deriveFeatures({ ...base, inbox: { listNotifications: async () => ({ items: [], cursor: null }) } });
    expect(withInbox.reads).toContain("notifications");
    expect(withInbox.reads).not.toContain("notifications_seen");
  });

  it("a facet added later needs one row in the table, nothing per network", () => {
    const future = { like: async () => undefined, hideComment: async () => undefined, listConversations: async () => undefined };
    const adapter = { ...base, future } as unknown as NetworkAdapter;
    expect(deriveFeatures(adapter).engagements).toEqual([]);
    featureOfMethod.future = { like: { engagements: ["like"] }, hideComment: { comments: "hide" }, listConversations: { messaging: "conversations" } };
    try {
      const derived = deriveFeatures(adapter);
      expect(derived.engagements).toEqual(["like"]);
      expect(derived.comments).toEqual({ reply: false, hide: true, delete: false, nested: false });
      expect(derived.messaging).toEqual(["conversations"]);
    } finally {
      delete featureOfMethod.future;
    }
  });

  it("an engage method stands for its family of actions, undo included", () => {
    expect(deriveFeatures({ ...base, engage: undefined }).engagements).toEqual([]);
    const setLike = async () => ({ networkId: "1", url: null });
    const engage = { parsePost: () => null, parseUser: () => null, targetForms: { post: "", user: "" }, setLike, setMute: setLike };
    expect(deriveFeatures({ ...base, engage }).engagements).toEqual(["like", "unlike", "mute", "unmute"]);
  });

  it("account reads come from the accountReads facet", () => {
    const read = async () => ({ items: [], cursor: null });
    expect(deriveFeatures({ ...base, accountReads: { listPosts: read, listFollowing: read } }).reads).toEqual(expect.arrayContaining(["posts", "following"]));
    expect(deriveFeatures({ ...base, accountReads: { listPosts: read } }).reads).not.toContain("followers");
  });
});
