#!/usr/bin/env node
// Real-app tasks, Glass (default flags) side by side with @playwright/mcp, in one run:
// tool calls, bytes of tool results a model reads (the text content items), wall time, and
// whether the task really got done (checked on the app's own state: SQLite, the notebook file
// on disk, the page's location, the CMS's database, Prefect's API).
// Usage: node apps.mjs --glass ../../target/release/glass --apps ../../target/real-apps
//                      [--runs 3] [--only glass,playwright]
//                      [--tasks datasette,jupyterlab,docs,cms,prefect] [-v]
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './mcpclient.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const o = { runs: 3, only: ['glass', 'playwright'], tasks: ['datasette', 'jupyterlab', 'docs', 'cms', 'prefect'], glass: null, apps: null, verbose: false };
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i], v = () => process.argv[++i];
  if (a === '--glass') o.glass = path.resolve(v());
  else if (a === '--apps') o.apps = path.resolve(v());
  else if (a === '--runs') o.runs = Number(v());
  else if (a === '--only') o.only = v().split(',');
  else if (a === '--tasks') o.tasks = v().split(',');
  else if (a === '-v' || a === '--verbose') o.verbose = true;
  else { console.error(`unknown argument ${a}`); process.exit(2); }
}
if (!o.glass || !o.apps) { console.error('--glass and --apps are required'); process.exit(2); }
const log = (...a) => console.error(...a);
const VENV = (b) => path.join(o.apps, 'venv/bin', b);
const OWN_VENV = (v, b) => path.join(o.apps, `venv-${v}/bin`, b);

// ---------------------------------------------------------------- apps
const freePort = () => new Promise((res) => { const s = net.createServer(); s.listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => res(p)); }); });
async function waitHttp(url, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try { const r = await fetch(url); if (r.status === 200) return; } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}
async function startApp(cmd, args, env, cwd, readyPath) {
  const port = await freePort();
  const p = spawn(cmd, args(port), { env: { ...process.env, ...env }, cwd, stdio: 'ignore', detached: true });
  const base = `http://127.0.0.1:${port}`;
  await waitHttp(base + readyPath, 120000);
  return { base, stop: () => { try { process.kill(-p.pid, 'SIGKILL'); } catch {} } };
}
const py = (code, ...args) => execFileSync(VENV('python'), ['-c', code, ...args]).toString().trim();
const sql = (db, q) => py('import sqlite3,sys;print(sqlite3.connect(sys.argv[1]).execute(sys.argv[2]).fetchone()[0])', db, q);

