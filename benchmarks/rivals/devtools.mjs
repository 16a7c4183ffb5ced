#!/usr/bin/env node
// Glass against chrome-devtools-mcp 1.11.0 on the two things its DevTools tools are for:
//   requests: list the 200 subresources a page loaded (every page of the list), and
//   trace:    record a reloading performance trace and read LCP and CLS from it.
// Usage: node devtools.mjs --glass /path/to/glass --runs 5 [--only glass,devtools] [--glass-timing]
//                          [--scenarios requests,trace] [--verbose] [--out devtools-results.json]
// Servers are spawned as bench.mjs spawns them (same flags, env, temp cwd), one after another.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { CHROME_FLAGS, CHROMIUM, McpClient, NO_DOWNLOAD_ENV, VIEWPORT, descendants, readProcStat, sleep } from './mcpclient.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const TRACE_TIMEOUT_MS = 60000;   // chrome-devtools-mcp's autoStop alone waits 5 s after load

// ---------------------------------------------------------------- CLI
const SCENARIOS = ['requests', 'trace'];
const SERVERS = ['glass', 'devtools'];
function parseArgs(argv) {
  const o = { runs: 5, only: null, scenarios: null, glass: null, glassTiming: false, verbose: false, out: path.join(HERE, 'devtools-results.json') };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = () => argv[++i];
    if (a === '--glass') o.glass = path.resolve(v());   // servers run in a temp cwd
    else if (a === '--glass-timing') o.glassTiming = true;   // Glass's rows also carry at, ms, size
    else if (a === '--runs') o.runs = Number(v());
    else if (a === '--only') o.only = v().split(',').map((s) => s.trim()).filter(Boolean);
    else if (a === '--scenarios') o.scenarios = v().split(',').map((s) => s.trim()).filter(Boolean);
    else if (a === '--out') o.out = path.resolve(v());
    else if (a === '--verbose' || a === '-v') o.verbose = true;
    else if (a === '--help' || a === '-h') { console.log('node devtools.mjs [--glass PATH] [--only glass,devtools] [--scenarios requests,trace] [--glass-timing] [--runs N] [--out FILE] [--verbose]\nSee README.md.'); process.exit(0); }
    else { console.error(`unknown argument ${a}`); process.exit(2); }
  }
  if (!(o.runs >= 1)) { console.error('--runs must be >= 1'); process.exit(2); }
  for (const s of o.only || []) if (!SERVERS.includes(s)) { console.error(`unknown server ${s}; known: ${SERVERS.join(',')}`); process.exit(2); }
  for (const s of o.scenarios || []) if (!SCENARIOS.includes(s)) { console.error(`unknown scenario ${s}; known: ${SCENARIOS.join(',')}`); process.exit(2); }
  return o;
}
const opts = parseArgs(process.argv.slice(2));
const log = (...a) => console.error(...a);
const vlog = (...a) => { if (opts.verbose) console.error(...a); };

// ---------------------------------------------------------------- pages (127.0.0.1 only)
// /requests loads 200 subresources, all of them load-blocking (so they are done when any
// navigate returns): 10 stylesheets, 10 scripts, 180 images; sizes 64 B to about 19 KiB;
// 5 images answer 404 and 2 answer 500.
const N_SUB = 200;
const subKind = (k) => (k < 10 ? 'css' : k < 20 ? 'js' : 'img');
const subStatus = (k) => (k % 50 === 27 || k === 199 ? 404 : k % 100 === 63 ? 500 : 200);
const subSize = (k) => 64 + ((k * 7919) % 200) * 97;
const subPath = (k) => `/r/${subKind(k)}/${k}.${subKind(k) === 'img' ? 'svg' : subKind(k)}`;
const N_404 = Array.from({ length: N_SUB }, (_, k) => subStatus(k)).filter((s) => s === 404).length;

