#!/usr/bin/env node
// How soon a server sees a change the page makes on its own time: a button whose click shows
// "Shown N" after a timer of D ms (no request, so no action waits for it), and the model's next
// step is to wait for that text. Glass (default flags) clicks and then `verify`s textPresent;
// @playwright/mcp clicks and then `browser_wait_for` the text. Prints, per server, the median
// time from the start of the click call to the answer that the text is there, minus D: what the
// two calls cost beyond the page's own delay. D cycles through 50, 100, 150, 200 and 250 ms so
// a fixed polling tick shows up as its average phase. Every round is checked on the page's own
// record (window.shown counts the texts shown; the text the server saw is the round's).
// Usage: node waits.mjs --glass ../../target/release/glass [--rounds 20] [--servers glass,playwright] [-v]
import http from 'node:http';
import path from 'node:path';
import { startServer } from './mcpclient.mjs';

const o = { rounds: 20, servers: ['glass', 'playwright'], glass: null, verbose: false };
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i], v = () => process.argv[++i];
  if (a === '--glass') o.glass = path.resolve(v());
  else if (a === '--rounds') o.rounds = Number(v());
  else if (a === '--servers') o.servers = v().split(',');
  else if (a === '-v' || a === '--verbose') o.verbose = true;
  else { console.error(`unknown argument ${a}`); process.exit(2); }
}
if (!o.glass && o.servers.includes('glass')) { console.error('--glass is required'); process.exit(2); }
const log = (...a) => console.error(...a);
const DELAYS = [50, 100, 150, 200, 250];

// The page: each click schedules the next "Shown N" after ?d= ms.
const PAGE = `<!doctype html><title>Waits</title><main><h1>Waits</h1>
<button id="b">Show</button><p id="out" role="status"></p></main><script>
window.shown = 0;
document.getElementById('b').addEventListener('click', () => {
  const d = Number(new URLSearchParams(location.search).get('d')) || 100;
  setTimeout(() => { window.shown += 1; document.getElementById('out').textContent = 'Shown ' + window.shown; }, d);
});
</script>`;

function startApp() {
  const srv = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(PAGE);
  });
  return new Promise((resolve) => srv.listen(0, '127.0.0.1', () => resolve({
    base: `http://127.0.0.1:${srv.address().port}`, stop: () => srv.close(),
  })));
}

class Fail extends Error {}
const gj = (r) => JSON.parse((r.result.content || []).filter((x) => x.type === 'text').map((x) => x.text).find((t) => !t.startsWith('Glass: ')));
const pwref = (text, role, name) => {
  const line = text.split('\n').find((l) => l.includes(`${role} "${name}`) && /\[ref=/.test(l));
  if (!line) throw new Fail(`playwright: ${role} "${name}" not in snapshot`);
  return line.match(/\[ref=([^\]\s]+)\]/)[1];
};

async function call(c, name, args) {
  const r = await c.callTool(name, args, 60000);
  if (o.verbose) log(`  ${name} -> ${r.text.slice(0, 160).replace(/\n/g, ' ')}`);
  if (r.isError) throw new Fail(`${name}: ${r.text.slice(0, 300)}`);
  return r;
}

// One round on a freshly loaded page: click, wait for "Shown 1"; the page's own count.
const ROUND = {
  async glass(c, url) {
    await call(c, 'navigate', { url, observe: false });
    const t0 = performance.now();
    await call(c, 'click', { target: 'role=button;name=Show' });
    const v = gj(await call(c, 'verify', { predicates: [{ kind: 'textPresent', text: 'Shown 1' }], timeoutMs: 5000 }));
    const ms = performance.now() - t0;
    if (!v.satisfied) throw new Fail('glass: verify not satisfied');
    const shown = gj(await call(c, 'evaluate', { expression: 'window.shown' }));
    return { ms, shown: shown.value };
  },
  async playwright(c, url) {
    await call(c, 'browser_navigate', { url });
    const snap = (await call(c, 'browser_snapshot', {})).text;
    const t0 = performance.now();
    await call(c, 'browser_click', { element: 'Show button', target: pwref(snap, 'button', 'Show') });
    await call(c, 'browser_wait_for', { text: 'Shown 1' });
    const ms = performance.now() - t0;
    const shown = (await call(c, 'browser_evaluate', { function: '() => window.shown' })).text;
    return { ms, shown: Number((shown.match(/^\s*(\d+)\s*$/m) || [])[1]) };
  },
};

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.floor(s.length / 2)] : NaN; };
const app = await startApp();
const rows = [];
for (const server of o.servers) {
  const c = await startServer(server, o.glass, 'waits');
  const over = [];
  try {
    // One unmeasured round warms the browser.
    await ROUND[server](c, `${app.base}/?d=50`);
    for (let i = 0; i < o.rounds; i++) {
      const d = DELAYS[i % DELAYS.length];
      const r = await ROUND[server](c, `${app.base}/?d=${d}`);
      if (r.shown !== 1) throw new Fail(`${server}: the page shows ${r.shown} texts, not 1`);
      over.push(r.ms - d);
    }
  } finally {
    await c.close();
  }
  const row = { server, rounds: over.length, medianOverMs: Math.round(median(over)), maxOverMs: Math.round(Math.max(...over)) };
  rows.push(row);
  log(JSON.stringify(row));
}
app.stop();
console.log('| server | rounds | click + wait beyond the page\'s delay, median | max |');
console.log('| --- | --- | --- | --- |');
for (const r of rows) console.log(`| ${r.server} | ${r.rounds} | ${r.medianOverMs} ms | ${r.maxOverMs} ms |`);
