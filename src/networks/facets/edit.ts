import type { NetworkContext, TokenSet } from "../call-context.js";

/**
 * What of a published post a network lets the account change, in Chorus's own names: `text` is
 * the post's text (the caption, commentary, description or summary the network shows), the rest
 * are `platformOptions.<network>` names. Anything else refuses `edit_unsupported` before a call.
 */
export type EditableField = "text" | "title" | "tags" | "privacyStatus" | "link" | "boardId" | "altText";

/** One edit of one published target, already checked against `editable`. */
export interface PublishedEdit {
  /** The network's id of the post, as its publish returned it. */
  networkPostId: string;
  /** The target's destination (Facebook page, Pinterest board, Google location), when it has one. */
  destination: string | null;
  networkUserId: string;
  /** The new value of each field that changes; fields left out keep their value on the network. */
  changes: Partial<Record<EditableField, unknown>>;
}

/**
 * Editing a post after it went live (PATCH /v1/posts/{id} on a published post). Every network's
 * edit sets values, so sending one again after an unknown outcome changes nothing more.
 */
export interface EditFacet {
  readonly editable: readonly EditableField[];
  /** Throws an ApiError for refusals; `platform_unavailable` means the edit may or may not have landed. */
  editPublished(tokens: TokenSet, edit: PublishedEdit, net: NetworkContext): Promise<void>;
}

/** The fields a network's edit facet offers, in a stable order; none for a network without one. */
export function editableFields(facet: EditFacet | undefined): EditableField[] {
  return facet ? [...facet.editable] : [];
}
