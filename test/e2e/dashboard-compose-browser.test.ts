import { describe, expect, it } from "vitest";
import { skipWithout } from "../support/required-service.js";
import { chromiumMissing } from "../support/browser.js";
import { dashboardInBrowser } from "../support/dashboard-browser.js";
import { viewports } from "../support/page-inspection.js";
import { crc32, deflateSync } from "node:zlib";

const missing = chromiumMissing();
skipWithout("chromium", missing, "the compose preview and upload in a real browser");

/** A PNG a browser can draw (the unit fixtures are headers only): top half blue, bottom half orange, so a crop shows. */
function drawablePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(Array.from({ length: height }, (_, y) => Buffer.from([0, ...Array.from({ length: width }, () => (y < height / 2 ? [31, 79, 209] : [240, 165, 0])).flat()])));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", deflateSync(rows)), chunk("IEND", Buffer.alloc(0))]);
}

describe.skipIf(missing !== null)("compose's preview and upload in a real browser", { timeout: 180_000 }, () => {
  const dash = dashboardInBrowser({ shots: "dashboard-compose", owner: ["twitter", "bluesky", "instagram"] });

  it("previews each network's post as it is typed, and uploads with progress keeping everything typed", async () => {
    await dash.page.goto(`${dash.served.origin}/dashboard/compose`);
    for (const platform of ["twitter", "bluesky", "instagram"]) await dash.page.check(`input[name=accounts][value="${dash.ids[platform]}"]`);
    const text = `Our launch notes https://example.com/${"long-path-".repeat(6)} are out`;
    await dash.page.fill("#text", text);
    // The preview is swapped in with the checks' answer: X counts the link as 23.
    const xCount = dash.page.locator(`#preview-${dash.ids.twitter}-count`);
    await expect.poll(() => xCount.getAttribute("data-count")).toBe(String("Our launch notes ".length + 23 + " are out".length));
    await expect(dash.page.locator(`#preview-${dash.ids.twitter}-card`).textContent()).resolves.toContain("example.com");
    await expect(dash.page.locator(`#preview-${dash.ids.instagram}-card`).count(), "Instagram draws no link card").resolves.toBe(0);
    await dash.page.click("#overrides summary");
    await dash.page.fill("#override-bluesky", "Bluesky gets its own words 🦋");
    await expect.poll(() => dash.page.locator(`#preview-${dash.ids.bluesky} .preview-text`).textContent()).toBe("Bluesky gets its own words 🦋");
    await expect(dash.page.locator(`#preview-${dash.ids.bluesky}-count`).getAttribute("data-count")).resolves.toBe("28");
    await dash.page.click("#replies summary");
    await dash.page.fill("#firstComment", "Sources in the first comment");
    await dash.page.fill("#thread-0", "And a second post in the thread");
    await expect.poll(() => dash.page.locator(`#preview-${dash.ids.twitter}-thread-0`).count()).toBe(1);
    await expect(dash.page.locator(`#preview-${dash.ids.instagram}`).textContent()).resolves.toContain("Instagram has no threads");
    await dash.inspect(dash.page, "compose-preview");

    // Upload through the script: a progress bar, no reload, the form untouched, the file added with its alt field.
    await dash.page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    await dash.page.setInputFiles("#file", { name: "tall.png", mimeType: "image/png", buffer: drawablePng(400, 600) });
    await dash.page.click("#upload");
    await dash.page.waitForSelector("#media-items [data-media]");
    await expect(dash.page.locator("#compose-upload-status").textContent()).resolves.toContain("Uploaded");
    // The bar followed the request body's progress events to the end (then hid).
    await expect(dash.page.locator("#compose-upload-progress").evaluate((bar: HTMLProgressElement) => [bar.value, bar.hidden])).resolves.toEqual([100, true]);
    await expect(dash.page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).resolves.toBe(true);
    await expect(dash.page.locator("#text").inputValue()).resolves.toBe(text);
    await expect(dash.page.locator("#override-bluesky").inputValue()).resolves.toBe("Bluesky gets its own words 🦋");
    await expect(dash.page.locator("#thread-0").inputValue()).resolves.toBe("And a second post in the thread");
    await expect(dash.page.locator(`input[name=accounts][value="${dash.ids.instagram}"]`).isChecked()).resolves.toBe(true);
    await expect(dash.page.locator("#media-items img").count(), "the new file's thumbnail").resolves.toBe(1);
    // Each network's own file list offers the new file at once, ticked as the post's files are (no reload).
    const uploaded = (await dash.page.locator("#media-items [data-media]").getAttribute("data-media")) ?? "";
    for (const platform of ["twitter", "bluesky", "instagram"]) await expect(dash.page.locator(`#media-${platform}-${uploaded}`).isChecked(), platform).resolves.toBe(true);
    await dash.page.fill("#alt-0", "A tall launch card");
    // The checks run again with the file: Instagram's preview draws it at 4:5, X whole.
    await expect.poll(() => dash.page.locator(`#preview-${dash.ids.instagram} svg[viewBox="0 0 400 500"]`).count()).toBe(1);
    await expect(dash.page.locator(`#preview-${dash.ids.twitter} svg[viewBox="0 0 400 600"]`).count()).resolves.toBe(1);
    await expect(dash.page.locator(`#preview-${dash.ids.twitter}-card`).count(), "a post with media shows the media, not a card").resolves.toBe(0);
    // The alt text reaches the preview with the next checks, and the file's bytes are served to the page.
    await dash.page.waitForSelector(`#preview-${dash.ids.twitter} svg[aria-label="A tall launch card"]`);
    await expect(dash.page.locator("#media-items img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).resolves.toBe(400);
    await dash.inspect(dash.page, "compose-uploaded");
    expect(dash.problems).toEqual([]);
  });

  it("shows the same preview without script, on Preview", async () => {
    // No script: the dashboard's own and htmx are not served to this page (axe still runs through the protocol).
    const context = await dash.browser.newContext({ viewport: viewports.phone });
    const plain = await context.newPage();
    await dash.signIn(dash.ws, plain);
    await context.route(/\/dashboard\/assets\/.*\.js/, (route) => route.abort());
    await plain.goto(`${dash.served.origin}/dashboard/compose`);
    await plain.check(`input[name=accounts][value="${dash.ids.bluesky}"]`);
    await plain.fill("#text", "b".repeat(301));
    await plain.click("#show-preview");
    await plain.waitForSelector(`#preview-${dash.ids.bluesky}-count`);
    await expect(plain.locator(`#preview-${dash.ids.bluesky}-count`).textContent()).resolves.toContain("301 / 300");
    await expect(plain.locator("#text").inputValue()).resolves.toBe("b".repeat(301));
    await dash.inspect(plain, "compose-preview-no-script");
    await context.close();
  });
});
