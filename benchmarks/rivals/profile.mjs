// Scratch profiler: drives glass with GLASS_LOG trace and prints per-call CDP timings.
import { McpClient } from './mcpclient.mjs';
import { startServer } from './pages.mjs';
const glass = process.argv[2];
const seq = (process.argv[3] || 'nav:/small,nav:/small2,nav:/form30,observe,nav:/form30,screenshot,screenshot').split(',');
const srv = await startServer();
const c = new McpClient({ cmd: glass, args: ['--incognito', '--interaction', 'fast', '--mcp'], env: { GLASS_CHROME: process.env.BENCH_CHROMIUM || '/usr/bin/chromium', GLASS_LOG: 'glass=trace' }, label: 'glass' });
let log = '';
c.proc.stderr.on('data', (d) => { log += d.toString(); });
await c.initialize();
await c.callTool('navigate', { url: srv.base + '/small', observe: false });
for (const step of seq) {
  log = '';
  const [kind, arg] = step.split(':');
  const t0 = performance.now();
  let r;
  if (kind === 'nav') r = await c.callTool('navigate', { url: srv.base + arg, observe: false });
  else if (kind === 'observe') r = await c.callTool('observe', {});
  else if (kind === 'screenshot') r = await c.callTool('screenshot', {});
  else if (kind === 'click') r = await c.callTool('click', { target: arg });
  else if (kind === 'popup') r = await c.callTool('clickExpectPopup', { target: arg });
  else if (kind === 'accept') r = await c.callTool('acceptDialog', {});
  else if (kind === 'close') { const l = JSON.parse((await c.callTool('listTargets', {})).text.split('\n').pop()); console.log(JSON.stringify(l).slice(0,300)); continue; }
  const ms = performance.now() - t0;
  await new Promise((r) => setTimeout(r, +(process.env.GAP ?? 30)));
  console.log(`== ${step} ${ms.toFixed(1)} ms ${r.bytes} B ${r.isError ? r.text.slice(0, 200) : ''}`);
  let first = null;
  for (const line of log.split('\n')) {
    const m = line.match(/^(\S+)\s+TRACE.*?(CDP (?:call|event)).*?method[=:]\s*"?([\w.]+)"?(?:.*micros=(\d+))?/);
    if (!m) continue;
    const t = Date.parse(m[1]) + Number((m[1].match(/\.(\d+)/) || [0, '0'])[1].slice(3, 6) || 0) / 1000;
    if (first === null) first = t;
    console.log(`  +${(t - first).toFixed(1).padStart(6)} ${m[2] === 'CDP call' ? 'call ' : 'event'} ${m[3]} ${m[4] ? (m[4] / 1000).toFixed(1) + 'ms' : ''}`);
  }
}
await c.close();
await srv.close();
