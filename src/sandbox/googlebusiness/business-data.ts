import { numericId } from "../tokens.js";
import type { SandboxAccount, SimulatorDeps } from "../types.js";

/** A Business Profile account (personal, location group or organisation) the person can reach. */
export interface SandboxBusinessAccount {
  id: string;
  accountName: string;
  type: "PERSONAL" | "LOCATION_GROUP" | "ORGANIZATION";
  role: "PRIMARY_OWNER" | "OWNER" | "MANAGER";
  verificationState: "VERIFIED" | "UNVERIFIED";
}

export interface SandboxLocation {
  id: string;
  accountId: string;
  title: string;
  storeCode: string;
  addressLine: string;
}

/** Creates the person's personal account with one location and a location group with two, once. */
export async function ensureBusinessData(deps: SimulatorDeps, person: SandboxAccount): Promise<void> {
  const existing = await deps.store.list<SandboxBusinessAccount>("googlebusiness", "business_account", { owner: person.id });
  if (existing.length > 0) return;
  const personal: SandboxBusinessAccount = { id: numericId(21), accountName: person.displayName, type: "PERSONAL", role: "PRIMARY_OWNER", verificationState: "UNVERIFIED" };
  const group: SandboxBusinessAccount = { id: numericId(21), accountName: "Sandbox Bakery Group", type: "LOCATION_GROUP", role: "OWNER", verificationState: "VERIFIED" };
  await deps.store.put("googlebusiness", "business_account", personal.id, personal, person.id);
  await deps.store.put("googlebusiness", "business_account", group.id, group, person.id);
  const locations: Array<Omit<SandboxLocation, "id">> = [
    { accountId: personal.id, title: "Sandbox Coffee Cart", storeCode: "SBX-CART", addressLine: "1 Sandbox Street" },
    { accountId: group.id, title: "Sandbox Bakery North", storeCode: "SBX-NORTH", addressLine: "2 Sandbox Street" },
    { accountId: group.id, title: "Sandbox Bakery South", storeCode: "SBX-SOUTH", addressLine: "3 Sandbox Street" },
  ];
  for (const location of locations) {
    const id = numericId(19);
    await deps.store.put<SandboxLocation>("googlebusiness", "location", id, { ...location, id }, person.id);
  }
}

export function accountResource(account: SandboxBusinessAccount): Record<string, unknown> {
  return {
    name: `accounts/${account.id}`,
    accountName: account.accountName,
    type: account.type,
    role: account.role,
    verificationState: account.verificationState,
    vettedState: "NOT_VETTED",
    permissionLevel: account.role === "MANAGER" ? "MEMBER_LEVEL" : "OWNER_LEVEL",
  };
}

/** The full v1 Location; locations.list then keeps only the fields in `readMask`. */
export function locationResource(location: SandboxLocation): Record<string, unknown> {
  return {
    name: `locations/${location.id}`,
    languageCode: "en",
    storeCode: location.storeCode,
    title: location.title,
    phoneNumbers: { primaryPhone: "+1 555-0100" },
    categories: { primaryCategory: { name: "categories/gcid:bakery", displayName: "Bakery" } },
    // Region ZZ is "unknown region": no real address can match.
    storefrontAddress: { regionCode: "ZZ", languageCode: "en", postalCode: "00000", locality: "Sandboxville", addressLines: [location.addressLine] },
    websiteUri: `https://sandbox.chorus.invalid/googlebusiness/${location.id}`,
    metadata: {
      hasGoogleUpdated: false,
      hasPendingEdits: false,
      canDelete: true,
      canOperateLocalPost: true,
      canModifyServiceList: true,
      canOperateHealthData: false,
      canOperateLodgingData: false,
      placeId: `sandbox-place-${location.id}`,
      mapsUri: `https://sandbox.chorus.invalid/maps/${location.id}`,
      newReviewUri: `https://sandbox.chorus.invalid/reviews/${location.id}/new`,
      hasVoiceOfMerchant: true,
    },
  };
}

/** Applies a FieldMask (`a,b.c`) to a resource; returns the unknown paths when there are any. */
export function applyReadMask(resource: Record<string, unknown>, mask: string): { value: Record<string, unknown> } | { unknown: string[] } {
  const paths = mask
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  const value: Record<string, unknown> = {};
  const unknown: string[] = [];
  for (const path of paths) {
    const [head, ...rest] = path.split(".");
    if (!head || !(head in resource)) {
      unknown.push(path);
      continue;
    }
    const field = resource[head];
    if (rest.length === 0) {
      value[head] = field;
      continue;
    }
    const tail = rest.join(".");
    if (typeof field !== "object" || field === null || !(tail in field)) {
      unknown.push(path);
      continue;
    }
    const into = (value[head] ?? {}) as Record<string, unknown>;
    into[tail] = (field as Record<string, unknown>)[tail];
    value[head] = into;
  }
  return unknown.length > 0 ? { unknown } : { value };
}
