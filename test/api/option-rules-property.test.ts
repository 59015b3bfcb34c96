import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { jpeg, mp4 } from "../unit/media-fixtures.js";
import { pdf } from "../unit/document-fixtures.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";
import { connect, generator, pick, upload } from "../support/option-rules-generator.js";

/**
 * Issue 23 item 6: `POST /v1/posts/validate` answers what publishing does. Many generated
 * combinations of text, media and options (deterministic seed) go through validate and then
 * through a real sandbox publish; for every target, validate says valid exactly when publishing
 * did not refuse the target before calling the network.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

/** The codes a pre-publish refusal carries (spec: "Codes returned before publishing", and the plans' own). */
const refusalCodes = new Set([
  "option_invalid",
  "field_invalid",
  "media_required",
  "video_required",
  "image_not_supported",
  "video_not_supported",
  "media_type_unsupported",
  "image_too_large",
  "image_too_small",
  "aspect_ratio_unsupported",
  "text_too_long",
  "text_required",
  "text_invalid",
  "title_too_long",
  "photo_page_door_required",
  "media_too_large",
]);

type Kind = "image" | "video" | "document";
type Pool = Record<Kind, string[]>;

const texts = ["Harbour at dawn #sea", `Waves ${"🌊".repeat(130)}`, "x".repeat(490), "Short"];
const mediaShapes: readonly (readonly Kind[])[] = [[], ["image"], ["video"], ["image", "image"], ["image", "video"], ["video", "video"], ["image", "image", "image"]];
/** The other networks also get documents: LinkedIn's document posts, refused everywhere else. */
const shapesWithDocuments: readonly (readonly Kind[])[] = [...mediaShapes, ["document"], ["document", "image"]];
/** Shapes drawn more often where a format needs them: one video (Shorts), a document alone, no media (polls). */
const shapesOf: Record<string, readonly (readonly Kind[])[]> = {
  youtube: [...shapesWithDocuments, ["video"], ["video"], ["video"], ["video"]],
  linkedin: [...shapesWithDocuments, ["document"], ["document"], ["document"]],
  twitter: [...shapesWithDocuments, [], [], []],
};

/** Each option with a few values, valid and not: the rules under test decide. */
const optionValues: Record<"instagram" | "facebook" | "threads", Record<string, readonly unknown[]>> = {
  instagram: {
    postType: ["feed", "reel", "story"],
    altText: ["A harbour at dawn"],
    locationId: ["PLACE"],
    userTags: [[{ username: "ada", x: 0.5, y: 0.5 }]],
    collaborators: [["ada"], ["a", "b", "c", "d"]],
    productTags: [[{ product_id: "3231775643511089", x: 0.5, y: 0.5 }]],
    shareToFeed: [true, false],
    coverUrl: ["https://example.com/cover.jpg"],
    thumbOffset: [1000],
    audioName: ["Harbour sounds"],
    trialParams: [{ graduation_strategy: "MANUAL" }, { graduation_strategy: "SS_PERFORMANCE" }],
  },
  facebook: {
    postType: ["feed", "reel", "story"],
    link: ["https://example.com/harbour"],
    title: ["Harbour"],
  },
  threads: {
    replyControl: ["everyone", "accounts_you_follow"],
    topicTag: ["harbour", "sea.side"],
    linkAttachment: ["https://example.com/harbour", "not a url"],
    pollOptions: [["yes", "no"], ["yes", "🌊".repeat(20)], ["only"]],
    altText: ["A harbour at dawn"],
    allowlistedCountryCodes: [["US", "DE"], ["usa"]],
  },
};

/** How often each option is set: Instagram has many options that exclude each other, so fewer at a time. */
const share = { instagram: 0.12, facebook: 0.3, threads: 0.25 } as const;

function optionsFor(random: () => number, platform: keyof typeof optionValues): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const [name, values] of Object.entries(optionValues[platform])) {
    if (random() < share[platform]) options[name] = pick(random, values);
  }
  return options;
}

