import type { IncomingMessage, ServerResponse } from "node:http";

/** Answers `value` as JSON; a response already started (a stand-in that stopped mid-answer) is cut instead. */
export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  if (res.headersSent) return void res.destroy();
  const text = JSON.stringify(value);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

/** The whole request body as UTF-8 text. */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
