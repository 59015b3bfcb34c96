import type { FC } from "hono/jsx";
import type { MediaView } from "../../domain/publishing/index.js";
import { Csrf, DashboardLayout, type Frame, Notice, when } from "./dashboard-layout.js";

export interface LibraryItem {
  media: MediaView;
  /** Same-origin signed path to the file's bytes. */
  src: string;
}

const size = (bytes: number) => (bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** What a file is, in words: the thumbnail's alt text and the card's caption. */
export const describe = (m: MediaView) =>
  `${m.kind === "video" ? "Video" : "Image"} ${m.width}×${m.height}${m.durationSeconds !== null ? `, ${Math.round(m.durationSeconds)} s` : ""}, ${size(m.bytes)}`;

/** A file's preview (described: its words are already beside it, so the image adds none): the image itself, or a labelled tile for a video (no autoplay, no download of its bytes). */
export const Thumb: FC<{ item: LibraryItem; described?: boolean }> = ({ item, described = false }) =>
  item.media.kind === "image" ? (
    <img src={item.src} alt={described ? "" : describe(item.media)} loading="lazy" width={160} height={120} class="thumb" />
  ) : described ? (
    <span class="thumb video-tile" aria-hidden="true">
      Video
    </span>
  ) : (
    <span class="thumb video-tile" role="img" aria-label={describe(item.media)}>
      Video
    </span>
  );

/**
 * The media library: a grid of every file, the upload form (the script adds a progress bar and
 * dropping files on the form; without it the form uploads as it is), and delete, which asks first.
 */
export const MediaLibraryPage: FC<{ frame: Frame; items: LibraryItem[]; kind: string | undefined; cursor: string | null; notice?: string | undefined }> = ({ frame, items, kind, cursor, notice }) => (
  <DashboardLayout title="Media library" section="media" frame={frame}>
    <Notice notice={notice} />
    <section class="card" aria-labelledby="upload-title">
      <h2 id="upload-title">Upload</h2>
      <form method="post" action="/dashboard/media/upload" enctype="multipart/form-data" id="media-upload" class="drop-zone" data-upload="">
        <Csrf token={frame.csrf} />
        <label for="media-file">Image or video (or drop a file here)</label>
        <input id="media-file" name="file" type="file" accept="image/*,video/*" required />
        <p class="row">
          <button class="primary" type="submit" id="media-upload-button">
            Upload
          </button>
        </p>
        <progress id="upload-progress" max={100} value={0} hidden aria-label="Upload progress"></progress>
        <p id="upload-status" role="status" class="muted"></p>
      </form>
    </section>
    <section class="card" aria-labelledby="library-title">
      <h2 id="library-title">Files</h2>
      <nav class="sub" aria-label="Media kind">
        <ul>
          {[
            ["", "All"],
            ["image", "Images"],
            ["video", "Videos"],
          ].map(([value, label]) => (
            <li>
              <a href={value ? `/dashboard/media?type=${value}` : "/dashboard/media"} aria-current={(kind ?? "") === value ? "page" : undefined}>
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {items.length === 0 ? (
        <p class="muted" id="no-media">
          No files yet: upload one above.
        </p>
      ) : (
        <ul class="media-grid" id="media-grid">
          {items.map((item) => (
            <li id={`media-${item.media.id}`} class="media-card">
              <Thumb item={item} />
              <p>{describe(item.media)}</p>
              <p class="muted">Uploaded {when(item.media.createdAt)}</p>
              <form method="post" action={`/dashboard/media/${item.media.id}/delete`}>
                <Csrf token={frame.csrf} />
                <button class="danger" type="submit" aria-label={`Delete ${describe(item.media)}, uploaded ${when(item.media.createdAt)}`} id={`delete-${item.media.id}`}>
                  Delete
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      {cursor ? (
        <p>
          <a href={`/dashboard/media?${new URLSearchParams({ ...(kind ? { type: kind } : {}), cursor }).toString()}`}>Older files</a>
        </p>
      ) : null}
    </section>
  </DashboardLayout>
);
