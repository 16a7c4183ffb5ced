// Test pages served by the harness on 127.0.0.1 (ephemeral port).
import http from 'node:http';

const page = (title, body, head = '') => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body>${body}</body></html>`;

function formPage() {
  const kinds = ['text', 'email', 'tel', 'number', 'date', 'password'];
  let f = '';
  for (let i = 1; i <= 30; i++) {
    const id = `f${i}`;
    if (i % 10 === 0) {
      f += `<div><label for="${id}">Choice ${i}</label><select id="${id}" name="${id}"><option>Alpha</option><option>Beta</option><option>Gamma</option></select></div>\n`;
    } else if (i % 7 === 0) {
      f += `<div><label><input type="checkbox" id="${id}" name="${id}"> Option ${i}</label></div>\n`;
    } else if (i % 9 === 0) {
      f += `<div><label for="${id}">Notes ${i}</label><textarea id="${id}" name="${id}"></textarea></div>\n`;
    } else {
      f += `<div><label for="${id}">Field ${i}</label><input type="${kinds[i % kinds.length]}" id="${id}" name="${id}"></div>\n`;
    }
  }
  return page('Form 30', `<h1>Registration</h1><form onsubmit="return false">${f}<button type="submit">Submit</button></form>`);
}

function listPage(n = 2000) {
  let li = '';
  for (let i = 1; i <= n; i++) li += `<li>Item ${i} <button onclick="window.__last=${i}">Buy ${i}</button></li>\n`;
  return page('List 2000', `<h1>Items</h1><ul>${li}</ul>`);
}

const routes = {
  '/small': () => page('Small page', '<h1>Hello</h1><p>A small page.</p><a href="/small2">Next</a>'),
  '/small2': () => page('Small page 2', '<h1>Hello again</h1><p>Another small page.</p>'),
  '/form30': formPage,
  '/list2000': () => listPage(2000),
  '/controls': () => page('Controls', `
    <h1>Controls</h1>
    <button id="go" onclick="window.__clicks=(window.__clicks||0)+1; document.getElementById('out').textContent='clicked '+window.__clicks">Press me</button>
    <p id="out">not clicked</p>
    <label for="name">Full name</label> <input id="name" type="text">
    <label for="color">Color</label>
    <select id="color"><option value="Red">Red</option><option value="Green">Green</option><option value="Blue">Blue</option></select>
  `, '<script>window.__clicks=0</script>'),
  '/popup': () => page('Popup opener', '<h1>Popup</h1><a href="/popup-target" target="_blank">Open popup</a>'),
  '/popup-target': () => page('Popup target', '<h1>Popup opened</h1>'),
  '/alert': () => page('Alert page', `<h1>Alert</h1><button onclick="alert('Hello from alert'); window.__alerted=(window.__alerted||0)+1; document.getElementById('s').textContent='alert done'">Show alert</button><p id="s">waiting</p>`),
  '/iframe': () => page('Iframe host', '<h1>Host</h1><iframe src="/iframe-inner" title="Inner frame" width="400" height="200"></iframe>', '<script>window.__frameClicks=0</script>'),
  '/iframe-inner': () => page('Inner', `<button onclick="window.parent.__frameClicks=(window.parent.__frameClicks||0)+1; this.textContent='Inner clicked'">Inner button</button>`),
  '/download': () => page('Download page', '<h1>Download</h1><a href="/file.txt" download="report.txt">Download report</a>'),
};

export function startServer() {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    if (url.pathname === '/file.txt') {
      const body = 'report,value\n' + Array.from({ length: 1000 }, (_, i) => `row${i},${i}`).join('\n') + '\n';
      res.writeHead(200, { 'content-type': 'text/plain', 'content-disposition': 'attachment; filename="report.txt"', 'content-length': Buffer.byteLength(body) });
      return res.end(body);
    }
    if (url.pathname === '/favicon.ico') { res.writeHead(204); return res.end(); }
    const r = routes[url.pathname];
    if (!r) { res.writeHead(404, { 'content-type': 'text/plain' }); return res.end('not found'); }
    const body = r();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ server, base: `http://127.0.0.1:${port}`, close: () => new Promise((r) => { server.closeAllConnections?.(); server.close(() => r()); }) });
    });
  });
}
