#!/usr/bin/env node
// Side-by-side benchmark of browser MCP servers over stdio:
//   Glass (our Rust server), @playwright/mcp 0.0.83, chrome-devtools-mcp 1.11.x
// Usage: node bench.mjs --glass /path/to/glass --runs 15 [--only glass,playwright,devtools]
//                       [--scenarios launch,navigate,...] [--verbose] [--out results.json]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROME_FLAGS, CHROMIUM, McpClient, NO_DOWNLOAD_ENV, VIEWPORT, descendants, readProcStat, rssKiB, sleep } from './mcpclient.mjs';
import { startServer } from './pages.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));

// ---------------------------------------------------------------- CLI
function parseArgs(argv) {
  const o = { runs: 15, only: null, scenarios: null, glass: null, verbose: false, settle: 0, out: path.join(HERE, 'results.json') };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = () => argv[++i];
    if (a === '--glass') o.glass = path.resolve(v());   // servers run in a temp cwd
    else if (a === '--runs') o.runs = Number(v());
    else if (a === '--only') o.only = v().split(',').map((s) => s.trim()).filter(Boolean);
    else if (a === '--scenarios') o.scenarios = v().split(',').map((s) => s.trim()).filter(Boolean);
    else if (a === '--out') o.out = path.resolve(v());
    else if (a === '--settle') o.settle = Number(v());
    else if (a === '--verbose' || a === '-v') o.verbose = true;
    else if (a === '--help' || a === '-h') { console.log(fs.readFileSync(path.join(HERE, 'README.md'), 'utf8')); process.exit(0); }
    else { console.error(`unknown argument ${a}`); process.exit(2); }
  }
  if (!(o.runs >= 1)) { console.error('--runs must be >= 1'); process.exit(2); }
  if (!(o.settle >= 0)) { console.error('--settle must be >= 0'); process.exit(2); }
  return o;
}
const opts = parseArgs(process.argv.slice(2));
const log = (...a) => console.error(...a);
const vlog = (...a) => { if (opts.verbose) console.error(...a); };

// ---------------------------------------------------------------- helpers
class ToolError extends Error {}

async function call(c, name, args) {
  const t0 = performance.now();
  const r = await c.callTool(name, args);
  r.ms = performance.now() - t0;
  vlog(`  [${c.label}] ${name} ${JSON.stringify(args).slice(0, 200)} -> ${r.ms.toFixed(1)} ms ${r.bytes} B${r.isError ? ' ERROR' : ''}\n    ${r.text.slice(0, 600).replace(/\n/g, '\n    ')}`);
  if (r.isError) throw new ToolError(`${name}: ${r.text.slice(0, 300)}`);
  return r;
}

const unq = (s) => s.replace(/\\(.)/g, '$1');

// Parse snapshot text into [{ref, role, name}] with a per-format line regex.
function parseLines(text, re, order) {
  const out = [];
  for (const line of text.split('\n')) {
    const m = line.match(re);
    if (m) {
      const g = order(m);
      out.push({ ref: g.ref, role: g.role, name: g.name === undefined ? '' : unq(g.name) });
    }
  }
  return out;
}

function findRef(elements, role, name, label) {
  const hit = elements.find((e) => e.role === role && e.name === name) || elements.find((e) => e.role === role && e.name.includes(name));
  if (!hit) throw new ToolError(`${label}: no ${role} "${name}" in snapshot (${elements.length} elements parsed)`);
  return hit.ref;
}

// Find the text of an evaluate result in whatever format the server uses.
function evalText(r) { return r.text; }

// ---------------------------------------------------------------- adapters
// Each adapter: spawn(opts, workdir) -> {cmd,args,env,cwd}; and async methods taking the McpClient.
// Methods throw on failure; a failure becomes "n/a" for that server in that scenario.

