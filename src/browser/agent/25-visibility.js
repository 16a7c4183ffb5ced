  // Part 25, existence and visibility: what is absent (pruned, modal), overflow clipping along the containing-block chain, seen and shown; apart as the one visibility rule set.
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
  // A box's part inside a clip given by its edges, which may be infinite on the axis a block
  // does not clip (overflow-x: hidden alone): compared edge by edge, never as a width, so an
  // open side stays open (as a width it was Infinity - Infinity, NaN, and the box hidden).
  function clipByEdges(box, c) {
    const l = Math.max(box.x, c.l), t = Math.max(box.y, c.t);
    const r = Math.min(box.x + box.w, c.r), b = Math.min(box.y + box.h, c.b);
    return r > l && b > t ? { x: l, y: t, w: r - l, h: b - t } : null;
  }
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