function pad(s, n, open, close) {
  const room = n - Buffer.byteLength(s) - open.length - close.length;
  return room > 0 ? s + open + 'x'.repeat(room) + close : s;
}
function subBody(k) {
  const n = subSize(k);
  if (subKind(k) === 'css') return { type: 'text/css', body: pad(`.c${k}{color:#${(k * 4099 % 4096).toString(16).padStart(3, '0')}}\n`, n, '/*', '*/') };
  if (subKind(k) === 'js') return { type: 'text/javascript', body: pad(`window.__js=(window.__js||0)+1;\n`, n, '/*', '*/') };
  return { type: 'image/svg+xml', body: pad(`<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><rect width="16" height="16" fill="#${(k * 2654435761 % 16777216).toString(16).padStart(6, '0')}"/>`, n - 6, '<!--', '-->') + '</svg>' };
}
function requestsPage() {
  const css = [], js = [], img = [];
  for (let k = 0; k < N_SUB; k++) {
    const kind = subKind(k);
    if (kind === 'css') css.push(`<link rel="stylesheet" href="${subPath(k)}">`);
    else if (kind === 'js') js.push(`<script src="${subPath(k)}"></script>`);
    else img.push(`<img src="${subPath(k)}" width="16" height="16" alt="">`);
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>200 requests</title>${css.join('')}</head><body><h1>200 subresources</h1><div>${img.join('\n')}</div>${js.join('')}</body></html>`;
}

// /trace: a heading, a 640x320 hero image the server answers after 400 ms (the LCP element), and a
// 120 px banner a timer inserts above everything 300 ms in (a layout shift of the heading and the
// hero box). The hero is blocky noise, well above Chrome's low-entropy cut for LCP images.
const HERO_DELAY_MS = 400;
const SHIFT_AT_MS = 300;
function heroPng(w = 640, h = 320, block = 8) {
  let seed = 12345;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 16) & 255;
  const bw = Math.ceil(w / block), bh = Math.ceil(h / block);
  const colors = Array.from({ length: bw * bh }, () => [rnd(), rnd(), rnd()]);
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    const o = y * (w * 3 + 1);
    raw[o] = 0;
    for (let x = 0; x < w; x++) {
      const c = colors[Math.floor(y / block) * bw + Math.floor(x / block)];
      raw[o + 1 + x * 3] = c[0]; raw[o + 2 + x * 3] = c[1]; raw[o + 3 + x * 3] = c[2];
    }
  }
  const crcTable = Array.from({ length: 256 }, (_, n) => { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; return c >>> 0; });
  const crc = (b) => { let c = 0xffffffff; for (const x of b) c = crcTable[(c ^ x) & 255] ^ (c >>> 8); return (c ^ 0xffffffff) >>> 0; };
  const chunk = (type, data) => {
    const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const c = Buffer.alloc(4); c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0); ihdr.writeUInt32BE(h, 4); ihdr[8] = 8; ihdr[9] = 2; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}
const HERO = heroPng();
const tracePage = () => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Trace page</title>
<style>body{margin:0;font-family:sans-serif}h1{font-size:40px;margin:16px}p{margin:16px;font-size:16px}#banner{height:120px;background:#fc0;font-size:24px}#hero{display:block;margin:16px}</style></head>
<body><h1>Trace test page</h1><p>A paragraph of text above the hero image.</p>
<img id="hero" src="/t/hero.png" width="640" height="320" alt="Hero image">
<p>Text below the hero image.</p>
<script>setTimeout(function(){var b=document.createElement('div');b.id='banner';b.textContent='Inserted banner';document.body.insertBefore(b,document.body.firstChild)},${SHIFT_AT_MS})</script>
</body></html>`;

function startPages() {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    const p = url.pathname;
    const send = (status, type, body) => { res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'content-length': Buffer.byteLength(body) }); res.end(body); };
    const m = p.match(/^\/r\/(css|js|img)\/(\d+)\.(?:css|js|svg)$/);
    if (m) {
      const k = Number(m[2]);
      if (k >= N_SUB || subKind(k) !== m[1]) return send(404, 'text/plain', 'not found');
      const st = subStatus(k);
      if (st !== 200) return send(st, 'text/plain', st === 404 ? 'not found' : 'server error');
      const { type, body } = subBody(k);
      return send(200, type, body);
    }
    if (p === '/requests') return send(200, 'text/html; charset=utf-8', requestsPage());
    if (p === '/trace') return send(200, 'text/html; charset=utf-8', tracePage());
    if (p === '/t/hero.png') { setTimeout(() => send(200, 'image/png', HERO), HERO_DELAY_MS); return; }
    if (p === '/small') return send(200, 'text/html; charset=utf-8', '<!doctype html><title>Small</title><h1>Hello</h1>');
    if (p === '/favicon.ico') { res.writeHead(204); return res.end(); }
    send(404, 'text/plain', 'not found');
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ base: `http://127.0.0.1:${port}`, close: () => new Promise((r) => { server.closeAllConnections?.(); server.close(() => r()); }) });
    });
  });
}

