/**
 * What the QStash stand-in (qstash-standin.ts, Node) records of each publish and answers on
 * `GET /recorded`; the workerd tests read that list (qstash-delivery.ts). Types only, so that Node
 * code and workerd code can both import it.
 */
export interface RecordedPublish {
  messageId: string;
  /** The destination exactly as the client appended it to /v2/publish/. */
  destination: string;
  headers: Record<string, string>;
  /** The raw body the client sent (what QStash would deliver and sign). */
  body: string;
  /** True when the deduplication id had been seen before (nothing new would be delivered). */
  deduplicated: boolean;
  /** The batch call that carried it (1, 2, ... in order), absent for a single publish. */
  batch?: number;
}
