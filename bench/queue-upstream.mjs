// The fake upstream of bench/queue.mjs, in its own process: every call answers after the given
// latency; asked, it tells how many calls ran at once and how long they took from the request's
// arrival to the answer's end (its own time, late timers on a busy machine included), since the
// last ask.
import http from 'node:http';

const latency = Number(process.argv[2] ?? 50);
let inFlight = 0;
let peak = 0;
let calls = 0;
let totalMs = 0;
const server = http.createServer((req, res) => {
  const t = performance.now();
  inFlight++;
  peak = Math.max(peak, inFlight);
  req.resume();
  setTimeout(() => {
    inFlight--;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
    calls++;
    totalMs += performance.now() - t;
  }, latency);
});
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
process.on('message', () => {
  process.send?.({ peak, meanMs: calls ? totalMs / calls : 0 });
  peak = 0;
  calls = 0;
  totalMs = 0;
});
