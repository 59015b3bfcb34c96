import { describe, expect, it } from "vitest";
import { type PreparedContent, publishRequestOf } from "../../src/domain/publishing/posts/prepare-targets.js";
import type { SocialAccountRow } from "../../src/domain/accounts/account-view.js";
import { sampleMedia } from "../networks/harness.js";

/**
 * Every publishing path (immediate, scheduled, draft published, retry, the lost-answer search)
 * builds the adapter's request with publishRequestOf: what a prepared target carries reaches the
 * network whichever path sends it (a scheduled YouTube post once lost its thumbnail this way).
 */
describe("publishRequestOf", () => {
  it("carries every prepared field, the target id, and the account's id on the network", () => {
    const video = sampleMedia({ kind: "video" });
    const thumbnail = sampleMedia({ kind: "image" });
    const prepared: PreparedContent = {
      account: { id: "acc_1", platform: "linkedin", networkUserId: "a1B2c3" } as SocialAccountRow,
      platform: "linkedin",
      text: "Launch day",
      media: [video],
      options: { visibility: "PUBLIC" },
      attachments: { thumbnail },
      destination: "urn:li:organization:42",
      errors: [],
      warnings: [],
    };
    expect(publishRequestOf(prepared, "tgt_9")).toEqual({
      text: "Launch day",
      media: [video],
      options: { visibility: "PUBLIC" },
      attachments: { thumbnail },
      destination: "urn:li:organization:42",
      targetId: "tgt_9",
      networkUserId: "a1B2c3",
    });
  });
});
