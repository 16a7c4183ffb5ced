// Glass in-page agent. Glass evaluates this file in an isolated world of a frame
// (Page.createIsolatedWorld), so page scripts can neither see nor patch it; it shares the DOM.
// Rust calls the functions on `__glassAgent` with returnByValue (and awaitPromise for the async
// ones). Every exported function returns plain JSON and never throws.
//
// One page model serves every caller: the walk below decides once what exists (what Chrome
// keeps in the accessibility tree), what a person can see (CSS visibility and overflow
// clipping along the containing-block chain), and what each element is called (accessible
// names as accname computes them). Observation levels are projections of that model, and every
// locator kind resolves against it, so `observe`, `resolve`, `wait` and the actions agree.
'use strict';
(() => {
  // Idempotent: a second evaluation must keep the refs minted by the first.
  if (globalThis.__glassAgent) return;

  // ---------------------------------------------------------------- refs
  const elToRef = new WeakMap();
  const refToEl = new Map(); // ref -> WeakRef(element)
  let minted = 0; // highest N minted in this world
  let pruneAt = 50000;
  const UNKNOWN = Symbol('unknown');

  // Rust owns the counter, but we never go below our own high-water mark: if Rust lost a
  // returned nextRef (an error, a dropped answer) a ref string still never names two elements.
  function newCtx(nextRef) {
    const n = Number.isFinite(nextRef) && nextRef >= 1 ? Math.floor(nextRef) : 1;
    return { next: Math.max(n, minted + 1) };
  }
  const peekRef = (el, ctx) => elToRef.get(el) || 'e' + ctx.next;
  function refFor(el, ctx) {
    let r = elToRef.get(el);
    if (r) return r;
    r = 'e' + ctx.next;
    minted = ctx.next;
    ctx.next += 1;
    elToRef.set(el, r);
    refToEl.set(r, new WeakRef(el));
    if (refToEl.size > pruneAt) {
      // Drop refs whose element was collected; they then read as "unknown" instead of "stale".
      for (const [k, w] of refToEl) if (!w.deref()) refToEl.delete(k);
      pruneAt = Math.max(50000, refToEl.size * 2);
    }
    return r;
  }
  // UNKNOWN: never minted here; null: minted but collected; else the element (maybe detached).
  function lookup(ref) {
    const w = typeof ref === 'string' ? refToEl.get(ref) : undefined;
    return w ? w.deref() || null : UNKNOWN;
  }

  // ---------------------------------------------------------------- small helpers
  const norm = (s) => String(s == null ? '' : s).replace(/\s+/g, ' ').trim();
  const lc = (s) => norm(s).toLowerCase();
  const posInt = (v, d) => (Number.isFinite(v) && v > 0 ? Math.floor(v) : d);
  function cut(s, n) {
    if (s.length <= n) return s;
    let k = Math.max(0, n - 1);
    const c = s.charCodeAt(k - 1);
    if (c >= 0xd800 && c < 0xdc00) k -= 1; // do not split a surrogate pair
    return s.slice(0, k) + '…';
  }
  // Byte budgets are on the UTF-8 JSON that Rust will see, not on UTF-16 code units.
  function utf8Len(s) {
    let n = 0;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x80) n += 1;
      else if (c < 0x800) n += 2;
      else if (c >= 0xd800 && c < 0xdc00) { n += 4; i++; } else n += 3;
    }
    return n;
  }
  const round2 = (v) => Math.round(v * 100) / 100;
  // Icon fonts put private-use characters in text; they mean nothing to a reader.
  const stripIcons = (s) => s.replace(/[\ue000-\uf8ff]/g, '');
  // "Python 3 Python 3": an image's alt beside the same caption. Chrome doubles such names;
  // a reader sees it once.
  function undouble(s) {
    const n = s.length;
    if (n >= 3 && n % 2 === 1 && s[(n - 1) / 2] === ' ' && s.slice(0, (n - 1) / 2) === s.slice((n + 1) / 2)) return s.slice(0, (n - 1) / 2);
    return s;
  }

  // Per-call caches, reset at every entry point (guard): computed styles are live objects, and
  // the clip contexts below hold for one unchanged layout.
  let styles = new WeakMap();
  let clipMemo = new Map();
  function resetCaches() { styles = new WeakMap(); clipMemo = new Map(); }
  const EMPTY_STYLE = { display: '', visibility: 'visible', cursor: 'auto', overflowX: 'visible', overflowY: 'visible', position: 'static', transform: 'none', clip: 'auto', clipPath: 'none', contentVisibility: 'visible' };
  function st(el) {
    let s = styles.get(el);
    if (!s) {
      const v = el.ownerDocument && el.ownerDocument.defaultView;
      s = v ? v.getComputedStyle(el) : EMPTY_STYLE; // a document without a window has no style
      styles.set(el, s);
    }
    return s;
  }

  // Flat-tree parent: slot for slotted nodes, host for shadow roots; null at a document.
  function flatParent(n) {
    if (n.assignedSlot) return n.assignedSlot;
    const p = n.parentNode;
    if (!p) return null;
    if (p.nodeType === 11) return p.host || null;
    return p.nodeType === 1 ? p : null;
  }
  function composedContains(a, b) {
    for (let n = b; n; n = n.parentNode || (n.nodeType === 11 ? n.host : null)) if (n === a) return true;
    return false;
  }
  // Children in rendering order: an open shadow root replaces the light children, a slot
  // shows its assigned nodes (or its fallback content).
  function kids(el) {
    if (el.shadowRoot) return el.shadowRoot.childNodes;
    if (el.localName === 'slot' && el.assignedNodes) {
      const a = el.assignedNodes();
      if (a.length) return a;
    }
    return el.childNodes;
  }
  function contentDoc(f) {
    try {
      const d = f.contentDocument; // null for cross-origin frames
      return d && d.documentElement ? d : null;
    } catch (_) {
      return null;
    }
  }
  // The frame element hosting el's document, as seen from this world (null in our own doc).
  function frameOf(el) {
    const v = el.ownerDocument && el.ownerDocument.defaultView;
    if (!v || v === window) return null;
    try { return v.frameElement; } catch (_) { return null; }
  }
  // Offset of an iframe's content box (border + padding) in its own document's viewport.
  function contentOffset(f) {
    const r = f.getBoundingClientRect();
    const s = st(f);
    return { x: r.left + f.clientLeft + (parseFloat(s.paddingLeft) || 0), y: r.top + f.clientTop + (parseFloat(s.paddingTop) || 0) };
  }
  function docOffset(doc) {
    let x = 0, y = 0;
    for (let v = doc.defaultView; v && v !== window; v = v.parent) {
      const f = v.frameElement;
      if (!f) break;
      const o = contentOffset(f);
      x += o.x;
      y += o.y;
    }
    return { x, y };
  }
  function viewportOf(doc) {
    const v = doc.defaultView || window;
    const de = doc.documentElement;
    // clientWidth/Height exclude scrollbars; in quirks mode html's clientHeight is the page
    // height, hence the min with innerHeight.
    return { x: 0, y: 0, w: Math.min(v.innerWidth, (de && de.clientWidth) || Infinity), h: Math.min(v.innerHeight, (de && de.clientHeight) || Infinity) };
  }
  function clipRect(a, b) {
    const x = Math.max(a.x, b.x), y = Math.max(a.y, b.y);
    const w = Math.min(a.x + a.w, b.x + b.w) - x, h = Math.min(a.y + a.h, b.y + b.h) - y;
    return w > 0 && h > 0 ? { x, y, w, h } : null;
  }
  const toBox = (r) => ({ x: r.left, y: r.top, w: r.width, h: r.height });
  // The deepest focused element, through shadow roots and same-origin frames.
  function deepActive() {
    let a = document.activeElement;
    for (let k = 0; a && k < 32; k++) {
      if (a.shadowRoot && a.shadowRoot.activeElement) { a = a.shadowRoot.activeElement; continue; }
      if (a.localName === 'iframe' || a.localName === 'frame') {
        const d = contentDoc(a);
        if (d && d.activeElement && d.activeElement !== d.body) { a = d.activeElement; continue; }
      }
      break;
    }
    return a && a !== document.body && a !== document.documentElement ? a : null;
  }

  // ---------------------------------------------------------------- roles
  const INTERACTIVE = new Set(['button', 'link', 'textbox', 'searchbox', 'checkbox', 'radio', 'switch', 'combobox', 'listbox', 'option', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'tab', 'slider', 'spinbutton', 'treeitem', 'gridcell']);
  // Containers that group what a person acts on: landmarks, forms, dialogs, menus, lists,
  // tables. Observations nest their items under these.
  const LANDMARK = new Set(['banner', 'navigation', 'main', 'contentinfo', 'complementary', 'form', 'region', 'search']);
  const REGION = new Set([...LANDMARK, 'dialog', 'alertdialog', 'alert', 'menu', 'menubar', 'tablist', 'tree', 'toolbar', 'radiogroup', 'table', 'grid', 'treegrid', 'list', 'group', 'tabpanel', 'article']);
  const NAME_FROM_CONTENT = new Set(['button', 'link', 'heading', 'option', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'treeitem', 'cell', 'gridcell', 'columnheader', 'rowheader', 'checkbox', 'radio', 'switch', 'tooltip', 'row', 'listitem', 'term', 'definition', 'caption']);
  const CHECKABLE = new Set(['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio']);
  const ARIA_ROLES = new Set(['alert', 'alertdialog', 'application', 'article', 'banner', 'blockquote', 'button', 'caption', 'cell', 'checkbox', 'code', 'columnheader', 'combobox', 'comment', 'complementary', 'contentinfo', 'definition', 'deletion', 'dialog', 'directory', 'document', 'emphasis', 'feed', 'figure', 'form', 'generic', 'grid', 'gridcell', 'group', 'heading', 'img', 'image', 'insertion', 'link', 'list', 'listbox', 'listitem', 'log', 'main', 'mark', 'marquee', 'math', 'menu', 'menubar', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'meter', 'navigation', 'none', 'note', 'option', 'paragraph', 'presentation', 'progressbar', 'radio', 'radiogroup', 'region', 'row', 'rowgroup', 'rowheader', 'scrollbar', 'search', 'searchbox', 'separator', 'slider', 'spinbutton', 'status', 'strong', 'subscript', 'suggestion', 'superscript', 'switch', 'tab', 'table', 'tablist', 'tabpanel', 'term', 'textbox', 'time', 'timer', 'toolbar', 'tooltip', 'tree', 'treegrid', 'treeitem']);
  const SKIP = new Set(['script', 'style', 'template', 'noscript', 'head', 'meta', 'link', 'title', 'base']);
  const BUTTON_TYPES = new Set(['button', 'submit', 'reset', 'image']);
  const TEXT_TYPES = new Set(['text', 'search', 'email', 'tel', 'url', 'password', 'number', 'date', 'datetime-local', 'month', 'time', 'week']);
  const BLOCK_TAGS = new Set(['address', 'article', 'aside', 'blockquote', 'br', 'dd', 'details', 'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'summary', 'table', 'td', 'th', 'tr', 'ul']);
  const ACTIONS = new Set(['click', 'hover', 'type', 'check', 'select', 'drag']);
  // Descendants that make an element's own click heuristics moot: the real control is inside.
  const CONTROL_SELECTOR = 'a[href],button,input:not([type=hidden]),select,textarea,[contenteditable=""],[contenteditable=true],[role=button],[role=link],[role=checkbox],[role=radio],[role=switch],[role=tab],[role=menuitem],[role=option],[role=textbox],[role=combobox],[role=searchbox],[role=slider]';

  const nativeInteractive = (el) => /^(button|input|select|textarea)$/.test(el.localName) || ((el.localName === 'a' || el.localName === 'area') && el.hasAttribute('href'));
  const hasOwnLabel = (el) => !!(norm(el.getAttribute('aria-label')) || el.getAttribute('aria-labelledby') || norm(el.getAttribute('title')));
  const focusable = (el) => { const t = el.getAttribute('tabindex'); return t !== null && t.trim() !== '' && +t >= 0; };

  // The element's role: the first ARIA role token the page gave that we know, else the role
  // HTML gives the element (HTML-AAM, as Chrome maps it). null: no role (generic).
  function roleOf(el) {
    const attr = el.getAttribute('role');
    if (attr) {
      for (const tok of attr.trim().toLowerCase().split(/\s+/).slice(0, 4)) {
        if (!ARIA_ROLES.has(tok)) continue;
        // ARIA: a focusable element keeps its own role despite role=none/presentation.
        if (tok === 'none' || tok === 'presentation') { if (nativeInteractive(el) || focusable(el)) break; return null; }
        if (tok === 'generic') return null;
        if (tok === 'image') return 'img';
        // A region or form is a landmark only when it has a name.
        if ((tok === 'region' || tok === 'form') && !hasOwnLabel(el)) return null;
        return tok;
      }
    }
    return implicitRole(el);
  }
  function implicitRole(el) {
    const tag = el.localName;
    switch (tag) {
      case 'a': case 'area': return el.hasAttribute('href') ? 'link' : null;
      case 'button': return 'button';
      case 'summary': return el.parentElement && el.parentElement.localName === 'details' ? 'button' : null;
      case 'input': {
        const t = el.type;
        if (t === 'hidden') return null;
        if (t === 'checkbox' || t === 'radio') return t;
        if (BUTTON_TYPES.has(t) || t === 'file' || t === 'color') return 'button';
        if (t === 'range') return 'slider';
        if (t === 'number') return 'spinbutton';
        if (el.hasAttribute('list')) return 'combobox';
        return t === 'search' ? 'searchbox' : 'textbox';
      }
      case 'select': return el.multiple || el.size > 1 ? 'listbox' : 'combobox';
      case 'textarea': return 'textbox';
      case 'h1': case 'h2': case 'h3': case 'h4': case 'h5': case 'h6': return 'heading';
      case 'img': return el.getAttribute('alt') === '' ? null : 'img';
      case 'nav': return 'navigation';
      case 'main': return 'main';
      case 'aside': return el.parentElement && el.parentElement.closest('article,aside,nav,section') && !hasOwnLabel(el) ? null : 'complementary';
      case 'search': return 'search';
      // header/footer are page landmarks only when not inside a sectioning element.
      case 'header': return el.parentElement && el.parentElement.closest('article,aside,main,nav,section') ? null : 'banner';
      case 'footer': return el.parentElement && el.parentElement.closest('article,aside,main,nav,section') ? null : 'contentinfo';
      case 'form': return 'form'; // named or not: a form is what a person fills in
      case 'section': return hasOwnLabel(el) ? 'region' : null;
      case 'dialog': return 'dialog'; // shown (a closed one is display:none)
      case 'option': return 'option';
      case 'optgroup': return 'group';
      case 'li': return el.parentElement && /^(ul|ol|menu)$/.test(el.parentElement.localName) && roleOf(el.parentElement) === 'list' ? 'listitem' : null;
      case 'ul': case 'ol': case 'menu': return 'list';
      case 'table': return 'table';
      case 'tr': return 'row';
      case 'td': {
        const t = el.closest('table');
        const r = t && roleOf(t);
        return r === 'grid' || r === 'treegrid' ? 'gridcell' : 'cell';
      }
      case 'th': return thRole(el);
      case 'caption': return 'caption';
      case 'p': return 'paragraph';
      case 'article': return 'article';
      case 'fieldset': return 'group';
      case 'details': return 'group';
      case 'figure': return 'figure';
      case 'blockquote': return 'blockquote';
      case 'progress': return 'progressbar';
      case 'meter': return 'meter';
      case 'hr': return 'separator';
      case 'output': return 'status';
      case 'math': return 'math';
      default:
        // Only the editing host is a textbox, not every element inside it.
        if (el.hasAttribute('contenteditable') && el.isContentEditable && !(el.parentElement && el.parentElement.isContentEditable)) return 'textbox';
        return null;
    }
  }
  function thRole(el) {
    const scope = (el.getAttribute('scope') || '').toLowerCase();
    if (scope === 'row' || scope === 'rowgroup') return 'rowheader';
    if (scope === 'col' || scope === 'colgroup') return 'columnheader';
    const tr = el.parentElement;
    if (el.closest('thead')) return 'columnheader';
    // A th first in a row of data cells heads that row; otherwise it heads its column.
    if (tr && tr.firstElementChild === el && tr.querySelector(':scope > td')) return 'rowheader';
    return 'columnheader';
  }
  function headingLevel(el) {
    const a = parseInt(el.getAttribute('aria-level'), 10);
    if (a > 0) return a;
    const m = /^h([1-6])$/.exec(el.localName);
    return m ? +m[1] : 2; // ARIA's default level for role=heading
  }

  // ---------------------------------------------------------------- what exists
  // Whether this element and everything under it is absent from the page model: what Chrome
  // keeps out of the accessibility tree and out of rendering (display:none, inert,
  // aria-hidden, content of a closed <details>, no box in the flat tree), plus non-content
  // tags. visibility:hidden is per element (a child may be visible again), so it is not here.
  function prunes(el) {
    const tag = el.localName;
    if (SKIP.has(tag) || el.hasAttribute('inert') || el.getAttribute('aria-hidden') === 'true') return true;
    const p = el.parentElement;
    if (p && p.localName === 'details' && !p.open && !(tag === 'summary' && p.querySelector(':scope > summary') === el)) return true;
    const s = st(el);
    if (s.display === 'none') return true;
    // No box at all (unslotted light DOM, fallback content of replaced elements, options of
    // a closed select, content-visibility:hidden content): nothing below renders either.
    return s.display !== 'contents' && !el.checkVisibility();
  }
  // The bottom-up form of the walk's pruning: absent itself or through any ancestor, its
  // frame included.
  function absent(el) {
    if (!el || !el.isConnected) return true;
    for (let n = el; n; n = flatParent(n)) if (prunes(n)) return true;
    const m = modalRoot(el.ownerDocument);
    if (m && !composedContains(m, el)) return true;
    const f = frameOf(el);
    return f ? absent(f) : false;
  }
  // The open modal dialog: everything outside it is inert (a <dialog> shown with
  // showModal()) or hidden from assistive technology (a shown dialog with aria-modal=true, as
  // Chrome treats it).
  function modalRoot(doc) {
    try {
      const all = doc.querySelectorAll('dialog[open]');
      for (let k = all.length - 1; k >= 0; k--) if (all[k].matches(':modal')) return all[k];
    } catch (_) { /* :modal unsupported */ }
    const aria = doc.querySelectorAll('[aria-modal=true]');
    for (let k = aria.length - 1; k >= 0; k--) {
      const d = aria[k];
      const r = roleOf(d);
      if ((r === 'dialog' || r === 'alertdialog') && d.checkVisibility() && st(d).visibility === 'visible') {
        let inside = false;
        for (let n = flatParent(d); n && !inside; n = flatParent(n)) inside = n.getAttribute('aria-hidden') === 'true' || n.hasAttribute('inert');
        if (!inside) return d;
      }
    }
    return null;
  }

  // ---------------------------------------------------------------- what a person sees
  // Overflow clipping follows the containing-block chain, not the DOM: an absolutely
  // positioned box escapes a clipping ancestor that is not positioned, a fixed box escapes
  // every ancestor that does not contain fixed descendants (transform, filter, contain...),
  // and overflow on <body> or <html> belongs to the viewport. So for every element we keep
  // three clip rectangles for its descendants, one per positioning scheme; null = unclipped.
  const NONE = { l: -Infinity, t: -Infinity, r: Infinity, b: Infinity };
  const EMPTY = { l: 0, t: 0, r: 0, b: 0 };
  const clips = (v) => v === 'hidden' || v === 'clip';
  function containsFixed(s) {
    if (s.transform !== 'none' || (s.perspective && s.perspective !== 'none') || (s.filter && s.filter !== 'none') || (s.backdropFilter && s.backdropFilter !== 'none')) return true;
    const c = s.contain || '';
    if (/paint|layout|strict|content/.test(c)) return true;
    const w = s.willChange || '';
    if (/transform|perspective|filter/.test(w)) return true;
    const ct = s.containerType || 'normal';
    return ct !== 'normal';
  }
  // clip:rect(0 0 0 0) and clip-path:inset(50%): the visually-hidden pattern (`clip` applies
  // to positioned boxes only).
  function clipHidesAll(s) {
    const cp = s.clipPath;
    if (cp && cp !== 'none') {
      const m = /^inset\(\s*([\d.]+)%/.exec(cp);
      if (m && +m[1] >= 50) return true;
    }
    const pos = s.position;
    if (pos !== 'absolute' && pos !== 'fixed') return false;
    const c = s.clip;
    if (c && c !== 'auto') {
      const m = /rect\(([^)]*)\)/.exec(c);
      if (m) {
        const v = m[1].split(/[ ,]+/).map((x) => parseFloat(x));
        if (v.length === 4 && v.every(Number.isFinite) && (v[1] - v[3] <= 1 || v[2] - v[0] <= 1)) return true;
      }
    }
    return false;
  }
  const intersect = (a, b) => ({ l: Math.max(a.l, b.l), t: Math.max(a.t, b.t), r: Math.min(a.r, b.r), b: Math.min(a.b, b.b) });
  const emptyClip = (c) => c.r <= c.l || c.b <= c.t;
  // The clips for an element's descendants, one per positioning scheme, in its document's
  // viewport coordinates: `flow` for in-flow boxes, `abs()` for absolutely positioned ones,
  // `fixed()` for fixed ones. The last two are worked out only when some descendant is
  // positioned that way (most pages never ask, and reading the containing-block properties
  // of every element would double the walk's cost).
  class ClipCtx {
    constructor(el, s, parent) {
      this.s = s; this.parent = parent; this.a = undefined; this.f = undefined; this.cf = undefined;
      if (!parent) { this.flow = NONE; this.a = NONE; this.f = NONE; return; }
      const own = ownClip(s, parent);
      let inner = own;
      const tag = el.localName;
      const doc = el.ownerDocument;
      // body's overflow moves to the viewport when html's is visible.
      const toViewport = tag === 'html' || (tag === 'body' && doc.documentElement && st(doc.documentElement).overflowX === 'visible' && st(doc.documentElement).overflowY === 'visible');
      if (clipHidesAll(s)) inner = EMPTY;
      else if (!toViewport && s.display !== 'contents' && (clips(s.overflowX) || clips(s.overflowY))) {
        const r = el.getBoundingClientRect();
        const l = r.left + el.clientLeft, t = r.top + el.clientTop;
        inner = intersect(own, {
          l: clips(s.overflowX) ? l : -Infinity, r: clips(s.overflowX) ? l + el.clientWidth : Infinity,
          t: clips(s.overflowY) ? t : -Infinity, b: clips(s.overflowY) ? t + el.clientHeight : Infinity,
        });
      }
      this.flow = inner;
    }
    containsFixed() {
      if (this.cf === undefined) this.cf = this.s.display !== 'contents' && containsFixed(this.s);
      return this.cf;
    }
    abs() {
      if (this.a === undefined) this.a = (this.s.position !== 'static' && this.s.display !== 'contents') || this.containsFixed() ? this.flow : this.parent.abs();
      return this.a;
    }
    fixed() {
      if (this.f === undefined) this.f = this.containsFixed() ? this.flow : this.parent.fixed();
      return this.f;
    }
  }
  function kidsClip(el) {
    let m = clipMemo.get(el);
    if (m) return m;
    const p = flatParent(el);
    m = new ClipCtx(el, st(el), p ? kidsClip(p) : null);
    clipMemo.set(el, m);
    return m;
  }
  function ownClip(s, pc) {
    const pos = s.position;
    return pos === 'absolute' ? pc.abs() : pos === 'fixed' ? pc.fixed() : pc.flow;
  }
  function clipFor(el) {
    const p = flatParent(el);
    if (!p) return NONE;
    const s = st(el);
    if (clipHidesAll(s)) return EMPTY;
    return ownClip(s, kidsClip(p));
  }
  // A zero-size box still shows what overflows it visibly (display:contents wrappers, floats
  // in a collapsed parent, positioned children).
  function visibleDescendant(el) {
    const roots = [el];
    if (el.shadowRoot) roots.push(el.shadowRoot);
    let k = 0;
    for (const root of roots) {
      const tw = el.ownerDocument.createTreeWalker(root, 1 /* SHOW_ELEMENT */);
      for (let d = tw.nextNode(); d; d = tw.nextNode()) {
        if (++k > 200) return false;
        if (boxSeen(d, true)) return true;
      }
    }
    return false;
  }
  // Whether a person can see any of el's own box (ignores opacity: a see-through control
  // still takes clicks) in its document; `quick` skips the descendant search. A native control
  // of 2 px or less (the visually-hidden pattern) is not seen.
  function boxSeen(el, quick, rendered) {
    const s = st(el);
    if (s.visibility !== 'visible') return false;
    if (s.display === 'contents') return !quick && visibleDescendant(el);
    if (!rendered && !el.checkVisibility()) return false;
    const r = el.getBoundingClientRect();
    if (r.width <= 2 && r.height <= 2 && nativeInteractive(el)) return false;
    const c = clipFor(el);
    if (r.width > 0 && r.height > 0) {
      if (emptyClip(c)) return false;
      return r.right > c.l && r.left < c.r && r.bottom > c.t && r.top < c.b;
    }
    if (quick || emptyClip(c)) return false;
    return (!clips(s.overflowX) && !clips(s.overflowY)) && visibleDescendant(el);
  }
  // Seen by a person: present, its box visible, and its frame seen.
  function seen(el) {
    if (absent(el)) return false;
    return seenPresent(el);
  }
  // `rendered`: the caller knows el has a box (the walk checked it).
  function seenPresent(el, rendered) {
    if (!boxSeen(el, false, rendered)) return false;
    const f = frameOf(el);
    return f ? seenPresent(f) : true;
  }
  // What a person clicks to operate a control that is only visually hidden (a clipped or
  // 1px input under its visible label, a code editor's hidden textarea): its first visible
  // label, or the editor around it. null when there is none.
  function proxyOf(el) {
    if (el.labels) for (const l of el.labels) if (l && !absent(l) && seenPresent(l)) return l;
    const ed = editorOf(el);
    if (ed && ed.input === el && !absent(ed.root) && seenPresent(ed.root)) return ed.root;
    return null;
  }
  // Shown: present and seen itself or through its proxy. The set every locator kind and every
  // observation level draws from.
  function shown(el) {
    if (absent(el)) return false;
    return seenPresent(el) || !!proxyOf(el);
  }

  // ---------------------------------------------------------------- code editors
  // CodeMirror 5 and Monaco keep the caret in a hidden textarea, CodeMirror 6 in a
  // contenteditable; a person sees and clicks the editor around it.
  function editorOf(el) {
    if (!el || el.nodeType !== 1) return null;
    const cm5 = el.closest('.CodeMirror');
    if (cm5) return { kind: 'codemirror5', root: cm5, input: cm5.querySelector('textarea') };
    const cm6 = el.closest('.cm-editor');
    if (cm6) return { kind: 'codemirror6', root: cm6, input: cm6.querySelector('.cm-content') };
    const mon = el.closest('.monaco-editor');
    if (mon) return { kind: 'monaco', root: mon, input: mon.querySelector('textarea') };
    return null;
  }
  // The editor's text as it shows it (every rendered line), for clear's verification.
  function editorText(ed) {
    const sel = ed.kind === 'codemirror5' ? '.CodeMirror-line' : ed.kind === 'codemirror6' ? '.cm-line' : '.view-line';
    const lines = ed.root.querySelectorAll(sel);
    let t = '';
    for (const l of lines) t += l.textContent.replace(/\u200b/g, '') + '\n';
    return t.replace(/\n+$/, '');
  }
  // A name for an editor: its own label, else what labels the field it replaced.
  function editorName(ed) {
    let own = norm(ed.input && (ed.input.getAttribute('aria-label') || idRefs(ed.input, 'aria-labelledby')));
    if (/^editor content/i.test(own)) own = ''; // Monaco's instructions, not a name
    if (own) return own;
    const prev = ed.root.previousElementSibling;
    if (prev && prev.localName === 'textarea') return accName(prev, 'textbox');
    return '';
  }

  // ---------------------------------------------------------------- accessible names
  // accname 1.2 as Chrome applies it: aria-labelledby, aria-label, the host language (label,
  // alt, value, legend, caption, figcaption, title of svg), content for roles named from
  // content, then title and placeholder. Hidden nodes count only inside aria-labelledby
  // targets. Bounded, so a link wrapping a whole card stays cheap.
  function hiddenForName(c) {
    if (c.getAttribute('aria-hidden') === 'true' || c.hasAttribute('inert')) return true;
    const s = st(c);
    return s.display === 'none' || s.visibility === 'hidden' || s.visibility === 'collapse';
  }
  function embeddedValue(c, role) {
    if (role === 'textbox' || role === 'searchbox') return c.localName === 'input' || c.localName === 'textarea' ? c.value : c.textContent;
    if (role === 'combobox' || role === 'listbox') {
      if (c.localName === 'select') return Array.from(c.selectedOptions, (o) => o.text).join(' ');
      if (c.localName === 'input') return c.value;
      const sel = c.querySelector('[role=option][aria-selected=true]');
      return sel ? sel.textContent : '';
    }
    if (role === 'slider' || role === 'spinbutton' || role === 'progressbar' || role === 'meter') return c.getAttribute('aria-valuetext') || c.getAttribute('aria-valuenow') || c.value || '';
    return null;
  }
  function contentText(root, st8, skip) {
    const rec = (n) => {
      for (const c of kids(n)) {
        if (st8.out.length > 1000 || ++st8.nodes > 2000) return;
        if (c.nodeType === 3) { st8.out += c.data; continue; }
        if (c.nodeType !== 1 || c === skip || SKIP.has(c.localName)) continue;
        if (!st8.hidden && hiddenForName(c)) continue;
        const block = BLOCK_TAGS.has(c.localName) || !/^inline/.test(st(c).display);
        const t = textAlt(c, st8, false);
        st8.out += block ? ' ' + t + ' ' : t;
      }
    };
    const saved = st8.out;
    st8.out = '';
    rec(root);
    const t = st8.out;
    st8.out = saved;
    return t;
  }
  // The text alternative of one node inside a name computation (accname step 2).
  function textAlt(el, st8, isRoot, skip) {
    if (st8.visited.has(el)) return '';
    st8.visited.add(el);
    const tag = el.localName;
    // 2B: aria-labelledby, not followed again inside a labelledby traversal.
    if (!st8.inLabelledBy) {
      const ids = el.getAttribute('aria-labelledby');
      if (ids) {
        const root = el.getRootNode();
        const parts = [];
        for (const id of ids.trim().split(/\s+/).slice(0, 16)) {
          const r = root.getElementById ? root.getElementById(id) : null;
          if (!r) continue;
          const sub = { visited: st8.visited, inLabelledBy: true, hidden: true, out: '', nodes: st8.nodes };
          if (r === el) { st8.visited.delete(el); parts.push(norm(el.getAttribute('aria-label')) || norm(contentText(el, sub))); continue; }
          st8.visited.delete(r);
          parts.push(textAlt(r, sub, true));
          st8.nodes = sub.nodes;
        }
        const s = norm(parts.join(' '));
        if (s) return s;
      }
    }
    const role = roleOf(el);
    // 2C: inside a name from content, an embedded control contributes its value.
    if (!isRoot && role) {
      const v = embeddedValue(el, role);
      if (v != null && !(el.localName === 'input' && el.type === 'password')) return v;
    }
    // 2D: aria-label.
    const al = norm(el.getAttribute('aria-label'));
    if (al) return al;
    // 2E: the host language.
    const nat = nativeName(el, tag, st8, skip);
    if (nat) return nat;
    // 2F: name from content, for roles that allow it and inside any content traversal.
    if (!isRoot || st8.inLabelledBy || NAME_FROM_CONTENT.has(role) || tag === 'label' || tag === 'legend' || tag === 'caption' || tag === 'figcaption') {
      const t = norm(contentText(el, st8, skip));
      if (t) return t;
    }
    // 2I: the tooltip; placeholders name empty fields as a last resort.
    const title = norm(el.getAttribute('title'));
    if (title) return title;
    if (isRoot && (tag === 'input' || tag === 'textarea')) return norm(el.getAttribute('placeholder') || el.getAttribute('aria-placeholder'));
    return '';
  }
  function nativeName(el, tag, st8, skip) {
    if (tag === 'input' && BUTTON_TYPES.has(el.type)) {
      const v = norm(el.type === 'image' ? el.getAttribute('alt') || el.getAttribute('value') : el.getAttribute('value'));
      if (v) return v;
      if (el.type === 'submit' || el.type === 'image') return 'Submit';
      if (el.type === 'reset') return 'Reset';
    }
    if (el.labels && el.labels.length && tag !== 'label') {
      const parts = [];
      for (const l of el.labels) {
        if (st8.visited.has(l) || (!st8.hidden && (hiddenForName(l) || !l.checkVisibility()))) continue;
        st8.visited.add(l);
        parts.push(contentText(l, st8, el));
      }
      const s = norm(parts.join(' '));
      if (s) return s;
    }
    if (tag === 'img' || tag === 'area' || (tag === 'input' && el.type === 'image')) return norm(el.getAttribute('alt'));
    if (tag === 'svg') { const t = el.querySelector(':scope > title'); return t ? norm(t.textContent) : ''; }
    if (tag === 'iframe' || tag === 'frame') return norm(el.getAttribute('title'));
    if (tag === 'optgroup') return norm(el.getAttribute('label'));
    if (tag === 'option' && el.hasAttribute('label')) return norm(el.getAttribute('label'));
    const cap = tag === 'fieldset' ? 'legend' : tag === 'table' ? 'caption' : tag === 'figure' ? 'figcaption' : null;
    if (cap) {
      const c = el.querySelector(':scope > ' + cap);
      if (c) return norm(contentText(c, st8, skip));
    }
    return '';
  }
  function idRefs(el, attr) {
    const v = el.getAttribute(attr);
    if (!v) return '';
    const root = el.getRootNode();
    const parts = [];
    for (const id of v.trim().split(/\s+/).slice(0, 16)) {
      const r = root.getElementById ? root.getElementById(id) : null;
      if (r) parts.push(contentText(r, { visited: new Set([el]), inLabelledBy: true, hidden: true, out: '', nodes: 0 }));
    }
    return norm(parts.join(' '));
  }
  // A heading's permalink ("¶", "#") is a link inside it that points back at it: not part
  // of what the heading says.
  function permalink(c, heading) {
    if (c.localName !== 'a' || !heading.id) return false;
    const h = c.getAttribute('href');
    return h === '#' + heading.id && norm(c.textContent).length <= 2;
  }
  function accName(el, role) {
    const st8 = { visited: new Set(), inLabelledBy: false, hidden: false, out: '', nodes: 0 };
    let skip;
    if (role === 'heading') for (const a of el.querySelectorAll('a[href^="#"]')) if (permalink(a, el)) skip = a;
    return undouble(stripIcons(norm(textAlt(el, st8, true, skip))).trim());
  }

  // What an item is called: its accessible name; a heuristic clickable (no role) by its text
  // or tooltip; a label standing in for a hidden control by the control's name or its own.
  function itemName(el, role, clickable) {
    const n = accName(el, role);
    if (n || !clickable) return n;
    return undouble(stripIcons(norm(contentText(el, { visited: new Set(), inLabelledBy: false, hidden: false, out: '', nodes: 0 }))).trim()) || norm(el.getAttribute('title'));
  }

  // ---------------------------------------------------------------- element state
  function isDisabled(el) {
    try { if (el.matches(':disabled')) return true; } catch (_) { /* not an element that can be disabled */ }
    return !!el.closest('[aria-disabled="true"]'); // aria-disabled applies to descendants
  }
  function checkedOf(el) {
    if (el.localName === 'input' && (el.type === 'checkbox' || el.type === 'radio')) return el.indeterminate ? 'mixed' : el.checked;
    const a = el.getAttribute('aria-checked');
    return a === 'true' ? true : a === 'mixed' ? 'mixed' : a === 'false' ? false : null;
  }
  const isTextInput = (el) => el.localName === 'input' && TEXT_TYPES.has(el.type);
  // An editing host carries the attribute itself (reading isContentEditable costs a style
  // lookup, so the attribute is checked first).
  const isEditHost = (el) => el.hasAttribute('contenteditable') && !!el.isContentEditable && el.localName !== 'input' && el.localName !== 'textarea';
  // {value, secret} for fields; a select reports its selected options' text (what a user sees).
  function fieldValue(el) {
    const tag = el.localName;
    if (tag === 'input') {
      if (BUTTON_TYPES.has(el.type) || el.type === 'checkbox' || el.type === 'radio' || el.type === 'hidden') return null;
      return { value: el.value, secret: el.type === 'password' };
    }
    if (tag === 'textarea') {
      const ed = editorOf(el);
      return { value: ed && ed.input === el ? editorText(ed) : el.value, secret: false };
    }
    if (tag === 'select') return { value: norm(Array.from(el.selectedOptions, (o) => o.text).join(', ')), secret: false };
    if (isEditHost(el) && !(el.parentElement && el.parentElement.isContentEditable)) {
      const ed = editorOf(el);
      return { value: ed && ed.input === el ? editorText(ed) : norm(el.innerText), secret: false };
    }
    return null;
  }
  // Links: path+query+fragment (plus //host when it leaves the origin; just the fragment for
  // a jump within this page), at most 200 chars; javascript: URLs are dropped.
  function hrefOf(el) {
    const raw = el.getAttribute('href');
    if (raw == null) return undefined;
    let u;
    try { u = new URL(raw, el.baseURI); } catch (_) { return undefined; }
    let s;
    const here = el.ownerDocument.location;
    if (u.protocol === 'http:' || u.protocol === 'https:') {
      if (u.hash && here && u.origin === here.origin && u.pathname === here.pathname && u.search === here.search) s = u.hash;
      else s = (here && u.origin === here.origin ? '' : '//' + u.host) + u.pathname + u.search + u.hash;
    } else if (u.protocol === 'javascript:') return undefined;
    else s = u.protocol + u.pathname;
    return s.slice(0, 200);
  }
  // Options of a native select as a person sees them in its list (bounded).
  function selectOptions(el, max) {
    const out = [];
    let n = 0;
    for (const o of el.options) {
      if (o.hidden || st(o).display === 'none') continue;
      n += 1;
      if (out.length < max) out.push(cut(norm(o.label || o.text), 40));
    }
    return { options: out, count: n };
  }

  // ---------------------------------------------------------------- the walk
  const NO_CHILDREN = 1;
  const MAX_DEPTH = 512;
  // Same-origin frames numbered 1.. in document order (querySelectorAll order, recursively).
  function frameIndex(o, doc) {
    if (doc === document) return 0;
    if (!o.frames) {
      o.frames = new Map();
      const rec = (d) => {
        for (const f of d.querySelectorAll('iframe,frame')) {
          const cd = contentDoc(f);
          if (cd && !o.frames.has(cd)) { o.frames.set(cd, o.frames.size + 1); rec(cd); }
        }
      };
      rec(document);
    }
    let k = o.frames.get(doc);
    if (k === undefined) { k = o.frames.size + 1; o.frames.set(doc, k); } // e.g. inside a shadow root
    return k;
  }
  function walkOpts(budget) {
    return { nodes: 0, maxNodes: 30000, stop: false, frames: null, hit: budget || (() => {}) };
  }
  function startInfo(root, o) {
    const doc = root.ownerDocument;
    let inControl = false;
    for (let n = flatParent(root); n && !inControl; n = flatParent(n)) inControl = INTERACTIVE.has(roleOf(n));
    const p = flatParent(root);
    return { off: docOffset(doc), frame: frameIndex(o, doc), pstyle: p ? st(p) : null, inControl, covered: inControl, modal: modalRoot(doc) };
  }
  // What the walk knows about one element. A class (not a closure per element) keeps garbage
  // low; the box is read lazily because getBoundingClientRect dominates the walk's cost and
  // most elements (list items, wrappers) never need it.
  class Info {
    constructor(el, tag, s, p, depth) {
      this.el = el; this.tag = tag; this.style = s; this.p = p; this.depth = depth;
      this.off = p.off; this.frame = p.frame; this.covered = p.covered; this.inControl = p.inControl; this.inRegion = p.inRegion;
      this.role = null; this.interactive = false; this.clickable = false; this.proxy = null; this.stands = null;
      this.frameDoc = undefined; this.text = undefined; this.region = null;
      this.vis = undefined;
    }
    // The element a person sees for this item: itself, or the label or editor it is
    // operated through.
    shown() {
      if (this.vis === undefined) {
        this.vis = seenPresent(this.el, true);
        if (!this.vis && this.interactive && !this.stands) {
          const px = proxyOf(this.el);
          if (px) { this.proxy = px; this.vis = true; }
        }
      }
      return this.vis;
    }
    rect() { return this.style.display === 'contents' ? null : (this.proxy || this.el).getBoundingClientRect(); }
    // Whether it would count past the budget: visible and with a box (or a stand-in).
    counts() {
      if (this.style.visibility !== 'visible') return false;
      if (this.style.display === 'contents') return true;
      const r = this.el.getBoundingClientRect();
      return (r.width > 0 && r.height > 0) || (this.interactive && !!proxyOf(this.el));
    }
  }

  // Depth-first walk of the rendered (flat) tree from root, in document order, into open
  // shadow roots and same-origin iframes. Absent subtrees are pruned (see `prunes`).
  // cb.enter(info) may return NO_CHILDREN; cb.text(textNode, info) and cb.leave(info) are
  // optional.
  function walk(root, cb, o, start) {
    const visit = (el, p, depth) => {
      if (o.stop) return;
      if (++o.nodes > o.maxNodes) { o.stop = true; o.hit('nodes'); return; }
      if (prunes(el)) return;
      // A modal dialog makes the rest of its document inert.
      if (p.modal && !composedContains(el, p.modal) && !composedContains(p.modal, el)) return;
      const tag = el.localName;
      const s = st(el);
      const i = new Info(el, tag, s, p, depth);
      let role = roleOf(el);
      let interactive = !!role && INTERACTIVE.has(role);
      // A label whose control is absent (a styled toggle over a display:none input) is the
      // thing to click: it stands for the control, with its role and state.
      if (tag === 'label' && el.control && !interactive && !el.control.checkVisibility() && CHECKABLE.has(roleOf(el.control)) && absent(el.control) && !el.querySelector(CONTROL_SELECTOR)) {
        i.stands = el.control;
        role = roleOf(i.stands);
        interactive = true;
      }
      // A code editor's input is a textbox even where the editor does not say so.
      if (!interactive && (tag === 'textarea' || isEditHost(el))) {
        const ed = editorOf(el);
        if (ed && ed.input === el) { role = 'textbox'; interactive = true; }
      }
      i.role = role;
      i.interactive = interactive;
      // Click handlers are invisible to us, so guess: keyboard-focusable elements, or the
      // outermost element with a pointer cursor (cursor is inherited, hence the parent check)
      // that has text, unless it is inside a control or holds one (then that is the control).
      if (!interactive && !role && !p.inControl && tag !== 'body' && tag !== 'html' && tag !== 'label') {
        if (focusable(el) || el.hasAttribute('onclick') || (s.cursor === 'pointer' && (!p.pstyle || p.pstyle.cursor !== 'pointer') && /\S/.test(el.textContent))) {
          i.clickable = !el.querySelector(CONTROL_SELECTOR) && !(el.shadowRoot && el.shadowRoot.querySelector(CONTROL_SELECTOR));
        }
      }
      if (tag === 'iframe' || tag === 'frame') i.frameDoc = contentDoc(el);
      // A code editor's lines are its value, not page text.
      if (tag === 'div' && /(^|\s)(CodeMirror|cm-editor|monaco-editor)(\s|$)/.test(el.className)) i.coverKids = true;
      const res = cb.enter ? cb.enter(i) : undefined;
      if (res !== NO_CHILDREN && !o.stop) {
        const ctl = interactive || i.clickable;
        if (i.frameDoc) {
          const co = contentOffset(el);
          visit(i.frameDoc.documentElement, {
            off: { x: p.off.x + co.x, y: p.off.y + co.y }, frame: frameIndex(o, i.frameDoc),
            pstyle: null, inControl: false, covered: false, modal: modalRoot(i.frameDoc),
          }, depth + 1);
        } else if (tag !== 'svg' && s.contentVisibility !== 'hidden') {
          const host = el.shadowRoot || el;
          const slotted = tag === 'slot' && el.assignedNodes ? el.assignedNodes() : null;
          if (depth >= MAX_DEPTH) o.hit('depth');
          else if (host.firstChild || (slotted && slotted.length)) {
            const child = {
              off: p.off, frame: p.frame, pstyle: s, inControl: p.inControl || ctl, modal: p.modal,
              covered: p.covered || ctl || role === 'heading' || (tag === 'label' && !!el.control) || !!i.coverKids,
              ctlName: i.ctlName !== undefined ? i.ctlName : p.ctlName,
              inRegion: REGION.has(role) || role === 'listbox' ? role : p.inRegion,
            };
            const closed = tag === 'details' && !el.open;
            const one = (c) => {
              if (c.nodeType === 1) visit(c, child, depth + 1);
              else if (c.nodeType === 3 && cb.text && !closed) cb.text(c, i);
            };
            if (slotted && slotted.length) { for (let k = 0; k < slotted.length && !o.stop; k++) one(slotted[k]); } else for (let c = host.firstChild; c && !o.stop; c = c.nextSibling) one(c);
          }
        }
      }
      if (cb.leave) cb.leave(i);
    };
    visit(root, start, 0);
  }

  // Text of a block box that is not inside a child block: {all, own}, own being only the text
  // outside controls, headings and control labels (already reported as items).
  function inlineText(el, max) {
    let all = '', own = false;
    const rec = (n, covered) => {
      for (const c of kids(n)) {
        if (all.length > max + 40) return;
        if (c.nodeType === 3) {
          all += c.data;
          if (!covered && !own && /\S/.test(c.data)) own = true;
          continue;
        }
        if (c.nodeType !== 1 || SKIP.has(c.localName) || c.getAttribute('aria-hidden') === 'true') continue;
        const s = st(c);
        if (!s.display.startsWith('inline') || s.visibility !== 'visible') continue; // blocks are their own items
        if (c.localName === 'img') { all += ' ' + (c.getAttribute('alt') || '') + ' '; continue; }
        if (c.localName === 'br') { all += ' '; continue; }
        if (c.localName === 'input' || c.localName === 'select' || c.localName === 'textarea') continue;
        const r = roleOf(c);
        rec(c, covered || (!!r && (INTERACTIVE.has(r) || r === 'heading')) || (c.localName === 'label' && !!c.control));
      }
    };
    rec(el, false);
    return { all: stripIcons(all), own };
  }
  function directText(el) {
    let t = '';
    for (const c of el.childNodes) if (c.nodeType === 3) t += c.data;
    return norm(stripIcons(t));
  }

  // ---------------------------------------------------------------- tables
  // Header cells and the first rows of a table, each cell's text bounded: what a person reads
  // off it, bounded by construction however long the table is.
  function tableData(el, maxRows, maxCell) {
    const rows = [];
    if (el.localName === 'table') {
      for (const r of el.rows) if (r.closest('table') === el) rows.push(r);
    } else {
      for (const r of el.querySelectorAll('[role=row]')) if (r.closest('[role=table],[role=grid],[role=treegrid],table') === el) rows.push(r);
    }
    const cellsOf = (r) => Array.from(r.children).filter((c) => c.localName === 'td' || c.localName === 'th' || /^(cell|gridcell|columnheader|rowheader)$/.test(c.getAttribute('role') || ''));
    const headerRow = (r) => { const cs = cellsOf(r); return cs.length > 0 && cs.every((c) => c.localName === 'th' || c.getAttribute('role') === 'columnheader'); };
    const cellText = (c) => cut(norm(stripIcons(c.innerText || '')), maxCell);
    let columns = null;
    const body = [];
    let count = 0;
    for (const r of rows) {
      if (!r.checkVisibility() || st(r).visibility !== 'visible') continue;
      if (!columns && body.length === 0 && headerRow(r)) { columns = cellsOf(r).slice(0, 16).map(cellText); continue; }
      count += 1;
      if (body.length < maxRows) body.push(cellsOf(r).slice(0, 16).map(cellText));
    }
    return { columns, rows: body, rowCount: count };
  }

  // ---------------------------------------------------------------- observe
  // Projections of the one model: which items each level emits.
  // A role-less clickable inside a menu is an entry of it (Lumino's "New ▸" submenu), and so
  // on: what a person takes it for.
  const ROLE_IN = { menu: 'menuitem', menubar: 'menuitem', listbox: 'option', tablist: 'tab', tree: 'treeitem' };
  const LEVELS = { compact: 400, summary: 64, interactive: 400, structured: 300, detailed: 200, raw: 500 };
  const TABLE_ROWS = { compact: 0, summary: 0, interactive: 0, structured: 15, detailed: 40, raw: 60 };

  // The containers worth nesting controls under: not lists and articles (a list of links is
  // its links), and groups only when named (a fieldset's legend; not every <details>).
  function listsControls(i, region) {
    if (!region || i.role === 'list' || i.role === 'article') return false;
    return i.role !== 'group' || hasOwnLabel(i.el) || (i.tag === 'fieldset' && !!i.el.querySelector(':scope > legend'));
  }
  function classify(level, i, maxText) {
    // A listbox of its own options is a container; a <select> is one control.
    const region = REGION.has(i.role) || (i.role === 'listbox' && i.tag !== 'select');
    const ctl = (i.interactive || i.clickable) && !region;
    // A frame we cannot enter (cross-origin): report it so Glass can observe it on its own.
    const opaque = i.frameDoc === null;
    switch (level) {
      case 'summary': return region && i.role !== 'list' && i.role !== 'group' ? 'region' : i.role === 'heading' && !i.inControl && headingLevel(i.el) <= 3 ? 'item' : null;
      case 'compact': return ctl || opaque || (i.role === 'heading' && !i.inControl) ? 'item' : listsControls(i, region) ? 'region' : null;
      case 'interactive': return ctl || opaque ? 'item' : listsControls(i, region) ? 'region' : null;
      case 'raw': if (!ctl && !opaque && !region && !i.role && !directText(i.el)) return null;
      // fall through
      default: { // structured, detailed (raw)
        if (ctl || opaque || (i.role === 'heading' && !i.inControl)) return 'item';
        if (region) return 'region';
        if (level === 'raw' && i.role && i.role !== 'paragraph' && i.role !== 'listitem') return 'item';
        const d = i.style.display;
        // A label's text is its control's name.
        if (i.covered || d.startsWith('inline') || d === 'contents' || (i.tag === 'label' && i.el.control)) return null;
        const t = inlineText(i.el, maxText);
        if (!t.own) return null;
        i.text = t.all;
        return 'text';
      }
    }
  }

  function buildItem(i, kind, o, ctx) {
    const el = i.el;
    const st8 = i.stands || el; // state comes from the control a label stands for
    let role = i.role || (i.clickable ? (ROLE_IN[i.inRegion] || 'generic') : i.frameDoc === null ? 'iframe' : 'text');
    if (kind === 'text') role = 'text';
    let name = '';
    if (kind !== 'text') {
      const ed = i.role === 'textbox' ? editorOf(el) : null;
      if (ed && ed.input === el) name = editorName(ed);
      else if (i.stands) name = accName(i.stands, role) || norm(el.getAttribute('aria-label')) || norm(el.getAttribute('title'));
      else name = itemName(el, i.role, i.clickable);
    }
    const item = { ref: peekRef(el, ctx), role, name: cut(name, o.maxName) };
    if (i.frame) item.frame = i.frame;
    if (kind !== 'text') {
      if (role === 'heading') item.level = headingLevel(el);
      if (isDisabled(st8)) item.disabled = true;
      if (CHECKABLE.has(role)) {
        const c = checkedOf(st8);
        if (c !== null || role === 'checkbox' || role === 'radio' || role === 'switch') item.checked = c === null ? false : c;
      }
      const ex = el.getAttribute('aria-expanded');
      if (ex === 'true' || ex === 'false') item.expanded = ex === 'true';
      else if (i.tag === 'summary' && el.parentElement && el.parentElement.localName === 'details') item.expanded = el.parentElement.open;
      const hp = el.getAttribute('aria-haspopup');
      if (hp && hp !== 'false') item.haspopup = hp === 'true' ? 'menu' : cut(hp, 12);
      const pr = el.getAttribute('aria-pressed');
      if (pr === 'true' || pr === 'false' || pr === 'mixed') item.pressed = pr === 'mixed' ? 'mixed' : pr === 'true';
      if (el.getAttribute('aria-selected') === 'true' || (i.tag === 'option' && el.selected)) item.selected = true;
      if (el.getAttribute('aria-current') && el.getAttribute('aria-current') !== 'false') item.current = true;
      if (st8.required === true || st8.getAttribute('aria-required') === 'true') item.required = true;
      if (((isTextInput(st8) || st8.localName === 'textarea') && st8.readOnly) || st8.getAttribute('aria-readonly') === 'true') item.readonly = true;
      if (st8.getAttribute('aria-invalid') === 'true' || (st8.validity && st8.willValidate && !st8.validity.valid && st8.matches(':user-invalid'))) item.invalid = true;
      const v = fieldValue(st8);
      if (v && v.value !== '') {
        item.valuePresent = true;
        if (o.withValues && !v.secret) item.value = cut(v.value, o.maxText);
      }
      if (st8.localName === 'select' && o.level !== 'summary') {
        const so = selectOptions(st8, o.maxOptions);
        item.options = so.options;
        if (so.count > so.options.length) item.optionCount = so.count;
      }
      if (role === 'link') { const h = hrefOf(el); if (h) item.href = h; }
      if ((role === 'dialog' || role === 'alertdialog') && (el.getAttribute('aria-modal') === 'true' || (el.localName === 'dialog' && safeMatches(el, ':modal')))) item.modal = true;
      if (kind === 'region' && (role === 'table' || role === 'grid' || role === 'treegrid')) {
        const t = tableData(el, o.tableRows !== undefined ? o.tableRows : TABLE_ROWS[o.level] || 0, o.level === 'detailed' || o.level === 'raw' ? 80 : 48);
        if (t.columns) item.columns = t.columns;
        if (t.rows.length) item.rows = t.rows;
        item.rowCount = t.rowCount;
      }
      if (el === o.active) item.focused = true;
    }
    if (kind === 'text') {
      const t = norm(i.text);
      if (t) item.text = cut(t, o.maxText);
    } else if (o.level === 'raw') {
      const t = directText(el); // raw keeps each element's own text nodes, not its subtree's
      if (t && t !== item.name) item.text = cut(t, o.maxText);
      item.tag = i.tag;
    }
    if (o.level === 'detailed' || o.level === 'raw') {
      const d = idRefs(el, 'aria-describedby') || norm(el.getAttribute('aria-description'));
      if (d) item.description = cut(d, o.maxText);
      const ph = norm(st8.getAttribute('placeholder'));
      if (ph && ph !== item.name) item.placeholder = cut(ph, o.maxName);
      const r = i.rect() || el.getBoundingClientRect();
      const b = { x: Math.round(r.left + i.off.x), y: Math.round(r.top + i.off.y), w: Math.round(r.width), h: Math.round(r.height) };
      item.bounds = b;
      const vp = viewportOf(document);
      if (b.x < vp.w && b.y < vp.h && b.x + b.w > 0 && b.y + b.h > 0) item.inViewport = true;
    }
    return item;
  }
  function safeMatches(el, sel) { try { return el.matches(sel); } catch (_) { return false; } }

  // What sets a repeated control apart ("Delete" in the row of "Invoice 2"): the table row
  // or list item it sits in, the words leading up to it in its block ("Suggested facets:"),
  // the nearest heading before it, or the region around it.
  const HEADING_SELECTOR = 'h1,h2,h3,h4,h5,h6,[role=heading]';
  function firstLine(n, own) {
    for (const l of String(n.innerText || '').split('\n')) { const t = norm(stripIcons(l)); if (t && lc(t) !== own) return t; }
    return '';
  }
  // The words a person reads just before el: the nearest non-empty text among its previous
  // siblings and theirs, up to four levels up, not crossing a region or a control.
  function textBefore(el, own) {
    let node = el;
    for (let k = 0; k < 4 && node; k++) {
      for (let sib = node.previousSibling; sib; sib = sib.previousSibling) {
        let t = '';
        if (sib.nodeType === 3) t = sib.data;
        else if (sib.nodeType === 1) {
          if (SKIP.has(sib.localName) || absent(sib) || controlOf(sib) || sib.querySelector(CONTROL_SELECTOR) || REGION.has(roleOf(sib))) continue;
          t = sib.innerText || '';
        }
        t = norm(stripIcons(t)).replace(/^[\s,;|·•:/-]+|[\s,;|·•/-]+$/g, '');
        if (t && lc(t) !== own) return t.length > 60 ? t.slice(t.length - 60) : t;
      }
      node = flatParent(node);
      if (!node || REGION.has(roleOf(node))) break;
    }
    return '';
  }
  function contextOf(el, name) {
    const own = lc(name);
    let n = flatParent(el);
    for (let k = 0; n && k < 12; k++, n = flatParent(n)) {
      const r = roleOf(n);
      if (r === 'row' || n.localName === 'tr') {
        const cells = Array.from(n.children);
        if (n.closest('thead') || cells.every((c) => c.localName === 'th' || c.getAttribute('role') === 'columnheader')) return 'column header';
        for (const c of cells) {
          if (composedContains(c, el)) continue;
          const t = norm(stripIcons(c.innerText || ''));
          if (t && lc(t) !== own) return t;
        }
        return '';
      }
      if (r === 'listitem' || r === 'article' || r === 'option' || r === 'treeitem' || n.localName === 'li') {
        const h = n.querySelector(HEADING_SELECTOR);
        const t = h && !absent(h) ? norm(stripIcons(h.innerText || '')) : firstLine(n, own);
        if (t && lc(t) !== own) return t;
      }
      if (REGION.has(r)) break;
    }
    const before = textBefore(el, own);
    if (before) return before;
    // The last shown heading before el inside its region.
    let region = flatParent(el);
    while (region && !REGION.has(roleOf(region)) && region !== el.ownerDocument.body) region = flatParent(region);
    const scope = region || el.ownerDocument.body;
    if (scope) {
      const hs = scope.querySelectorAll(HEADING_SELECTOR);
      for (let j = hs.length - 1; j >= 0; j--) {
        const h = hs[j];
        if (composedContains(h, el) || !(h.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) || absent(h)) continue;
        const t = norm(stripIcons(h.innerText || ''));
        if (t && lc(t) !== own) return t;
        break;
      }
    }
    return region ? accName(region, roleOf(region)) : '';
  }

  function observe(opts) {
    opts = opts && typeof opts === 'object' ? opts : {};
    const level = Object.prototype.hasOwnProperty.call(LEVELS, opts.level) ? opts.level : 'compact';
    const ctx = newCtx(opts.nextRef);
    let maxItems = posInt(opts.maxItems, LEVELS[level]);
    if (level === 'summary') maxItems = Math.min(maxItems, 64);
    const active = deepActive();
    const o = {
      level, maxName: posInt(opts.maxNameChars, 80), maxText: posInt(opts.maxTextChars, 200),
      withValues: opts.includeFormValues === true, maxOptions: 25, active,
      tableRows: Number.isFinite(opts.tableRows) ? Math.max(0, Math.min(200, Math.floor(opts.tableRows))) : undefined,
    };
    // 21 KiB of items keeps the whole answer (url, title, envelope, the contexts added at the
    // end) under 24 KiB.
    const maxBytes = posInt(opts.maxBytes, 21504);
    const out = {
      url: cut(location.href, 500), title: cut(norm(document.title), 200), items: [],
      counts: { total: 0, emitted: 0 }, truncated: false, budgetsHit: [], nextRef: ctx.next,
    };
    const budget = (b) => { if (!out.budgetsHit.includes(b)) out.budgetsHit.push(b); };
    let root = document.documentElement;
    if (opts.region != null) {
      const e = lookup(opts.region);
      if (e === UNKNOWN) return { status: 'unknown', nextRef: ctx.next };
      if (!e || !e.isConnected) return { status: 'stale', nextRef: ctx.next };
      root = shown(e) ? e : null; // an invisible region has nothing to show
    }
    const roleCounts = level === 'summary' ? Object.create(null) : null;
    // Summary's roleCounts (<= 49 keys of <= 40 chars) is only known at the end: reserve room.
    let bytes = utf8Len(JSON.stringify(out)) + 64 + (roleCounts ? 3200 : 0), full = false, emitted = 0;
    // Open regions: each frame collects its children; the page is the bottom frame.
    const stack = [{ children: out.items, item: null, info: null }];
    const controls = []; // [item, element] of emitted controls, for the contexts
    const wo = walkOpts(budget);
    if (root) {
      walk(root, {
        enter(i) {
          const ctl = i.interactive || i.clickable;
          if (roleCounts && (i.role || i.clickable) && i.shown()) {
            let k = i.role || 'generic';
            // At most 48 distinct keys: explicit roles are free-form page strings.
            if (!(k in roleCounts) && Object.keys(roleCounts).length >= 48) k = 'other';
            roleCounts[k] = (roleCounts[k] || 0) + 1;
          }
          if (level === 'summary' && ctl && i.shown()) for (let k = 1; k < stack.length; k++) stack[k].item.controls = (stack[k].item.controls || 0) + 1;
          const kind = classify(level, i, o.maxText);
          if (!kind) return undefined;
          // Past the budget, items are only counted: by their box alone (clipping is not
          // worked out for what will not be shown).
          if (full) { if (i.counts()) out.counts.total += 1; return undefined; }
          if (!i.shown()) return undefined;
          out.counts.total += 1;
          if (emitted >= maxItems) { full = true; budget('items'); return undefined; }
          const item = buildItem(i, kind, o, ctx);
          // A stand-in label with nothing to call it (an icon toggling a hidden checkbox)
          // is decoration to a reader.
          // So is a role-less focusable with nothing to call it (a menu separator).
          if ((i.stands || i.clickable) && !item.name) { out.counts.total -= 1; return undefined; }
          // A link inside a menu item of the same name is one thing to a person: list it once.
          if (ctl && i.p.ctlName && lc(item.name) === i.p.ctlName) { out.counts.total -= 1; return undefined; }
          const size = utf8Len(JSON.stringify(item)) + 1 + (kind === 'region' ? 14 : 0);
          if (bytes + size > maxBytes) { full = true; budget('bytes'); return undefined; }
          bytes += size;
          emitted += 1;
          item.ref = refFor(i.el, ctx); // minted only once it is sure to be emitted
          stack[stack.length - 1].children.push(item);
          if (item.focused) out.focused = item.ref;
          if (kind === 'region') {
            item.children = [];
            // A table that shows its rows already says what its cells say.
            if (item.rows) i.coverKids = true;
            i.region = { children: item.children, item, info: i, size };
            stack.push(i.region);
          } else if (ctl) { controls.push([item, i.el]); if (item.name) i.ctlName = lc(item.name); }
          return undefined;
        },
        leave(i) {
          if (!i.region) return;
          stack.pop();
          const it = i.region.item;
          if (it.children.length) return;
          delete it.children;
          // An empty container says nothing at the levels that list controls, except a
          // dialog (it is open) or a table (its columns and size).
          const keep = level === 'summary' || it.role === 'dialog' || it.role === 'alertdialog' || it.rowCount > 0 || ((level === 'structured' || level === 'detailed' || level === 'raw') && it.name);
          if (!keep) {
            const parent = stack[stack.length - 1].children;
            if (parent[parent.length - 1] === it) { parent.pop(); bytes -= i.region.size; emitted -= 1; out.counts.total -= 1; }
          }
        },
      }, wo, startInfo(root, wo));
    }
    // Repeated controls carry what sets them apart.
    const seenNames = new Map();
    for (const [it] of controls) { const k = it.role + '\u0000' + lc(it.name); seenNames.set(k, (seenNames.get(k) || 0) + 1); }
    for (const [it, el] of controls) {
      // Unnamed controls and repeated names need it; a unique name says enough.
      if (it.name && seenNames.get(it.role + '\u0000' + lc(it.name)) < 2) continue;
      const c = contextOf(el, it.name);
      if (!c) continue;
      const v = cut(c, 60);
      const add = utf8Len(JSON.stringify(v)) + 12;
      if (bytes + add > maxBytes + 1024) { budget('bytes'); break; }
      bytes += add;
      it.context = v;
    }
    if (roleCounts) out.roleCounts = roleCounts;
    out.counts.emitted = emitted;
    out.truncated = out.budgetsHit.length > 0;
    out.nextRef = ctx.next;
    return out;
  }

  // ---------------------------------------------------------------- locators
  // One resolution engine: every locator kind yields candidate elements, and the same rules
  // (`shown`) split them into what a person can act on and what exists but cannot be seen.
  function controlOf(el) {
    for (let n = el; n; n = flatParent(n)) {
      const r = roleOf(n);
      if ((r && INTERACTIVE.has(r)) || (n.localName === 'label' && n.control)) return n;
    }
    return null;
  }
  // Heuristic clickables (no role) around an element, innermost first, as the walk sees them.
  function clickableOf(el) {
    let found = null;
    for (let n = el, k = 0; n && k < 16; n = flatParent(n), k++) {
      const s = st(n);
      if (n.localName === 'body' || n.localName === 'html') break;
      if (!roleOf(n) && (focusable(n) || n.hasAttribute('onclick'))) { found = n; break; }
      if (!roleOf(n) && s.cursor === 'pointer') {
        const p = flatParent(n);
        if (!p || st(p).cursor !== 'pointer') { found = n; break; }
      }
    }
    return found && !found.querySelector(CONTROL_SELECTOR) ? found : null;
  }
  // The element a text match stands for: the control it is in, else itself.
  function promote(el) {
    const c = controlOf(el);
    if (c) return c.localName === 'label' && c.control && !absent(c.control) ? c.control : c;
    return clickableOf(el) || el;
  }
  // Elements whose visible text equals the needle, else contains it; innermost only. Text a
  // person cannot see (hidden, clipped away) is no part of its container's text, so a hidden
  // menu item never makes the card around it a match. Returns {hits, hidden}: hidden holds the
  // innermost elements whose text matched but that are not seen.
  function findByText(value, o) {
    const needle = lc(value);
    if (!needle) return null;
    const exact = [], contains = [], hiddenExact = [], hiddenContains = [], stack = [];
    walk(document.documentElement, {
      enter(i) {
        const f = { parts: [], dExact: false, dContains: false, vis: i.style.visibility === 'visible' };
        if (f.vis && i.tag === 'input' && BUTTON_TYPES.has(i.el.type)) f.parts.push(i.el.value || '');
        stack.push(f);
      },
      text(node) { const f = stack[stack.length - 1]; if (f.vis) f.parts.push(node.data); },
      leave(i) {
        const f = stack.pop();
        let t = f.parts.join('');
        const n = lc(t);
        const hasEx = !f.dExact && n === needle;
        const hasCo = !f.dContains && n.includes(needle);
        let isExact = false, isContains = false;
        if (hasEx || hasCo) {
          if (seenPresent(i.el)) { if (hasEx) { exact.push(i.el); isExact = true; } if (hasCo) { contains.push(i.el); isContains = true; } } else {
            if (hasEx) hiddenExact.push(i.el);
            if (hasCo) hiddenContains.push(i.el);
            t = ''; // what cannot be seen is nobody's text
          }
        }
        const parent = stack[stack.length - 1];
        if (parent) {
          const d = i.style.display;
          parent.parts.push(d.startsWith('inline') ? t : ' ' + t + ' ');
          parent.dExact = parent.dExact || f.dExact || isExact;
          parent.dContains = parent.dContains || f.dContains || isContains;
        }
      },
    }, o, startInfo(document.documentElement, o));
    const hits = exact.length ? exact : contains;
    const hidden = hiddenExact.length ? hiddenExact : hiddenContains;
    return { hits: Array.from(new Set(hits.map(promote))), hidden: Array.from(new Set(hidden.map(promote))) };
  }
  // The name a locator compares, lower-cased. `hidden`: also count text a person cannot see
  // (to tell "not visible" from "not found").
  function nameOfInfo(i, hidden) {
    if (i.stands) return lc(accName(i.stands, i.role) || i.el.getAttribute('title'));
    const ed = i.role === 'textbox' ? editorOf(i.el) : null;
    if (ed && ed.input === i.el) return lc(editorName(ed));
    if (hidden) return lc(textAlt(i.el, { visited: new Set(), inLabelledBy: false, hidden: true, out: '', nodes: 0 }, true));
    return lc(itemName(i.el, i.role, i.clickable));
  }
  // Items of the model matching pred(info, hidden): {hits: shown, hidden: present but not
  // seen}.
  function findItems(pred, o, limit) {
    const hits = [], hidden = [];
    walk(document.documentElement, {
      enter(i) {
        if (!(i.role || i.clickable)) return;
        if (i.shown()) {
          if (!pred(i, false)) return;
          hits.push(i.el);
          if (limit && hits.length >= limit) o.stop = true;
        } else if (pred(i, true)) hidden.push(i.el);
      },
    }, o, startInfo(document.documentElement, o));
    return { hits, hidden };
  }
  const roleMatches = (i, role) => i.role === role || (!i.role && i.clickable && (ROLE_IN[i.inRegion] || 'generic') === role);
  // The role observe shows for a role-less clickable (see ROLE_IN).
  function clickableRole(el) {
    for (let n = flatParent(el), k = 0; n && k < 32; n = flatParent(n), k++) {
      const r = roleOf(n);
      if (REGION.has(r) || r === 'listbox') return ROLE_IN[r] || 'generic';
    }
    return 'generic';
  }
  function findByRole(role, name, o, limit) {
    const r = lc(role);
    const n = name == null ? null : lc(name);
    return findItems((i, hidden) => roleMatches(i, r) && (n === null || nameOfInfo(i, hidden) === n), o, limit);
  }
  function findByName(value, o) {
    const n = lc(value);
    if (!n) return null;
    const m = findItems((i, hidden) => nameOfInfo(i, hidden) === n, o);
    const ctl = (el) => { const r = roleOf(el); return (r && INTERACTIVE.has(r)) || !r || el.localName === 'label'; };
    const c = m.hits.filter(ctl);
    return { hits: c.length ? c : m.hits, hidden: m.hidden }; // controls win over text-ish items
  }
  function findByCss(sel) {
    let all;
    try { all = Array.from(document.querySelectorAll(sel)); } catch (_) { return null; }
    const hits = [], hidden = [];
    for (const el of all) {
      // Inside a control, the control is what is acted on (a css match on an icon inside a
      // button is the button).
      const c = controlOf(el);
      const t = c && c !== el && c.localName !== 'label' ? c : el;
      (shown(t) ? hits : hidden).push(t);
    }
    return { hits: Array.from(new Set(hits)), hidden: Array.from(new Set(hidden)) };
  }
  // Elements matched by a locator, or {status} for a bad or unknown locator.
  function matchLocator(loc, o) {
    if (!loc || typeof loc !== 'object') return { status: 'invalidLocator' };
    const v = loc.value;
    switch (loc.kind) {
      case 'ref': {
        const e = lookup(v);
        if (e === UNKNOWN) return { status: 'unknown' };
        if (!e || !e.isConnected) return { status: 'stale' };
        return shown(e) ? { hits: [e], hidden: [] } : { hits: [], hidden: [e] };
      }
      case 'css': {
        if (typeof v !== 'string' || !v.trim()) return { status: 'invalidLocator' };
        return findByCss(v) || { status: 'invalidLocator' };
      }
      case 'text': return findByText(v, o) || { status: 'invalidLocator' };
      case 'role': {
        const role = loc.role || v;
        if (typeof role !== 'string' || !role.trim()) return { status: 'invalidLocator' };
        return findByRole(role, loc.name, o);
      }
      case 'name': return findByName(v, o) || { status: 'invalidLocator' };
      default: return { status: 'invalidLocator' };
    }
  }
  function describe(el, ctx, withContext) {
    let role = roleOf(el), named = el;
    if (!role && el.localName === 'label' && el.control) { named = el.control; role = roleOf(named); } // label stands for its control
    const ed = editorOf(el);
    if (ed && ed.input === el) role = 'textbox';
    const name = ed && ed.input === el ? editorName(ed) : itemName(named, role, !role);
    const d = { ref: refFor(el, ctx), role: role || clickableRole(el), name: cut(name, 80) };
    if (withContext) { const c = contextOf(el, name); if (c) d.context = cut(c, 60); }
    return d;
  }
  function resolve(locator, nextRef) {
    const ctx = newCtx(nextRef);
    const m = matchLocator(locator, walkOpts());
    if (m.status) return Object.assign(m, { nextRef: ctx.next });
    if (m.hits.length === 1) { const d = describe(m.hits[0], ctx); return { status: 'ok', ref: d.ref, role: d.role, name: d.name, nextRef: ctx.next }; }
    if (m.hits.length > 1) {
      // Never pick the first of several: the caller must disambiguate.
      const candidates = m.hits.slice(0, 8).map((e) => describe(e, ctx, true));
      return { status: 'ambiguous', count: m.hits.length, candidates, nextRef: ctx.next };
    }
    const hidden = m.hidden.length || absentMatches(locator);
    if (hidden) return { status: 'notVisible', count: hidden, nextRef: ctx.next };
    return { status: 'none', nextRef: ctx.next };
  }
  // Matches inside subtrees the walk skips (display:none, aria-hidden, inert, closed
  // details): they exist, so the answer is "not visible" rather than "not found". Only asked
  // when nothing else matched.
  function absentMatches(loc) {
    if (!loc || typeof loc !== 'object') return 0;
    let n = 0;
    if (loc.kind === 'text') {
      const needle = lc(loc.value);
      if (!needle) return 0;
      const tw = document.createTreeWalker(document.body || document.documentElement, 4 /* SHOW_TEXT */);
      for (let t = tw.nextNode(), k = 0; t && k < 50000; t = tw.nextNode(), k++) {
        const p = t.parentElement;
        if (lc(t.data).includes(needle) && p && !SKIP.has(p.localName) && (absent(p) || !seenPresent(p))) n += 1;
      }
      return n;
    }
    if (loc.kind !== 'role' && loc.kind !== 'name') return 0;
    const want = loc.kind === 'role' ? lc(loc.role || loc.value) : null;
    const name = loc.kind === 'name' ? lc(loc.value) : loc.name == null ? null : lc(loc.name);
    const all = document.querySelectorAll('*');
    for (let k = 0; k < all.length && k < 20000; k++) {
      const el = all[k];
      const r = roleOf(el);
      if (!r || (want && r !== want)) continue;
      if (name !== null && lc(accName(el, r)) !== name) continue;
      if (absent(el)) n += 1;
    }
    return n;
  }
  function similar(role, name, max, nextRef) {
    const ctx = newCtx(nextRef);
    const limit = Math.min(posInt(max, 5), 50);
    if (typeof role !== 'string' || !role) return { candidates: [], nextRef: ctx.next };
    const m = findByRole(role, name, walkOpts(), limit);
    return { candidates: m.hits.map((e) => describe(e, ctx)), nextRef: ctx.next };
  }

  // ---------------------------------------------------------------- actionability
  const nextFrame = () => new Promise((res) => {
    let done = false;
    const fin = () => { if (!done) { done = true; res(); } };
    requestAnimationFrame(fin);
    setTimeout(fin, 100); // rAF never fires in a hidden tab; fall back to a timer
  });
  // For an inline element broken over lines the bounding box centre can miss it: use the
  // first fragment that is in view (or the first non-empty one).
  function mainRect(el) {
    const rs = el.getClientRects();
    if (rs.length > 1) {
      const vp = viewportOf(el.ownerDocument);
      let first = null;
      for (const r of rs) {
        if (r.width <= 0 || r.height <= 0) continue;
        if (!first) first = r;
        if (clipRect(toBox(r), vp)) return r;
      }
      if (first) return first;
    }
    return el.getBoundingClientRect();
  }
  // Box in top-level (this world's window) CSS pixels, its visible part (clipped by its own
  // clip context and every viewport on the way up), and the frame chain with each content-box
  // offset.
  function topBox(el) {
    let rect = toBox(mainRect(el));
    let vis = clipRect(rect, viewportOf(el.ownerDocument));
    const c = clipFor(el);
    if (vis && c !== NONE) vis = emptyClip(c) ? null : clipRect(vis, { x: c.l, y: c.t, w: c.r - c.l, h: c.b - c.t });
    const chain = [];
    for (let w = el.ownerDocument.defaultView; w && w !== window; w = w.parent) {
      const f = w.frameElement;
      if (!f) break;
      const o = contentOffset(f);
      rect = { x: rect.x + o.x, y: rect.y + o.y, w: rect.w, h: rect.h };
      if (vis) vis = clipRect({ x: vis.x + o.x, y: vis.y + o.y, w: vis.w, h: vis.h }, { x: o.x, y: o.y, w: f.clientWidth, h: f.clientHeight });
      if (vis) vis = clipRect(vis, viewportOf(f.ownerDocument));
      chain.push({ f, o });
    }
    return { rect, vis, chain };
  }
  // Needs scrolling when not fully inside every viewport and every clipping/scrolling ancestor.
  function needsScroll(el) {
    const b = topBox(el);
    if (!b.vis || b.vis.w < b.rect.w - 0.5 || b.vis.h < b.rect.h - 0.5) return true;
    const r = el.getBoundingClientRect();
    for (let n = flatParent(el); n && n !== el.ownerDocument.documentElement; n = flatParent(n)) {
      const s = st(n);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      if (n === el.ownerDocument.body) continue;
      const c = n.getBoundingClientRect();
      if (r.left < c.left - 0.5 || r.top < c.top - 0.5 || r.right > c.right + 0.5 || r.bottom > c.bottom + 0.5) return true;
    }
    return false;
  }
  // elementFromPoint stops at shadow hosts; descend through open shadow roots.
  function deepHit(doc, x, y) {
    let h = doc.elementFromPoint(x, y);
    for (let k = 0; h && h.shadowRoot && k < 32; k++) {
      const inner = h.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === h) break;
      h = inner;
    }
    return h;
  }
  function summarize(h) {
    if (!h) return null;
    const role = roleOf(h);
    // The blocker is usually an unnamed overlay div: its text is what identifies it.
    return { role: role || 'generic', name: cut(itemName(h, role, true), 80), tag: h.localName };
  }
  function isEditable(el) {
    if (el.getAttribute('aria-readonly') === 'true') return false;
    if (el.localName === 'textarea') return !el.readOnly;
    if (el.localName === 'input') return isTextInput(el) && !el.readOnly;
    return !!el.isContentEditable;
  }
  const sameBox = (a, b) => a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h;
  // Where the pointer goes for el: el itself when a person sees it, else the label or editor
  // it is operated through. The hit test must land on el, inside it, or inside that stand-in.
  function pointerTarget(el) {
    if (seenPresent(el)) return el;
    return proxyOf(el);
  }
  function lands(el, via, hit) {
    if (!hit) return false;
    if (composedContains(el, hit)) return true;
    if (via !== el && composedContains(via, hit)) return true;
    return !!(el.labels && Array.from(el.labels).some((l) => composedContains(l, hit)));
  }

  async function actionable(ref, action) {
    if (!ACTIONS.has(action)) return { ok: false, failure: 'invalidAction' };
    const el = lookup(ref);
    if (el === UNKNOWN) return { ok: false, failure: 'unknown' };
    if (!el || !el.isConnected) return { ok: false, failure: 'detached' };
    if (absent(el)) return { ok: false, failure: 'notVisible' };
    let via = pointerTarget(el);
    if (!via) return { ok: false, failure: 'notVisible' };
    // Hovering a disabled control is legitimate (tooltips explain why it is disabled).
    if (action !== 'hover' && isDisabled(el)) return { ok: false, failure: 'disabled' };
    if (action === 'type' && !isEditable(el)) return { ok: false, failure: 'notEditable' };
    if (needsScroll(via)) via.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    // Typing and choosing an option use no pointer: no stability wait and no hit test.
    if (action === 'type' || action === 'select') {
      resetCaches();
      const b = topBox(via);
      if (!b.vis) return { ok: false, failure: 'notVisible' };
      const r = b.rect;
      arm();
      return { ok: true, x: round2(b.vis.x + b.vis.w / 2), y: round2(b.vis.y + b.vis.h / 2), rect: { x: round2(r.x), y: round2(r.y), w: round2(r.w), h: round2(r.h) } };
    }
    // Stable: the same box across consecutive animation frames, re-measured until it holds
    // still (an element that moves once, as a list re-sorts, settles within the budget).
    // While an animation runs, two equal comparisons in a row are needed, because under load
    // one frame can pass without the animation having advanced.
    const doc = via.ownerDocument;
    const animated = typeof doc.getAnimations !== 'function' || doc.getAnimations().some((a) => a.playState === 'running');
    const need = animated ? 2 : 1;
    let prev = topBox(via), stable = false, still = 0;
    const t0 = performance.now();
    for (let k = 0; k < 60 && !stable && performance.now() - t0 < 1000; k++) {
      await nextFrame();
      if (!el.isConnected) return { ok: false, failure: 'detached' };
      resetCaches();
      const now = pointerTarget(el);
      if (!now) return { ok: false, failure: 'notVisible' };
      if (now !== via) { via = now; prev = topBox(via); still = 0; continue; }
      const cur = topBox(via);
      still = sameBox(prev.rect, cur.rect) ? still + 1 : 0;
      stable = still >= need;
      prev = cur;
    }
    if (!stable) return { ok: false, failure: 'unstable' };
    if (!prev.vis) return { ok: false, failure: 'notVisible' };
    const cx = prev.vis.x + prev.vis.w / 2, cy = prev.vis.y + prev.vis.h / 2;
    // Hit-test in the element's own document, then check each hosting iframe receives the
    // point in its parent document (an overlay in the parent blocks the whole frame).
    let px = cx, py = cy;
    for (const c of prev.chain) { px -= c.o.x; py -= c.o.y; }
    const hit = deepHit(via.ownerDocument, px, py);
    if (!lands(el, via, hit)) return { ok: false, failure: 'blocked', blocker: summarize(hit) };
    for (const c of prev.chain) {
      px += c.o.x;
      py += c.o.y;
      const h = deepHit(c.f.ownerDocument, px, py);
      if (h !== c.f) return { ok: false, failure: 'blocked', blocker: summarize(h) };
    }
    const r = prev.rect;
    arm();
    return { ok: true, x: round2(cx), y: round2(cy), via: via === el ? undefined : via.localName === 'label' ? 'label' : 'editor', rect: { x: round2(r.x), y: round2(r.y), w: round2(r.w), h: round2(r.h) } };
  }

  // ---------------------------------------------------------------- settling
  // Before input, `arm` starts counting DOM mutations; after it, `settle` waits until the
  // page has been quiet for two animation frames in a row (or the budget ends), so the next
  // observation shows what the input caused. Requests the input started are Rust's part.
  let armed = null;
  function arm() {
    if (armed) armed.mo.disconnect();
    const a = { mutations: 0, last: performance.now(), mo: null };
    a.mo = new MutationObserver((list) => { a.mutations += list.length; a.last = performance.now(); });
    a.mo.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    armed = a;
    return { ok: true };
  }
  // A page that has not reacted by the first frame (no mutation since the input) is taken as
  // settled then; one that has must then be quiet for `quietFrames` frames in a row.
  async function settle(budgetMs, quietFrames) {
    const t0 = performance.now();
    const budget = Math.min(posInt(budgetMs, 500), 10000);
    const need = Math.min(posInt(quietFrames, 2), 10);
    if (!armed) arm();
    const a = armed;
    let seenCount = a.mutations, quiet = 0, frames = 0;
    const done = (settled) => ({ settled, content: hasContent(), mutations: a.mutations, ms: Math.round(performance.now() - t0) });
    while (performance.now() - t0 < budget) {
      await nextFrame();
      frames += 1;
      if (frames === 1 && a.mutations === 0) return done(true);
      if (a.mutations === seenCount) quiet += 1; else { quiet = 0; seenCount = a.mutations; }
      if (quiet >= need) return done(true);
    }
    return done(false);
  }
  // Whether the document shows anything yet (a single-page app's shell is empty at load).
  function hasContent() {
    const b = document.body;
    if (!b) return false;
    // textContent, not innerText: no layout needed for a yes-or-no.
    if (/\S/.test(b.textContent || '')) return true;
    return !!document.querySelector('img,svg,canvas,video,input,button,iframe');
  }

  // ---------------------------------------------------------------- waiting
  // What a person reads: the rendered text, plus what form fields show (never passwords).
  function fieldsText(doc) {
    let t = '';
    for (const f of doc.querySelectorAll('input,textarea,select')) {
      if (f.localName === 'input' && (f.type === 'password' || f.type === 'hidden' || f.type === 'checkbox' || f.type === 'radio' || BUTTON_TYPES.has(f.type))) continue;
      const v = fieldValue(f);
      if (v && v.value && !editorOf(f) && seen(f)) t += '\n' + v.value;
    }
    return t;
  }
  function pageText(doc) {
    let t = (doc.body || doc.documentElement).innerText || '';
    t += fieldsText(doc);
    for (const f of doc.querySelectorAll('iframe,frame')) {
      const d = contentDoc(f);
      if (d) t += '\n' + pageText(d);
    }
    return t;
  }
  function test(cond) {
    switch (cond.kind) {
      case 'textPresent': case 'textAbsent': {
        const has = lc(pageText(document)).includes(lc(cond.text));
        return cond.kind === 'textPresent' ? has : !has;
      }
      case 'elementPresent': case 'elementAbsent': case 'elementVisible': {
        resetCaches();
        const m = matchLocator(cond.locator, walkOpts());
        const hits = m.hits || [], hidden = m.hidden || [];
        if (cond.kind === 'elementAbsent') return hits.length + hidden.length === 0;
        if (cond.kind === 'elementPresent') return hits.length + hidden.length > 0;
        return hits.length > 0;
      }
      default: return false;
    }
  }
  function validLocator(l) {
    if (!l || typeof l !== 'object') return false;
    switch (l.kind) {
      case 'ref': return typeof l.value === 'string';
      case 'css':
        if (typeof l.value !== 'string' || !l.value.trim()) return false;
        try { document.querySelector(l.value); return true; } catch (_) { return false; }
      case 'text': case 'name': return norm(l.value) !== '';
      case 'role': return norm(l.role || l.value) !== '';
      default: return false;
    }
  }
  function validCondition(c) {
    if (!c || typeof c !== 'object') return false;
    if (c.kind === 'textPresent' || c.kind === 'textAbsent') return typeof c.text === 'string' && norm(c.text) !== '';
    if (c.kind === 'elementPresent' || c.kind === 'elementAbsent' || c.kind === 'elementVisible') return validLocator(c.locator);
    return false;
  }
  function waitFor(condition, timeoutMs) {
    const t0 = performance.now();
    const elapsed = () => Math.round(performance.now() - t0);
    if (!validCondition(condition)) return Promise.resolve({ satisfied: false, elapsedMs: 0, failure: 'invalidCondition' });
    const timeout = Math.min(posInt(timeoutMs, 5000), 600000);
    return new Promise((resolve) => {
      let done = false, pending = null, last = -Infinity, mo = null, iv = null, to = null;
      const finish = (sat) => {
        if (done) return;
        done = true;
        if (mo) mo.disconnect();
        clearInterval(iv);
        clearTimeout(to);
        clearTimeout(pending);
        resolve({ satisfied: sat, elapsedMs: elapsed() });
      };
      const check = () => {
        pending = null;
        if (done) return;
        last = performance.now();
        let ok = false;
        try { ok = test(condition); } catch (_) { ok = false; }
        if (ok) finish(true);
      };
      check();
      if (done) return;
      // Mutations trigger a check, throttled to one per 50 ms so a busy page stays cheap; the
      // 100 ms interval catches what mutations do not show (CSS, layout, frames' documents,
      // typed values).
      mo = new MutationObserver(() => {
        if (pending !== null || done) return;
        pending = setTimeout(check, Math.max(0, last + 50 - performance.now()));
      });
      mo.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      iv = setInterval(check, 100);
      to = setTimeout(() => { check(); finish(false); }, timeout);
    });
  }

  // ---------------------------------------------------------------- reading and small actions
  function cutText(s, max) {
    const n = posInt(max, 0);
    const total = s.length;
    if (!n || total <= n) return { s, truncated: false, total };
    let k = n;
    const c = s.charCodeAt(k - 1);
    if (c >= 0xd800 && c < 0xdc00) k -= 1;
    return { s: s.slice(0, k), truncated: true, total };
  }
  function target(ref) {
    const e = lookup(ref);
    return e && e !== UNKNOWN && e.isConnected ? e : null;
  }
  function text(ref, maxChars) {
    let t;
    if (ref == null) t = pageText(document);
    else {
      const el = target(ref);
      if (!el) return { status: 'stale' };
      const v = fieldValue(el);
      t = v && !v.secret && (el.localName === 'input' || el.localName === 'textarea' || el.localName === 'select' || editorOf(el)) ? v.value : (el.innerText || '') + fieldsText(el);
    }
    const c = cutText(t, maxChars || 20000);
    return { text: c.s, truncated: c.truncated, totalChars: c.total };
  }
  function dom(ref, maxChars) {
    const el = ref == null ? document.documentElement : target(ref);
    if (!el) return { status: 'stale' };
    const c = cutText(el.outerHTML || '', maxChars || 100000);
    return { html: c.s, truncated: c.truncated, totalChars: c.total };
  }
  const fire = (el, type) => el.dispatchEvent(new Event(type, { bubbles: true }));
  function select(ref, spec) {
    const el = target(ref);
    if (!el) return { ok: false, failure: 'stale' };
    if (el.localName !== 'select') return { ok: false, failure: 'notSelect' };
    if (isDisabled(el)) return { ok: false, failure: 'disabled' };
    spec = spec || {};
    const opts = Array.from(el.options);
    let opt = null;
    if (spec.value != null) opt = opts.find((x) => x.value === String(spec.value)) || null;
    if (!opt && spec.label != null) {
      const want = lc(spec.label);
      opt = opts.find((x) => lc(x.text) === want) || opts.find((x) => lc(x.label) === want) || null;
    }
    if (!opt) return { ok: false, failure: 'noSuchOption' };
    if (opt.disabled) return { ok: false, failure: 'disabled' };
    arm();
    // A multiple select ends with exactly this option selected, like a single one.
    if (el.multiple) for (const x of opts) x.selected = x === opt;
    else el.selectedIndex = opt.index;
    fire(el, 'input');
    fire(el, 'change');
    return { ok: true, selectedIndex: el.selectedIndex };
  }
  function state(ref) {
    const e = lookup(ref);
    if (e === UNKNOWN) return { status: 'unknown', connected: false };
    if (!e || !e.isConnected) return { connected: false, checked: null, valueLength: null, focused: false, role: null, name: '' };
    const role = roleOf(e);
    const ctl = e.localName === 'label' && e.control ? e.control : e; // a label stands for its control
    const v = fieldValue(ctl);
    const root = e.getRootNode();
    const ed = editorOf(ctl);
    return {
      connected: true,
      checked: checkedOf(ctl),
      valueLength: v ? v.value.length : null,
      focused: root.activeElement === e,
      role: role || (ctl !== e ? roleOf(ctl) : null),
      name: cut(accName(ctl !== e && !role ? ctl : e, role), 80),
      password: ctl.localName === 'input' && ctl.type === 'password',
      editor: ed && ed.input === ctl ? ed.kind : undefined,
    };
  }
  function caretToEnd(el) {
    if (el.localName === 'input' || el.localName === 'textarea') {
      const n = el.value.length;
      try { el.setSelectionRange(n, n); } catch (_) { /* email/number inputs have no selection API */ }
    } else if (el.isContentEditable) {
      const sel = el.ownerDocument.getSelection();
      const range = el.ownerDocument.createRange();
      range.selectNodeContents(el);
      range.collapse(false);
      sel.removeAllRanges();
      sel.addRange(range);
    }
  }
  // Focus for typing. An element that already has focus keeps its caret and selection, so
  // typing inserts at the caret and replaces a selection, as a person's keys would; one
  // focused now gets the caret at the end of its text (a code editor keeps its own).
  function focus(ref) {
    const el = target(ref);
    if (!el) return { ok: false, failure: 'stale' };
    const root = el.getRootNode();
    const already = root.activeElement === el;
    if (!already) {
      el.focus({ preventScroll: false });
      const ed = editorOf(el);
      if (!(ed && ed.input === el) && (isTextInput(el) || el.localName === 'textarea' || el.isContentEditable)) caretToEnd(el);
    }
    arm();
    return { ok: true, focused: root.activeElement === el, already };
  }
  // Select the whole content of a field or editor (the keys then replace or delete it).
  function selectAll(ref) {
    const el = target(ref);
    if (!el) return { ok: false, failure: 'stale' };
    if (el.getRootNode().activeElement !== el) el.focus();
    const ed = editorOf(el);
    if (ed && ed.input === el) return { ok: true, editor: ed.kind }; // the editor's own Ctrl+A
    if (el.localName === 'input' || el.localName === 'textarea') {
      try { el.select(); } catch (_) { /* no selection API */ }
    } else if (el.isContentEditable) {
      const doc = el.ownerDocument;
      const r = doc.createRange();
      r.selectNodeContents(el);
      const s = doc.getSelection();
      s.removeAllRanges();
      s.addRange(r);
    }
    arm();
    return { ok: true };
  }
  // The value as the field or editor holds it, for verification (never a password's).
  function valueOf(ref) {
    const el = target(ref);
    if (!el) return { status: 'stale' };
    const v = fieldValue(el);
    if (!v) return { value: null };
    return v.secret ? { length: v.value.length } : { value: v.value.slice(0, 100000), length: v.value.length };
  }
  // Last resort of clear: empty a plain field through the value setter and the events a
  // framework listens to.
  function forceEmpty(ref) {
    const el = target(ref);
    if (!el) return { ok: false, failure: 'stale' };
    if (isTextInput(el) || el.localName === 'textarea') {
      if (el.value === '') return { ok: true };
      el.value = '';
      fire(el, 'input');
      fire(el, 'change');
      return { ok: true };
    }
    if (isEditHost(el) && !editorOf(el)) {
      el.textContent = '';
      fire(el, 'input');
      return { ok: true };
    }
    return { ok: false, failure: 'notEditable' };
  }
  function scroll(ref, dx, dy) {
    const left = Number(dx) || 0, top = Number(dy) || 0;
    if (ref == null) {
      window.scrollBy({ left, top, behavior: 'instant' });
      return { scrollX: Math.round(window.scrollX), scrollY: Math.round(window.scrollY) };
    }
    const el = target(ref);
    if (!el) return { status: 'stale' };
    el.scrollBy({ left, top, behavior: 'instant' });
    return { scrollX: Math.round(el.scrollLeft), scrollY: Math.round(el.scrollTop) };
  }

  // ---------------------------------------------------------------- password guard
  // Keys meant for one field must not reach a password field the page moves focus to while
  // they are sent. While armed, focus entering a password field trips the guard, and from then
  // on every key and text input is cancelled before it can change anything; Glass reads the
  // guard after sending and reports the refusal instead of success.
  function focusedDeep() {
    let el = document.activeElement;
    for (let hops = 0; el && hops < 32; hops++) {
      if (el.shadowRoot && el.shadowRoot.activeElement) { el = el.shadowRoot.activeElement; continue; }
      if (el.localName === 'iframe' || el.localName === 'frame') {
        let inner = null;
        try { inner = el.contentDocument; } catch (_) { inner = null; }
        // Focus inside a frame this document cannot see into.
        if (!inner) return { el: null, opaque: true };
        if (!inner.activeElement || inner.activeElement === inner.body) return { el: inner.body, opaque: false };
        el = inner.activeElement;
        continue;
      }
      break;
    }
    return { el, opaque: false };
  }
  const isPassword = (el) => !!el && el.localName === 'input' && el.type === 'password';
  const keyGuard = { armed: false, tripped: false };
  addEventListener('focusin', (e) => {
    if (keyGuard.armed && isPassword(e.composedPath()[0])) keyGuard.tripped = true;
  }, true);
  const stopKey = (e) => {
    if (!keyGuard.armed) return;
    if (!keyGuard.tripped && !isPassword(focusedDeep().el)) return;
    keyGuard.tripped = true;
    e.preventDefault();
    e.stopImmediatePropagation();
  };
  for (const t of ['keydown', 'keypress', 'beforeinput', 'textInput', 'input', 'keyup']) addEventListener(t, stopKey, true);
  // Arm before sending keys; says whether focus already is (or may be) in a password field.
  function keyGuardArm() {
    const f = focusedDeep();
    keyGuard.armed = true;
    keyGuard.tripped = false;
    return { password: isPassword(f.el), opaque: f.opaque };
  }
  // Disarm after the keys; says whether focus moved into a password field meanwhile.
  function keyGuardRelease() {
    const f = focusedDeep();
    const r = { tripped: keyGuard.tripped, password: isPassword(f.el), opaque: f.opaque };
    keyGuard.armed = false;
    keyGuard.tripped = false;
    return r;
  }

  // ---------------------------------------------------------------- exports
  // Never throw to Rust. Functions that take nextRef also report it on failure, so refs
  // minted before the error are never handed out again.
  function guard(fn, nextRefOf) {
    const fail = (e, args) => {
      const r = { status: 'error', failure: 'internal', detail: cut(String((e && e.message) || e), 200) };
      if (nextRefOf) r.nextRef = newCtx(nextRefOf(args)).next;
      return r;
    };
    return function (...args) {
      resetCaches();
      try {
        const r = fn(...args);
        return r && typeof r.then === 'function' ? r.catch((e) => fail(e, args)) : r;
      } catch (e) {
        return fail(e, args);
      }
    };
  }
  // ---------------------------------------------------------------- glass extras
  // The element's box in document coordinates (for element screenshots), scrolled into view.
  function rect(ref) {
    const el = lookup(ref);
    if (el === UNKNOWN || !el || !el.isConnected) return { status: 'stale' };
    if (needsScroll(el)) el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    resetCaches();
    const r = topBox(el).rect;
    return { x: round2(r.x + scrollX), y: round2(r.y + scrollY), w: round2(r.w), h: round2(r.h) };
  }
  function readyState() {
    return document.readyState;
  }
  // The element itself (evaluated without returnByValue), when it is a usable file input.
  function fileInput(ref) {
    const el = lookup(ref);
    if (el === UNKNOWN || !el || !el.isConnected) return null;
    return el.localName === 'input' && el.type === 'file' && !el.disabled ? el : null;
  }
  // Known consent-management platforms and their own accept and reject controls. Only these
  // are ever clicked: never "any button that says accept".
  const CONSENT = [
    ['OneTrust', ['#onetrust-accept-btn-handler'], ['#onetrust-reject-all-handler', '.ot-pc-refuse-all-handler']],
    ['Cookiebot', ['#CybotCookiebotDialogBodyLevelButtonLevelOptinAllowAll', '#CybotCookiebotDialogBodyButtonAccept'], ['#CybotCookiebotDialogBodyButtonDecline']],
    ['Didomi', ['#didomi-notice-agree-button'], ['#didomi-notice-disagree-button', '.didomi-continue-without-agreeing']],
    ['Quantcast Choice', ['.qc-cmp2-summary-buttons button[mode="primary"]'], ['.qc-cmp2-summary-buttons button[mode="secondary"]']],
    ['TrustArc', ['#truste-consent-button'], ['#truste-consent-required']],
    ['Usercentrics', ['[data-testid="uc-accept-all-button"]'], ['[data-testid="uc-deny-all-button"]']],
    ['CookieYes', ['.cky-btn-accept'], ['.cky-btn-reject']],
    ['Complianz', ['.cmplz-btn.cmplz-accept'], ['.cmplz-btn.cmplz-deny']],
    ['Osano', ['.osano-cm-accept-all'], ['.osano-cm-denyAll']],
    ['iubenda', ['.iubenda-cs-accept-btn'], ['.iubenda-cs-reject-btn']],
    ['Klaro', ['.klaro .cm-btn-accept-all', '.klaro .cm-btn-success'], ['.klaro .cm-btn-decline']],
    ['Google Funding Choices', ['.fc-cta-consent'], ['.fc-cta-do-not-consent']],
  ];
  function consentRoots() {
    const roots = [document];
    for (const host of document.querySelectorAll('#usercentrics-root, #usercentrics-cmp-ui, [id^="sp_message_container"]')) {
      if (host.shadowRoot) roots.push(host.shadowRoot);
    }
    return roots;
  }
  function consent(choice, nextRef) {
    const ctx = newCtx(nextRef);
    const want = choice === 'accept' ? 1 : 2;
    let present = null;
    for (const entry of CONSENT) {
      for (const root of consentRoots()) {
        for (const sel of entry[want]) {
          const el = root.querySelector(sel);
          if (el && shown(el)) {
            const d = describe(el, ctx);
            return { status: 'ok', framework: entry[0], ref: d.ref, role: d.role, name: d.name, nextRef: ctx.next };
          }
        }
        if (!present && entry[1].concat(entry[2]).some((sel) => { const el = root.querySelector(sel); return el && shown(el); })) present = entry[0];
      }
    }
    return present ? { status: 'noChoice', framework: present, nextRef: ctx.next } : { status: 'none', nextRef: ctx.next };
  }
  const api = {
    version: 2,
    observe: guard(observe, (a) => a[0] && a[0].nextRef),
    resolve: guard(resolve, (a) => a[1]),
    actionable: guard(actionable),
    waitFor: guard(waitFor),
    text: guard(text),
    dom: guard(dom),
    select: guard(select),
    state: guard(state),
    focus: guard(focus),
    selectAll: guard(selectAll),
    valueOf: guard(valueOf),
    forceEmpty: guard(forceEmpty),
    similar: guard(similar, (a) => a[3]),
    scroll: guard(scroll),
    rect: guard(rect),
    readyState: guard(readyState),
    fileInput: guard(fileInput),
    // The element of a ref (for Chrome's own view of it), or null.
    element: guard((ref) => { const e = lookup(ref); return e && e !== UNKNOWN ? e : null; }),
    consent: guard(consent, (a) => a[1]),
    arm: guard(arm),
    settle: guard(settle),
    hasContent: guard(() => ({ content: hasContent() })),
    keyGuardArm: guard(keyGuardArm),
    keyGuardRelease: guard(keyGuardRelease),
  };
  Object.defineProperty(globalThis, '__glassAgent', { value: Object.freeze(api), enumerable: false, configurable: false, writable: false });
})();
