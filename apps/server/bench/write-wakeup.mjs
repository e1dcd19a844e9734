/**
 * What one socket write costs the server in `npm run bench:server`, where every client lives in one other process
 * on the same machine: `node apps/server/bench/write-wakeup.mjs`. A child process holds a TCP server that reads
 * and drops; this process writes to it in bursts (1 or 2 writes of 200 or 6,500 bytes) half a millisecond apart,
 * so the reader has gone back to sleep before each burst, and times the `write()` calls. The first write of a
 * burst wakes the reader on the other core, which on a virtual machine is most of its cost; the size hardly
 * matters. A server talking to clients over a network pays no such wake-up. JSON last line.
 */
import net from 'node:net';
import { fork } from 'node:child_process';

if (process.argv[2] === 'sink') {
  const srv = net.createServer((s) => s.on('data', () => {}));
  srv.listen(0, '127.0.0.1', () => process.send(srv.address().port));
} else {
  const child = fork(new URL(import.meta.url).pathname, ['sink']);
  const port = await new Promise((r) => child.once('message', r));
  const c = net.connect(port, '127.0.0.1');
  await new Promise((r) => c.on('connect', r));
  const N = 3000;
  const rows = [];
  for (const bytes of [200, 6500])
    for (const writes of [1, 2]) {
      const buf = Buffer.alloc(bytes, 97);
      let inWrite = 0;
      for (let i = 0; i < N; i++) {
        const t = performance.now();
        while (performance.now() - t < 0.5); // long enough for the reader to sleep again
        const w0 = performance.now();
        for (let k = 0; k < writes; k++) c.write(buf);
        inWrite += performance.now() - w0;
        if (i % 50 === 0) await new Promise((r) => setImmediate(r));
      }
      const row = { bytes, writesPerBurst: writes, usPerBurst: +((1000 * inWrite) / N).toFixed(1) };
      rows.push(row);
      console.log(`${bytes} bytes, ${writes} write(s) a burst: ${row.usPerBurst} µs in write() a burst`);
    }
  // A write with no reader to wake (back to back, the reader busy): the floor.
  const buf = Buffer.alloc(6500, 97);
  const c0 = process.cpuUsage();
  for (let i = 0; i < 20000; i++) {
    c.write(buf);
    if (i % 20 === 0) await new Promise((r) => setImmediate(r));
  }
  const u = process.cpuUsage(c0);
  const backToBackUs = +((u.user + u.system) / 20000).toFixed(2);
  console.log(`6500 bytes back to back: ${backToBackUs} µs of CPU a write`);
  console.log(JSON.stringify({ bursts: rows, backToBackCpuUsPerWrite: backToBackUs }));
  child.kill();
  process.exit(0);
}
