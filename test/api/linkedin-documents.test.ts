import { beforeAll, describe, expect, it } from "vitest";
import { createDbSandboxStore } from "../../src/domain/accounts/sandbox/db-sandbox-store.js";
import type { SandboxLinkedinPost } from "../../src/sandbox/linkedin/posts.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";
import { docx, overlappingZip, pdf, plainZip, pptx, zipBomb } from "../unit/document-fixtures.js";
import { jpeg } from "../unit/media-fixtures.js";

/**
 * LinkedIn document posts through the public API: a PDF, DOCX or PPTX uploaded to the media
 * library (its format read from the bytes: a ZIP is told apart by its directory, bombs and liars
 * refused with nothing stored), then posted through LinkedIn's Documents API (initializeUpload,
 * PUT, processing, then the post with `content.media { id, title }`). Every other network refuses
 * a document with the same code at validate and at publish.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const PDF = "application/pdf";
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation";

const library = async (ws: WorkspaceFixture) => ((await ws.get("/v1/media")).body.items as { id: string }[]).map((m) => m.id);
const linkedinPosts = async (ws: WorkspaceFixture) => (await createDbSandboxStore(t.db, ws.id).list<SandboxLinkedinPost>("linkedin", "post")).map((r) => r.data);

describe("documents in the media library", () => {
  it("takes a PDF, a DOCX and a PPTX, each recognised from its bytes", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    for (const [bytes, type] of [
      [pdf(3), PDF],
      [docx(), DOCX],
      [pptx(), PPTX],
    ] as const) {
      const stored = await ws.upload(bytes, type);
      expect(stored).toMatchObject({ kind: "document", mimeType: type, width: 0, height: 0, durationSeconds: null, bytes: bytes.byteLength });
    }
    const documents = (await ws.get("/v1/media?type=document")).body.items;
    expect(documents).toHaveLength(3);
  });

  it("refuses lying types, ZIP bombs and archives that are no document, storing nothing", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const cases: [Uint8Array<ArrayBuffer>, string, string, string][] = [
      [pdf(), DOCX, "media_type_mismatch", "PDF"],
      [docx(), PDF, "media_type_mismatch", "ZIP archive"],
      [pptx(), DOCX, "media_type_mismatch", "PowerPoint"],
      [docx(), PPTX, "media_type_mismatch", "Word"],
      [plainZip(), DOCX, "media_type_unsupported", "[Content_Types].xml"],
      [zipBomb(), DOCX, "media_type_unsupported", "ZIP bomb"],
      [overlappingZip(), DOCX, "media_type_unsupported", "overlap"],
      [jpeg(100, 100), PDF, "media_type_mismatch", "JPEG"],
      [pdf().slice(0, 40), PDF, "media_corrupt", "%%EOF"],
    ];
    for (const [bytes, type, code, says] of cases) {
      const response = await ws.post("/v1/media", undefined, { raw: bytes, headers: { "content-type": type } });
      expect(response.status, `${says}: ${response.text}`).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      const refusal = (JSON.parse(response.text) as { error: { code: string; message: string; fix: string } }).error;
      expect(refusal.code, says).toBe(code);
      expect(refusal.message, code).toContain(says);
      expect(refusal.fix).toBeTruthy();
    }
    expect(await library(ws)).toEqual([]);
  });
});

describe("LinkedIn document posts", () => {
  it("GET /v1/platforms lists the document format with its limits", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const formats = (await ws.get("/v1/platforms/linkedin")).body.formats as { id: string }[];
    expect(formats.find((f) => f.id === "document")).toMatchObject({
      media: { kinds: ["document"], minItems: 1, maxItems: 1 },
      limits: { maxBytes: 100 * 1024 * 1024, maxPages: 300 },
    });
  });

  it("publishes a PDF and a PPTX as a member, through the Documents API, with its title", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await ws.connect("linkedin");
    for (const [bytes, type, title] of [
      [pdf(2), PDF, "Harbour report"],
      [pptx(), PPTX, "Harbour slides"],
    ] as const) {
      const document = await ws.upload(bytes, type);
      const body = { text: `Our ${title}`, accounts: [account.id], media: [document.id], platformOptions: { linkedin: { mediaTitle: title } } };
      expect((await ws.post("/v1/posts/validate", body)).body.targets[0]?.errors).toEqual([]);
      const post = await ws.settle(await ws.publish(body));
      const target = post.targets[0];
      expect(target?.state, JSON.stringify(target?.error)).toBe("published");
      const stored = (await linkedinPosts(ws)).find((p) => p.urn === target?.networkPostId);
      expect(stored?.content).toMatchObject({ media: { id: expect.stringMatching(/^urn:li:document:/), title } });
    }
  });

  it("refuses at validate and at publish, with the same code, a document without title, beside other media, or on another network", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const linkedin = await ws.connect("linkedin");
    const x = await ws.connect("twitter");
    const document = await ws.upload(pdf(), PDF);
    const second = await ws.upload(docx(), DOCX);
    const image = await ws.upload(jpeg(1080, 1080), "image/jpeg");
    const cases: [Record<string, unknown>, string, string][] = [
      [{ accounts: [linkedin.id], media: [document.id] }, "option_invalid", "platformOptions.linkedin.mediaTitle"],
      [{ accounts: [linkedin.id], media: [document.id, image.id], platformOptions: { linkedin: { mediaTitle: "Report" } } }, "field_invalid", "media"],
      [{ accounts: [linkedin.id], media: [document.id, second.id], platformOptions: { linkedin: { mediaTitle: "Report" } } }, "field_invalid", "media"],
      [{ accounts: [x.id], media: [document.id] }, "media_type_unsupported", "media"],
    ];
    for (const [fields, code, param] of cases) {
      const body = { text: "Harbour report", ...fields };
      const errors = (await ws.post("/v1/posts/validate", body)).body.targets[0]?.errors ?? [];
      expect(errors[0], JSON.stringify(errors)).toMatchObject({ code, param });
      const post = await ws.publish(body);
      expect(post.targets[0]?.state).toBe("failed");
      expect(post.targets[0]?.error?.code).toBe(code);
    }
    expect(await linkedinPosts(ws)).toEqual([]);
  });

  it("refuses a PDF over LinkedIn's 300 pages at validate and at publish, counted from the file at upload", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const linkedin = await ws.connect("linkedin");
    const long = await ws.upload(pdf(301), PDF);
    const within = await ws.upload(pdf(300), PDF);
    const body = (id: string) => ({ text: "Harbour atlas", accounts: [linkedin.id], media: [id], platformOptions: { linkedin: { mediaTitle: "Atlas" } } });
    const errors = (await ws.post("/v1/posts/validate", body(long.id))).body.targets[0]?.errors ?? [];
    expect(errors[0], JSON.stringify(errors)).toMatchObject({ code: "document_too_many_pages", param: "media" });
    expect(errors[0]?.fix).toContain("300 pages");
    const refused = await ws.publish(body(long.id));
    expect(refused.targets[0]).toMatchObject({ state: "failed", credits: 0, error: { code: "document_too_many_pages" } });
    expect(await linkedinPosts(ws)).toEqual([]);
    expect((await ws.post("/v1/posts/validate", body(within.id))).body.valid).toBe(true);
    const sent = await ws.settle(await ws.publish(body(within.id)));
    expect(sent.targets[0]?.state, JSON.stringify(sent.targets[0]?.error)).toBe("published");
    expect(await linkedinPosts(ws)).toHaveLength(1);
  });
});