// ---------------------------------------------------------------- helpers
class ToolError extends Error {}
class MissingTool extends ToolError {}

async function call(c, name, args, timeoutMs) {
  const t0 = performance.now();
  const r = await c.callTool(name, args, timeoutMs);
  r.ms = performance.now() - t0;
  r.textBytes = Buffer.byteLength(r.text, 'utf8');
  vlog(`  [${c.label}] ${name} ${JSON.stringify(args).slice(0, 200)} -> ${r.ms.toFixed(1)} ms ${r.bytes} B${r.isError ? ' ERROR' : ''}\n    ${r.text.slice(0, 600).replace(/\n/g, '\n    ')}`);
  if (r.isError) throw new ToolError(`${name}: ${r.text.slice(0, 300)}`);
  return r;
}
function needTools(c, names) {
  const missing = names.filter((n) => !c.tools.includes(n));
  if (missing.length) throw new MissingTool(`${c.label}: tool${missing.length > 1 ? 's' : ''} ${missing.join(', ')} missing from tools/list (${c.tools.length} tools${c.serverInfo?.version ? `, version ${c.serverInfo.version}` : ''})`);
}
// URL paths of the 200 subresources a list mentions, and how many of them it reports as 404.
function tally(entries) {
  const seen = new Set();
  let notFound = 0;
  for (const e of entries) {
    let p;
    try { p = new URL(e.url).pathname; } catch { continue; }
    if (!/^\/r\//.test(p) || seen.has(p)) continue;
    seen.add(p);
    if (String(e.status) === '404') notFound++;
  }
  return { subresources: seen.size, notFound };
}

// ---------------------------------------------------------------- adapters
const devtools = {
  name: 'devtools',
  needs: { requests: ['navigate_page', 'list_network_requests'], trace: ['navigate_page', 'performance_start_trace', 'performance_stop_trace'] },
  spawn(workdir) {
    return {
      cmd: process.execPath,
      args: [path.join(HERE, 'node_modules/chrome-devtools-mcp/build/src/bin/chrome-devtools-mcp.js'),
        '--headless', '--isolated', '--executablePath', CHROMIUM, '--viewport', VIEWPORT,
        '--no-usage-statistics', '--no-performance-crux',
        ...['--no-sandbox', ...CHROME_FLAGS].map((f) => `--chromeArg=${f}`)],
      env: NO_DOWNLOAD_ENV,
      cwd: workdir,
    };
  },
  afterInit(c) { c.pageId = 1; },   // page-id routing is on by default; the initial tab is page 1
  navigate: (c, url) => call(c, 'navigate_page', { pageId: c.pageId, type: 'url', url }),
  // list_network_requests answers every request in one page when pageSize is omitted. We ask for
  // pages of 200 (like Glass's maxItems) and follow pageIdx while the answer says there is a next page.
  async listRequests(c) {
    const entries = [];
    const calls = [];
    let total = null;
    for (let pageIdx = 0; pageIdx < 50; pageIdx++) {
      const r = await call(c, 'list_network_requests', { pageId: c.pageId, pageSize: 200, pageIdx });
      calls.push(r);
      const sc = r.result.structuredContent;
      let items = sc?.networkRequests;
      if (!Array.isArray(items)) {
        // reqid=12 GET http://127.0.0.1:PORT/r/img/20.svg [200]
        items = [...r.text.matchAll(/^reqid=(\S+) (\S+) (\S+) \[([^\]]*)\]/gm)].map((m) => ({ requestId: m[1], method: m[2], url: m[3], status: m[4] }));
      }
      entries.push(...items);
      const shown = r.text.match(/Showing \d+-\d+ of (\d+)/);
      if (shown) total = Number(shown[1]);
      const next = sc?.pagination ? (sc.pagination.hasNextPage ? pageIdx + 1 : null) : (r.text.match(/^Next page: (\d+)/m) ? pageIdx + 1 : null);
      if (next == null) break;
    }
    return { calls, entries, total };
  },
  async trace(c) {
    const calls = [await call(c, 'performance_start_trace', { pageId: c.pageId, reload: true, autoStop: true }, TRACE_TIMEOUT_MS)];
    if (!/performance trace has been stopped/i.test(calls[0].text)) calls.push(await call(c, 'performance_stop_trace', { pageId: c.pageId }, TRACE_TIMEOUT_MS));
    const text = calls.map((r) => r.text).join('\n');
    if (/^Error:/m.test(text)) throw new ToolError(`trace: ${text.match(/^Error:.*$/m)[0]}`);
    // "  - LCP: 431 ms, event: (eventKey: r-12, ts: ...), nodeId: 7"  /  "  - CLS: 0.14, event: ..."
    const lcp = text.match(/^\s*- LCP: (\d+(?:\.\d+)?) ms(.*)$/m);
    const cls = text.match(/^\s*- CLS: (\d+(?:\.\d+)?)/m);
    return {
      calls,
      lcpMs: lcp ? Number(lcp[1]) : null,
      lcpElement: lcp ? (lcp[2].match(/nodeId: (\d+)/) ? `nodeId ${lcp[2].match(/nodeId: (\d+)/)[1]}` : null) : null,
      cls: cls ? Number(cls[1]) : null,
      clsDecimals: 2,   // its summary prints CLS with toFixed(2)
    };
  },
};