// ---------------------------------------------------------------- servers
class Fail extends Error {}
// What a model keeps of the page from Glass's answers: a whole observation (observe's, or
// navigate's) replaces it; a later observe's delta is applied to it (its listed elements added
// or replaced by ref, its removed refs dropped), as a model reading only the changes does.
function remember(c, name, args, r) {
  // Leveled or regional observations are other views; they leave the page as kept.
  if (name === 'observe' && (args.level || args.region || args.includeFormValues)) {
    r.seen = undefined;
    return;
  }
  let j;
  try { j = gj(r); } catch { return; }
  const whole = j.observation ? j.observation.elements : (j.elements && !j.delta ? j.elements : null);
  const shallow = (e) => { const { children, in: _in, ...rest } = e; return rest; };
  if (whole) { c.view = new Map(flat(whole).map((e) => [e.ref, shallow(e)])); }
  else if (j.delta && c.view) {
    for (const ref of runs(j.delta.removed)) c.view.delete(ref);
    for (const e of j.elements || []) c.view.set(e.ref, shallow(e));
  } else if (j.changes && c.view) {
    // An action's result: what it changed. Gone elements are kept aside (one may come back as
    // it was); a changed one is a merge patch of what was last read.
    c.gone = c.gone || new Map();
    for (const ref of runs(j.changes.removed)) { if (c.view.has(ref)) c.gone.set(ref, c.view.get(ref)); c.view.delete(ref); }
    for (const ref of runs(j.changes.back)) { c.view.set(ref, c.gone.get(ref)); c.gone.delete(ref); }
    for (const e of j.changes.added || []) c.view.set(e.ref, shallow(e));
    for (const p of j.changes.changed || []) {
      const e = { ...(c.view.get(p.ref) || {}) };
      for (const [k, v] of Object.entries(p)) { if (v === null) delete e[k]; else e[k] = v; }
      c.view.set(p.ref, e);
    }
  } else return;
  r.seen = [...c.view.values()];
}
// A result's ref list with each `eA-eB` run written out.
function runs(list) {
  const out = [];
  for (const entry of list || []) {
    const m = /^e(\d+)-e(\d+)$/.exec(entry);
    if (!m) { out.push(entry); continue; }
    for (let k = Number(m[1]); k <= Number(m[2]); k++) out.push(`e${k}`);
  }
  return out;
}
function meter(c) {
  c.calls = 0; c.readBytes = 0;
  c.tool = async (name, args) => {
    const r = await c.callTool(name, args, 60000);
    c.calls += 1;
    c.readBytes += Buffer.byteLength(r.text, 'utf8');
    if (!r.isError && c.glass) remember(c, name, args || {}, r);
    if (o.verbose) log(`  [${c.label}] ${name} ${JSON.stringify(args).slice(0, 120)} -> ${Buffer.byteLength(r.text)} B${r.isError ? ' ERROR ' + r.text.slice(0, 200) : ''}`);
    if (process.env.DUMP_CHANGES && r.text.includes("\"changes\"")) log(r.text);
    if (process.env.DUMP_SNAPSHOTS && name.endsWith('snapshot')) log(r.text);
    if (r.isError) throw new Fail(`${name}: ${r.text.slice(0, 300)}`);
    return r;
  };
  // A call whose failure the model reads and acts on (a confirmation asked): the result.
  c.call = async (name, args) => {
    const r = await c.callTool(name, args, 60000);
    c.calls += 1;
    c.readBytes += Buffer.byteLength(r.text, 'utf8');
    if (o.verbose) log(`  [${c.label}] ${name} ${JSON.stringify(args).slice(0, 120)} -> ${Buffer.byteLength(r.text)} B${r.isError ? ' ERROR ' + r.text.slice(0, 200) : ''}`);
    if (process.env.DUMP_CHANGES && r.text.includes("\"changes\"")) log(r.text);
    return r;
  };
  // A call a model makes and sees fail: counted, not fatal.
  c.attempt = async (name, args) => {
    try { return await c.tool(name, args); } catch (e) { if (e instanceof Fail) return null; throw e; }
  };
}
async function start(server) {
  const c = await startServer(server, o.glass, 'apps');
  c.glass = server === 'glass';
  meter(c);
  return c;
}

// Glass's JSON (after its untrusted-content line).
const gj = (r) => JSON.parse((r.result.content || []).filter((x) => x.type === 'text').map((x) => x.text).find((t) => !t.startsWith('Glass: ')));
function flat(items, out = []) { for (const i of items || []) { out.push(i); flat(i.children, out); } return out; }
const gels = (r) => { if (r.seen) return r.seen; const j = gj(r); return flat((j.observation || j).elements); };
// What a model does after an action: read the page from the action's own `changes` when they
// told everything (nothing left in `more`), else observe.
async function look(c, r) {
  const j = gj(r);
  if (j.changes && !j.changes.more && r.seen) return r.seen;
  return gels(await c.tool('observe', {}));
}
function gfind(els, pred, what) { const f = els.filter(pred); if (f.length !== 1) throw new Fail(`glass: ${what}: ${f.length} matches`); return f[0].ref; }
// Playwright's snapshot lines: `- role "name" [ref=e12]`.
function pwfind(text, re, what) {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (re.test(lines[i])) { const m = lines[i].match(/\[ref=([^\]\s]+)\]/); if (m) return m[1]; }
  }
  throw new Fail(`playwright: ${what} not in snapshot`);
}
// The ref of the first line matching `re` after a line matching `after`.
function pwfindAfter(text, after, re, what) {
  const lines = text.split('\n');
  const k = lines.findIndex((l) => after.test(l));
  if (k < 0) throw new Fail(`playwright: ${what}: anchor not found`);
  for (let i = k; i < lines.length; i++) if (re.test(lines[i])) { const m = lines[i].match(/\[ref=([^\]\s]+)\]/); if (m) return m[1]; }
  throw new Fail(`playwright: ${what} not in snapshot`);
}