const playwright = {
  name: 'playwright',
  spawn(o, workdir) {
    return {
      cmd: process.execPath,
      args: [path.join(HERE, 'node_modules/@playwright/mcp/cli.js'),
        '--headless', '--isolated', '--no-sandbox', '--browser', 'chromium',
        '--executable-path', CHROMIUM, '--viewport-size', VIEWPORT,
        '--output-dir', path.join(workdir, 'out'),
        // Extra Chromium args are only settable through the config file (launchOptions.args).
        '--config', path.join(HERE, 'pw-config.json')],
      env: NO_DOWNLOAD_ENV,
      cwd: workdir,
    };
  },
  async afterInit() {},
  navigate: (c, url) => call(c, 'browser_navigate', { url }),
  async snapshot(c) {
    const r = await call(c, 'browser_snapshot', {});
    // - button "Submit" [ref=e12]   /  - textbox "Full name" [ref=f1e5]
    r.elements = parseLines(r.text, /^\s*- ([\w-]+)(?: "((?:[^"\\]|\\.)*)")?.*?\[ref=([^\]\s]+)\]/, (m) => ({ role: m[1], name: m[2], ref: m[3] }));
    return r;
  },
  click: (c, ref) => call(c, 'browser_click', { target: ref }),
  type: (c, ref, text) => call(c, 'browser_type', { target: ref, text }),
  select: (c, ref, value) => call(c, 'browser_select_option', { target: ref, values: [value] }),
  screenshot: (c) => call(c, 'browser_take_screenshot', { type: 'png', scale: 'css' }),
  evaluate: (c, expr) => call(c, 'browser_evaluate', { function: `() => (${expr})` }),
  async popupHandle(c, clickRes) {
    // The click response lists the new tab; switch to it (the popup is "handled" once it is the current tab).
    const m = [...clickRes.text.matchAll(/^- (\d+): .*popup-target/gm)];
    if (!m.length) throw new ToolError('new tab not reported after click');
    const r = await call(c, 'browser_tabs', { action: 'select', index: Number(m[m.length - 1][1]) });
    if (!/\(current\) \[[^\]]*\]\(\S*popup-target\)|Page URL: \S*popup-target/.test(r.text)) throw new ToolError('selected tab is not the popup');
    return r;
  },
  async popupCleanup(c) {
    await call(c, 'browser_tabs', { action: 'close' });
    await call(c, 'browser_tabs', { action: 'select', index: 0 });
  },
  async dialogHandle(c, clickRes) {
    if (!/Modal state[\s\S]*alert/.test(clickRes.text)) throw new ToolError('no modal state after click');
    return call(c, 'browser_handle_dialog', { accept: true });
  },
  async downloadHandle(c, clickRes) {
    // Playwright MCP reports downloads in the response ("### Downloads"); if the click response
    // does not have the finished download yet, poll with a short wait.
    let text = clickRes.text;
    for (let i = 0; i < 50 && !/Downloaded file report/.test(text); i++) {
      text = (await call(c, 'browser_wait_for', { time: 0.1 })).text;
    }
    if (!/Downloaded file report/.test(text)) throw new ToolError('download not reported');
  },
};

const devtools = {
  name: 'devtools',
  spawn(o, workdir) {
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
  async afterInit(c) { c.pageId = 1; },   // the initial tab is page 1; page-id routing is on by default
  navigate: (c, url) => call(c, 'navigate_page', { pageId: c.pageId, type: 'url', url }),
  async snapshot(c) {
    const r = await call(c, 'take_snapshot', { pageId: c.pageId });
    // uid=1_5 button "Submit"
    r.elements = parseLines(r.text, /^\s*uid=(\S+) ([\w-]+)(?: "((?:[^"\\]|\\.)*)")?/, (m) => ({ ref: m[1], role: m[2], name: m[3] }));
    return r;
  },
  click: (c, ref) => call(c, 'click', { pageId: c.pageId, uid: ref }),
  type: (c, ref, text) => call(c, 'fill', { pageId: c.pageId, uid: ref, value: text }),
  select: (c, ref, value) => call(c, 'fill', { pageId: c.pageId, uid: ref, value }),
  screenshot: (c) => call(c, 'take_screenshot', { pageId: c.pageId }),
  evaluate: (c, expr) => call(c, 'evaluate_script', { pageId: c.pageId, function: `() => (${expr})` }),
  async popupHandle(c, clickRes) {
    // The click response lists "## Opened pages"; fall back to list_pages if it does not.
    let m = clickRes.text.match(/^(\d+): .*popup-target/m);
    if (!m) m = (await call(c, 'list_pages', {})).text.match(/^(\d+): .*popup-target/m);
    if (!m) throw new ToolError('popup page not listed');
    c.openerPageId = c.pageId;
    c.popupPageId = Number(m[1]);
    return call(c, 'select_page', { pageId: c.popupPageId });
  },
  async popupCleanup(c) {
    if (c.popupPageId) await call(c, 'close_page', { pageId: c.popupPageId });
    c.popupPageId = null;
    await call(c, 'select_page', { pageId: c.openerPageId ?? 1 });
  },
  async dialogHandle(c, clickRes) {
    return call(c, 'handle_dialog', { pageId: c.pageId, action: 'accept' });
  },
  async downloadHandle() { throw new ToolError('no download tool'); },
};