/** With `shapes` given, each kind starts at a random file of its pool, so every file is drawn. */
function mediaFor(random: () => number, pool: Pool, shapes?: readonly (readonly Kind[])[]): string[] {
  const start = () => (shapes ? Math.floor(random() * 4) : 0);
  const used = { image: start(), video: start(), document: 0 };
  return pick(random, shapes ?? mediaShapes).map((kind) => {
    const id = pool[kind][used[kind] % pool[kind].length] ?? "";
    used[kind] += 1;
    return id;
  });
}

describe("validate agrees with publish on Instagram, Facebook and Threads options", () => {
  it("for generated option combinations, validate is valid exactly when publish does not refuse the target", { timeout: 600_000 }, async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 10_000 });
    const accounts = {
      instagram: await connect(ws, { platform: "instagram", handle: "rules-ig" }),
      instagramViaPage: await connect(ws, { platform: "instagram", handle: "rules-ig-page", variant: "facebook_login" }),
      facebook: await connect(ws, { platform: "facebook", handle: "rules-fb" }),
      threads: await connect(ws, { platform: "threads", handle: "rules-th" }),
    };
    const targets = (await ws.get(`/v1/social-accounts/${accounts.facebook}/targets`)).body;
    const pageId = targets.items[0]?.id ?? "";
    const pool: Pool = {
      image: [await upload(ws, jpeg(1080, 1080), "image/jpeg"), await upload(ws, jpeg(1080, 1350), "image/jpeg"), await upload(ws, jpeg(1080, 1080), "image/jpeg")],
      video: [await upload(ws, mp4(1080, 1920, { duration: 20_000 }), "video/mp4"), await upload(ws, mp4(1080, 1920, { duration: 30_000 }), "video/mp4")],
      document: [],
    };

    // A place the Instagram simulator knows, as GET /v1/discover/places finds it.
    const places = (await ws.get(`/v1/discover/places?account=${accounts.instagramViaPage}&q=paris`)).body;
    const place = places.items[0]?.id ?? "";
    expect(place).not.toBe("");

    const random = generator(23);
    const disagreements: string[] = [];
    const seen: Record<string, { valid: number; refused: number }> = {};
    for (let n = 0; n < 80; n += 1) {
      const instagram = optionsFor(random, "instagram");
      if (instagram.locationId === "PLACE") instagram.locationId = place;
      const platformOptions = { instagram, facebook: { ...optionsFor(random, "facebook"), pageId }, threads: optionsFor(random, "threads") };
      const body = {
        text: pick(random, texts),
        accounts: Object.values(accounts),
        mediaOverrides: { instagram: mediaFor(random, pool), facebook: mediaFor(random, pool), threads: mediaFor(random, pool) },
        platformOptions,
      };
      const { report, post } = await validateThenPublish(ws, body);
      for (const target of post.targets) {
        const verdict = report.targets.find((r) => r.account === target.account);
        const valid = verdict !== undefined && verdict.errors.length === 0;
        const refused = target.state === "failed" && target.error !== null && refusalCodes.has(target.error.code);
        const tally = (seen[target.platform] ??= { valid: 0, refused: 0 });
        tally[refused ? "refused" : "valid"] += 1;
        if (valid === refused) {
          disagreements.push(
            `case ${n} ${target.platform}: validate ${valid ? "valid" : JSON.stringify(verdict?.errors.map((e) => [e.code, e.param]))}, publish ${target.state} ${target.error ? `${target.error.code}: ${target.error.message}` : ""}; media ${JSON.stringify(body.mediaOverrides[target.platform as keyof typeof body.mediaOverrides].map((m) => (pool.video.includes(m) ? "video" : "image")))} options ${JSON.stringify(platformOptions[target.platform as keyof typeof platformOptions])} text ${body.text.slice(0, 12)}`,
          );
        }
      }
    }
    expect(disagreements, disagreements.join("\n")).toEqual([]);
    // Not vacuous: every network saw posts go through and posts refused.
    for (const platform of ["instagram", "facebook", "threads"]) {
      expect(seen[platform]?.valid, JSON.stringify(seen)).toBeGreaterThan(5);
      expect(seen[platform]?.refused, JSON.stringify(seen)).toBeGreaterThan(5);
    }
  });
});