// Glass puts its JSON in structuredContent, and in the text item after its untrusted-content line.
function glassJson(r) {
  if (r.result && r.result.structuredContent) return r.result.structuredContent;
  const texts = (r.result.content || []).filter((c) => c.type === 'text').map((c) => c.text).filter((t) => !t.startsWith('Glass: '));
  try { return JSON.parse(texts[0]); } catch { throw new ToolError(`glass: response is not JSON: ${r.text.slice(0, 200)}`); }
}
const GLASS_TOOLS = { navigate: 'navigate', listRequests: 'listRequests', performanceTrace: 'performanceTrace' };
const glass = {
  name: 'glass',
  needs: { requests: [GLASS_TOOLS.navigate, GLASS_TOOLS.listRequests], trace: [GLASS_TOOLS.navigate, GLASS_TOOLS.performanceTrace] },
  spawn(workdir) {
    if (!opts.glass) throw new Error('--glass /path/to/glass is required for the glass server');
    return { cmd: opts.glass, args: ['--incognito', '--policy-allow', 'download', '--policy-allow', 'upload', '--mcp'], env: { ...NO_DOWNLOAD_ENV, GLASS_CHROME: CHROMIUM }, cwd: workdir };
  },
  afterInit() {},
  navigate: (c, url) => call(c, GLASS_TOOLS.navigate, { url, observe: false }),
  // {"origin", "columns":["id","url"] (with timing also "at","ms","size"), "groups":[{"type","status"?,"base"?,"rows":[[id,url,...],...]},...],
  //  "methods"?, "failed"?, "cached"?, "total", "next"?} (a url starting with / is on origin; a row's url follows its
  // group's base): each row becomes {id, method, url, type, status, ...}.
  async listRequests(c) {
    const entries = [];
    const calls = [];
    let total = null;
    let args = { maxItems: 200, ...(opts.glassTiming ? { timing: true } : {}) };
    for (let i = 0; i < 50; i++) {
      const r = await call(c, GLASS_TOOLS.listRequests, args);
      calls.push(r);
      const j = glassJson(r);
      if (!Array.isArray(j.groups) || !Array.isArray(j.columns)) throw new ToolError(`listRequests: no groups in ${JSON.stringify(j).slice(0, 200)}`);
      for (const g of j.groups) {
        for (const row of g.rows) {
          const e = Object.fromEntries(j.columns.map((c, k) => [c, row[k]]));
          e.type = g.type;
          e.status = g.status ?? null;
          e.method = (j.methods && j.methods[e.id]) || 'GET';
          e.url = (g.base || '') + e.url;
          if (e.url.startsWith('/')) e.url = j.origin + e.url;
          entries.push(e);
        }
      }
      if (typeof j.total === 'number') total = j.total;
      if (j.next == null) break;
      args = { ...args, cursor: j.next };
    }
    return { calls, entries, total };
  },
  // {"vitals":{"lcp":{"ms":N,"element":...},"cls":{"value":X,"shifts":[...]}}, ...}
  async trace(c) {
    const start = await call(c, GLASS_TOOLS.performanceTrace, { action: 'start', reload: true }, TRACE_TIMEOUT_MS);
    const stop = await call(c, GLASS_TOOLS.performanceTrace, { action: 'stop' }, TRACE_TIMEOUT_MS);
    const v = glassJson(stop).vitals || {};
    const el = v.lcp?.element;
    return {
      calls: [start, stop],
      lcpMs: typeof v.lcp?.ms === 'number' ? v.lcp.ms : null,
      lcpElement: el == null ? null : typeof el === 'string' ? el : JSON.stringify(el).slice(0, 120),
      cls: typeof v.cls?.value === 'number' ? v.cls.value : null,
      shifts: Array.isArray(v.cls?.shifts) ? v.cls.shifts.length : null,
    };
  },
};
const ADAPTERS = { glass, devtools };