// The ref of the element holding the first line matching `re` (a button or link named only by
// the text of a child Playwright's snapshot shows under it).
function pwfindParent(text, re, what) {
  const lines = text.split('\n');
  const k = lines.findIndex((l) => re.test(l));
  const indent = (l) => l.length - l.trimStart().length;
  for (let i = k - 1; k > 0 && i >= 0; i--) {
    if (indent(lines[i]) >= indent(lines[k])) continue;
    const m = lines[i].match(/\[ref=([^\]\s]+)\]/);
    if (m) return m[1];
    break;
  }
  throw new Fail(`playwright: ${what} not in snapshot`);
}
// Every ref of the lines matching `re` after the first line matching `after`, in order.
function pwfindAllAfter(text, after, re) {
  const lines = text.split('\n');
  const k = lines.findIndex((l) => after.test(l));
  const out = [];
  for (let i = Math.max(k, 0); i < lines.length; i++) if (re.test(lines[i])) { const m = lines[i].match(/\[ref=([^\]\s]+)\]/); if (m) out.push(m[1]); }
  return out;
}

// The CMS site's page types, as the test tier makes them.
const CMS_MODELS = fs.readFileSync(path.join(HERE, '../../tests/fixtures/cms/models.py'), 'utf8');
const CMS_ADMIN = ['editor', 'glass-editor-passphrase'];
// The news page the CMS task publishes, as the CMS's database holds it.
function cmsPublished(db) {
  const q = (c) => sql(db, `select ${c} from wagtailcore_page p join home_newspage n on n.page_ptr_id = p.id where p.title = 'Opening hours'`);
  let live, body;
  try { live = q('p.live'); body = q('n.body'); } catch { throw new Fail('the page is not in the database'); }
  if (live !== '1') throw new Fail('the page is not live');
  if (!body.includes('>We open at nine on weekdays.</p>') || !body.includes('<b>Closed on Sundays.</b>')) throw new Fail(`the body is ${body.slice(0, 200)}`);
}
async function prefectVariable(app, name) {
  const r = await fetch(`${app.base}/api/variables/name/${name}`);
  return r.status === 200 ? (await r.json()).value : null;
}
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// ---------------------------------------------------------------- tasks
const TASKS = {
  datasette: {
    async setup() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apps-ds-'));
      const db = path.join(dir, 'books.db');
      py(`import sqlite3,sys
db=sqlite3.connect(sys.argv[1]); db.execute("create table books (id integer primary key, title text, genre text, year integer)")
g=["fiction","poetry","history","science"]
db.executemany("insert into books values (?,?,?,?)",[(i,"Book %03d %s"%((i*37)%200,g[i%4]),g[i%4],1950+(i*7)%70) for i in range(1,201)]); db.commit()`, db);
      const app = await startApp(VENV('datasette'), (p) => ['serve', db, '-h', '127.0.0.1', '-p', String(p)], {}, dir, '/');
      return { app, db };
    },
    // Filter genre = poetry, sort by title, open the first row, run a count in the SQL editor.
    async glass(c, { app, db }) {
      let r = await c.tool('navigate', { url: app.base + '/books/books' });
      let els = gels(r);
      await c.tool('select', { target: gfind(els, (e) => e.role === 'combobox' && e.options && e.options[0] === '- column -', 'column'), label: 'genre' });
      await c.tool('type', { target: gfind(els, (e) => e.role === 'textbox', 'value'), text: 'poetry' });
      els = await look(c, await c.tool('click', { target: gfind(els, (e) => e.name === 'Apply', 'Apply') }));
      const n = sql(db, "select count(*) from books where genre='poetry'");
      if (!els.some((e) => e.role === 'heading' && e.name.startsWith(`${n} rows where`))) throw new Fail('glass: filtered count');
      await c.tool('click', { target: gfind(els, (e) => e.role === 'link' && e.name === 'title', 'title header') });
      r = await c.tool('observe', {});
      els = gels(r);
      const first = sql(db, "select title from books where genre='poetry' order by title limit 1");
      const id = sql(db, "select id from books where genre='poetry' order by title limit 1");
      const t = els.find((e) => e.role === 'table');
      if (!t || t.rows[0][1] !== first) throw new Fail('glass: sorted first row');
      await c.tool('click', { target: gfind(els, (e) => e.role === 'link' && e.name === id, 'row link') });
      r = await c.tool('getText', {});
      if (!gj(r).text.includes(first)) throw new Fail('glass: row page');
      r = await c.tool('navigate', { url: app.base + '/books' });
      await c.tool('type', { target: gfind(gels(r), (e) => e.role === 'textbox', 'editor'), text: 'select count(*) as n from books where year < 1980', clear: true });
      await c.tool('click', { target: 'role=button;name=Run SQL' });
      r = await c.tool('observe', {});
      const res = gels(r).find((e) => e.role === 'table');
      if (!res || res.rows[0][0] !== sql(db, 'select count(*) from books where year < 1980')) throw new Fail('glass: sql result');
    },
    async playwright(c, { app, db }) {
      await c.tool('browser_navigate', { url: app.base + '/books/books' });
      let r = await c.tool('browser_snapshot', {});
      const colRef = pwfindAfter(r.text, /- combobox/, /- combobox/, 'column select');
      await c.tool('browser_select_option', { target: colRef, values: ['genre'] });
      await c.tool('browser_type', { target: pwfind(r.text, /- textbox/, 'value box'), text: 'poetry' });
      await c.tool('browser_click', { target: pwfind(r.text, /- button "Apply"/, 'Apply') });
      r = await c.tool('browser_snapshot', {});
      const n = sql(db, "select count(*) from books where genre='poetry'");
      if (!r.text.includes(`${n} rows where`)) throw new Fail('playwright: filtered count');
      await c.tool('browser_click', { target: pwfind(r.text, /- link "title"/, 'title header') });
      r = await c.tool('browser_snapshot', {});
      const first = sql(db, "select title from books where genre='poetry' order by title limit 1");
      const id = sql(db, "select id from books where genre='poetry' order by title limit 1");
      const rowIdx = r.text.indexOf(`- link "${id}"`);
      if (rowIdx < 0 || r.text.indexOf(first) < 0) throw new Fail('playwright: sorted first row');
      await c.tool('browser_click', { target: pwfind(r.text, new RegExp(`- link "${id}"`), 'row link') });
      r = await c.tool('browser_snapshot', {});
      if (!r.text.includes(first)) throw new Fail('playwright: row page');
      await c.tool('browser_navigate', { url: app.base + '/books' });
      r = await c.tool('browser_snapshot', {});
      const ed = pwfind(r.text, /- textbox/, 'editor');
      // The snapshot's textbox is CodeMirror's hidden textarea: Playwright cannot click or fill
      // it (not visible), so a model falls back to the editor's own API.
      if (!(await c.attempt('browser_type', { target: ed, text: 'select count(*) as n from books where year < 1980' }))) {
        await c.tool('browser_evaluate', { function: "() => document.querySelector('.CodeMirror').CodeMirror.setValue('select count(*) as n from books where year < 1980')" });
      }
      await c.tool('browser_click', { target: pwfind(r.text, /- button "Run SQL"/, 'Run SQL') });
      r = await c.tool('browser_snapshot', {});
      const want = sql(db, 'select count(*) from books where year < 1980');
      if (!new RegExp(`cell "${want}"`).test(r.text)) {
        // fill() appended to the query CodeMirror held: a model sees the wrong result and sets
        // the editor's value through its API, then runs it again.
        await c.tool('browser_evaluate', { function: "() => document.querySelector('.CodeMirror').CodeMirror.setValue('select count(*) as n from books where year < 1980')" });
        await c.tool('browser_click', { target: pwfind(r.text, /- button "Run SQL"/, 'Run SQL') });
        r = await c.tool('browser_snapshot', {});
        if (!new RegExp(`cell "${want}"`).test(r.text)) throw new Fail('playwright: sql result');
      }
    },
  },
  jupyterlab: {
    async setup() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apps-jl-'));
      const root = path.join(dir, 'nb');
      fs.mkdirSync(root);
      const env = { JUPYTER_CONFIG_DIR: path.join(dir, 'c'), JUPYTER_DATA_DIR: path.join(dir, 'd'), JUPYTER_RUNTIME_DIR: path.join(dir, 'r'), JUPYTERLAB_WORKSPACES_DIR: path.join(dir, 'w'), JUPYTERLAB_SETTINGS_DIR: path.join(dir, 's'), IPYTHONDIR: path.join(dir, 'i') };
      const app = await startApp(VENV('jupyter'), (p) => ['lab', '--no-browser', '--allow-root', `--port=${p}`, '--ServerApp.ip=127.0.0.1', '--IdentityProvider.token=', '--ServerApp.password=', '--ServerApp.port_retries=0', `--ServerApp.root_dir=${root}`], env, dir, '/lab');
      return { app, root };
    },
    // New notebook from the launcher, run print(6*7), read 42, rename it through the File menu's
    // dialog, save; the .ipynb on disk must hold the cell and its output.
    async glass(c, { app, root }) {
      await c.tool('navigate', { url: app.base + '/lab' });
      await c.tool('wait', { kind: 'textPresent', text: 'Notebook', timeoutMs: 30000 });
      const els = gels(await c.tool('observe', {}));
      await c.tool('click', { target: gfind(els, (e) => e.name === 'Python 3 (ipykernel)' && e.context === 'Notebook', 'card') });
      await c.tool('wait', { kind: 'textPresent', text: '| Idle', timeoutMs: 60000 });
      await c.tool('type', { target: 'role=textbox', text: 'print(6*7)' });
      await c.tool('shortcut', { keys: 'Shift+Enter' });
      await c.tool('wait', { kind: 'textPresent', text: '42', timeoutMs: 30000 });
      await c.tool('click', { target: 'role=menuitem;name=File' });
      await c.tool('click', { target: 'role=menuitem;name=Rename Notebook…' });
      await c.tool('type', { target: 'role=textbox', text: 'answer.ipynb', clear: true });
      await c.tool('click', { target: 'role=button;name=Rename File' });
      await c.tool('shortcut', { keys: 'Control+s' });
      await onDisk(path.join(root, 'answer.ipynb'));
    },
    async playwright(c, { app, root }) {
      await c.tool('browser_navigate', { url: app.base + '/lab' });
      // wait_for text 'Notebook' times out on a hidden match; snapshot until the launcher shows.
      let r = await c.tool('browser_snapshot', {});
      for (let k = 0; k < 20 && !/heading "Notebook"/.test(r.text); k++) {
        await c.tool('browser_wait_for', { time: 1 });
        r = await c.tool('browser_snapshot', {});
      }
      await c.tool('browser_click', { target: pwfindAfter(r.text, /heading "Notebook"/, /"Python 3 \(ipykernel\)/, 'card') });
      await c.tool('browser_wait_for', { text: '| Idle' });
      r = await c.tool('browser_snapshot', {});
      await c.tool('browser_type', { target: pwfind(r.text, /- textbox/, 'cell'), text: 'print(6*7)' });
      await c.tool('browser_press_key', { key: 'Shift+Enter' });
      await c.tool('browser_wait_for', { text: '42' });
      await c.tool('browser_click', { target: pwfind(r.text, /- menuitem "File"/, 'File') });
      r = await c.tool('browser_snapshot', {});
      await c.tool('browser_click', { target: pwfind(r.text, /- menuitem "Rename Notebook…"/, 'Rename') });
      r = await c.tool('browser_snapshot', {});
      await c.tool('browser_type', { target: pwfindAfter(r.text, /- dialog/, /- textbox/, 'new name'), text: 'answer.ipynb' });
      await c.tool('browser_click', { target: pwfind(r.text, /- button "Rename File"/, 'Rename File') });
      await c.tool('browser_press_key', { key: 'Control+s' });
      await onDisk(path.join(root, 'answer.ipynb'));
    },
  },
  cms: {
    async setup() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apps-cms-'));
      const site = path.join(dir, 'site');
      fs.mkdirSync(site);
      execFileSync(OWN_VENV('cms', 'wagtail'), ['start', 'mysite', site]);
      fs.writeFileSync(path.join(site, 'home/models.py'), CMS_MODELS);
      const manage = (...a) => execFileSync(OWN_VENV('cms', 'python'), ['manage.py', ...a], { cwd: site, env: { ...process.env, DJANGO_SUPERUSER_PASSWORD: CMS_ADMIN[1] } });
      manage('makemigrations', 'home', '-v0');
      manage('migrate', '-v0');
      manage('createsuperuser', '--noinput', '--username', CMS_ADMIN[0], '--email', 'editor@example.com');
      const app = await startApp(OWN_VENV('cms', 'python'), (p) => ['manage.py', 'runserver', `127.0.0.1:${p}`, '--noreload'], {}, site, '/admin/login/');
      return { app, db: path.join(site, 'db.sqlite3') };
    },
    // Sign in, open Home from the sidebar's page explorer, add a News page with a title and a
    // rich-text body (a second, bold paragraph), publish it from the footer's menu; the CMS's
    // database must hold it live with that body.
    async glass(c, { app, db }) {
      const r = await c.tool('navigate', { url: app.base + '/admin/login/' });
      const els = gels(r);
      const fields = [
        { target: gfind(els, (e) => e.name === 'Username*', 'user'), value: CMS_ADMIN[0] },
        { target: gfind(els, (e) => e.password === true, 'password'), value: CMS_ADMIN[1] },
      ];
      const asked = gj(await c.call('fillForm', { fields }));
      if (!asked.confirmToken) throw new Fail('glass: no confirmation asked');
      await c.tool('fillForm', { fields, confirmToken: asked.confirmToken });
      await c.tool('click', { target: 'role=button;name=Sign in' });
      const explorer = await look(c, await c.tool('click', { target: 'role=button;name=Pages' }));
      await c.tool('click', { target: gfind(explorer, (e) => e.role === 'link' && e.name === 'Home', 'Home') });
      await c.tool('click', { target: 'role=link;name=Add child page' });
      const form = await look(c, await c.tool('click', { target: 'role=link;name=News page' }));
      const body = gfind(form, (e) => e.role === 'textbox' && e.context === 'Body', 'body');
      await c.tool('type', { target: gfind(form, (e) => e.role === 'textbox' && e.name === 'Title*', 'title'), text: 'Opening hours' });
      await c.tool('type', { target: body, text: 'We open at nine on weekdays.' });
      await c.tool('key', { target: body, key: 'Enter' });
      await c.tool('shortcut', { keys: 'Control+b' });
      await c.tool('type', { target: body, text: 'Closed on Sundays.' });
      await c.tool('click', { target: 'role=button;name=More actions' });
      await c.tool('click', { target: 'role=button;name=Publish' });
      cmsPublished(db);
    },
    async playwright(c, { app, db }) {
      await c.tool('browser_navigate', { url: app.base + '/admin/login/' });
      let r = await c.tool('browser_snapshot', {});
      await c.tool('browser_type', { target: pwfind(r.text, /- textbox "Username\*"/, 'user'), text: CMS_ADMIN[0] });
      await c.tool('browser_type', { target: pwfind(r.text, /- textbox "Password\*"/, 'password'), text: CMS_ADMIN[1] });
      await c.tool('browser_click', { target: pwfindParent(r.text, /- emphasis \[ref=[^\]]+\]: Sign in/, 'Sign in') });
      r = await c.tool('browser_snapshot', {});
      await c.tool('browser_click', { target: pwfind(r.text, /- button "Pages"/, 'Pages') });
      r = await c.tool('browser_snapshot', {});
      await c.tool('browser_click', { target: pwfindParent(r.text, /- heading "Home"/, 'Home') });
      r = await c.tool('browser_snapshot', {});
      await c.tool('browser_click', { target: pwfind(r.text, /- link "Add child page"/, 'Add child page') });
      r = await c.tool('browser_snapshot', {});
      await c.tool('browser_click', { target: pwfind(r.text, /- link "News page"/, 'News page') });
      r = await c.tool('browser_snapshot', {});
      await c.tool('browser_type', { target: pwfind(r.text, /- textbox "Title\*"/, 'title'), text: 'Opening hours' });
      const body = pwfindAfter(r.text, /- heading "Body"/, /- textbox/, 'body');
      await c.tool('browser_type', { target: body, text: 'We open at nine on weekdays.' });
      await c.tool('browser_press_key', { key: 'Enter' });
      await c.tool('browser_press_key', { key: 'Control+b' });
      // browser_type fills (replaces the editor's text); typed key by key, it continues at the
      // caret, as the second paragraph needs.
      await c.tool('browser_type', { target: body, text: 'Closed on Sundays.', slowly: true });
      await c.tool('browser_click', { target: pwfind(r.text, /- button "More actions"/, 'More actions') });
      r = await c.tool('browser_snapshot', {});
      await c.tool('browser_click', { target: pwfindParent(r.text, /- emphasis \[ref=[^\]]+\]: Publish/, 'Publish') });
      cmsPublished(db);
    },
  },
  prefect: {
    async setup() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apps-prefect-'));
      let apiUrl = '';
      const app = await startApp(OWN_VENV('prefect', 'prefect'), (p) => { apiUrl = `http://127.0.0.1:${p}/api`; return ['server', 'start', '--host', '127.0.0.1', '--port', String(p)]; }, { PREFECT_HOME: path.join(dir, 'home'), PREFECT_SERVER_ANALYTICS_ENABLED: 'false', get PREFECT_UI_API_URL() { return apiUrl; } }, dir, '/api/health');
      return { app };
    },
    // Add a variable with a JSON value from the empty state, then change its value from the
    // row's menu; Prefect's API must hold each value.
    async glass(c, { app }) {
      await c.tool('navigate', { url: app.base + '/variables' });
      // As the Playwright agent does: the SPA draws its empty state after its API answers.
      await c.tool('wait', { kind: 'textPresent', text: 'Add Variable', timeoutMs: 30000 });
      let els = await look(c, await c.tool('click', { target: 'role=button;name=Add Variable' }));
      await c.tool('type', { target: gfind(els, (e) => e.role === 'textbox' && e.context === 'Name', 'name'), text: 'max_retries' });
      await c.tool('type', { target: gfind(els, (e) => e.role === 'textbox' && e.context === 'Value', 'value'), text: '{"count": 5}' });
      const created = await c.tool('click', { target: 'role=button;name=Create' });
      if (!same(await prefectVariable(app, 'max_retries'), { count: 5 })) throw new Fail('glass: created value');
      els = await look(c, created);
      await c.tool('click', { target: gfind(els, (e) => e.role === 'button' && e.name === '' && e.context === 'max_retries', 'row menu') });
      els = await look(c, await c.tool('click', { target: 'role=button;name=Edit' }));
      await c.tool('type', { target: gfind(els, (e) => e.role === 'textbox' && e.context === 'Value', 'value'), text: '{"count": 7}', clear: true });
      await c.tool('click', { target: 'role=button;name=Save' });
      if (!same(await prefectVariable(app, 'max_retries'), { count: 7 })) throw new Fail('glass: edited value');
    },
    async playwright(c, { app }) {
      await c.tool('browser_navigate', { url: app.base + '/variables' });
      await c.tool('browser_wait_for', { text: 'Add Variable' });
      let r = await c.tool('browser_snapshot', {});
      await c.tool('browser_click', { target: pwfind(r.text, /- button "Add Variable"/, 'Add Variable') });
      r = await c.tool('browser_snapshot', {});
      let boxes = pwfindAllAfter(r.text, /- dialog/, /- textbox/);
      if (boxes.length < 2) throw new Fail('playwright: the dialog\'s boxes');
      await c.tool('browser_type', { target: boxes[0], text: 'max_retries' });
      await c.tool('browser_type', { target: boxes[1], text: '{"count": 5}' });
      await c.tool('browser_click', { target: pwfind(r.text, /- button "Create"/, 'Create') });
      if (!same(await prefectVariable(app, 'max_retries'), { count: 5 })) throw new Fail('playwright: created value');
      r = await c.tool('browser_snapshot', {});
      const menu = pwfindAllAfter(r.text, /- cell "max_retries"|max_retries/, /- button/);
      if (!menu.length) throw new Fail('playwright: row menu');
      await c.tool('browser_click', { target: menu[menu.length > 1 ? 1 : 0] });
      r = await c.tool('browser_snapshot', {});
      await c.tool('browser_click', { target: pwfind(r.text, /- button "Edit"/, 'Edit') });
      r = await c.tool('browser_snapshot', {});
      boxes = pwfindAllAfter(r.text, /- dialog/, /- textbox/);
      await c.tool('browser_type', { target: boxes[1], text: '{"count": 7}' });
      await c.tool('browser_click', { target: pwfind(r.text, /- button "Save"/, 'Save') });
      if (!same(await prefectVariable(app, 'max_retries'), { count: 7 })) throw new Fail('playwright: edited value');
    },
  },
  docs: {
    async setup() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apps-docs-'));
      fs.mkdirSync(path.join(dir, 'docs'));
      fs.writeFileSync(path.join(dir, 'mkdocs.yml'), 'site_name: Glass Docs\ntheme:\n  name: material\n  features: [search.suggest]\nplugins: [search]\n');
      const filler = Array.from({ length: 30 }, (_, i) => `Paragraph ${i + 1} of the installation notes.\n\n`).join('');
      fs.writeFileSync(path.join(dir, 'docs/index.md'), `# Welcome\n\n[Jump to usage](#usage)\n\n## Install\n\n${filler}## Usage\n\nUse it wisely.\n`);
      fs.writeFileSync(path.join(dir, 'docs/config.md'), '# Configuration\n\nThe frobnicator option sets the widget count.\n\n## Advanced\n\nMore text here.\n');
      execFileSync(VENV('mkdocs'), ['build', '--quiet', '-f', path.join(dir, 'mkdocs.yml'), '-d', path.join(dir, 'site')], { env: { ...process.env, NO_MKDOCS_2_WARNING: '1' } });
      const app = await startApp(VENV('python'), (p) => ['-m', 'http.server', String(p), '--bind', '127.0.0.1'], {}, path.join(dir, 'site'), '/');
      return { app };
    },
    // Search, open the result, follow an in-page anchor.
    async glass(c, { app }) {
      await c.tool('navigate', { url: app.base + '/', observe: false });
      const els = await look(c, await c.tool('type', { target: 'role=textbox;name=Search', text: 'frobnicator' }));
      await c.tool('click', { target: gfind(els, (e) => e.role === 'link' && e.name.includes('frobnicator option'), 'result') });
      if (!gj(await c.tool('getText', {})).text.includes('The frobnicator option sets')) throw new Fail('glass: result page');
      const r = await c.tool('navigate', { url: app.base + '/' });
      await c.tool('click', { target: gfind(gels(r), (e) => e.name === 'Jump to usage', 'anchor') });
      const h = gj(await c.tool('evaluate', { expression: 'location.hash' })).value;
      if (h !== '#usage') throw new Fail('glass: anchor');
    },
    async playwright(c, { app }) {
      await c.tool('browser_navigate', { url: app.base + '/' });
      let r = await c.tool('browser_snapshot', {});
      await c.tool('browser_type', { target: pwfind(r.text, /- textbox "Search"/, 'search box'), text: 'frobnicator' });
      // The results come from a worker a moment later.
      await c.attempt('browser_wait_for', { text: 'frobnicator option' });
      r = await c.tool('browser_snapshot', {});
      // Playwright's snapshot does not show the result list (it shows "Type to start
      // searching"); a model presses Enter, which opens the first result.
      await c.tool('browser_press_key', { key: 'Enter' });
      r = await c.tool('browser_snapshot', {});
      if (!r.text.includes('The frobnicator option sets')) throw new Fail('playwright: result page');
      await c.tool('browser_navigate', { url: app.base + '/' });
      r = await c.tool('browser_snapshot', {});
      await c.tool('browser_click', { target: pwfind(r.text, /- link "Jump to usage"/, 'anchor') });
      r = await c.tool('browser_evaluate', { function: '() => location.hash' });
      if (!r.text.includes('#usage')) throw new Fail('playwright: anchor');
    },
  },
};

