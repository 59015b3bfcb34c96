import { ApiError } from "../../../infra/errors.js";
import type { NetworkActor } from "../../../networks/facets/inbox.js";
import type { NetworkReview, ReviewRating } from "../../../networks/facets/reviews.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import { adapterFor } from "../../../networks/registry.js";
import type { DomainContext } from "../../core/index.js";
import { callWithinBudget, problemOf, type ReadProblem, spanningRead } from "../../accounts/index.js";
import { requireAccount } from "../../accounts/index.js";

export interface Review {
  id: string;
  account: string;
  platform: PlatformId;
  target: string;
  rating: ReviewRating | null;
  text: string | null;
  author: NetworkActor & { platform: PlatformId };
  createdAt: string;
  reply: { text: string; updatedAt: string } | null;
}

type Input = { id: string; target?: string | undefined; cursor?: string | undefined; limit: number };

/** The networks whose adapters have reviews, for the refusal's words. */
const reviewNetworks = () => (["googlebusiness", "facebook"] as const).filter((p) => adapterFor(p).reviews).map((p) => adapterFor(p).capabilities.name);

/**
 * GET /v1/social-accounts/{id}/reviews: the reviews of one location (Google Business) or page
 * (Facebook) the account manages, newest first. A network without reviews is refused outright
 * (`reviews_unsupported`): the caller named the account, so an empty page would only hide the
 * mistake. The location or page is `target`, checked against the account's targets so another
 * business's id is refused before the network is asked; it may be left out when there is one.
 * The read itself goes through the spanning-read helper: signed cursor, time budget, and a
 * connection to renew or a network that failed is a `problems` entry, in the location check too.
 */
export async function listReviews({ ctx, input }: { ctx: DomainContext; input: Input }): Promise<{ items: Review[]; cursor: string | null; platform: PlatformId; problems: ReadProblem[] }> {
  const row = await requireAccount(ctx, input.id);
  if (row.status === "disconnected" || !row.tokensEncrypted) throw new ApiError("account_unknown", { param: "id", message: `No social account ${input.id} in this workspace.` });
  const platform = row.platform;
  const adapter = adapterFor(platform);
  const facet = adapter.reviews;
  if (!facet) {
    const networks = reviewNetworks().join(" and ");
    throw new ApiError("reviews_unsupported", {
      param: "id",
      platform,
      message: `${adapter.capabilities.name} has no reviews; ${networks} do.`,
      fix: `Use a ${networks} account (\`reviews\` in \`reads\` of GET /v1/platforms); feedback on ${adapter.capabilities.name} posts is in GET /v1/posts/{id}/comments.`,
    });
  }
  // The location or page check reads the network too: a connection to renew or a network that
  // failed answers like the read itself would, as a `problems` entry of this one account (the
  // single-account reads' rule), never a 409 or 502 of the whole request. A retryable failure
  // keeps the caller's cursor, so the same request can simply be sent again.
  const readTargets = adapter.targets?.bind(adapter);
  const unread = (problem: ReadProblem) => ({ items: [], cursor: problem.retryable ? (input.cursor ?? null) : null, platform, problems: [problem] });
  if (row.status !== "active") return unread(problemOf(row, "needs_reauth", `The ${platform} account ${row.handle} needs to be reconnected.`, false));
  const checked = readTargets ? await callWithinBudget(ctx, row, readTargets) : ({ ok: true, value: [] } as const);
  if (!checked.ok) return unread(checked.problem);
  const ids = checked.value.map((d) => d.id);
  const target = input.target ?? (ids.length === 1 ? ids[0] : undefined);
  if (target === undefined) {
    throw new ApiError("review_target_required", {
      param: "target",
      platform,
      message: `The account manages ${ids.length} ${platform === "facebook" ? "pages" : "locations"}; name one in \`target\`: ${ids.slice(0, 10).join(", ")}.`,
    });
  }
  if (!ids.includes(target)) {
    throw new ApiError("resource_not_found", {
      param: "target",
      platform,
      message: `The account manages no ${platform === "facebook" ? "page" : "location"} ${target}.`,
      fix: "Use one of the ids of GET /v1/social-accounts/{id}/targets.",
    });
  }
  const list = facet.listReviews.bind(facet);
  const page = await spanningRead<NetworkReview>({
    ctx,
    input: {
      // The target is part of the list's name, so a cursor of one location is refused for another.
      list: `reviews ${target}`,
      feature: "reviews",
      account: row.id,
      cursor: input.cursor,
      limit: input.limit,
      pick: () => (tokens, request, net) => list(tokens, { ...request, destination: target }, net),
    },
  });
  const items = page.items.map(
    ({ item }): Review => ({
      id: item.id,
      account: row.id,
      platform,
      target: item.destination,
      rating: item.rating,
      text: item.text,
      author: { ...item.author, platform },
      createdAt: item.createdAt,
      reply: item.reply,
    }),
  );
  return { items, cursor: page.cursor, platform, problems: page.problems };
}
