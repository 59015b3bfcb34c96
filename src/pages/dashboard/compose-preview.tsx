import type { FC } from "hono/jsx";
import type { TextMeasure } from "../../domain/publishing/index.js";
import type { PreviewMedia, PreviewTarget, PreviewText } from "./compose-preview-model.js";
import { describe } from "./media-page.js";
import { NetworkLogo } from "./network-logo.js";
import { networkName } from "./plain-words.js";

const UNIT: Record<TextMeasure["counting"], string> = { characters: "characters", graphemes: "characters", bytes: "bytes", weighted: "weighted characters" };

/** "123 / 280 characters", marked when over; the same numbers the checks refuse by. */
const Counter: FC<{ measure: TextMeasure; id: string }> = ({ measure, id }) => {
  const over = measure.count - measure.limit;
  return (
    <p class={`counter${over > 0 ? " over" : ""}`} id={id} data-count={measure.count} data-limit={measure.limit}>
      {measure.count} / {measure.limit} {UNIT[measure.counting]}
      {over > 0 ? ` (${over} too many)` : ""}
      {measure.how ? <span class="muted"> · {measure.how}</span> : null}
    </p>
  );
};

/** The text as posted: the part past the limit is marked, as the networks' own composers do. */
const Body: FC<{ shown: PreviewText; id: string }> = ({ shown, id }) => (
  <>
    <p class="preview-text">{shown.text === "" ? <span class="muted">(no text)</span> : shown.text}</p>
    <Counter measure={shown.measure} id={id} />
  </>
);

/**
 * A file in the box the network draws it in. An SVG with the box's viewBox holds the image
 * sliced to fill it (the CSP allows no style attributes, and the box is per file).
 */
const Crop: FC<{ media: PreviewMedia }> = ({ media }) => {
  const { width, height } = media.box;
  const label = `${media.alt || describe(media.item.media)}${media.crop ? " (cropped)" : ""}`;
  return (
    <figure class="crop">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label} preserveAspectRatio="xMidYMid meet">
        {media.item.media.kind === "image" ? (
          <image href={media.item.src} x="0" y="0" width={String(width)} height={String(height)} preserveAspectRatio="xMidYMid slice" />
        ) : (
          <rect x="0" y="0" width={String(width)} height={String(height)} class="video-box" />
        )}
      </svg>
      {media.crop ? <figcaption class="muted">{media.crop}</figcaption> : null}
      {media.item.media.kind === "image" && media.alt === "" ? <figcaption class="muted">No alt text yet.</figcaption> : null}
    </figure>
  );
};

const Target: FC<{ target: PreviewTarget }> = ({ target }) => {
  const id = `preview-${target.account}`;
  return (
    <article class="preview-card" id={id} data-platform={target.platform} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        <NetworkLogo platform={target.platform} /> {networkName(target.platform)} @{target.handle}
      </h3>
      <Body shown={target.post} id={`${id}-count`} />
      {target.card && !target.card.off ? (
        <p class="link-card" id={`${id}-card`}>
          <span class="muted">Link card from {target.card.host}</span>
          <br />
          {target.card.url}
          <br />
          <span class="muted">{networkName(target.platform)} fills in the page's title and image.</span>
        </p>
      ) : null}
      {target.card?.off ? (
        <p class="muted" id={`${id}-card-off`}>
          No link card: turned off under Link cards.
        </p>
      ) : null}
      {target.ownMedia ? (
        <p class="muted" id={`${id}-own-files`}>
          {target.media.length === 0 ? `No files on ${networkName(target.platform)}: text only.` : `${networkName(target.platform)}'s own files:`}
        </p>
      ) : null}
      {target.media.length > 0 ? (
        <div class={`crops crops-${Math.min(target.media.length, 4)}`} id={`${id}-files`}>
          {target.media.map((media) => (
            <Crop media={media} />
          ))}
        </div>
      ) : null}
      {target.firstComment ? (
        <div class="preview-reply" id={`${id}-comment`}>
          <p class="muted">First comment</p>
          {target.firstComment.shown ? <Body shown={target.firstComment.shown} id={`${id}-comment-count`} /> : <p class="over">{target.firstComment.refusal}</p>}
        </div>
      ) : null}
      {target.thread.refusal ? <p class="over">{target.thread.refusal}</p> : null}
      {target.thread.items.map((item, i) => (
        <div class="preview-reply" id={`${id}-thread-${i}`}>
          <p class="muted">Thread, item {i + 2}</p>
          <Body shown={item} id={`${id}-thread-${i}-count`} />
        </div>
      ))}
    </article>
  );
};

/** Every ticked account's post as its network will show it; `oob` when it rides along with the checks' answer. */
export const ComposePreview: FC<{ targets: PreviewTarget[]; oob?: boolean }> = ({ targets, oob = false }) => (
  <section id="preview" aria-labelledby="preview-title" {...(oob ? { "hx-swap-oob": "true" } : {})}>
    <h2 id="preview-title">Preview</h2>
    {targets.length === 0 ? <p class="muted">Tick an account to see its post as its network will show it.</p> : null}
    <div class="previews">
      {targets.map((target) => (
        <Target target={target} />
      ))}
    </div>
  </section>
);
