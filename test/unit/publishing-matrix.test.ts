import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderPublishingMatrix } from "../../src/networks/publishing-matrix.js";
import { allCapabilities } from "../../src/networks/derived-capabilities.js";

describe("docs/publishing-matrix.md", () => {
  it("is what the capability registry renders now (run `npm run docs:matrix` after changing a network's rules)", () => {
    const onDisk = readFileSync(new URL("../../docs/publishing-matrix.md", import.meta.url), "utf8");
    expect(onDisk).toBe(renderPublishingMatrix());
  });

  it("has one row per network, each naming a code wherever a feature is refused", () => {
    const rendered = renderPublishingMatrix();
    for (const p of allCapabilities()) {
      const row = rendered.split("\n").find((line) => line.includes(`(\`${p.platform}\`)`));
      expect(row, p.platform).toBeTruthy();
      if (!p.publishing.firstComment.supported) expect(row).toContain("`first_comment_unsupported`");
      if (p.publishing.thread === null) expect(row).toContain("`thread_unsupported`");
      if (p.publishing.editable.length === 0) expect(row).toContain("`edit_unsupported`");
    }
  });
});
