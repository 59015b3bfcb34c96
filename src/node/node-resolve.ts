import { lookup } from "node:dns/promises";

/** Every address the system resolver gives for a name, both families, for the outbound guard. */
export async function resolveAllAddresses(hostname: string): Promise<string[]> {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => answer.address);
}
