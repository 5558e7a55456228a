/**
 * The merchant's callback receiver in its own process (forked by callback-sink.ts), so that receiving callbacks is
 * not counted as the platform's CPU: answers OK to every POST and reports each arrival's event id and trans_id
 * to the parent in batches, with this process's CPU time.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

let pending: [string, string][] = [];
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const eventId = String(req.headers['x-callback-event-id'] ?? '');
    const transId = new URLSearchParams(Buffer.concat(chunks).toString()).get('trans_id') ?? '';
    pending.push([eventId, transId]);
    res.writeHead(200, { 'content-type': 'text/plain' }).end('OK');
  });
});
server.keepAliveTimeout = 60_000;
// Batched: one IPC message per 10 ms at most, so the parent (the platform's process) spends next to nothing on it.
const flush = setInterval(() => {
  if (!pending.length) return;
  const cpu = process.cpuUsage();
  process.send!({ arrivals: pending, cpuMs: (cpu.user + cpu.system) / 1000 });
  pending = [];
}, 10);
server.listen(0, '127.0.0.1', () => process.send!({ ready: true, port: (server.address() as AddressInfo).port }));
process.on('disconnect', () => {
  clearInterval(flush);
  server.close();
  server.closeAllConnections();
  process.exit(0);
});
