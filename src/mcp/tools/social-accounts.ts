import * as v from "valibot";
import { getAccount, listAccounts } from "../../domain/accounts/index.js";
import { ListAccountsQuery, SocialAccountListSchema, SocialAccountSchema } from "../../routes/v1/social-accounts/schema.js";
import { defineTool, readOnly } from "../tool.js";
import { idArgument, pageArguments } from "./list-arguments.js";

export const socialAccountTools = [
  defineTool({
    name: "list_social_accounts",
    action: "read",
    title: "List connected accounts",
    description: "Connected social accounts, newest first (GET /v1/social-accounts). Their `acc_` ids are what `create_post` takes in `accounts`.",
    input: v.strictObject({ profile: ListAccountsQuery.entries.profile, ...pageArguments }),
    output: SocialAccountListSchema,
    annotations: readOnly,
    run: async ({ ctx }, input) => listAccounts({ ctx, input }),
  }),
  defineTool({
    name: "get_social_account",
    action: "read",
    title: "One connected account",
    description: "One account by its `acc_` id (GET /v1/social-accounts/{id}); `status` says whether it can still publish.",
    input: v.strictObject({ id: idArgument("`acc_…`") }),
    output: SocialAccountSchema,
    annotations: readOnly,
    run: async ({ ctx }, input) => getAccount({ ctx, input }),
  }),
];
