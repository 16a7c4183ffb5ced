// Glass in-page agent. Glass evaluates this file in an isolated world of a frame
// (Page.createIsolatedWorld), so page scripts can neither see nor patch it; it shares the DOM.
// Rust calls the functions on `__glassAgent` with returnByValue (and awaitPromise for the async
// ones). Every exported function returns plain JSON and never throws.
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

  // Computed styles are live objects, so caching them per element is always correct; the
  // cache is reset at every entry point only to bound memory.
  let styles = new WeakMap();
  const EMPTY_STYLE = { display: '', visibility: 'visible', cursor: 'auto', overflowX: 'visible', overflowY: 'visible' };
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

  // ---------------------------------------------------------------- roles
  const INTERACTIVE = new Set(['button', 'link', 'textbox', 'searchbox', 'checkbox', 'radio', 'switch', 'combobox', 'listbox', 'option', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'tab', 'slider', 'spinbutton', 'treeitem']);
  const LANDMARK = new Set(['banner', 'navigation', 'main', 'contentinfo', 'complementary', 'form', 'region', 'search', 'dialog', 'alertdialog']);
  const CONTENT_NAMED = new Set(['button', 'link', 'heading', 'option', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'treeitem', 'cell', 'gridcell', 'columnheader', 'rowheader', 'checkbox', 'radio', 'switch', 'tooltip']);
  const CHECKABLE = new Set(['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio']);
  const SKIP = new Set(['script', 'style', 'template', 'noscript', 'head', 'meta', 'link', 'title', 'base']);
  const BUTTON_TYPES = new Set(['button', 'submit', 'reset', 'image']);
  const TEXT_TYPES = new Set(['text', 'search', 'email', 'tel', 'url', 'password', 'number', 'date', 'datetime-local', 'month', 'time', 'week']);
  const BLOCK_TAGS = new Set(['address', 'article', 'aside', 'blockquote', 'br', 'dd', 'details', 'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'summary', 'table', 'td', 'th', 'tr', 'ul']);
  const ACTIONS = new Set(['click', 'hover', 'type', 'check', 'select', 'drag']);

  const nativeInteractive = (el) => /^(button|input|select|textarea)$/.test(el.localName) || ((el.localName === 'a' || el.localName === 'area') && el.hasAttribute('href'));
  const hasOwnLabel = (el) => !!(norm(el.getAttribute('aria-label')) || el.getAttribute('aria-labelledby') || norm(el.getAttribute('title')));

  function roleOf(el) {
    const attr = el.getAttribute('role');
    if (attr) {
      const t = attr.trim().split(/\s+/)[0].toLowerCase().slice(0, 40); // page-controlled: bound it
      // ARIA: a natively focusable element keeps its own role despite role=none/presentation.
      if (t === 'none' || t === 'presentation') { if (!nativeInteractive(el)) return null; } else if (t === 'generic') return null;
      else if (t) return t;
    }
    const tag = el.localName;
    switch (tag) {
      case 'a': case 'area': return el.hasAttribute('href') ? 'link' : null;
      case 'button': case 'summary': return 'button';
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
      case 'aside': return 'complementary';
      case 'search': return 'search';
      // header/footer are page landmarks only when not inside a sectioning element.
      case 'header': return el.parentElement && el.parentElement.closest('article,aside,main,nav,section') ? null : 'banner';
      case 'footer': return el.parentElement && el.parentElement.closest('article,aside,main,nav,section') ? null : 'contentinfo';
      case 'form': return hasOwnLabel(el) ? 'form' : null;
      case 'section': return hasOwnLabel(el) ? 'region' : null;
      case 'dialog': return 'dialog';
      case 'option': return 'option';
      case 'li': return 'listitem';
      case 'ul': case 'ol': case 'menu': return 'list';
      case 'table': return 'table';
      case 'tr': return 'row';
      case 'td': return 'cell';
      case 'th': return el.getAttribute('scope') === 'row' ? 'rowheader' : 'columnheader';
      case 'p': return 'paragraph';
      case 'article': return 'article';
      case 'fieldset': case 'details': return 'group';
      case 'progress': return 'progressbar';
      case 'meter': return 'meter';
      case 'hr': return 'separator';
      case 'output': return 'status';
      default:
        // Only the editing host is a textbox, not every element inside it.
        if (el.hasAttribute('contenteditable') && el.isContentEditable && !(el.parentElement && el.parentElement.isContentEditable)) return 'textbox';
        return null;
    }
  }
  function headingLevel(el) {
    const a = parseInt(el.getAttribute('aria-level'), 10);
    if (a > 0) return a;
    const m = /^h([1-6])$/.exec(el.localName);
    return m ? +m[1] : 2; // ARIA's default level for role=heading
  }

  // ---------------------------------------------------------------- accessible names
  function hiddenForName(c) {
    if (c.hasAttribute('hidden') || c.getAttribute('aria-hidden') === 'true') return true;
    const s = st(c);
    return s.display === 'none' || s.visibility === 'hidden';
  }
  // Text of a subtree for naming: img alt, nested aria-label, button-input values; never the
  // value of a text field or select. Bounded so a link wrapping a whole card stays cheap.
  function textOf(root, includeHidden, skip) {
    let out = '', nodes = 0;
    const rec = (n) => {
      for (const c of kids(n)) {
        if (out.length > 1000 || ++nodes > 2000) return;
        if (c.nodeType === 3) { out += c.data; continue; }
        if (c.nodeType !== 1 || c === skip) continue;
        const t = c.localName;
        if (SKIP.has(t) || (!includeHidden && hiddenForName(c))) continue;
        if (t === 'img' || t === 'area') { out += ' ' + (c.getAttribute('alt') || '') + ' '; continue; }
        if (t === 'input') { if (BUTTON_TYPES.has(c.type)) out += ' ' + (c.value || '') + ' '; continue; }
        if (t === 'select' || t === 'textarea') continue;
        const al = c.getAttribute('aria-label');
        if (al && al.trim()) { out += ' ' + al + ' '; continue; }
        if (t === 'svg') { const ti = c.querySelector('title'); if (ti) out += ' ' + ti.textContent + ' '; continue; }
        const block = BLOCK_TAGS.has(t); // separate block boxes, keep inline runs glued ("<b>Sub</b>mit")
        if (block) out += ' ';
        rec(c);
        if (block) out += ' ';
      }
    };
    rec(root);
    return out;
  }
  function refText(r) {
    const al = norm(r.getAttribute('aria-label'));
    if (al) return al;
    if (r.localName === 'img') return r.getAttribute('alt') || '';
    return textOf(r, true); // aria-labelledby may point at hidden elements on purpose
  }
  function idRefs(el, attr) {
    const v = el.getAttribute(attr);
    if (!v) return '';
    const root = el.getRootNode();
    const parts = [];
    for (const id of v.trim().split(/\s+/)) {
      const r = root.getElementById ? root.getElementById(id) : null;
      if (r) parts.push(r === el ? norm(el.getAttribute('aria-label')) || textOf(el, false) : refText(r));
    }
    return norm(parts.join(' '));
  }
  // Simplified accname: labelledby, aria-label, <label>, alt, button-input value, content
  // (for roles named from content), title, placeholder. Never a text field's value.
  function accName(el, role) {
    let s = idRefs(el, 'aria-labelledby');
    if (s) return s;
    s = norm(el.getAttribute('aria-label'));
    if (s) return s;
    const tag = el.localName;
    if (tag === 'input' && BUTTON_TYPES.has(el.type)) {
      s = norm(el.type === 'image' ? el.getAttribute('alt') || el.getAttribute('value') : el.getAttribute('value'));
      if (s) return s;
      if (el.type === 'submit' || el.type === 'image') return 'Submit';
      if (el.type === 'reset') return 'Reset';
    } else if ((tag === 'input' || tag === 'select' || tag === 'textarea' || tag === 'meter' || tag === 'progress') && el.labels && el.labels.length) {
      s = norm(Array.from(el.labels, (l) => textOf(l, false, el)).join(' '));
      if (s) return s;
    }
    if (tag === 'img' || tag === 'area') { s = norm(el.getAttribute('alt')); if (s) return s; }
    if (tag === 'svg') { const t = el.querySelector('title'); s = t ? norm(t.textContent) : ''; if (s) return s; }
    const cap = tag === 'fieldset' ? 'legend' : tag === 'table' ? 'caption' : tag === 'figure' ? 'figcaption' : null;
    if (cap) { const c = el.querySelector(':scope > ' + cap); s = c ? norm(textOf(c, false)) : ''; if (s) return s; }
    if (role && CONTENT_NAMED.has(role)) { s = norm(textOf(el, false)); if (s) return s; }
    s = norm(el.getAttribute('title'));
    if (s) return s;
    return norm(el.getAttribute('placeholder') || el.getAttribute('aria-placeholder'));
  }

  // Heuristic clickables (a div with a pointer cursor) have no role to name them from content,
  // but their text is what a user would call them.
  function itemName(el, role, clickable) {
    const n = accName(el, role);
    return n || !clickable ? n : norm(textOf(el, false));
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
  const isEditHost = (el) => !!el.isContentEditable && el.localName !== 'input' && el.localName !== 'textarea';
  // {value, secret} for fields; a select reports its selected options' text (what a user sees).
  function fieldValue(el) {
    const tag = el.localName;
    if (tag === 'input') {
      if (BUTTON_TYPES.has(el.type) || el.type === 'checkbox' || el.type === 'radio' || el.type === 'hidden') return null;
      return { value: el.value, secret: el.type === 'password' };
    }
    if (tag === 'textarea') return { value: el.value, secret: false };
    if (tag === 'select') return { value: norm(Array.from(el.selectedOptions, (o) => o.text).join(', ')), secret: false };
    if (isEditHost(el) && !(el.parentElement && el.parentElement.isContentEditable)) return { value: norm(el.textContent), secret: false };
    return null;
  }
  // Links: path+query only (plus //host when it leaves the origin); no fragment, no scheme
  // noise, at most 200 chars; javascript: URLs are dropped.
  function hrefOf(el) {
    const raw = el.getAttribute('href');
    if (raw == null) return undefined;
    let u;
    try { u = new URL(raw, el.baseURI); } catch (_) { return undefined; }
    let s;
    if (u.protocol === 'http:' || u.protocol === 'https:') s = (u.origin === location.origin ? '' : '//' + u.host) + u.pathname + u.search;
    else if (u.protocol === 'javascript:') return undefined;
    else s = u.protocol + u.pathname;
    return s.slice(0, 200);
  }

  // ---------------------------------------------------------------- visibility
  const clips = (v) => v === 'hidden' || v === 'clip';
  // A zero-size box still counts when something inside it renders (display:contents
  // wrappers, floats in a collapsed parent, absolutely positioned children).
  function hasVisibleDescendant(el) {
    const roots = [el];
    if (el.shadowRoot) roots.push(el.shadowRoot);
    let k = 0;
    for (const root of roots) {
      const tw = el.ownerDocument.createTreeWalker(root, 1 /* SHOW_ELEMENT */);
      for (let d = tw.nextNode(); d; d = tw.nextNode()) {
        if (++k > 200) return false;
        const r = d.getBoundingClientRect();
        if (r.width > 0 && r.height > 0 && d.checkVisibility({ visibilityProperty: true })) return true;
      }
    }
    return false;
  }
  // Physically rendered: displayed, visibility:visible, non-zero box (or rendering children).
  // opacity:0 counts as visible on purpose: custom checkboxes hide the real input that way.
  function boxVisible(el, needBox) {
    if (!el.checkVisibility({ visibilityProperty: true }) && st(el).display !== 'contents') return false;
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.height > 0) return true;
    if (needBox) return false;
    const s = st(el);
    return !clips(s.overflowX) && !clips(s.overflowY) && hasVisibleDescendant(el);
  }
  // The same rule as the observe walk, for one element: also hidden/aria-hidden/inert
  // ancestors, overflow:hidden ancestors that clip it away, and the hosting frames.
  function isRendered(el) {
    if (!el || !el.isConnected) return false;
    for (let n = el; n; n = flatParent(n)) {
      if (SKIP.has(n.localName) || n.hasAttribute('hidden') || n.hasAttribute('inert') || n.getAttribute('aria-hidden') === 'true') return false;
    }
    if (!boxVisible(el, false)) return false;
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.height > 0) {
      for (let n = flatParent(el); n; n = flatParent(n)) {
        const s = st(n);
        if (!clips(s.overflowX) && !clips(s.overflowY)) continue;
        const c = n.getBoundingClientRect();
        if ((clips(s.overflowX) && (r.right <= c.left || r.left >= c.right)) || (clips(s.overflowY) && (r.bottom <= c.top || r.top >= c.bottom))) return false;
      }
    }
    const f = frameOf(el);
    return f ? isRendered(f) : true;
  }
  function physVisible(el) {
    if (!boxVisible(el, true)) return false;
    const f = frameOf(el);
    return f ? physVisible(f) : true;
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
    let inInteractive = false;
    for (let n = flatParent(root); n && !inInteractive; n = flatParent(n)) inInteractive = INTERACTIVE.has(roleOf(n));
    const p = flatParent(root);
    return { clip: null, off: docOffset(doc), frame: frameIndex(o, doc), pstyle: p ? st(p) : null, inInteractive, covered: inInteractive };
  }
  // What the walk knows about one element. A class (not a closure per element) keeps garbage
  // low; the box is read lazily because getBoundingClientRect dominates the walk's cost and
  // most elements (list items, wrappers) never need it.
  class Info {
    constructor(el, tag, s, p, depth) {
      this.el = el; this.tag = tag; this.style = s; this.p = p; this.depth = depth;
      this.off = p.off; this.frame = p.frame; this.covered = p.covered; this.inInteractive = p.inInteractive;
      this.role = null; this.interactive = false; this.clickable = false; this.proxy = null;
      this.frameDoc = undefined; this.text = undefined; this.emitted = false;
      this.r = undefined; this.vis = undefined;
    }
    rect() {
      if (this.r === undefined) this.r = this.style.display === 'contents' ? null : this.el.getBoundingClientRect();
      return this.r;
    }
    visible() {
      if (this.vis === undefined) {
        const s = this.style, r = this.rect();
        if (s.visibility !== 'visible') this.vis = false;
        else if (r && r.width > 0 && r.height > 0) {
          const c = this.p.clip;
          this.vis = !c || (r.right > c.l && r.left < c.r && r.bottom > c.t && r.top < c.b);
        } else this.vis = (!r || (!clips(s.overflowX) && !clips(s.overflowY))) && hasVisibleDescendant(this.el);
      }
      return this.vis;
    }
  }

  // Depth-first walk of the rendered (flat) tree from root, in document order, into open
  // shadow roots and same-origin iframes. Subtrees that cannot render are pruned: display:none,
  // hidden, aria-hidden=true, inert, no box in the flat tree. cb.enter(info) may return
  // NO_CHILDREN; cb.text(textNode, info) and cb.leave(info) are optional.
  function walk(root, cb, o, start) {
    const visit = (el, p, depth) => {
      if (o.stop) return;
      if (++o.nodes > o.maxNodes) { o.stop = true; o.hit('nodes'); return; }
      const tag = el.localName;
      if (SKIP.has(tag) || el.hasAttribute('hidden') || el.hasAttribute('inert') || el.getAttribute('aria-hidden') === 'true') return;
      const s = st(el);
      const display = s.display;
      if (display === 'none') return;
      // No box at all (unslotted light DOM, fallback content of replaced elements, options of
      // a closed select): nothing below renders either.
      if (display !== 'contents' && !el.checkVisibility()) return;
      const i = new Info(el, tag, s, p, depth);
      let role = roleOf(el);
      let interactive = !!role && INTERACTIVE.has(role);
      // A label whose control is not rendered (styled checkbox with a display:none input) is
      // the thing to click: report it with the control's role and state.
      if (tag === 'label' && el.control && !interactive && !boxVisible(el.control, true)) {
        i.proxy = el.control;
        role = roleOf(i.proxy);
        interactive = !!role && INTERACTIVE.has(role);
      }
      i.role = role;
      i.interactive = interactive;
      // Click handlers are invisible to us, so guess: keyboard-focusable elements, or the
      // outermost element with a pointer cursor (cursor is inherited, hence the parent check)
      // that has text, unless it is already inside something interactive.
      if (!interactive && !p.inInteractive && tag !== 'body' && tag !== 'html' && !(tag === 'label' && el.control)) {
        const ti = el.getAttribute('tabindex');
        if (ti !== null && ti.trim() !== '' && +ti >= 0) i.clickable = true;
        else if (s.cursor === 'pointer' && (!p.pstyle || p.pstyle.cursor !== 'pointer') && /\S/.test(el.textContent)) i.clickable = true;
      }
      if (tag === 'iframe' || tag === 'frame') i.frameDoc = contentDoc(el);
      const res = cb.enter ? cb.enter(i) : undefined;
      if (res !== NO_CHILDREN && !o.stop) {
        const ctl = interactive || i.clickable;
        if (i.frameDoc) {
          const co = contentOffset(el);
          visit(i.frameDoc.documentElement, {
            clip: null, off: { x: p.off.x + co.x, y: p.off.y + co.y }, frame: frameIndex(o, i.frameDoc),
            pstyle: null, inInteractive: false, covered: false,
          }, depth + 1);
        } else if (tag !== 'svg' && s.contentVisibility !== 'hidden') {
          const host = el.shadowRoot || el;
          const slotted = tag === 'slot' && el.assignedNodes ? el.assignedNodes() : null;
          if (depth >= MAX_DEPTH) o.hit('depth');
          else if (host.firstChild || (slotted && slotted.length)) {
            let clip = p.clip;
            // overflow hidden/clip hides what sticks out for good (unlike auto/scroll, which
            // the user can scroll to), so children are clipped to this box on those axes.
            const cx = clips(s.overflowX), cy = clips(s.overflowY);
            const r = (cx || cy) ? i.rect() : null;
            if (r) { // a zero-size box clips everything
              const c = clip || { l: -Infinity, t: -Infinity, r: Infinity, b: Infinity };
              clip = {
                l: cx ? Math.max(c.l, r.left) : c.l, r: cx ? Math.min(c.r, r.right) : c.r,
                t: cy ? Math.max(c.t, r.top) : c.t, b: cy ? Math.min(c.b, r.bottom) : c.b,
              };
            }
            const child = {
              clip, off: p.off, frame: p.frame, pstyle: s, inInteractive: p.inInteractive || ctl,
              covered: p.covered || ctl || role === 'heading' || (tag === 'label' && !!el.control),
            };
            // A closed <details> hides its content through a pseudo-element, so the content
            // still has boxes: only its <summary> renders.
            const closed = tag === 'details' && !el.open;
            const one = (c) => {
              if (c.nodeType === 1) { if (!closed || c.localName === 'summary') visit(c, child, depth + 1); } else if (c.nodeType === 3 && cb.text && !closed) cb.text(c, i);
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
  // outside interactive elements, headings and control labels (already reported as items).
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
        if (c.nodeType !== 1 || SKIP.has(c.localName) || c.hasAttribute('hidden') || c.getAttribute('aria-hidden') === 'true') continue;
        const s = st(c);
        if (!s.display.startsWith('inline') || s.visibility !== 'visible') continue; // blocks are their own items
        if (c.localName === 'img') { all += ' ' + (c.getAttribute('alt') || '') + ' '; continue; }
        if (c.localName === 'br') { all += ' '; continue; }
        const r = roleOf(c);
        rec(c, covered || (!!r && (INTERACTIVE.has(r) || r === 'heading')) || (c.localName === 'label' && !!c.control));
      }
    };
    rec(el, false);
    return { all, own };
  }
  function directText(el) {
    let t = '';
    for (const c of el.childNodes) if (c.nodeType === 3) t += c.data;
    return norm(t);
  }

  // ---------------------------------------------------------------- observe
  const LEVELS = { compact: 400, summary: 64, interactive: 400, structured: 300, detailed: 200, raw: 500 };

  function classify(level, i, maxText) {
    const ctl = i.interactive || i.clickable;
    // A frame we cannot enter (cross-origin): report it so Glass can observe it on its own.
    const opaque = i.frameDoc === null;
    const struct = i.role === 'heading' || LANDMARK.has(i.role);
    switch (level) {
      case 'compact': return ctl || i.role === 'heading' || opaque ? 'item' : null;
      case 'interactive': return ctl || opaque ? 'item' : null;
      case 'summary': return struct ? 'item' : null;
      case 'raw': return i.role || ctl || opaque || directText(i.el) ? 'item' : null;
      default: { // structured, detailed
        if (ctl || struct || opaque) return 'item';
        const d = i.style.display;
        if (i.covered || d.startsWith('inline') || d === 'contents') return null;
        const t = inlineText(i.el, maxText);
        if (!t.own) return null;
        i.text = t.all;
        return 'text';
      }
    }
  }

  function buildItem(i, kind, o, ctx, depth) {
    const el = i.el;
    const st8 = i.proxy || el; // state comes from the control a label stands for
    let role = i.role || (i.clickable ? 'generic' : i.frameDoc === null ? 'iframe' : 'text');
    if (kind === 'text') role = 'text';
    const item = { ref: peekRef(el, ctx), role, name: kind === 'text' ? '' : cut(itemName(st8, i.role, i.clickable), o.maxName) };
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
      if (el.getAttribute('aria-selected') === 'true' || (i.tag === 'option' && el.selected)) item.selected = true;
      if (st8.required === true || st8.getAttribute('aria-required') === 'true') item.required = true;
      if (((isTextInput(st8) || st8.localName === 'textarea') && st8.readOnly) || st8.getAttribute('aria-readonly') === 'true') item.readonly = true;
      const v = fieldValue(st8);
      if (v && v.value !== '') {
        item.valuePresent = true;
        if (o.withValues && !v.secret) item.value = cut(v.value, o.maxText);
      }
      if (role === 'link') { const h = hrefOf(el); if (h) item.href = h; }
    }
    if (kind === 'text') {
      const t = norm(i.text);
      if (t) item.text = cut(t, o.maxText);
    } else if (o.level === 'raw') {
      const t = directText(el); // raw keeps each element's own text nodes, not its subtree's
      if (t && t !== item.name) item.text = cut(t, o.maxText);
    }
    if (o.level === 'raw') item.depth = depth;
    if (o.level === 'detailed') {
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

  function observe(opts) {
    opts = opts && typeof opts === 'object' ? opts : {};
    const level = Object.prototype.hasOwnProperty.call(LEVELS, opts.level) ? opts.level : 'compact';
    const ctx = newCtx(opts.nextRef);
    let maxItems = posInt(opts.maxItems, LEVELS[level]);
    if (level === 'summary') maxItems = Math.min(maxItems, 64);
    const o = {
      level, maxName: posInt(opts.maxNameChars, 80), maxText: posInt(opts.maxTextChars, 200),
      withValues: opts.includeFormValues === true,
    };
    // 22 KiB of items keeps the whole answer (url, title, envelope) under 24 KiB.
    const maxBytes = posInt(opts.maxBytes, 22528);
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
      root = isRendered(e) ? e : null; // an invisible region has nothing to show
    }
    const roleCounts = level === 'summary' ? Object.create(null) : null;
    // Summary's roleCounts (<= 49 keys of <= 40 chars) is only known at the end: reserve room.
    let bytes = utf8Len(JSON.stringify(out)) + 64 + (roleCounts ? 3200 : 0), full = false, emittedDepth = 0;
    const wo = walkOpts(budget);
    if (root) {
      walk(root, {
        enter(i) {
          if (roleCounts && (i.role || i.clickable) && i.visible()) {
            let k = i.role || 'generic';
            // At most 48 distinct keys: explicit roles are free-form page strings.
            if (!(k in roleCounts) && Object.keys(roleCounts).length >= 48) k = 'other';
            roleCounts[k] = (roleCounts[k] || 0) + 1;
          }
          const kind = classify(level, i, o.maxText);
          if (!kind || !i.visible()) return undefined;
          out.counts.total += 1;
          if (full) return undefined; // keep counting, stop emitting
          if (out.items.length >= maxItems) { full = true; budget('items'); return undefined; }
          const item = buildItem(i, kind, o, ctx, emittedDepth);
          const size = utf8Len(JSON.stringify(item)) + 1;
          if (bytes + size > maxBytes) { full = true; budget('bytes'); return undefined; }
          bytes += size;
          item.ref = refFor(i.el, ctx); // minted only once it is sure to be emitted
          out.items.push(item);
          i.emitted = true;
          emittedDepth += 1;
          return undefined;
        },
        leave(i) { if (i.emitted) emittedDepth -= 1; },
      }, wo, startInfo(root, wo));
    }
    if (roleCounts) out.roleCounts = roleCounts;
    out.counts.emitted = out.items.length;
    out.truncated = out.budgetsHit.length > 0;
    out.nextRef = ctx.next;
    return out;
  }

  // ---------------------------------------------------------------- locators
  function closestActionable(el) {
    for (let n = el; n; n = flatParent(n)) {
      const r = roleOf(n);
      if (r === 'button' || r === 'link' || n.localName === 'label' || (r && INTERACTIVE.has(r))) return n;
    }
    return el;
  }
  const roleMatches = (i, role) => i.role === role || (role === 'generic' && !i.role && i.clickable);

  // Visible elements whose visible text equals the needle, else contains it; innermost only;
  // promoted to an enclosing button/link/label. The text of each element is built bottom-up.
  function findByText(value, o) {
    const needle = lc(value);
    if (!needle) return null;
    const exact = [], contains = [], stack = [];
    walk(document.documentElement, {
      enter(i) { stack.push({ parts: [], dExact: false, dContains: false, vis: i.style.visibility === 'visible' }); },
      text(node) { const f = stack[stack.length - 1]; if (f.vis) f.parts.push(node.data); },
      leave(i) {
        const f = stack.pop();
        const t = f.parts.join('');
        const n = lc(t);
        let isExact = false, isContains = false;
        if (!f.dExact && n === needle && i.visible()) { exact.push(i.el); isExact = true; }
        if (!f.dContains && n.includes(needle) && i.visible()) { contains.push(i.el); isContains = true; }
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
    return Array.from(new Set(hits.map(closestActionable)));
  }
  function findAll(pred, o, limit) {
    const out = [];
    walk(document.documentElement, {
      enter(i) {
        if ((i.role || i.clickable) && i.visible() && pred(i)) {
          out.push(i.el);
          if (limit && out.length >= limit) o.stop = true;
        }
      },
    }, o, startInfo(document.documentElement, o));
    return out;
  }
  const nameOf = (i) => lc(itemName(i.proxy || i.el, i.role, i.clickable));
  function findByRole(role, name, o, limit) {
    const r = lc(role);
    const n = name == null ? null : lc(name);
    return findAll((i) => roleMatches(i, r) && (n === null || nameOf(i) === n), o, limit);
  }
  function findByName(value, o) {
    const n = lc(value);
    if (!n) return null;
    const ctl = [], other = [];
    findAll((i) => {
      if (nameOf(i) === n) (i.interactive || i.clickable ? ctl : other).push(i.el);
      return false;
    }, o);
    return ctl.length ? ctl : other; // interactive elements win over text-ish ones
  }
  // Elements matched by a locator, or {status} for a bad/unknown locator.
  function matchLocator(loc, o) {
    if (!loc || typeof loc !== 'object') return { status: 'invalidLocator' };
    const v = loc.value;
    switch (loc.kind) {
      case 'ref': {
        const e = lookup(v);
        if (e === UNKNOWN) return { status: 'unknown' };
        return e && e.isConnected ? [e] : { status: 'stale' };
      }
      case 'css': {
        if (typeof v !== 'string' || !v.trim()) return { status: 'invalidLocator' };
        try { return Array.from(document.querySelectorAll(v)); } catch (_) { return { status: 'invalidLocator' }; }
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
  function describe(el, ctx) {
    let role = roleOf(el), named = el;
    if (!role && el.localName === 'label' && el.control) { named = el.control; role = roleOf(named); } // label proxy
    return { ref: refFor(el, ctx), role: role || 'generic', name: cut(itemName(named, role, !role), 80) };
  }
  function resolve(locator, nextRef) {
    const ctx = newCtx(nextRef);
    const m = matchLocator(locator, walkOpts());
    if (!Array.isArray(m)) return Object.assign(m, { nextRef: ctx.next });
    if (m.length === 0) return { status: 'none', nextRef: ctx.next };
    if (m.length === 1) { const d = describe(m[0], ctx); return { status: 'ok', ref: d.ref, role: d.role, name: d.name, nextRef: ctx.next }; }
    // Never pick the first of several: the caller must disambiguate.
    const candidates = m.slice(0, 8).map((e) => describe(e, ctx));
    return { status: 'ambiguous', count: m.length, candidates, nextRef: ctx.next };
  }
  function similar(role, name, max, nextRef) {
    const ctx = newCtx(nextRef);
    const limit = Math.min(posInt(max, 5), 50);
    if (typeof role !== 'string' || !role) return { candidates: [], nextRef: ctx.next };
    const m = findByRole(role, name, walkOpts(), limit);
    return { candidates: m.map((e) => describe(e, ctx)), nextRef: ctx.next };
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
  // Box in top-level (this world's window) CSS pixels, its visible part (clipped by every
  // viewport on the way up), and the frame chain with each content-box offset.
  function topBox(el) {
    let rect = toBox(mainRect(el));
    let vis = clipRect(rect, viewportOf(el.ownerDocument));
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
    return { role: role || 'generic', name: cut(accName(h, role) || norm(textOf(h, false)), 80), tag: h.localName };
  }
  function isEditable(el) {
    if (el.getAttribute('aria-readonly') === 'true') return false;
    if (el.localName === 'textarea') return !el.readOnly;
    if (el.localName === 'input') return isTextInput(el) && !el.readOnly;
    return isEditHost(el);
  }
  const sameBox = (a, b) => a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h;

  async function actionable(ref, action) {
    if (!ACTIONS.has(action)) return { ok: false, failure: 'invalidAction' };
    const el = lookup(ref);
    if (el === UNKNOWN) return { ok: false, failure: 'unknown' };
    if (!el || !el.isConnected) return { ok: false, failure: 'detached' };
    if (!physVisible(el)) return { ok: false, failure: 'notVisible' };
    // Hovering a disabled control is legitimate (tooltips explain why it is disabled).
    if (action !== 'hover' && isDisabled(el)) return { ok: false, failure: 'disabled' };
    if (action === 'type' && !isEditable(el)) return { ok: false, failure: 'notEditable' };
    if (needsScroll(el)) el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    // Typing and choosing an option use no pointer: no stability wait and no hit test.
    if (action === 'type' || action === 'select') {
      const b = topBox(el);
      if (!b.vis) return { ok: false, failure: 'notVisible' };
      const r = b.rect;
      return { ok: true, x: round2(b.vis.x + b.vis.w / 2), y: round2(b.vis.y + b.vis.h / 2), rect: { x: round2(r.x), y: round2(r.y), w: round2(r.w), h: round2(r.h) } };
    }
    // Stable: the same box across consecutive animation frames, within 10 frames. While an
    // animation runs, two equal comparisons in a row are needed, because under load one frame
    // can pass without the animation having advanced.
    // One equal comparison is enough on a page with no running animation.
    const doc = el.ownerDocument;
    const animated = typeof doc.getAnimations !== 'function' || doc.getAnimations().some((a) => a.playState === 'running');
    const need = animated ? 2 : 1;
    let prev = topBox(el), stable = false, still = 0;
    for (let k = 0; k < 10 && !stable; k++) {
      await nextFrame();
      if (!el.isConnected) return { ok: false, failure: 'detached' };
      const cur = topBox(el);
      still = sameBox(prev.rect, cur.rect) ? still + 1 : 0;
      stable = still >= need;
      prev = cur;
    }
    if (!stable) return { ok: false, failure: 'unstable' };
    if (!physVisible(el) || !prev.vis) return { ok: false, failure: 'notVisible' };
    const cx = prev.vis.x + prev.vis.w / 2, cy = prev.vis.y + prev.vis.h / 2;
    // Hit-test in the element's own document, then check each hosting iframe receives the
    // point in its parent document (an overlay in the parent blocks the whole frame).
    let px = cx, py = cy;
    for (const c of prev.chain) { px -= c.o.x; py -= c.o.y; }
    const hit = deepHit(el.ownerDocument, px, py);
    const ok = hit && (composedContains(el, hit) || (el.labels && Array.from(el.labels).some((l) => composedContains(l, hit))));
    if (!ok) return { ok: false, failure: 'blocked', blocker: summarize(hit) };
    for (const c of prev.chain) {
      px += c.o.x;
      py += c.o.y;
      const h = deepHit(c.f.ownerDocument, px, py);
      if (h !== c.f) return { ok: false, failure: 'blocked', blocker: summarize(h) };
    }
    const r = prev.rect;
    return { ok: true, x: round2(cx), y: round2(cy), rect: { x: round2(r.x), y: round2(r.y), w: round2(r.w), h: round2(r.h) } };
  }

  // ---------------------------------------------------------------- waiting
  function pageText(doc) {
    let t = (doc.body || doc.documentElement).innerText || '';
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
        styles = new WeakMap();
        const m = matchLocator(cond.locator, walkOpts());
        const list = Array.isArray(m) ? m : [];
        if (cond.kind === 'elementAbsent') return list.length === 0;
        if (cond.kind === 'elementPresent') return list.length > 0;
        return list.some(isRendered);
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
      // 100 ms interval catches what mutations do not show (CSS, layout, frames' documents).
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
    const el = ref == null ? document.body || document.documentElement : target(ref);
    if (!el) return { status: 'stale' };
    const c = cutText(el.innerText || '', maxChars || 20000);
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
    const ctl = e.localName === 'label' && e.control ? e.control : e; // label proxies
    const v = fieldValue(ctl);
    const root = e.getRootNode();
    return {
      connected: true,
      checked: checkedOf(ctl),
      valueLength: v ? (ctl.localName === 'select' ? ctl.value.length : v.value.length) : null,
      focused: root.activeElement === e,
      role: role || (ctl !== e ? roleOf(ctl) : null),
      name: cut(accName(ctl !== e && !role ? ctl : e, role), 80),
      password: ctl.localName === 'input' && ctl.type === 'password',
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
  function focus(ref) {
    const el = target(ref);
    if (!el) return { ok: false, failure: 'stale' };
    el.focus({ preventScroll: false });
    if (isTextInput(el) || el.localName === 'textarea' || el.isContentEditable) caretToEnd(el);
    return { ok: true, focused: el.getRootNode().activeElement === el };
  }
  function clear(ref) {
    const el = target(ref);
    if (!el) return { ok: false, failure: 'stale' };
    const field = el.localName === 'input' || el.localName === 'textarea';
    if (isDisabled(el)) return { ok: false, failure: 'disabled' };
    if (!isEditable(el)) return { ok: false, failure: 'notEditable' };
    el.focus();
    const doc = el.ownerDocument;
    // Select-all + delete goes through the editor, so rich editors and undo see a normal
    // deletion with beforeinput/input events; setting .value is only the fallback.
    try {
      if (field) el.select();
      else { const r = doc.createRange(); r.selectNodeContents(el); const s = doc.getSelection(); s.removeAllRanges(); s.addRange(r); }
      doc.execCommand('delete');
    } catch (_) { /* fall through */ }
    if (field && el.value !== '') { el.value = ''; fire(el, 'input'); } else if (!field && el.textContent !== '') { el.textContent = ''; fire(el, 'input'); }
    if (field) fire(el, 'change');
    return { ok: true };
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
      styles = new WeakMap();
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
          if (el && isRendered(el)) {
            const d = describe(el, ctx);
            return { status: 'ok', framework: entry[0], ref: d.ref, role: d.role, name: d.name, nextRef: ctx.next };
          }
        }
        if (!present && entry[1].concat(entry[2]).some((sel) => { const el = root.querySelector(sel); return el && isRendered(el); })) present = entry[0];
      }
    }
    return present ? { status: 'noChoice', framework: present, nextRef: ctx.next } : { status: 'none', nextRef: ctx.next };
  }
  const api = {
    version: 1,
    observe: guard(observe, (a) => a[0] && a[0].nextRef),
    resolve: guard(resolve, (a) => a[1]),
    actionable: guard(actionable),
    waitFor: guard(waitFor),
    text: guard(text),
    dom: guard(dom),
    select: guard(select),
    state: guard(state),
    focus: guard(focus),
    clear: guard(clear),
    similar: guard(similar, (a) => a[3]),
    scroll: guard(scroll),
    rect: guard(rect),
    readyState: guard(readyState),
    fileInput: guard(fileInput),
    consent: guard(consent, (a) => a[1]),
  };
  Object.defineProperty(globalThis, '__glassAgent', { value: Object.freeze(api), enumerable: false, configurable: false, writable: false });
})();
