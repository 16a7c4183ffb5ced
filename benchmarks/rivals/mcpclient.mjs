// Minimal MCP stdio client (newline-delimited JSON-RPC 2.0).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The set-up every harness here shares: Debian's Chromium, one viewport, the flags Chromium
// needs on this machine, and an environment in which nothing downloads a browser or phones home.
export const CHROMIUM = process.env.BENCH_CHROMIUM || '/usr/bin/chromium';
// Same viewport everywhere (chrome-devtools-mcp's headless default is 1905x2053, Playwright's 1280x720).
export const VIEWPORT = '1280x720';
export const CHROME_FLAGS = ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
export const NO_DOWNLOAD_ENV = {
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  PUPPETEER_SKIP_DOWNLOAD: '1',
  PUPPETEER_SKIP_CHROMIUM_DOWNLOAD: '1',
  PUPPETEER_SKIP_CHROME_DOWNLOAD: '1',
  PUPPETEER_SKIP_CHROME_HEADLESS_SHELL_DOWNLOAD: '1',
  CHROME_DEVTOOLS_MCP_NO_USAGE_STATISTICS: '1',
  CHROME_DEVTOOLS_MCP_NO_UPDATE_CHECKS: '1',
};

export const REQUEST_TIMEOUT_MS = 30000;

export function readProcStat(pid) {
  try {
    const s = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const rest = s.slice(s.lastIndexOf(')') + 2).split(' ');
    // rest[0] = state, rest[1] = ppid, rest[2] = pgrp, rest[19] = starttime (field 22)
    return { pid, state: rest[0], ppid: Number(rest[1]), pgid: Number(rest[2]), start: rest[19] };
  } catch { return null; }
}

export function descendants(rootPid) {
  const children = new Map();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    const st = readProcStat(Number(d));
    if (!st) continue;
    if (!children.has(st.ppid)) children.set(st.ppid, []);
    children.get(st.ppid).push(st.pid);
  }
  const out = [];
  const stack = [rootPid];
  while (stack.length) {
    const p = stack.pop();
    for (const c of children.get(p) || []) { out.push(c); stack.push(c); }
  }
  return out;
}

export function rssKiB(pid) {
  try {
    const m = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+)\s+kB/m);
    return m ? Number(m[1]) : null;
  } catch { return null; }
}