// ---------------------------------------------------------------- sessions (as bench.mjs)
const allProcs = [];
async function startSession(adapter) {
  const workdir = fs.mkdtempSync(path.join(os.tmpdir(), `rivals-${adapter.name}-`));
  let spec;
  try { spec = adapter.spawn(workdir); } catch (e) { fs.rmSync(workdir, { recursive: true, force: true }); throw e; }
  const c = new McpClient({ ...spec, label: adapter.name, stderrFile: path.join(workdir, 'stderr.log') });
  c.workdir = workdir;
  c.cmdLine = [spec.cmd, ...spec.args].join(' ');
  try {
    await c.initialize();
    adapter.afterInit(c);
  } catch (e) {
    await stopSession(c);
    throw e;
  }
  return c;
}
async function stopSession(c) {
  if (!c) return;
  for (const p of [c.pid, ...descendants(c.pid)]) { const st = readProcStat(p); if (st) allProcs.push(st); }
  const left = await c.close();
  if (left.length) log(`  warning: ${c.label}: processes still alive after close: ${left.join(',')}`);
  try { fs.rmSync(c.workdir, { recursive: true, force: true }); } catch {}
}

// ---------------------------------------------------------------- scenarios
const sum = (xs) => xs.reduce((p, q) => p + q, 0);
const RUNNERS = {
  // Navigate (untimed, plus 300 ms for the server's collector), then time listing every page.
  async requests(a, c, base, run) {
    await a.navigate(c, `${base}/requests?run=${run}`);
    await sleep(300);
    const t0 = performance.now();
    const { calls, entries, total } = await a.listRequests(c);
    const ms = performance.now() - t0;
    const t = tally(entries);
    const out = { ms, bytes: sum(calls.map((r) => r.bytes)), textBytes: sum(calls.map((r) => r.textBytes)), calls: calls.length, reported: entries.length, total, subresources: t.subresources, notFound: t.notFound };
    if (run === 1) out.firstAnswer = calls[0].text.slice(0, 2000);
    if (t.subresources < N_SUB) out.warning = `only ${t.subresources} of the ${N_SUB} subresources listed`;
    return out;
  },
  // Navigate (untimed), then time a reloading trace from the start call through the stop answer.
  async trace(a, c, base, run) {
    await a.navigate(c, `${base}/trace?run=${run}`);
    const t0 = performance.now();
    const r = await a.trace(c);
    const ms = performance.now() - t0;
    const { calls, ...rest } = r;
    const out = { ms, bytes: sum(calls.map((x) => x.bytes)), textBytes: sum(calls.map((x) => x.textBytes)), calls: calls.length, ...rest };
    if (run === 1) out.answers = calls.map((x) => x.text.slice(0, 20000));   // kept once, to read what the server answered
    if (r.lcpMs == null) out.warning = 'no LCP in the answer';
    if (r.cls == null) out.warning = (out.warning ? out.warning + '; ' : '') + 'no CLS in the answer';
    return out;
  },
};

