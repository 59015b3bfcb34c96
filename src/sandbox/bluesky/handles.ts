/**
 * AT Protocol identifiers as the lexicons' `at-identifier` format checks them (atproto.com
 * specs/handle and specs/did): a handle is a domain name, at least two labels of ASCII letters,
 * digits and inner hyphens (1 to 63 characters each), the last one not starting with a digit,
 * 253 characters at most; a DID is `did:<method>:<id>`. Anything else never reaches an account:
 * the XRPC server refuses the parameter before looking.
 */

const HANDLE = /^([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$/;
const DID = /^did:[a-z]+:[a-zA-Z0-9._:%-]*[a-zA-Z0-9._-]$/;

export const isHandle = (value: string) => value.length <= 253 && HANDLE.test(value);

export const isAtIdentifier = (value: string) => (value.startsWith("did:") ? DID.test(value) && value.length <= 2048 : isHandle(value));

/** The AppView's lexicon refusal of a malformed `actor` (or other at-identifier parameter). */
export const atIdentifierError = (param: string) => `Error: ${param} must be a valid did or a handle`;
