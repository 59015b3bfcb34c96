import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mp4 } from "../test/unit/media-fixtures.js";
import { freePort, processTree, startNodeOptions, treeRssMb } from "./idle-memory.js";

/**
 * Issue 29's upload target: a 1 GB video through the upload session API (POST /v1/media/uploads,
 * PUT each 8 MiB part, POST .../complete) into the Node server started as `npm start` runs it
 * from source, on a new embedded data folder. The server's RSS (its whole process tree, from
 * /proc) is sampled every 50 ms from just before the session starts until `complete` answers;
 * target: the peak grows less than 64 MB over the idle figure (the bytes stream to disk, never
 * whole in memory). BENCH_UPLOAD_MB (default 1024) sets the size, BENCH_UPLOAD_PARALLEL (default 2)
 * the parts in flight. Linux only. `npx tsx bench/upload-memory.ts` runs it alone.
 */
export interface UploadMemoryResult {
  bytes: number;
  parts: number;
  idleRssMb: number;
  peakRssMb: number;
  growthMb: number;
  seconds: number;
  targetMb: number;
  mediaId: string;
}

const MiB = 1024 * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** ftyp and moov of a real MP4 head, then one `mdat` box whose payload fills the file to `total` bytes. */
function videoHead(total: number): Uint8Array {
  const small = mp4(1920, 1080, { mdatBytes: 0, duration: 600_000 });
  const head = small.subarray(0, small.byteLength - 8);
  const mdat = new Uint8Array(8);
  new DataView(mdat.buffer).setUint32(0, total - head.byteLength);
  mdat.set([0x6d, 0x64, 0x61, 0x74], 4);
  const out = new Uint8Array(head.byteLength + 8);
  out.set(head);
  out.set(mdat, head.byteLength);
  return out;
}

function chorusCli(args: string[], env: Record<string, string>): Record<string, string> {
  const out = execFileSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], { env: { ...process.env, ...env }, encoding: "utf8" });
  return JSON.parse(out.slice(out.indexOf("{"))) as Record<string, string>;
}

export async function runUploadMemoryBench(): Promise<UploadMemoryResult> {
  const total = Number(process.env.BENCH_UPLOAD_MB ?? 1024) * MiB;
  const parallel = Number(process.env.BENCH_UPLOAD_PARALLEL ?? 2);
  const dataDir = mkdtempSync(join(tmpdir(), "chorus-bench-upload-"));
  const env = { CHORUS_DATA_DIR: dataDir, DATABASE_URL: "" };
  let child: ChildProcess | null = null;
  try {
    const { key } = chorusCli(["workspace", "create", "--name", "Upload bench", "--email", "upload-bench@example.com", "--plan", "subscription"], env);
    const port = await freePort();
    child = spawn(process.execPath, [...startNodeOptions(), "--import", "tsx", "src/server.ts"], {
      env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
      stdio: ["ignore", "ignore", "pipe"],
      detached: true,
    });
    const base = `http://127.0.0.1:${port}`;
    const auth = { authorization: `Bearer ${key}` };
    const deadline = Date.now() + 180_000;
    for (;;) {
      const up = await fetch(`${base}/v1/me`, { headers: auth, signal: AbortSignal.timeout(1000) }).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (Date.now() > deadline || child.exitCode !== null) throw new Error("the server did not answer");
      await sleep(100);
    }
    const root = child.pid ?? -1;
    await sleep(3000);
    const idle = treeRssMb(processTree(root));
    let peak = idle;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, treeRssMb(processTree(root)));
        await sleep(50);
      }
    })();

    const started = Date.now();
    const created = await fetch(`${base}/v1/media/uploads`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ filename: "long.mp4", contentType: "video/mp4", size: total }),
    });
    const session = (await created.json()) as { id: string; partSize: number; parts: { number: number }[] };
    const partCount = session.parts?.length ?? 0;
    if (created.status !== 201) throw new Error(`POST /v1/media/uploads answered ${created.status}: ${JSON.stringify(session)}`);
    const head = videoHead(total);
    // One buffer for every full part (the client's memory is not measured); the first carries the MP4 head.
    const filler = new Uint8Array(session.partSize).fill(0x77);
    const first = filler.slice();
    first.set(head);
    let next = 1;
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        while (next <= partCount) {
          const number = next++;
          const length = number < partCount ? session.partSize : total - session.partSize * (partCount - 1);
          const body = (number === 1 ? first : filler).subarray(0, length);
          const put = await fetch(`${base}/v1/media/uploads/${session.id}/parts/${number}`, { method: "PUT", headers: { ...auth, "content-type": "application/octet-stream" }, body });
          if (put.status !== 200) throw new Error(`PUT part ${number} answered ${put.status}: ${await put.text()}`);
          await put.arrayBuffer();
        }
      }),
    );
    const completed = await fetch(`${base}/v1/media/uploads/${session.id}/complete`, { method: "POST", headers: auth });
    const mediaBody = (await completed.json()) as { id: string };
    if (completed.status !== 200 && completed.status !== 201) throw new Error(`complete answered ${completed.status}: ${JSON.stringify(mediaBody)}`);
    const seconds = (Date.now() - started) / 1000;
    sampling = false;
    await sampler;
    const result = {
      bytes: total,
      parts: partCount,
      idleRssMb: idle,
      peakRssMb: peak,
      growthMb: Math.round((peak - idle) * 10) / 10,
      seconds: Math.round(seconds * 10) / 10,
      targetMb: 64,
      mediaId: mediaBody.id,
    };
    console.log(
      `\n  upload session: ${(total / MiB).toFixed(0)} MiB in ${result.parts} parts (${parallel} in flight) in ${result.seconds} s; server RSS idle ${idle} MB, peak ${peak} MB, growth ${result.growthMb} MB (target < 64 MB: ${result.growthMb < 64 ? "met" : "MISSED"})`,
    );
    return result;
  } finally {
    if (child?.pid && child.exitCode === null) {
      const exited = new Promise((r) => child?.once("exit", r));
      process.kill(-child.pid, "SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith("upload-memory.ts")) await runUploadMemoryBench();