/** The other seven networks: a few options each (values the OpenAPI description accepts), besides the ones each needs. */
const otherOptionValues: Record<string, Record<string, readonly unknown[]>> = {
  twitter: {
    pollOptions: [["yes", "no"], ["yes", "no", "maybe"], ["only"], ["a", "b", "c", "d", "e"], ["yes", "x".repeat(26)]],
    pollDurationMinutes: [60, 10080, 4, 10081],
    taggedUserIds: [["2244994945"]],
    madeWithAi: [true],
    cardUri: ["card://1234567890"],
  },
  bluesky: { langs: [["en"], ["en", "de", "fr", "es"]], tags: [["harbour"]] },
  youtube: { tags: [["harbour"]], license: ["youtube", "creativeCommon"], madeForKids: [false], embeddable: [true], postType: ["video", "short", "short"] },
  tiktok: { title: ["Harbour"], disableDuet: [true], disableStitch: [true], photoCoverIndex: [0, 5], autoAddMusic: [true], videoCoverTimestampMs: [1000], isAigc: [true] },
  linkedin: { visibility: ["PUBLIC", "CONNECTIONS"], articleUrl: ["https://example.com/harbour"], articleTitle: ["Harbour"], mediaTitle: ["Harbour", "Harbour report"], disableReshare: [true] },
  pinterest: { title: ["Harbour"], link: ["https://example.com/harbour"], altText: ["A harbour"], coverImageUrl: ["https://example.com/cover.jpg"], coverImageKeyFrameTime: [2] },
  googlebusiness: {
    topicType: ["STANDARD", "EVENT", "OFFER", "ALERT"],
    alertType: ["COVID_19"],
    eventTitle: ["Harbour day"],
    eventStart: ["2027-01-10T10:00:00Z"],
    eventEnd: ["2027-01-11T10:00:00Z"],
    callToActionType: ["LEARN_MORE", "CALL"],
    callToActionUrl: ["https://example.com/harbour"],
    offerCouponCode: ["SEA"],
  },
};

