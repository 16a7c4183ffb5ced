#!/usr/bin/env node
// Extracting a 200-row table: Glass's extractStructured against @playwright/mcp's snapshot
// (from which a model reads the rows), in one run: calls, bytes a model reads, wall time.
// Each run is checked: every row's values are in what the model got.
// Usage: node extract.mjs --glass ../../target/release/glass [--runs 5] [-v]
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './mcpclient.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const o = { runs: 5, glass: null, verbose: false };
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i], v = () => process.argv[++i];
  if (a === '--glass') o.glass = path.resolve(v());
  else if (a === '--runs') o.runs = Number(v());
  else if (a === '-v' || a === '--verbose') o.verbose = true;
  else { console.error(`unknown argument ${a}`); process.exit(2); }
}
if (!o.glass) { console.error('--glass is required'); process.exit(2); }
const log = (...a) => console.error(...a);

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const ROWS = Array.from({ length: 200 }, (_, i) => ({
  id: i + 1, customer: `Customer ${i + 1}`, total: Math.round((i + 1) * 1234.5) / 100,
  month: i % 12, day: 1 + (i % 28), paid: i % 3 === 0,
}));
const money = (n) => '$' + n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const PAGE = `<!doctype html><html lang="en-US"><title>Orders</title><main><h1>Orders</h1>
<table aria-label="Orders"><thead><tr><th>Id</th><th>Customer</th><th>Total</th><th>Placed</th><th>Paid</th></tr></thead><tbody>
${ROWS.map((r) => `<tr><td>${r.id}</td><td>${r.customer}</td><td>${money(r.total)}</td><td>${MONTHS[r.month]} ${r.day}, 2025</td><td>${r.paid ? 'Yes' : 'No'}</td></tr>`).join('\n')}
</tbody></table></main>`;

function startApp() {
  const srv = http.createServer((q, s) => { s.writeHead(200, { 'content-type': 'text/html' }); s.end(PAGE); });
  return new Promise((resolve) => srv.listen(0, '127.0.0.1', () => resolve({ base: `http://127.0.0.1:${srv.address().port}`, stop: () => srv.close() })));
}

class Fail extends Error {}
async function start(server) {
  const c = await startServer(server, o.glass, 'extract');
  c.calls = 0; c.readBytes = 0; c.extractMs = 0;
  c.tool = async (name, args) => {
    const t0 = performance.now();
    const r = await c.callTool(name, args, 60000);
    const ms = performance.now() - t0;
    c.calls += 1;
    c.readBytes += Buffer.byteLength(r.text, 'utf8');
    if (o.verbose) log(`  [${server}] ${name} -> ${Buffer.byteLength(r.text)} B in ${ms.toFixed(1)} ms${r.isError ? ' ERROR ' + r.text.slice(0, 300) : ''}`);
    if (r.isError) throw new Fail(`${name}: ${r.text.slice(0, 300)}`);
    r.ms = ms;
    return r;
  };
  return c;
}

const RUN = {
  // navigate without an observation, then one extraction of the whole table, typed.
  async glass(c, app) {
    await c.tool('navigate', { url: app.base + '/', observe: false });
    const r = await c.tool('extractStructured', { maxItems: 200, fields: [{ name: 'orders', path: 'table:Orders', kind: 'table', columns: { Id: 'number', Total: 'currency', Placed: 'date', Paid: 'boolean' } }] });
    const j = JSON.parse(r.result.content.map((x) => x.text).find((t) => !t.startsWith('Glass: ')));
    const rows = j.values.orders.rows;
    if (rows.length !== 200) throw new Fail(`glass: ${rows.length} rows`);
    ROWS.forEach((w, i) => {
      const g = rows[i];
      const iso = `2025-${String(w.month + 1).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
      if (j.values.orders.currency.Total !== 'USD' || g[0] !== w.id || g[1] !== w.customer || g[2] !== w.total || g[3] !== iso || g[4] !== w.paid) throw new Fail(`glass: row ${i + 1} ${JSON.stringify(g)}`);
    });
    return r.ms;
  },
  // navigate, then the snapshot a model reads the rows from.
  async playwright(c, app) {
    await c.tool('browser_navigate', { url: app.base + '/' });
    const r = await c.tool('browser_snapshot', {});
    for (const w of ROWS) {
      if (!r.text.includes(`"${w.customer}"`) || !r.text.includes(money(w.total))) throw new Fail(`playwright: row ${w.id} not in the snapshot`);
    }
    return r.ms;
  },
};

const results = [];
for (const server of ['glass', 'playwright']) {
  for (let run = 1; run <= o.runs; run++) {
    const app = await startApp();
    let c = null;
    const row = { server, run, ok: false };
    try {
      c = await start(server);
      const t0 = performance.now();
      row.readMs = Math.round(await RUN[server](c, app));
      row.ms = Math.round(performance.now() - t0);
      row.ok = true;
    } catch (e) { row.error = String(e.message || e).slice(0, 300); }
    if (c) { row.calls = c.calls; row.bytes = c.readBytes; await c.close(); }
    app.stop();
    results.push(row);
    log(`${server} run ${run}: ${row.ok ? 'ok' : 'FAILED ' + row.error} calls=${row.calls} bytes=${row.bytes} read=${row.readMs ?? '-'} ms total=${row.ms ?? '-'} ms`);
  }
}
const med = (v) => { const s = [...v].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
console.log(`load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
console.log('| server | passed | calls (incl. navigate) | bytes read | reading call ms (median) | wall ms incl. launch (median) |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const server of ['glass', 'playwright']) {
  const ok = results.filter((r) => r.server === server && r.ok);
  const m = (f) => (ok.length ? med(ok.map(f)) : '-');
  console.log(`| ${server} | ${ok.length}/${o.runs} | ${m((r) => r.calls)} | ${m((r) => r.bytes)} | ${m((r) => r.readMs)} | ${m((r) => r.ms)} |`);
}
fs.writeFileSync(path.join(HERE, 'extract-results.json'), JSON.stringify(results, null, 1));
