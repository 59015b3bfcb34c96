import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";
import { concat, jpeg } from "../unit/media-fixtures.js";

/**
 * Threads takes JPEG and PNG images of at most 8 MB (threads.md §2: "Images: JPEG/PNG, ≤8 MB"),
 * in a post and in a reply container alike (publishing-depth.md: a reply is a post's container
 * with `reply_to_id`). An image over it is refused by POST /v1/posts/validate and by POST
 * /v1/posts with the same code, for the post's own media and for its first comment's.
 */
const MB8 = 8 * 1024 * 1024;

/** A JPEG of exactly `bytes` bytes: a real header, then scan data padded to the size. */
function jpegOfSize(bytes: number): Uint8Array<ArrayBuffer> {
  const small = jpeg(1080, 1080);
  const head = small.subarray(0, small.byteLength - 2);
  return concat(head, new Uint8Array(bytes - small.byteLength).fill(0x12), [0xff, 0xd9]);
}

describe("Threads' 8 MB image cap", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  async function setUp() {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await ws.connect("threads");
    const over = await ws.upload(jpegOfSize(MB8 + 1), "image/jpeg");
    const at = await ws.upload(jpegOfSize(MB8), "image/jpeg");
    return { ws, account, over, at };
  }

  const bodies = (account: string, image: string) => ({
    media: { text: "threads, big picture", accounts: [account], media: [image] },
    "firstComment.media[0]": { text: "threads, big picture in the reply", accounts: [account], firstComment: { text: "the picture", media: [image] } },
  });

  async function refusals(ws: WorkspaceFixture, body: Record<string, unknown>) {
    const validated = await ws.post("/v1/posts/validate", body);
    expect(validated.status, validated.text).toBe(200);
    const published = await ws.post("/v1/posts", body);
    return { validated: validated.body.targets[0]?.errors ?? [], published };
  }

  it("refuses an image one byte over 8 MB at validate and at publish with the same code, in the post and in the first comment", async () => {
    const { ws, account, over } = await setUp();
    for (const [what, body] of Object.entries(bodies(account.id, over.id))) {
      const { validated, published } = await refusals(ws, body);
      expect(
        validated.map((e) => [e.code, e.param]),
        what,
      ).toEqual([["media_too_large", what]]);
      // The post is created and its Threads target fails before anything is sent, with the check's own error.
      expect(published.status, `${what}: ${published.text}`).toBe(201);
      const target = published.body.targets[0];
      expect(target?.state, what).toBe("failed");
      expect(target?.error, what).toMatchObject({ code: validated[0]?.code, param: validated[0]?.param, message: validated[0]?.message });
      expect(target?.error?.message, what).toContain("up to 8 MB");
    }
  });

  it("takes an image of exactly 8 MB in both places", async () => {
    const { ws, account, at } = await setUp();
    for (const [what, body] of Object.entries(bodies(account.id, at.id))) {
      const { validated, published } = await refusals(ws, body);
      expect(validated, what).toEqual([]);
      expect(published.status, `${what}: ${published.text}`).toBe(201);
    }
  });
});
