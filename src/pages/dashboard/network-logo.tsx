import type { FC } from "hono/jsx";

/**
 * Each network's mark as a small inline SVG (a monogram in the network's colour, drawn here, not a
 * copied logo file): bundled with the page, so no CDN and nothing to load. Decorative: the
 * network's name is always written next to it.
 */
const marks: Record<string, { colour: string; letters: string }> = {
  twitter: { colour: "#000000", letters: "X" },
  bluesky: { colour: "#0a6fd8", letters: "B" },
  facebook: { colour: "#1466d6", letters: "f" },
  instagram: { colour: "#b1306f", letters: "Ig" },
  threads: { colour: "#000000", letters: "@" },
  linkedin: { colour: "#0a66c2", letters: "in" },
  youtube: { colour: "#cc0000", letters: "▶" },
  tiktok: { colour: "#111111", letters: "♪" },
  pinterest: { colour: "#c8001e", letters: "P" },
  googlebusiness: { colour: "#1a73e8", letters: "G" },
};

export const NetworkLogo: FC<{ platform: string }> = ({ platform }) => {
  const mark = marks[platform] ?? { colour: "#4a5263", letters: platform.slice(0, 1).toUpperCase() };
  return (
    <svg class="logo" width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <rect width="20" height="20" rx="5" fill={mark.colour} />
      <text x="10" y="14.5" text-anchor="middle" font-size={mark.letters.length > 1 ? "9" : "12"} font-weight="700" font-family="system-ui,sans-serif" fill="#fff">
        {mark.letters}
      </text>
    </svg>
  );
};
