import type { Child, FC } from "hono/jsx";

/**
 * The little Markdown the document's descriptions and the guides use: headings, paragraphs,
 * lists, fenced code, inline code, links and bold. Text goes through JSX, so it is escaped; a
 * link keeps only http(s), relative and anchor targets.
 */

const INLINE = /(`[^`]+`|\*\*[^*]+\*\*|\[[^\]]+\]\([^)\s]+\))/g;

function safeHref(href: string): string {
  return /^(https?:\/\/|\/|#)/.test(href) ? href : "#";
}

export function inline(text: string): Child[] {
  return text.split(INLINE).map((part) => {
    if (part.startsWith("`") && part.endsWith("`") && part.length > 1) return <code>{part.slice(1, -1)}</code>;
    if (part.startsWith("**") && part.endsWith("**") && part.length > 3) return <strong>{part.slice(2, -2)}</strong>;
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(part);
    if (link) return <a href={safeHref(link[2] as string)}>{inline(link[1] as string)}</a>;
    return part;
  });
}

type Block =
  | { kind: "heading"; level: number; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "list"; ordered: boolean; items: string[] }
  | { kind: "code"; lang: string; text: string };

export function blocks(markdown: string): Block[] {
  const lines = markdown.replace(/\r\n/g, "\n").split("\n");
  const out: Block[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] as string;
    if (line.trim() === "") {
      index++;
      continue;
    }
    const fence = /^```(\w*)/.exec(line);
    if (fence) {
      const body: string[] = [];
      index++;
      while (index < lines.length && !(lines[index] as string).startsWith("```")) body.push(lines[index++] as string);
      index++;
      out.push({ kind: "code", lang: fence[1] ?? "", text: body.join("\n") });
      continue;
    }
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    if (heading) {
      out.push({ kind: "heading", level: (heading[1] as string).length, text: heading[2] as string });
      index++;
      continue;
    }
    const item = /^\s*([-*]|\d+\.)\s+/;
    if (item.test(line)) {
      const ordered = /^\s*\d+\./.test(line);
      const items: string[] = [];
      while (index < lines.length && (lines[index] as string).trim() !== "") {
        const current = lines[index] as string;
        if (item.test(current)) items.push(current.replace(item, ""));
        else items[items.length - 1] += ` ${current.trim()}`;
        index++;
      }
      out.push({ kind: "list", ordered, items });
      continue;
    }
    const text: string[] = [];
    while (index < lines.length && (lines[index] as string).trim() !== "" && !/^(```|#{1,4}\s)/.test(lines[index] as string)) text.push((lines[index++] as string).trim());
    out.push({ kind: "paragraph", text: text.join(" ") });
  }
  return out;
}

/** Headings start at `base` (h2 under a page's h1), anchored by their text. */
export const Markdown: FC<{ text: string; base?: number }> = ({ text, base = 2 }) => (
  <>
    {blocks(text).map((block) => {
      if (block.kind === "heading") {
        const level = Math.min(6, base + block.level - 2);
        const id = block.text
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, "-")
          .replace(/^-|-$/g, "");
        const Heading = `h${Math.max(2, level)}` as "h2";
        return <Heading id={id}>{inline(block.text)}</Heading>;
      }
      if (block.kind === "code") return <pre class="code">{block.text}</pre>;
      if (block.kind === "list") {
        const items = block.items.map((entry) => <li>{inline(entry)}</li>);
        return block.ordered ? <ol>{items}</ol> : <ul>{items}</ul>;
      }
      return <p>{inline(block.text)}</p>;
    })}
  </>
);
