// How fast this machine's disk makes a small write durable while a bench runs: a worker thread writes
// 8 KB and calls fdatasync every 20 ms in a file of the temporary folder, timing each call. The orders a
// placement writes are committed synchronously (PostgreSQL waits for its log's fdatasync, SQLite for its
// WAL's), so a disk that stalls shows here as well as in the placing tail.
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

const probe = `
const fs = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const fd = fs.openSync(workerData.file, 'w');
const buf = Buffer.alloc(8192, 1);
const times = [];
let pos = 0;
let stop = false;
parentPort.on('message', () => { stop = true; });
(function tick() {
  if (stop) {
    fs.closeSync(fd);
    fs.rmSync(workerData.file, { force: true });
    parentPort.postMessage(times);
    return;
  }
  fs.writeSync(fd, buf, 0, buf.length, pos);
  pos = (pos + buf.length) % (16 << 20);
  const started = performance.now();
  fs.fdatasyncSync(fd);
  times.push(performance.now() - started);
  setTimeout(tick, 20);
})();
`;

/** Starts the probe; `stop()` answers p50 / p99 / max in ms and how many calls took over 50 ms. */
export function startDiskProbe() {
  const file = path.join(os.tmpdir(), `souq-bench-fsync-${process.pid}-${Date.now()}`);
  const worker = new Worker(probe, { eval: true, workerData: { file } });
  return {
    stop: () =>
      new Promise((resolve, reject) => {
        worker.once('error', reject);
        worker.once('message', (times) => {
          void worker.terminate();
          const sorted = [...times].sort((a, b) => a - b);
          const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
          resolve({
            calls: sorted.length,
            p50: at(0.5),
            p99: at(0.99),
            max: sorted.at(-1) ?? NaN,
            over50: sorted.filter((t) => t > 50).length,
          });
        });
        worker.postMessage('stop');
      }),
  };
}

/** One line for a bench's output. */
export const diskLine = (d) =>
  `this machine's disk (fdatasync of 8 KB every 20 ms in the temporary folder): p50 ${d.p50.toFixed(2)} ms, p99 ${d.p99.toFixed(1)} ms, ` +
  `at most ${d.max.toFixed(1)} ms, ${d.over50} of ${d.calls} calls over 50 ms`;