// Glass: tool names in one place.
const GLASS_TOOLS = {
  navigate: 'navigate', observe: 'observe', click: 'click', type: 'type', select: 'select',
  screenshot: 'screenshot', evaluate: 'evaluate', clickExpectPopup: 'clickExpectPopup',
  acceptDialog: 'acceptDialog', download: 'download', closeTarget: 'closeTarget',
};
// Glass puts its JSON in structuredContent, and in the text item after its untrusted-content line.
function glassJson(r) {
  if (r.result && r.result.structuredContent) return r.result.structuredContent;
  const texts = (r.result.content || []).filter((c) => c.type === 'text').map((c) => c.text).filter((t) => !t.startsWith('Glass: '));
  try { return JSON.parse(texts[0]); } catch { throw new ToolError(`glass: response is not JSON: ${r.text.slice(0, 200)}`); }
}
function glassElements(obj) {
  const o = obj.elements ? obj : obj.observation || obj.observe || obj;
  // Regions nest their items under `children`.
  const out = [];
  const walk = (list) => { for (const e of list || []) { out.push({ ref: String(e.ref), role: String(e.role || ''), name: String(e.name ?? '') }); walk(e.children); } };
  walk(o.elements);
  return out;
}
const glass = {
  name: 'glass',
  spawn(o, workdir) {
    if (!o.glass) throw new Error('--glass /path/to/glass is required for the glass server');
    return { cmd: o.glass, args: ['--incognito', '--policy-allow', 'download', '--policy-allow', 'upload', '--mcp'], env: { ...NO_DOWNLOAD_ENV, GLASS_CHROME: CHROMIUM }, cwd: workdir };
  },
  async afterInit() {},
  navigate: (c, url) => call(c, GLASS_TOOLS.navigate, { url, observe: false }),
  async snapshot(c) {
    const r = await call(c, GLASS_TOOLS.observe, {});
    r.elements = glassElements(glassJson(r));
    return r;
  },
  click: (c, ref) => call(c, GLASS_TOOLS.click, { target: ref }),
  type: (c, ref, text) => call(c, GLASS_TOOLS.type, { target: ref, text }),
  select: (c, ref, value) => call(c, GLASS_TOOLS.select, { target: ref, value }),
  screenshot: (c) => call(c, GLASS_TOOLS.screenshot, {}),
  evaluate: (c, expr) => call(c, GLASS_TOOLS.evaluate, { expression: expr }),
  // Glass opens the popup in the same call.
  popupClick: (c, ref) => call(c, GLASS_TOOLS.clickExpectPopup, { target: ref }),
  async popupHandle(c, clickRes) {
    const popup = glassJson(clickRes).popup || {};
    if (!/popup-target/.test(popup.url || '')) throw new ToolError('clickExpectPopup result does not mention the popup URL');
    c.glassPopup = popup.targetId;
    return clickRes;
  },
  async popupCleanup(c) {
    if (c.glassPopup) await call(c, GLASS_TOOLS.closeTarget, { targetId: c.glassPopup });
    c.glassPopup = null;
  },
  dialogHandle: (c) => call(c, GLASS_TOOLS.acceptDialog, {}),
  downloadHandle: (c) => call(c, GLASS_TOOLS.download, {}),
};

