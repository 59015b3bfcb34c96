/**
 * The media container both Meta publishing flows use (Instagram and Threads: create a container,
 * then `media_publish` it), and how its state follows the simulator's clock.
 */
export interface MediaContainer {
  isCarouselItem: boolean;
  imageUrl: string | null;
  videoUrl: string | null;
  children: string[];
  /** The other parameters, as sent (alt_text, reply_control, topic_tag, ...). */
  fields: Record<string, string>;
  createdAt: string;
  /** What the network says of a container that ends in ERROR (Instagram's `status`, Threads' `error_message`). */
  failure: string | null;
  mediaId: string | null;
}

export type ContainerState = "IN_PROGRESS" | "FINISHED" | "ERROR" | "EXPIRED" | "PUBLISHED";

const expirySeconds = 24 * 3600;

/**
 * PUBLISHED once media_publish turned it into media; EXPIRED 24 hours after creation if never
 * published; IN_PROGRESS while its file is processed (`processingSeconds`, longer for a video);
 * then ERROR when the file could not be used, FINISHED otherwise.
 */
export function containerStateAt(now: Date, container: MediaContainer, processingSeconds: { video: number; other: number }): ContainerState {
  if (container.mediaId) return "PUBLISHED";
  const age = (now.getTime() - Date.parse(container.createdAt)) / 1000;
  if (age >= expirySeconds) return "EXPIRED";
  if (age < (container.videoUrl ? processingSeconds.video : processingSeconds.other)) return "IN_PROGRESS";
  return container.failure ? "ERROR" : "FINISHED";
}
