// Its own file because both graph-wire.ts and the per-request memo it uses (graph-request-memo.ts) read it.

/** Facts a simulator keeps beside each token it issued (which door, long-lived or not, which page). */
export interface TokenMeta {
  door: string;
  longLived: boolean;
  pageId?: string;
  /** A page token revoked because its holder lost their role on the page (pages.ts setPageRole). */
  roleRemoved?: boolean;
}