const ADAPTERS = { glass, playwright, devtools };

// ---------------------------------------------------------------- session management
async function startSession(adapter, base) {
  const workdir = fs.mkdtempSync(path.join(os.tmpdir(), `rivals-${adapter.name}-`));
  const spec = adapter.spawn(opts, workdir);
  const t0 = performance.now();
  const c = new McpClient({ ...spec, label: adapter.name, stderrFile: path.join(workdir, 'stderr.log') });
  c.workdir = workdir;
  c.t0 = t0;
  try {
    await c.initialize();
    c.tInit = performance.now() - t0;
    await adapter.afterInit(c);
  } catch (e) {
    await stopSession(c);
    throw e;
  }
  return c;
}

const allProcs = [];   // every server process and descendant seen, as /proc stat records (pid+starttime)
async function stopSession(c) {
  if (!c) return;
  for (const p of [c.pid, ...descendants(c.pid)]) { const st = readProcStat(p); if (st) allProcs.push(st); }
  const left = await c.close();
  if (left.length) log(`  warning: ${c.label}: processes still alive after close: ${left.join(',')}`);
  try { fs.rmSync(c.workdir, { recursive: true, force: true }); } catch {}
}

// Evaluate an expression and check that the result text contains `expect` (outside timed sections).
async function verify(adapter, c, expr, expect) {
  const r = await adapter.evaluate(c, expr);
  if (!evalText(r).includes(expect)) throw new ToolError(`verification failed: ${expr} -> ${r.text.slice(0, 200)} (wanted ${expect})`);
}

// ---------------------------------------------------------------- scenarios
// Each warm scenario run(adapter, c, base) returns {ms, bytes?} for one run.
const TYPE_TEXT = 'Ada Lovelace-Byron 42';   // 21 characters

async function navAndFind(adapter, c, base, pagePath, role, name) {
  await adapter.navigate(c, base + pagePath);
  const snap = await adapter.snapshot(c);
  return findRef(snap.elements, role, name, adapter.name);
}

// Untimed pause after the navigation of 3a, 3b and 7, the same for every server (--settle MS):
// the timed call then sees a page that has finished its first layout and paint, whatever each
// server's navigate waited for. 0 (the default) times the call right after navigate returns.
const settle = () => (opts.settle > 0 ? sleep(opts.settle) : Promise.resolve());

