import type { TokenCipher } from "../../infra/token-cipher.js";
import type { TokenSet } from "../../networks/types.js";

const where = (accountId: string) => ({ table: "social_accounts", rowId: accountId, column: "tokens" });

/** Network tokens are stored as one AES-GCM envelope per account, bound to the account's row. */
export function sealTokens(cipher: TokenCipher, accountId: string, tokens: TokenSet): Promise<string> {
  return cipher.encrypt(JSON.stringify(tokens), where(accountId));
}

export async function openTokens(cipher: TokenCipher, accountId: string, sealed: string): Promise<TokenSet> {
  return JSON.parse(await cipher.decrypt(sealed, where(accountId))) as TokenSet;
}