const median = (xs) => {
  const s = xs.filter((x) => typeof x === 'number' && isFinite(x)).sort((p, q) => p - q);
  if (!s.length) return null;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function runServer(adapter, base, res, scenarios) {
  let c = null;
  const ensure = async () => {
    if (c && !c.closed) return c;
    if (c) await stopSession(c);
    c = await startSession(adapter);
    await adapter.navigate(c, base + '/small');   // warm-up: browser launched, first page loaded
    return c;
  };
  try {
    for (const sc of scenarios) {
      const rec = { samples: [], errors: [] };
      res[sc] = rec;
      log(`  ${adapter.name}: ${sc}`);
      // one untimed warm-up run (also surfaces a missing tool at once)
      for (let i = -1; i < opts.runs; i++) {
        try {
          await ensure();
          needTools(c, adapter.needs[sc]);
          const r = await RUNNERS[sc](adapter, c, base, i + 1);
          if (r.warning) log(`    run ${i}: ${r.warning}`);
          if (i >= 0) rec.samples.push(r);
        } catch (e) {
          rec.errors.push(String(e.message || e));
          log(`    run ${i} failed: ${e.message}`);
          if (e instanceof MissingTool) { rec.missingTool = true; break; }
          if (rec.errors.length >= 2 && !rec.samples.length) break;   // unsupported: n/a
        }
      }
    }
  } finally {
    await stopSession(c);
  }
}

// ---------------------------------------------------------------- report
function fmtMs(x) { return x == null ? 'n/a' : x >= 100 ? x.toFixed(0) : x.toFixed(1); }
function fmtBytes(b) { return b == null ? 'n/a' : b >= 1024 * 1024 ? `${(b / 1048576).toFixed(1)} MiB` : b >= 1024 ? `${(b / 1024).toFixed(1)} KiB` : `${b} B`; }
const med = (rec, f) => (rec && rec.samples.length ? median(rec.samples.map(f)) : null);
const uniq = (rec, f) => (rec && rec.samples.length ? [...new Set(rec.samples.map(f))].join('/') : 'n/a');

// Within 10 %; for CLS, also when the gap is within the rounding of a figure given to 2 decimals.
function agree(a, b, roundingSlack = 0) {
  if (a == null || b == null) return null;
  const d = Math.abs(a - b);
  return d <= 0.1 * Math.max(Math.abs(a), Math.abs(b)) || d <= roundingSlack + 1e-9;
}

function summarize(all, servers) {
  const s = {};
  for (const srv of servers) {
    const r = all[srv] || {};
    s[srv] = {
      requests: r.requests && {
        ms: med(r.requests, (x) => x.ms), bytes: med(r.requests, (x) => x.bytes), textBytes: med(r.requests, (x) => x.textBytes),
        calls: med(r.requests, (x) => x.calls), reported: med(r.requests, (x) => x.reported), subresources: med(r.requests, (x) => x.subresources),
        notFound: med(r.requests, (x) => x.notFound), ok: r.requests.samples.length > 0 && r.requests.samples.every((x) => x.subresources >= N_SUB),
      },
      trace: r.trace && {
        ms: med(r.trace, (x) => x.ms), bytes: med(r.trace, (x) => x.bytes), textBytes: med(r.trace, (x) => x.textBytes),
        calls: med(r.trace, (x) => x.calls), lcpMs: med(r.trace, (x) => x.lcpMs), cls: med(r.trace, (x) => x.cls),
      },
    };
  }
  const g = s.glass?.trace, d = s.devtools?.trace;
  if (g && d) s.agreement = { lcp: agree(g.lcpMs, d.lcpMs), cls: agree(g.cls, d.cls, 0.005) };
  return s;
}

function printTable(all, servers, sum) {
  const rows = [];
  const has = (sc) => servers.some((x) => all[x]?.[sc]);
  const cell = (srv, sc, f) => {
    const rec = all[srv]?.[sc];
    if (!rec) return '-';
    if (!rec.samples.length) return rec.missingTool ? 'tool missing' : 'n/a';
    return f(rec);
  };
  if (has('requests')) {
    rows.push(['requests: time to all pages (ms)', ...servers.map((x) => cell(x, 'requests', (r) => fmtMs(med(r, (y) => y.ms))))]);
    rows.push(['requests: response bytes (all pages)', ...servers.map((x) => cell(x, 'requests', (r) => fmtBytes(med(r, (y) => y.bytes))))]);
    rows.push(['requests: text content bytes', ...servers.map((x) => cell(x, 'requests', (r) => fmtBytes(med(r, (y) => y.textBytes))))]);
    rows.push(['requests: calls', ...servers.map((x) => cell(x, 'requests', (r) => uniq(r, (y) => y.calls)))]);
    rows.push(['requests: entries reported', ...servers.map((x) => cell(x, 'requests', (r) => uniq(r, (y) => y.reported)))]);
    rows.push([`requests: of the ${N_SUB} subresources (${N_404} x 404)`, ...servers.map((x) => cell(x, 'requests', (r) => `${uniq(r, (y) => y.subresources)} (${uniq(r, (y) => y.notFound)} x 404)`))]);
  }
  if (has('trace')) {
    rows.push(['trace: start call to stop answer (ms)', ...servers.map((x) => cell(x, 'trace', (r) => fmtMs(med(r, (y) => y.ms))))]);
    rows.push(['trace: response bytes (start+stop)', ...servers.map((x) => cell(x, 'trace', (r) => fmtBytes(med(r, (y) => y.bytes))))]);
    rows.push(['trace: text content bytes', ...servers.map((x) => cell(x, 'trace', (r) => fmtBytes(med(r, (y) => y.textBytes))))]);
    rows.push(['trace: calls', ...servers.map((x) => cell(x, 'trace', (r) => uniq(r, (y) => y.calls)))]);
    rows.push(['trace: LCP (ms, median)', ...servers.map((x) => cell(x, 'trace', (r) => fmtMs(med(r, (y) => y.lcpMs))))]);
    rows.push(['trace: CLS (median)', ...servers.map((x) => cell(x, 'trace', (r) => { const v = med(r, (y) => y.cls); return v == null ? 'n/a' : v.toFixed(3); }))]);
  }
  const head = ['metric', ...servers];
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r) => '| ' + r.map((x, i) => x.padEnd(w[i])).join(' | ') + ' |';
  console.log(line(head));
  console.log('|' + w.map((n) => '-'.repeat(n + 2)).join('|') + '|');
  for (const r of rows) console.log(line(r));
  console.log(`\nmedians over ${opts.runs} run(s); response bytes = JSON-RPC response line sizes (structuredContent included), text content bytes = the text items, each summed over the calls of one run.`);
  if (sum.agreement) {
    const yn = (x) => (x == null ? 'n/a' : x ? 'yes' : 'NO');
    console.log(`trace agreement within 10 %: LCP ${yn(sum.agreement.lcp)}, CLS ${yn(sum.agreement.cls)} (CLS also agrees within 0.005, as chrome-devtools-mcp prints it to 2 decimals)`);
  }
  for (const srv of servers) {
    if (all[srv]?.startError) console.log(`${srv}: could not start: ${all[srv].startError.slice(0, 300)}`);
    for (const sc of SCENARIOS) {
      const rec = all[srv]?.[sc];
      if (rec?.errors.length) console.log(`${srv} ${sc}: ${rec.errors.length} error(s); first: ${rec.errors[0].slice(0, 300)}`);
    }
  }
}