let navToggle = 0;
const WARM = {
  navigate: {
    title: '2. warm navigate (small page)',
    async run(a, c, base) {
      const r = await a.navigate(c, base + (navToggle++ % 2 ? '/small2' : '/small'));
      return { ms: r.ms, bytes: r.bytes };
    },
  },
  observe_form: {
    title: '3a. observe/snapshot, 30-field form',
    async run(a, c, base) {
      await a.navigate(c, base + '/form30');
      await settle();
      const r = await a.snapshot(c);
      if (!r.elements.some((e) => e.role === 'textbox' && /Field 1\b/.test(e.name))) throw new ToolError('form fields not in snapshot');
      return { ms: r.ms, bytes: r.bytes, textBytes: Buffer.byteLength(r.text), elements: r.elements.length };
    },
  },
  observe_list: {
    title: '3b. observe/snapshot, 2000 items+buttons',
    async run(a, c, base) {
      await a.navigate(c, base + '/list2000');
      await settle();
      const r = await a.snapshot(c);
      const buttons = r.elements.filter((e) => e.role === 'button').length;
      return { ms: r.ms, bytes: r.bytes, textBytes: Buffer.byteLength(r.text), elements: r.elements.length, buttons };
    },
  },
  click: {
    title: '4. click button',
    async run(a, c, base) {
      const ref = await navAndFind(a, c, base, '/controls', 'button', 'Press me');
      const r = await a.click(c, ref);
      await verify(a, c, "'clicks=' + window.__clicks", 'clicks=1');
      return { ms: r.ms, bytes: r.bytes };
    },
  },
  type: {
    title: '5. type 21 chars into input',
    async run(a, c, base) {
      const ref = await navAndFind(a, c, base, '/controls', 'textbox', 'Full name');
      const r = await a.type(c, ref, TYPE_TEXT);
      await verify(a, c, "'v=' + document.getElementById('name').value", 'v=' + TYPE_TEXT);
      return { ms: r.ms, bytes: r.bytes };
    },
  },
  select: {
    title: '6. select option',
    async run(a, c, base) {
      const ref = await navAndFind(a, c, base, '/controls', 'combobox', 'Color');
      const r = await a.select(c, ref, 'Green');
      await verify(a, c, "'sel=' + document.getElementById('color').value", 'sel=Green');
      return { ms: r.ms, bytes: r.bytes };
    },
  },
  screenshot: {
    title: '7. screenshot (viewport)',
    async run(a, c, base) {
      await a.navigate(c, base + '/form30');
      await settle();
      const r = await a.screenshot(c);
      const img = (r.result.content || []).find((x) => x.type === 'image');
      if (!img) throw new ToolError('no image content in screenshot result');
      const png = Buffer.from(img.data, 'base64');
      const dims = png.length > 24 && png.readUInt32BE(0) === 0x89504e47 ? `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}` : img.mimeType;
      return { ms: r.ms, bytes: r.bytes, imageBytes: png.length, dims };
    },
  },
  evaluate: {
    title: '8. evaluate 1+1',
    async run(a, c, base) {
      if (!c._evalPage) { await a.navigate(c, base + '/small'); c._evalPage = true; }
      const r = await a.evaluate(c, '1+1');
      if (!/\b2\b/.test(r.text)) throw new ToolError(`evaluate returned ${r.text.slice(0, 100)}`);
      return { ms: r.ms, bytes: r.bytes };
    },
  },
  // ---- later scenarios: timed as the whole scenario, navigation included
  popup: {
    title: '10. popup (target=_blank), whole',
    whole: true,
    async run(a, c, base) {
      const t0 = performance.now();
      let clicked = false;
      try {
        const ref = await navAndFind(a, c, base, '/popup', 'link', 'Open popup');
        clicked = true;
        const clickRes = a.popupClick ? await a.popupClick(c, ref) : await a.click(c, ref);
        await a.popupHandle(c, clickRes);
        return { ms: performance.now() - t0 };
      } finally {
        // untimed: close the popup and go back to the opener (best effort, also after a failure)
        if (clicked) await a.popupCleanup(c).catch((e) => log(`    popup cleanup failed: ${e.message}`));
      }
    },
  },
  alert: {
    title: '11. alert dialog, whole',
    whole: true,
    async run(a, c, base) {
      const t0 = performance.now();
      const ref = await navAndFind(a, c, base, '/alert', 'button', 'Show alert');
      const clickRes = await a.click(c, ref);
      await a.dialogHandle(c, clickRes);
      const ms = performance.now() - t0;
      await verify(a, c, "'alerted=' + window.__alerted", 'alerted=1');
      return { ms };
    },
  },
  iframe: {
    title: '12. iframe button, whole',
    whole: true,
    async run(a, c, base) {
      const t0 = performance.now();
      const ref = await navAndFind(a, c, base, '/iframe', 'button', 'Inner button');
      await a.click(c, ref);
      const ms = performance.now() - t0;
      await verify(a, c, "'fc=' + window.__frameClicks", 'fc=1');
      return { ms };
    },
  },
  download: {
    title: '13. download link, whole',
    whole: true,
    async run(a, c, base) {
      const t0 = performance.now();
      const ref = await navAndFind(a, c, base, '/download', 'link', 'Download report');
      const clickRes = await a.click(c, ref);
      await a.downloadHandle(c, clickRes);
      return { ms: performance.now() - t0 };
    },
  },
};
const COLD = {
  launch: { title: '1. first navigate incl. browser launch (spawn->result)' },
  rss: { title: '9. server RSS w/o Chrome (MiB, after init+1 navigate)' },
};
const ALL_SCENARIOS = [...Object.keys(COLD), ...Object.keys(WARM)];