export class McpClient {
  constructor({ cmd, args, env, cwd, label, stderrFile }) {
    this.label = label || cmd;
    this.nextId = 1;
    this.pending = new Map();
    this.buf = '';
    this.closed = false;
    this.notifications = [];
    this.spawnTime = performance.now();
    this.proc = spawn(cmd, args, { env: { ...process.env, ...env }, cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    this.pid = this.proc.pid;
    this.stderrTail = '';
    if (stderrFile) this.stderrStream = fs.createWriteStream(stderrFile, { flags: 'a' });
    this.proc.stderr.on('data', (d) => {
      this.stderrTail = (this.stderrTail + d.toString()).slice(-4000);
      if (this.stderrStream) this.stderrStream.write(d);
    });
    this.proc.stdout.on('data', (d) => this._onData(d));
    this.proc.on('exit', (code, sig) => {
      this.closed = true;
      this.exitInfo = { code, sig };
      for (const [, p] of this.pending) p.reject(new Error(`${this.label}: server exited (code=${code} sig=${sig}) stderr: ${this.stderrTail.slice(-800)}`));
      this.pending.clear();
    });
    this.proc.on('error', (e) => {
      this.closed = true;
      for (const [, p] of this.pending) p.reject(e);
      this.pending.clear();
    });
    this.proc.stdin.on('error', () => {});
  }

  _onData(d) {
    this.buf += d.toString('utf8');
    let i;
    while ((i = this.buf.indexOf('\n')) >= 0) {
      const line = this.buf.slice(0, i).replace(/\r$/, '');
      this.buf = this.buf.slice(i + 1);
      if (!line.trim()) continue;
      let msg;
      try { msg = JSON.parse(line); } catch { continue; }
      const bytes = Buffer.byteLength(line, 'utf8');
      if (msg.id !== undefined && msg.method === undefined) {
        const p = this.pending.get(msg.id);
        if (p) {
          this.pending.delete(msg.id);
          clearTimeout(p.timer);
          if (msg.error) p.reject(Object.assign(new Error(`${this.label}: ${p.method} error ${JSON.stringify(msg.error)}`), { rpcError: msg.error }));
          else p.resolve({ result: msg.result, bytes });
        }
      } else if (msg.method !== undefined && msg.id !== undefined) {
        // server->client request (roots/list, ping, elicitation...). Answer minimally.
        let result = {};
        if (msg.method === 'roots/list') result = { roots: [] };
        this._send({ jsonrpc: '2.0', id: msg.id, result });
      } else {
        this.notifications.push(msg);
        if (this.notifications.length > 200) this.notifications.shift();
      }
    }
  }

  _send(obj) {
    if (this.closed) throw new Error(`${this.label}: closed`);
    this.proc.stdin.write(JSON.stringify(obj) + '\n');
  }

  request(method, params, timeoutMs = REQUEST_TIMEOUT_MS) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (this.closed) return reject(new Error(`${this.label}: closed before ${method}`));
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${this.label}: ${method} timed out after ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer, method });
      try { this._send({ jsonrpc: '2.0', id, method, params }); } catch (e) { clearTimeout(timer); this.pending.delete(id); reject(e); }
    });
  }

  notify(method, params) { this._send({ jsonrpc: '2.0', method, ...(params ? { params } : {}) }); }

  async initialize() {
    const r = await this.request('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'rivals-bench', version: '0.1.0' },
    });
    this.serverInfo = r.result.serverInfo;
    this.notify('notifications/initialized');
    const t = await this.request('tools/list', {});
    this.tools = t.result.tools.map((x) => x.name);
    this.toolDefs = t.result.tools;
    return r.result;
  }

  // Returns {result, bytes, text, isError}; throws on JSON-RPC error/timeout.
  async callTool(name, args = {}, timeoutMs = REQUEST_TIMEOUT_MS) {
    const { result, bytes } = await this.request('tools/call', { name, arguments: args }, timeoutMs);
    const text = (result.content || []).filter((c) => c.type === 'text').map((c) => c.text).join('\n');
    return { result, bytes, text, isError: !!result.isError };
  }

  // Close stdin, wait for exit; then TERM/KILL the server and all its descendants (Chromium).
  async close(graceMs = 3000) {
    // Remember each process by (pid, starttime) so a recycled pid is never signalled.
    const tree = [this.pid, ...descendants(this.pid)].map(readProcStat).filter(Boolean);
    const exited = new Promise((r) => (this.closed ? r() : this.proc.once('exit', r)));
    try { this.proc.stdin.end(); } catch {}
    await Promise.race([exited, sleep(graceMs)]);
    const same = (t) => { const st = readProcStat(t.pid); return st && st.start === t.start && st.state !== 'Z' ? st : null; };
    const alive = () => tree.filter(same);
    const sig = async (s) => { for (const t of alive()) { try { process.kill(t.pid, s); } catch {} } };
    if (alive().length) { await sig('SIGTERM'); await sleep(500); }
    if (alive().length) { await sig('SIGKILL'); await sleep(200); }
    if (this.stderrStream) this.stderrStream.end();
    return alive().map((t) => t.pid);
  }
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Glass (with its default flags, given by its binary's path) or @playwright/mcp, started the
// way every task script here starts them, each in a fresh temp dir (c.work), initialized.
export async function startServer(server, glass, tag) {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const chromium = process.env.BENCH_CHROMIUM || '/usr/bin/chromium';
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `${tag}-${server}-`));
  const spec = server === 'glass'
    ? { cmd: glass, args: ['--incognito', '--mcp'], env: { GLASS_CHROME: chromium } }
    : { cmd: process.execPath, args: [path.join(here, 'node_modules/@playwright/mcp/cli.js'), '--headless', '--isolated', '--no-sandbox', '--browser', 'chromium', '--executable-path', chromium, '--viewport-size', '1280x720', '--output-dir', path.join(work, 'out'), '--config', path.join(here, 'pw-config.json')], env: { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } };
  const c = new McpClient({ ...spec, cwd: work, label: server, stderrFile: path.join(work, 'stderr.log') });
  await c.initialize();
  c.work = work;
  return c;
}