async function main() {
  const servers = opts.only || (opts.glass ? ['glass', 'devtools'] : ['devtools']);
  const scenarios = opts.scenarios || SCENARIOS;
  const pages = await startPages();
  log(`pages on ${pages.base}; runs=${opts.runs}; servers=${servers.join(',')}; scenarios=${scenarios.join(',')}; load=${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  const all = {};
  const meta = { date: new Date().toISOString(), runs: opts.runs, chromium: CHROMIUM, chromeFlags: CHROME_FLAGS, node: process.version, loadavgStart: os.loadavg(), heroPngBytes: HERO.length, heroDelayMs: HERO_DELAY_MS, shiftAtMs: SHIFT_AT_MS, servers: {} };
  let interrupted = false;
  const onSig = () => { interrupted = true; log('interrupted; cleaning up'); };
  process.once('SIGINT', onSig);
  process.once('SIGTERM', onSig);
  try {
    for (const s of servers) {
      if (interrupted) break;
      const adapter = ADAPTERS[s];
      all[s] = {};
      log(`== ${s}`);
      try {
        const c = await startSession(adapter);
        meta.servers[s] = { serverInfo: c.serverInfo, cmd: c.cmdLine.split(c.workdir).join('<tmp>'), tools: c.tools };
        await stopSession(c);
      } catch (e) {
        log(`  ${s}: cannot start: ${e.message}`);
        all[s].startError = String(e.message);
        continue;
      }
      meta.servers[s].loadavgStart = os.loadavg();
      await runServer(adapter, pages.base, all[s], scenarios.filter(() => !interrupted));
      meta.servers[s].loadavgEnd = os.loadavg();
      log(`  ${s}: done; load ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
    }
  } finally {
    await pages.close();
  }
  meta.loadavgEnd = os.loadavg();
  const summary = summarize(all, servers);
  fs.writeFileSync(opts.out, JSON.stringify({ meta, summary, results: all }, null, 2));
  printTable(all, servers, summary);
  await sleep(300);
  const leaked = allProcs.filter((t) => { const st = readProcStat(t.pid); return st && st.start === t.start && st.state !== 'Z'; }).map((t) => t.pid);
  if (leaked.length) { log(`WARNING: leftover processes: ${leaked.join(',')}; killing`); for (const p of leaked) { try { process.kill(p, 'SIGKILL'); } catch {} } }
  else log('no server or Chromium process left behind');
  log(`results written to ${opts.out}`);
}

main().catch((e) => { console.error(e); process.exit(1); });