// ---------------------------------------------------------------- runner
const median = (xs) => {
  const s = xs.filter((x) => typeof x === 'number' && isFinite(x)).sort((p, q) => p - q);
  if (!s.length) return null;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function runCold(adapter, base, results, wanted) {
  // Fresh server process per run: spawn -> initialize -> tools/list -> navigate result. Then RSS.
  const launch = { samples: [], initMs: [], errors: [] };
  const rss = { samples: [], chromeTreeMiB: [], errors: [] };
  for (let i = 0; i < opts.runs; i++) {
    let c;
    try {
      c = await startSession(adapter, base);
      const r = await adapter.navigate(c, base + '/small');
      const total = performance.now() - c.t0;
      launch.samples.push(total);
      launch.initMs.push(c.tInit);
      if (wanted.has('rss')) {
        await sleep(300);
        const kib = rssKiB(c.pid);
        rss.samples.push(kib / 1024);
        const tree = descendants(c.pid).map(rssKiB).filter((x) => x != null);
        rss.chromeTreeMiB.push(tree.reduce((p, q) => p + q, 0) / 1024);
      }
      vlog(`  [${adapter.name}] launch run ${i}: ${total.toFixed(0)} ms (init ${c.tInit.toFixed(0)} ms, navigate ${r.ms.toFixed(0)} ms)`);
    } catch (e) {
      launch.errors.push(String(e.message || e));
      log(`  ${adapter.name} launch run ${i} failed: ${e.message}`);
      if (launch.errors.length >= 3 && !launch.samples.length) break;
    } finally {
      await stopSession(c);
    }
  }
  if (wanted.has('launch')) results.launch = launch;
  if (wanted.has('rss')) results.rss = rss;
}

async function runWarm(adapter, base, results, wanted) {
  let c = null;
  const ensure = async () => {
    if (c && !c.closed) return c;
    if (c) await stopSession(c);
    c = await startSession(adapter, base);
    await adapter.navigate(c, base + '/small');  // warm-up: browser launched and first page loaded
    return c;
  };
  try {
    for (const [key, sc] of Object.entries(WARM)) {
      if (!wanted.has(key)) continue;
      const rec = { samples: [], bytes: [], extra: [], errors: [] };
      results[key] = rec;
      log(`  ${adapter.name}: ${sc.title}`);
      // one untimed warm-up run (also surfaces "unsupported" quickly)
      for (let i = -1; i < opts.runs; i++) {
        try {
          await ensure();
          const r = await sc.run(adapter, c, base);
          if (i >= 0) {
            rec.samples.push(r.ms);
            if (r.bytes != null) rec.bytes.push(r.bytes);
            const { ms, bytes, ...extra } = r;
            if (Object.keys(extra).length) rec.extra.push(extra);
          }
        } catch (e) {
          rec.errors.push(String(e.message || e));
          log(`    run ${i} failed: ${e.message}`);
          if (rec.errors.length >= 2 && !rec.samples.length) break;   // treat as unsupported: n/a
        }
      }
    }
  } finally {
    // informational: server RSS at the end of the warm session (after every warm scenario)
    if (c && !c.closed) results.rssAfterWarmMiB = rssKiB(c.pid) / 1024;
    await stopSession(c);
  }
}

function fmtMs(x) { return x == null ? 'n/a' : x >= 100 ? x.toFixed(0) : x.toFixed(1); }
function fmtBytes(b) { return b == null ? '' : b >= 1024 * 1024 ? `${(b / 1048576).toFixed(1)} MiB` : b >= 1024 ? `${(b / 1024).toFixed(1)} KiB` : `${b} B`; }

function printTable(all, servers) {
  const rows = [];
  const head = ['scenario', ...servers];
  const cell = (rec, kind) => {
    if (!rec) return '-';
    const m = median(rec.samples);
    if (m == null) return 'n/a';
    if (kind === 'rss') return `${m.toFixed(0)} MiB`;
    let s = fmtMs(m);
    const b = median(rec.bytes || []);
    if (b != null) s += ` (${fmtBytes(b)})`;
    if (rec.errors?.length) s += ` [${rec.errors.length} err]`;
    return s;
  };
  for (const key of ALL_SCENARIOS) {
    if (!servers.some((s) => all[s]?.[key])) continue;
    const title = (COLD[key] || WARM[key]).title;
    rows.push([title, ...servers.map((s) => cell(all[s]?.[key], key === 'rss' ? 'rss' : 'ms'))]);
  }
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r) => '| ' + r.map((x, i) => x.padEnd(w[i])).join(' | ') + ' |';
  console.log(line(head));
  console.log('|' + w.map((n) => '-'.repeat(n + 2)).join('|') + '|');
  for (const r of rows) console.log(line(r));
  for (const s of servers) if (all[s]?.startError) console.log(`${s}: could not start: ${all[s].startError.slice(0, 300)}`);
  console.log('\nms = median over runs of the timed call (whole scenario for 10-13); bytes = JSON-RPC response line size.');
  if (opts.settle > 0) console.log(`3a, 3b and 7: the timed call came ${opts.settle} ms after navigate returned (--settle).`);
}

