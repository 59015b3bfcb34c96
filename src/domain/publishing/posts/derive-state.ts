/**
 * The post's state from its targets, as the spec's transition table says: every target out →
 * published; some out and some failed → partial; none out and nothing pending → failed; any
 * still at the network → processing; any queued → scheduled.
 */
export function derivePostState(targetStates: string[], scheduled: boolean): string {
  const count = (s: string) => targetStates.filter((t) => t === s).length;
  // A retracted target went out before it was deleted: it counts as published until every
  // published target is gone, and then the post is `retracted`.
  const retracted = count("retracted");
  const published = count("published") + retracted;
  const failed = count("failed") + count("cancelled");
  const waiting = count("pending") + count("publishing") + count("unknown");
  if (scheduled && count("pending") > 0) return "scheduled";
  if (count("processing") > 0 || waiting > 0) return "processing";
  if (retracted > 0 && retracted === published) return "retracted";
  if (published === targetStates.length && published > 0) return "published";
  if (published > 0 && failed > 0) return "partial";
  return "failed";
}

export function eventForState(state: string): "post.published" | "post.partial" | "post.failed" | "post.processing" | null {
  switch (state) {
    case "published":
      return "post.published";
    case "partial":
      return "post.partial";
    case "failed":
      return "post.failed";
    case "processing":
      return "post.processing";
    default:
      return null;
  }
}
