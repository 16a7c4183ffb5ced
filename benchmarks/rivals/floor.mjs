// Chrome's own floor for the scenarios whose goals sit near it: no MCP server at all, just
// Chromium driven over --remote-debugging-pipe with the flags and CDP domains Glass uses, on
// the harness's pages. Glass can only be slower than these figures.
//
// Usage: node floor.mjs [--runs 21] [--chromium /usr/bin/chromium]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './pages.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const arg = (name, dflt) => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : dflt; };
const RUNS = Number(arg('--runs', 21));
const CHROMIUM = arg('--chromium', '/usr/bin/chromium');
const AGENT = fs.readFileSync(path.join(HERE, '../../src/browser/agent.js'), 'utf8');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[s.length >> 1]; };

// The flags of src/browser/launch.rs and src/browser/session.rs (keep in step).
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'glass-floor-'));
const FLAGS = ['--remote-debugging-pipe', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--no-default-browser-check', '--disable-quic', `--user-data-dir=${profile}`,
  ...(process.getuid && process.getuid() === 0 ? ['--no-sandbox'] : []), '--headless=new', '--disable-gpu',
  '--window-size=1280,720', '--disable-popup-blocking', '--disable-renderer-backgrounding',
  '--disable-background-timer-throttling', '--disable-backgrounding-occluded-windows', '--hide-scrollbars',
  '--mute-audio', '--disable-features=BackForwardCache,ProactivelySwapBrowsingInstance', 'about:blank'];

// Its own process group, so the whole tree (renderers, zygote) goes at the end.
const chrome = spawn(CHROMIUM, FLAGS, { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'], detached: true });
let nextId = 0, buf = Buffer.alloc(0);
const pending = new Map(), listeners = new Set();
chrome.stdio[4].on('data', (d) => {
  buf = Buffer.concat([buf, d]);
  for (let i; (i = buf.indexOf(0)) >= 0;) {
    const m = JSON.parse(buf.subarray(0, i).toString());
    buf = buf.subarray(i + 1);
    if (m.id !== undefined) { pending.get(m.id)?.(m); pending.delete(m.id); } else for (const l of listeners) l(m);
  }
});
const send = (method, params = {}, sessionId) => new Promise((resolve, reject) => {
  const id = ++nextId;
  pending.set(id, (m) => (m.error ? reject(new Error(`${method}: ${m.error.message}`)) : resolve(m.result)));
  chrome.stdio[3].write(JSON.stringify({ id, method, params, sessionId }) + '\0');
});
const once = (method) => new Promise((resolve) => { const l = (m) => { if (m.method === method) { listeners.delete(l); resolve(m); } }; listeners.add(l); });

const srv = await startServer();
try {
  let page;
  for (let tries = 0; !page && tries < 100; tries++) {
    page = (await send('Target.getTargets')).targetInfos.find((t) => t.type === 'page');
    if (!page) await sleep(50);
  }
  const { sessionId: s } = await send('Target.attachToTarget', { targetId: page.targetId, flatten: true });
  await Promise.all([send('Page.enable', {}, s), send('Network.enable', {}, s), send('Runtime.enable', {}, s)]);
  // A 1280x720 viewport, as Glass makes it: the window grows by its toolbar's room.
  const extra = (await send('Runtime.evaluate', { expression: '[outerWidth - innerWidth, outerHeight - innerHeight]', returnByValue: true }, s)).result.value;
  const { windowId } = await send('Browser.getWindowForTarget', { targetId: page.targetId });
  await send('Browser.setWindowBounds', { windowId, bounds: { width: 1280 + extra[0], height: 720 + extra[1] } });
  let world = null;
  listeners.add((m) => { if (m.method === 'Runtime.executionContextCreated' && m.params.context.name === 'glass') world = m.params.context.id; });
  const { frameTree } = await send('Page.getFrameTree', {}, s);
  await send('Page.createIsolatedWorld', { frameId: frameTree.frame.id, worldName: 'glass', grantUniveralAccess: true }, s);
  const navigate = async (p) => { const load = once('Page.loadEventFired'); const t0 = performance.now(); await send('Page.navigate', { url: srv.base + p }, s); await load; return performance.now() - t0; };
  const timed = async (f) => { const t0 = performance.now(); await f(); return performance.now() - t0; };
  const shot = () => send('Page.captureScreenshot', { format: 'png', captureBeyondViewport: false, fromSurface: true, optimizeForSpeed: true }, s);
  const observe = () => Promise.all([
    send('Runtime.evaluate', { expression: AGENT, contextId: world }, s),
    send('Runtime.evaluate', { expression: '__glassAgent.observe({"level":"compact","nextRef":1,"maxItems":400})', contextId: world, returnByValue: true }, s),
  ]);

  const rows = [];
  const nav = [];
  for (let i = 0; i <= RUNS; i++) { const ms = await navigate(i % 2 ? '/small2' : '/small'); if (i) nav.push(ms); }
  rows.push(['navigate /small <-> /small2, back to back (Page.navigate -> load event)', median(nav)]);
  for (const settle of [0, 200]) {
    const obs = [], shots = [];
    for (let i = 0; i <= RUNS; i++) {
      await navigate('/form30?' + i); await sleep(settle);
      const o = await timed(observe);
      await navigate('/form30?s' + i); await sleep(settle);
      const c = await timed(shot);
      if (i) { obs.push(o); shots.push(c); }
    }
    const when = settle ? `${settle} ms after load` : 'right after load';
    rows.push([`agent install + compact observe, 30-field form, ${when}`, median(obs)]);
    rows.push([`Page.captureScreenshot, form page, ${when}`, median(shots)]);
  }
  const w = Math.max(...rows.map((r) => r[0].length));
  console.log(`Chrome floor, no MCP server (${CHROMIUM}, medians of ${RUNS}, load ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}):`);
  for (const [name, ms] of rows) console.log(`  ${name.padEnd(w)}  ${ms.toFixed(1)} ms`);
} finally {
  const exited = new Promise((r) => chrome.once('exit', r));
  try { process.kill(-chrome.pid, 'SIGKILL'); } catch { chrome.kill('SIGKILL'); }
  await exited;
  await srv.close();
  fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
}
process.exit(0);