describe("validate agrees with publish on the other seven networks", () => {
  it("for generated option combinations, validate is valid exactly when publish does not refuse the target", { timeout: 600_000 }, async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 10_000 });
    const accounts: Record<string, string> = {};
    for (const platform of Object.keys(otherOptionValues)) {
      accounts[platform] = await connect(ws, platform === "bluesky" ? { platform, handle: "rules-all.test", appPassword: "abcd-efgh-ijkl-mnop" } : { platform, handle: `rules-${platform}` });
    }
    const destination = async (platform: string) => (await ws.get(`/v1/social-accounts/${accounts[platform] ?? ""}/targets`)).body.items[0]?.id ?? "";
    const fixed: Record<string, Record<string, unknown>> = {
      youtube: { title: "Harbour" },
      tiktok: { privacyLevel: "PUBLIC_TO_EVERYONE" },
      linkedin: { author: await destination("linkedin") },
      pinterest: { boardId: await destination("pinterest") },
      googlebusiness: { location: await destination("googlebusiness") },
    };
    const pool: Pool = {
      image: [await upload(ws, jpeg(1080, 1920), "image/jpeg"), await upload(ws, jpeg(1080, 1920), "image/jpeg"), await upload(ws, jpeg(1080, 1920), "image/jpeg")],
      // A Short is at most 3 minutes and square or taller: one of each kind YouTube would not file as one.
      video: [
        await upload(ws, mp4(1080, 1920, { duration: 20_000 }), "video/mp4"),
        await upload(ws, mp4(1080, 1920, { duration: 30_000 }), "video/mp4"),
        await upload(ws, mp4(1920, 1080, { duration: 20_000 }), "video/mp4"),
        await upload(ws, mp4(1080, 1920, { duration: 200_000 }), "video/mp4"),
      ],
      document: [await upload(ws, pdf(2), "application/pdf")],
    };
    const random = generator(2323);
    const disagreements: string[] = [];
    const seen: Record<string, { valid: number; refused: number }> = {};
    const exercised: Record<string, Set<string>> = {};
    for (let n = 0; n < 60; n += 1) {
      const platformOptions: Record<string, Record<string, unknown>> = {};
      const mediaOverrides: Record<string, string[]> = {};
      for (const [platform, values] of Object.entries(otherOptionValues)) {
        const options: Record<string, unknown> = { ...fixed[platform] };
        // The options that choose a format (a poll needs both of its own) are drawn more often, so each format is seen valid and refused.
        for (const [name, choices] of Object.entries(values))
          if (random() < (name.startsWith("poll") || name === "postType" || name === "mediaTitle" ? 0.6 : 0.25)) options[name] = pick(random, choices);
        platformOptions[platform] = options;
        mediaOverrides[platform] = mediaFor(random, pool, shapesOf[platform] ?? shapesWithDocuments);
      }
      const body = { text: pick(random, ["Harbour at dawn #sea", "Short"]), accounts: Object.values(accounts), mediaOverrides, platformOptions };
      const { report, post } = await validateThenPublish(ws, body);
      for (const target of post.targets) {
        const verdict = report.targets.find((r) => r.account === target.account);
        const valid = verdict !== undefined && verdict.errors.length === 0;
        const refused = target.state === "failed" && target.error !== null && refusalCodes.has(target.error.code);
        const tally = (seen[target.platform] ??= { valid: 0, refused: 0 });
        tally[refused ? "refused" : "valid"] += 1;
        // The new formats, each seen both going through and refused.
        const options = platformOptions[target.platform] ?? {};
        const media = mediaOverrides[target.platform] ?? [];
        const formats = [
          media.some((m) => pool.document.includes(m)) ? `${target.platform === "linkedin" ? "linkedin" : "other"} document` : null,
          target.platform === "youtube" && options.postType === "short" ? "youtube short" : null,
          // A Short too wide or too long: refused by the one rule row at validate and publish alike.
          target.platform === "youtube" && options.postType === "short" && media.length === 1 && pool.video.indexOf(media[0] ?? "") >= 2 ? "youtube short wide or long" : null,
          target.platform === "twitter" && options.pollOptions !== undefined ? "twitter poll" : null,
        ];
        for (const format of formats) if (format) (exercised[format] ??= new Set()).add(refused ? "refused" : "valid");
        if (valid === refused) {
          disagreements.push(
            `case ${n} ${target.platform}: validate ${valid ? "valid" : JSON.stringify(verdict?.errors.map((e) => [e.code, e.param]))}, publish ${target.state} ${target.error ? `${target.error.code}: ${target.error.message}` : ""}; media ${JSON.stringify((mediaOverrides[target.platform] ?? []).map((m) => (pool.video.includes(m) ? `video${pool.video.indexOf(m)}` : pool.document.includes(m) ? "document" : "image")))} options ${JSON.stringify(platformOptions[target.platform])}`,
          );
        }
      }
    }
    expect(disagreements, disagreements.join("\n")).toEqual([]);
    expect(Object.fromEntries(Object.entries(exercised).map(([format, outcomes]) => [format, [...outcomes].sort()]))).toEqual({
      "linkedin document": ["refused", "valid"],
      "other document": ["refused"],
      "youtube short": ["refused", "valid"],
      "youtube short wide or long": ["refused"],
      "twitter poll": ["refused", "valid"],
    });
    for (const platform of Object.keys(otherOptionValues)) {
      expect(seen[platform]?.valid, JSON.stringify(seen)).toBeGreaterThan(0);
      expect(seen[platform]?.refused, JSON.stringify(seen)).toBeGreaterThan(0);
    }
  });
});

/** What validate says of `body`, and the post once publishing (and any processing) has finished. */
async function validateThenPublish(ws: WorkspaceFixture, body: object) {
  const checked = await ws.post("/v1/posts/validate", body);
  expect(checked.status, checked.text).toBe(200);
  const report = checked.body;
  const created = await ws.post("/v1/posts", body);
  expect(created.status, created.text).toBe(201);
  const id = created.body.id;
  t.clock.advance(60_000);
  await t.drainJobs();
  t.clock.advance(10 * 60_000);
  await t.drainJobs();
  const post = (await ws.get(`/v1/posts/${id}`)).body;
  return { report, post };
}