async function main() {
  const servers = (opts.only || (opts.glass ? ['glass', 'playwright', 'devtools'] : ['playwright', 'devtools']));
  for (const s of servers) if (!ADAPTERS[s]) { console.error(`unknown server ${s}`); process.exit(2); }
  const wanted = new Set(opts.scenarios || ALL_SCENARIOS);
  for (const s of wanted) if (!ALL_SCENARIOS.includes(s)) { console.error(`unknown scenario ${s}; known: ${ALL_SCENARIOS.join(',')}`); process.exit(2); }

  const srv = await startServer();
  log(`pages on ${srv.base}; runs=${opts.runs}; servers=${servers.join(',')}; load=${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  const all = {};
  const meta = { date: new Date().toISOString(), runs: opts.runs, settleMs: opts.settle, chromium: CHROMIUM, chromeFlags: CHROME_FLAGS, node: process.version, loadavgStart: os.loadavg(), servers: {} };
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
        // record server version + spawn command once
        const c = await startSession(adapter, srv.base);
        meta.servers[s] = { serverInfo: c.serverInfo, cmd: [adapter.spawn(opts, c.workdir).cmd, ...adapter.spawn(opts, c.workdir).args.map((a) => a.replace(c.workdir, '<tmp>'))].join(' '), tools: c.tools };
        await stopSession(c);
      } catch (e) {
        log(`  ${s}: cannot start: ${e.message}`);
        all[s].startError = String(e.message);
        continue;
      }
      meta.servers[s].loadavgStart = os.loadavg();
      if (wanted.has('launch') || wanted.has('rss')) { log(`  ${s}: 1. launch / 9. rss (fresh process x${opts.runs})`); await runCold(adapter, srv.base, all[s], wanted); }
      await runWarm(adapter, srv.base, all[s], wanted);
      meta.servers[s].loadavgEnd = os.loadavg();
      log(`  ${s}: done; load ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
    }
  } finally {
    await srv.close();
  }
  meta.loadavgEnd = os.loadavg();
  // summaries
  for (const s of Object.keys(all)) for (const [k, rec] of Object.entries(all[s])) {
    if (rec && rec.samples) { rec.median = median(rec.samples); rec.medianBytes = median(rec.bytes || []); rec.status = rec.median == null ? 'n/a' : 'ok'; }
    if (rec?.chromeTreeMiB) rec.medianChromeTreeMiB = median(rec.chromeTreeMiB);
    if (rec?.initMs) rec.medianInitMs = median(rec.initMs);
  }
  fs.writeFileSync(opts.out, JSON.stringify({ meta, results: all }, null, 2));
  printTable(all, servers);
  // leak check
  await sleep(300);
  const leaked = allProcs.filter((t) => { const st = readProcStat(t.pid); return st && st.start === t.start && st.state !== 'Z'; }).map((t) => t.pid);
  if (leaked.length) { log(`WARNING: leftover processes: ${leaked.join(',')}; killing`); for (const p of leaked) { try { process.kill(p, 'SIGKILL'); } catch {} } }
  else log('no server or Chromium process left behind');
  log(`results written to ${opts.out}`);
}

main().catch((e) => { console.error(e); process.exit(1); });