async function onDisk(file) {
  const end = Date.now() + 20000;
  while (Date.now() < end) {
    try {
      const nb = JSON.parse(fs.readFileSync(file, 'utf8'));
      if (nb.cells[0].source.join('') === 'print(6*7)' && JSON.stringify(nb.cells[0].outputs).includes('42')) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Fail(`${path.basename(file)} not saved with the output`);
}

// ---------------------------------------------------------------- run
const results = [];
for (const task of o.tasks) {
  for (const server of o.only) {
    for (let run = 1; run <= o.runs; run++) {
      const env = await TASKS[task].setup();
      let c = null;
      const row = { task, server, run, ok: false };
      try {
        c = await start(server);
        const t0 = performance.now();
        await TASKS[task][server](c, env);
        row.ms = Math.round(performance.now() - t0);
        row.ok = true;
      } catch (e) {
        row.error = String(e.message || e).slice(0, 300);
      }
      if (c) { row.calls = c.calls; row.bytes = c.readBytes; await c.close(); }
      env.app.stop();
      results.push(row);
      log(`${task} ${server} run ${run}: ${row.ok ? 'ok' : 'FAILED ' + row.error} calls=${row.calls} bytes=${row.bytes} ms=${row.ms ?? '-'}`);
    }
  }
}
const med = (v) => { const s = [...v].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
console.log('| task | server | passed | calls | bytes read | wall ms (median) |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const task of o.tasks) {
  for (const server of o.only) {
    const rs = results.filter((r) => r.task === task && r.server === server);
    const okRs = rs.filter((r) => r.ok);
    console.log(`| ${task} | ${server} | ${okRs.length}/${rs.length} | ${okRs.length ? med(okRs.map((r) => r.calls)) : '-'} | ${okRs.length ? med(okRs.map((r) => r.bytes)) : '-'} | ${okRs.length ? med(okRs.map((r) => r.ms)) : '-'} |`);
  }
}
fs.writeFileSync(path.join(HERE, 'apps-results.json'), JSON.stringify(results, null, 1));
