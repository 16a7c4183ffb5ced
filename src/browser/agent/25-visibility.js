  // Part 25, existence and visibility: what is absent (pruned, outside the open modal of part 26), overflow clipping along the containing-block chain, seen and shown; apart as the one visibility rule set.
  // ---------------------------------------------------------------- what exists
  // Whether this element and everything under it is absent from the page model: what Chrome
  // keeps out of the accessibility tree and out of rendering (display:none, inert,
  // aria-hidden, content of a closed <details>, no box in the flat tree), plus non-content
  // tags. visibility:hidden is per element (a child may be visible again), so it is not here.
  /** @param {El} el */
  function prunes(el) {
    const tag = el.localName;
    if (SKIP.has(tag) || el.hasAttribute('inert')) return true;
    // aria-hidden hides, but not the open modal dialog a page hid inside it with the rest of
    // the page (see `findModal`): a person sees that one, and works in it.
    if (el.getAttribute('aria-hidden') === 'true') {
      const m = modalRoot(el.ownerDocument);
      if (!m || !composedContains(el, m)) return true;
    }
    const p = /** @type {El} */ (el.parentElement);
    if (p && p.localName === 'details' && !p.open && !(tag === 'summary' && p.querySelector(':scope > summary') === el)) return true;
    const s = st(el);
    if (s.display === 'none') return true;
    // No box at all (unslotted light DOM, fallback content of replaced elements, options of
    // a closed select, content-visibility:hidden content): nothing below renders either.
    return s.display !== 'contents' && !el.checkVisibility();
  }
  // The bottom-up form of the walk's pruning: absent itself or through any ancestor, its
  // frame included.
  /** @param {El} el @returns {boolean} */
  function absent(el) {
    if (!el || !el.isConnected) return true;
    for (let n = el; n; n = flatParent(n)) if (prunes(n)) return true;
    const m = modalRoot(el.ownerDocument);
    if (m && !composedContains(m, el) && !overModal(el, m)) return true;
    const f = frameOf(el);
    return f ? absent(f) : false;
  }
  // ---------------------------------------------------------------- what a person sees
  // Overflow clipping follows the containing-block chain, not the DOM: an absolutely
  // positioned box escapes a clipping ancestor that is not positioned, a fixed box escapes
  // every ancestor that does not contain fixed descendants (transform, filter, contain...),
  // and overflow on <body> or <html> belongs to the viewport. So for every element we keep
  // three clip rectangles for its descendants, one per positioning scheme; null = unclipped.
  /**
   * A turned block's clip along one of its own axes: the screen points whose coordinate on that
   * axis, measured from the block's centre (`cx`, `cy`) along (`ux`, `uy`), is within `lo`..`hi`.
   * `by` is the block and `axis` its own axis, so a scroller can open the axis it scrolls.
   * @typedef {{ cx: number, cy: number, ux: number, uy: number, lo: number, hi: number, by: El, axis: string }} Band
   */
  /** Clip edges in CSS pixels, infinite where open, and the bands of turned clips. @typedef {{ l: number, t: number, r: number, b: number, bands?: Band[] }} Edges */
  /** @type {Edges} */
  const NONE = { l: -Infinity, t: -Infinity, r: Infinity, b: Infinity };
  /** @type {Edges} */
  const EMPTY = { l: 0, t: 0, r: 0, b: 0 };
  /** @param {string} v */
  const clips = (v) => v === 'hidden' || v === 'clip';
  // On screen also asks the scrollers: every overflow but visible clips what is drawn now.
  /** @param {string} v */
  const clipsNow = (v) => v !== 'visible';
  // A person scrolls it with the wheel.
  /** @param {string} v */
  const scrolls = (v) => v === 'auto' || v === 'scroll';
  /** @param {CSSStyleDeclaration} s */
  function containsFixed(s) {
    if (s.transform !== 'none' || (s.perspective && s.perspective !== 'none') || (s.filter && s.filter !== 'none') || (s.backdropFilter && s.backdropFilter !== 'none')) return true;
    const c = s.contain || '';
    if (/paint|layout|strict|content/.test(c)) return true;
    const w = s.willChange || '';
    // A query container (container-type) applies size and style containment only, not
    // layout containment: a fixed box escapes it (Chrome's hit test agrees).
    return /transform|perspective|filter/.test(w);
  }
  // clip:rect(0 0 0 0) and clip-path:inset(50%): the visually-hidden pattern (`clip` applies
  // to positioned boxes only).
  /** @param {CSSStyleDeclaration} s */
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
  // A style that turns its box: a rotation, a skew or a 3D transform.
  /** @param {CSSStyleDeclaration} s */
  function ownTurned(s) {
    if (s.rotate && s.rotate !== 'none') return true;
    const t = s.transform;
    if (!t || t === 'none') return false;
    if (t.startsWith('matrix3d')) return true;
    const m = /^matrix\(([^)]*)\)/.exec(t);
    if (!m) return false;
    const v = m[1].split(',').map(Number);
    return Math.abs(v[1]) > 1e-6 || Math.abs(v[2]) > 1e-6;
  }
  // The 2-D linear part of el's own transform (`rotate`, `scale` and `transform`, in that order
  // of application from the outside in), as [a, b, c, d] mapping (x, y) to (a x + c y, b x + d y);
  // null for a 3-D one, which maps no line to a line this script can follow.
  /** @param {CSSStyleDeclaration} s @returns {number[] | null} */
  function ownLinear(s) {
    let m = [1, 0, 0, 1];
    /** @param {number[]} n */
    const times = (n) => { m = [m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1], m[0] * n[2] + m[2] * n[3], m[1] * n[2] + m[3] * n[3]]; };
    if (s.rotate && s.rotate !== 'none') {
      const parts = s.rotate.trim().split(/\s+/);
      const a = parts[parts.length - 1];
      if (parts.length > 1 && !/^z$|^0 0 1$/.test(parts.slice(0, -1).join(' '))) return null;
      const deg = a.endsWith('rad') ? parseFloat(a) * 180 / Math.PI : a.endsWith('turn') ? parseFloat(a) * 360 : a.endsWith('grad') ? parseFloat(a) * 0.9 : parseFloat(a);
      if (!Number.isFinite(deg)) return null;
      const c = Math.cos(deg * Math.PI / 180), n = Math.sin(deg * Math.PI / 180);
      times([c, n, -n, c]);
    }
    if (s.scale && s.scale !== 'none') {
      const v = s.scale.trim().split(/\s+/).map(Number);
      if (!v.every(Number.isFinite)) return null;
      times([v[0], 0, 0, v.length > 1 ? v[1] : v[0]]);
    }
    const t = s.transform;
    if (t && t !== 'none') {
      const g = /^matrix\(([^)]*)\)/.exec(t);
      if (!g) return null;
      const v = g[1].split(',').map(Number);
      times([v[0], v[1], v[2], v[3]]);
    }
    return m;
  }
  // Inline boxes a transform applies to all the same.
  const REPLACED = new Set(['img', 'video', 'canvas', 'iframe', 'embed', 'object', 'svg', 'input', 'select', 'textarea', 'button']);
  // Every transform from el up to its document, composed: its own x axis runs along (m[0],
  // m[1]) on screen and its y axis along (m[2], m[3]). null when one is 3-D.
  /** @param {El} el @returns {number[] | null} */
  function linearOf(el) {
    let m = [1, 0, 0, 1];
    for (let n = /** @type {El | null} */ (el); n; n = flatParent(n)) {
      if (n.nodeType !== 1) continue;
      const ns = st(n);
      // No box (display: contents) or an inline box, which transforms do not apply to.
      if (ns.display === 'contents' || (ns.display === 'inline' && !REPLACED.has(n.localName))) continue;
      const o = ownLinear(ns);
      if (!o) return null;
      m = [o[0] * m[0] + o[2] * m[1], o[1] * m[0] + o[3] * m[1], o[0] * m[2] + o[2] * m[3], o[1] * m[2] + o[3] * m[3]];
    }
    return m;
  }
  // The bands of el's turned clip, one per axis it cuts (`cx`, `cy`: which of its own axes):
  // its padding box in its own coordinates, mapped through every transform from it up to its
  // document. null when some transform on the way is 3-D.
  /** @param {El} el @param {boolean} cx @param {boolean} cy @returns {Band[] | null} */
  function turnedBands(el, cx, cy) {
    const m = linearOf(el);
    if (!m) return null;
    const r = el.getBoundingClientRect(), w = el.offsetWidth, h = el.offsetHeight;
    // How many screen pixels one of its own: zoom scales both alike, and its box's bounds on
    // screen give the factor.
    const spanX = Math.abs(m[0]) * w + Math.abs(m[2]) * h, spanY = Math.abs(m[1]) * w + Math.abs(m[3]) * h;
    const k = spanX > 0 ? r.width / spanX : spanY > 0 ? r.height / spanY : 0;
    const det = k * k * (m[0] * m[3] - m[1] * m[2]);
    if (!(Math.abs(det) > 1e-9)) return null;
    // Rows of the inverse map: a screen offset from the centre to its own x and y.
    const ix = [k * m[3] / det, -k * m[2] / det], iy = [-k * m[1] / det, k * m[0] / det];
    const mid = { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    // Half a pixel of slack: offsetWidth is rounded, and the press's hit test decides the rest.
    /** @type {Band[]} */
    const out = [];
    if (cx) out.push({ cx: mid.x, cy: mid.y, ux: ix[0], uy: ix[1], lo: el.clientLeft - w / 2 - 0.5, hi: el.clientLeft + el.clientWidth - w / 2 + 0.5, by: el, axis: 'x' });
    if (cy) out.push({ cx: mid.x, cy: mid.y, ux: iy[0], uy: iy[1], lo: el.clientTop - h / 2 - 0.5, hi: el.clientTop + el.clientHeight - h / 2 + 0.5, by: el, axis: 'y' });
    return out;
  }
  // Whether any of a box (screen-aligned) lies in every band.
  /** @param {Box} box @param {Band[] | undefined} bands */
  function boxInBands(box, bands) {
    if (!bands) return true;
    for (const d of bands) {
      let lo = Infinity, hi = -Infinity;
      for (const [x, y] of [[box.x, box.y], [box.x + box.w, box.y], [box.x, box.y + box.h], [box.x + box.w, box.y + box.h]]) {
        const v = d.ux * (x - d.cx) + d.uy * (y - d.cy);
        lo = Math.min(lo, v); hi = Math.max(hi, v);
      }
      if (hi <= d.lo || lo >= d.hi) return false;
    }
    return true;
  }
  /** @param {Band[] | undefined} a @param {Band[] | undefined} b */
  const bothBands = (a, b) => (a && b ? a.concat(b) : a || b);
  /** @param {Edges} a @param {Edges} b @returns {Edges} */
  const intersect = (a, b) => {
    /** @type {Edges} */
    const c = { l: Math.max(a.l, b.l), t: Math.max(a.t, b.t), r: Math.min(a.r, b.r), b: Math.min(a.b, b.b) };
    const bands = bothBands(a.bands, b.bands);
    if (bands) c.bands = bands;
    return c;
  };
  /** @param {Edges} c */
  const emptyClip = (c) => c.r <= c.l || c.b <= c.t;
  // An edge as Chrome's layout has it, in units of 1/64 px: a part thinner than that is float
  // noise of a transform (a scaled frame's button 0.000005 px inside the viewport), which
  // Chrome's hit test never reaches.
  /** @param {number} v */
  const layoutUnit = (v) => Math.round(v * 64) / 64;
  // A box's part inside a clip given by its edges, which may be infinite on the axis a block
  // does not clip (overflow-x: hidden alone): compared edge by edge, never as a width, so an
  // open side stays open (as a width it was Infinity - Infinity, NaN, and the box hidden).
  /** @param {Box} box @param {Edges} c @returns {Box | null} */
  // A turned clip's bands do not cut the box to a rectangle: a box outside one is null, else
  // the hit test finds its points inside.
  function clipByEdges(box, c) {
    const l = Math.max(box.x, c.l), t = Math.max(box.y, c.t);
    const r = Math.min(box.x + box.w, c.r), b = Math.min(box.y + box.h, c.b);
    if (!(layoutUnit(r) > layoutUnit(l) && layoutUnit(b) > layoutUnit(t))) return null;
    const part = { x: l, y: t, w: r - l, h: b - t };
    return boxInBands(part, c.bands) ? part : null;
  }
  // Chrome hit-tests a point as taking a box (and passing a clip) from a pixel before the box's
  // left and top edges: a press at whole pixel x reaches [l, r) when l - 1 < x < r (measured
  // with elementFromPoint and real presses). So a box that ends just short of a clip's edge
  // (a button 0.5 px left of a scroller's clip, at a scale) is still pressed on the pixel they
  // share. A box's part in a clip that has no whole pixel inside it geometrically: that pixel,
  // as a 1 px box on the axes that need it; null when no pixel is taken either. Chrome's hit
  // test has the last word wherever the part is on screen (see `screenBox`). Edges are taken at
  // Chrome's layout unit (see `layoutUnit`).
  /** @param {Box} box @param {Edges} c @returns {Box | null} */
  function pixelPart(box, c) {
    /** @param {number} lo @param {number} hi @returns {number[] | null} */
    const axis = (lo, hi) => {
      lo = layoutUnit(lo);
      hi = layoutUnit(hi);
      if (hi > lo && Math.ceil(lo) < hi) return [lo, hi];
      const k = Math.ceil(hi) - 1;
      return k > lo - 1 ? [k - 0.5, k + 0.5] : null;
    };
    const x = axis(Math.max(box.x, c.l), Math.min(box.x + box.w, c.r));
    const y = axis(Math.max(box.y, c.t), Math.min(box.y + box.h, c.b));
    if (!x || !y) return null;
    const part = { x: x[0], y: y[0], w: x[1] - x[0], h: y[1] - y[0] };
    return boxInBands(part, c.bands) ? part : null;
  }
  // The clips for an element's descendants, one per positioning scheme, in its document's
  // viewport coordinates: `flow` for in-flow boxes, `abs()` for absolutely positioned ones,
  // `fixed()` for fixed ones. The last two are worked out only when some descendant is
  // positioned that way (most pages never ask, and reading the containing-block properties
  // of every element would double the walk's cost).
  class ClipCtx {
    /** @param {El} el @param {CSSStyleDeclaration} s @param {ClipCtx | null} parent @param {(v: string) => boolean} cuts */
    constructor(el, s, parent, cuts) {
      this.s = s; this.parent = parent; /** @type {Edges} */ this.a = undefined; /** @type {Edges} */ this.f = undefined; /** @type {boolean} */ this.cf = undefined;
      // Turned (rotated or skewed) itself or through an ancestor: every box below is drawn
      // off its axes.
      this.turn = (!!parent && parent.turn) || ownTurned(s);
      if (!parent) { this.flow = NONE; this.a = NONE; this.f = NONE; return; }
      const own = ownClip(s, parent);
      let inner = own;
      const tag = el.localName;
      const doc = el.ownerDocument;
      // body's overflow moves to the viewport when html's is visible.
      const toViewport = tag === 'html' || (tag === 'body' && doc.documentElement && st(doc.documentElement).overflowX === 'visible' && st(doc.documentElement).overflowY === 'visible');
      if (clipHidesAll(s)) inner = EMPTY;
      else if (!toViewport && s.display !== 'contents' && (cuts(s.overflowX) || cuts(s.overflowY))) {
        const r = el.getBoundingClientRect();
        let box;
        /** @type {Band[] | null} */
        let bands = null;
        if (this.turn) {
          // A turned clip is no rectangle on screen: bands along its own axes, inside its
          // bounds when it cuts both. Cutting one, it leaves the other open however it turns
          // (content running out along it shows), so its bounds say nothing there.
          const bx = cuts(s.overflowX), by = cuts(s.overflowY);
          bands = turnedBands(el, bx, by);
          box = bx && by ? { l: r.left, t: r.top, r: r.right, b: r.bottom } : NONE;
        } else {
          // Its padding box as drawn: zoom and scale make it larger or smaller than its own
          // CSS pixels (clientWidth and friends).
          const sx = el.offsetWidth > 0 ? r.width / el.offsetWidth : 1, sy = el.offsetHeight > 0 ? r.height / el.offsetHeight : 1;
          const l = r.left + el.clientLeft * sx, t = r.top + el.clientTop * sy;
          box = { l, t, r: l + el.clientWidth * sx, b: t + el.clientHeight * sy };
        }
        inner = intersect(own, {
          l: cuts(s.overflowX) ? box.l : -Infinity, r: cuts(s.overflowX) ? box.r : Infinity,
          t: cuts(s.overflowY) ? box.t : -Infinity, b: cuts(s.overflowY) ? box.b : Infinity,
          bands: bands || undefined,
        });
      }
      // What a person can see of a scroller's content: any of it can be scrolled into the
      // scroller's box, so along an axis it scrolls, the clips around it bound the scroller,
      // not where its content sits now (open if any of its box shows, else nothing). Turned,
      // it scrolls along its own turned axes, which cross both screen axes: both open.
      if (cuts === clips && !toViewport && s.display !== 'contents' && inner !== EMPTY) {
        const sx = scrolls(s.overflowX), sy = scrolls(s.overflowY);
        if (sx || sy) {
          const r = el.getBoundingClientRect();
          // A band is open too where scrolling moves content across it: its own along an axis
          // it scrolls, and a turned clip's around it that the scrolling direction crosses
          // (content scrolled along a band stays out of it).
          const lin = inner.bands ? linearOf(el) : null;
          /** @param {Band} d @param {number} dx @param {number} dy */
          const crosses = (d, dx, dy) => Math.abs(d.ux * dx + d.uy * dy) > 1e-3 * Math.hypot(d.ux, d.uy) * Math.hypot(dx, dy);
          const bands = inner.bands && inner.bands.filter((d) => d.by === el ? !(d.axis === 'x' ? sx : sy)
            : !lin || !((sx && crosses(d, lin[0], lin[1])) || (sy && crosses(d, lin[2], lin[3]))));
          inner = { l: inner.l, t: inner.t, r: inner.r, b: inner.b };
          if (bands && bands.length) inner.bands = bands;
          const across = this.turn;
          // Content before the scroller's origin (above its top; left of its left edge, left
          // to right) is never scrolled into it: Node-RED parks autofill traps at -2000px.
          const sc = el.offsetHeight > 0 ? r.height / el.offsetHeight : 1;
          const ltr = s.direction !== 'rtl';
          if (sx || across) {
            const open = Math.min(inner.r, r.right) > Math.max(inner.l, r.left);
            inner.l = !open ? 0 : across || !ltr ? -Infinity : r.left + (el.clientLeft - el.scrollLeft) * sc;
            inner.r = open ? Infinity : 0;
          }
          if (sy || across) {
            const open = Math.min(inner.b, r.bottom) > Math.max(inner.t, r.top);
            inner.t = !open ? 0 : across ? -Infinity : r.top + (el.clientTop - el.scrollTop) * sc;
            inner.b = open ? Infinity : 0;
          }
        }
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
  // `now`: the clips of what is on screen now (scrollers included), else those a person
  // cannot scroll away (what can be seen at all).
  /** @param {El} el @param {boolean} [now] @returns {ClipCtx} */
  function kidsClip(el, now) {
    const memo = now ? screenMemo : clipMemo;
    let m = memo.get(el);
    if (m) return m;
    const p = flatParent(el);
    m = new ClipCtx(el, st(el), p ? kidsClip(p, now) : null, now ? clipsNow : clips);
    memo.set(el, m);
    return m;
  }
  /** @param {CSSStyleDeclaration} s @param {ClipCtx} pc @returns {Edges} */
  function ownClip(s, pc) {
    const pos = s.position;
    return pos === 'absolute' ? pc.abs() : pos === 'fixed' ? pc.fixed() : pc.flow;
  }
  /** @param {El} el @param {boolean} [now] */
  function clipFor(el, now) {
    const p = flatParent(el);
    if (!p) return NONE;
    const s = st(el);
    if (clipHidesAll(s)) return EMPTY;
    return ownClip(s, kidsClip(p, now));
  }
  // A zero-size box still shows what overflows it visibly (display:contents wrappers, floats
  // in a collapsed parent, positioned children).
  /** @param {El} el */
  function visibleDescendant(el) {
    /** @type {Node[]} */
    const roots = [el];
    if (el.shadowRoot) roots.push(el.shadowRoot);
    let k = 0;
    for (const root of roots) {
      const tw = el.ownerDocument.createTreeWalker(root, 1 /* SHOW_ELEMENT */);
      for (let d = tw.nextNode(); d; d = tw.nextNode()) {
        if (++k > 200) return false;
        if (boxSeen(/** @type {El} */ (d), true)) return true;
      }
    }
    return false;
  }
  // Whether el's box lies wholly before its document's origin (above its top, or left of it in
  // a left-to-right page), where no scrolling ever brings it: Node-RED measures its labels in
  // a span at top:-1000px.
  /** @param {El} el @param {DOMRect} r */
  function beforeOrigin(el, r) {
    const doc = el.ownerDocument, w = doc.defaultView;
    if (!w) return false;
    if (r.bottom + w.scrollY > 0 && r.right + w.scrollX > 0) return false;
    // Only where nothing could bring it down or right: no scroller around it scrolled (their
    // origins are their clips' part, see ClipCtx), nothing sticky or transformed on the way
    // (a turned scroller scrolls along its own axes; sticky boxes move as the page scrolls).
    for (let n = /** @type {Node | null} */ (el), k = 0; n && n.nodeType === 1 && k < 64; n = flatParent(/** @type {El} */ (n)), k++) {
      const e = /** @type {HTMLElement} */ (n);
      if (e !== doc.scrollingElement && (e.scrollTop || e.scrollLeft)) return false;
      const s = st(/** @type {El} */ (e));
      if (s.position === 'sticky' || s.transform !== 'none' || (s.rotate && s.rotate !== 'none') || (s.translate && s.translate !== 'none')) return false;
    }
    if (r.bottom + w.scrollY <= 0) return true;
    return r.right + w.scrollX <= 0 && st(doc.documentElement).direction !== 'rtl';
  }
  // Whether a person can see any of el's own box (ignores opacity: a see-through control
  // still takes clicks) in its document; `quick` skips the descendant search. A native control
  // of 2 px or less (the visually-hidden pattern) is not seen.
  /** @param {El} el @param {boolean} quick @param {boolean} [rendered] @returns {boolean} */
  function boxSeen(el, quick, rendered) {
    const s = st(el);
    if (s.visibility !== 'visible') return false;
    if (s.display === 'contents') return !quick && visibleDescendant(el);
    if (!rendered && !el.checkVisibility()) return false;
    const r = el.getBoundingClientRect();
    if (r.width <= 2 && r.height <= 2 && nativeInteractive(el)) return false;
    // A native control with no inside and an invisible border draws nothing (ion.rangeSlider
    // keeps its value input so, beside the slider it draws).
    if (nativeInteractive(el) && el.clientWidth === 0 && el.clientHeight === 0 && [s.borderTopColor, s.borderRightColor, s.borderBottomColor, s.borderLeftColor].every((c) => c === 'transparent' || /^rgba\(.*,\s*0\)$/.test(c))) return false;
    // A native control both see-through and click-through is kept for the form only (Choices.js
    // keeps its <select> so): no person sees it or presses it.
    if (s.opacity === '0' && s.pointerEvents === 'none' && nativeInteractive(el)) return false;
    const c = clipFor(el);
    if (r.width > 0 && r.height > 0) {
      if (emptyClip(c) || beforeOrigin(el, r)) return false;
      return !!pixelPart(toBox(r), c);
    }
    if (quick || emptyClip(c)) return false;
    return (!clips(s.overflowX) && !clips(s.overflowY)) && visibleDescendant(el);
  }
  // Seen by a person: present, its box visible, and its frame seen.
  /** @param {El} el */
  function seen(el) {
    if (absent(el)) return false;
    return seenPresent(el);
  }
  // `rendered`: the caller knows el has a box (the walk checked it).
  /** @param {El} el @param {boolean} [rendered] @returns {boolean} */
  function seenPresent(el, rendered) {
    if (!boxSeen(el, false, rendered)) return false;
    const f = frameOf(el);
    return f ? seenPresent(f) : true;
  }
  // What a person clicks to operate a control that is only visually hidden (a clipped or
  // 1px input under its visible label, a code editor's hidden textarea): its first visible
  // label, or the editor around it. null when there is none.
  /** @param {El} el */
  function proxyOf(el) {
    const widget = drawnWidget(el);
    if (widget) return widget;
    // ion.rangeSlider's value input: the slider drawn before it stands for it (see `ionInput`).
    if (el.classList.contains('irs-hidden-input') && el.previousElementSibling && roleOf(/** @type {El} */ (el.previousElementSibling)) === 'slider') return null;
    if (el.labels) for (const l of el.labels) if (l && !absent(l) && seenPresent(l)) return l;
    const ed = editorOf(el);
    if (ed && ed.input === el && !absent(ed.root) && seenPresent(ed.root)) return ed.root;
    return thumbOf(el);
  }
  // The thumb a page draws for a range input it keeps out of sight (Material UI's slider puts
  // the clipped input inside it): the nearest seen box around the input that holds no other
  // control, which a person drags. null when there is none.
  /** @param {El} el @returns {El | null} */
  function thumbOf(el) {
    if (el.localName !== 'input' || /** @type {HTMLInputElement} */ (el).type !== 'range') return null;
    for (let n = flatParent(el), k = 0; n && k < 2; n = flatParent(n), k++) {
      if (n.nodeType !== 1) break;
      const box = /** @type {El} */ (n);
      if ([...box.querySelectorAll(CONTROL_SELECTOR)].some((c) => c !== el)) break;
      if (!absent(box) && seenPresent(box)) return box;
    }
    return null;
  }
  // The widget a page draws around a <select> it keeps out of sight (Choices.js's combobox):
  // what a person operates instead of it (its label only focuses it). null when there is none.
  /** @param {El} el @returns {El | null} */
  function drawnWidget(el) {
    if (el.localName !== 'select') return null;
    for (let n = flatParent(el), k = 0; n && k < 4; n = flatParent(n), k++) {
      if (n.nodeType !== 1) break;
      const r = roleOf(/** @type {El} */ (n));
      if ((r === 'combobox' || r === 'listbox') && !absent(/** @type {El} */ (n)) && seenPresent(/** @type {El} */ (n))) return /** @type {El} */ (n);
    }
    return null;
  }
  // What choosing in el operates: the widget drawn around a <select> no person sees, else el.
  /** @param {El} el */
  const choosingIn = (el) => (!seenPresent(el) && drawnWidget(el)) || comboAround(el) || el;
  // The combobox a text field is the textbox of (the ARIA 1.1 pattern: Vuetify's autocomplete
  // puts its input inside the element with role combobox, which owns the list): null for any
  // other element.
  /** @param {El} el @returns {El | null} */
  function comboAround(el) {
    if ((el.localName !== 'input' && el.localName !== 'textarea') || roleOf(el) === 'combobox') return null;
    for (let n = flatParent(el), k = 0; n && k < 4; n = flatParent(n), k++) {
      if (n.nodeType === 1 && roleOf(/** @type {El} */ (n)) === 'combobox') return /** @type {El} */ (n);
    }
    return null;
  }
  // Shown: present and seen itself or through its proxy. The set every locator kind and every
  // observation level draws from.
  /** @param {El} el */
  function shown(el) {
    if (absent(el)) return false;
    return seenPresent(el) || !!proxyOf(el);
  }

  // ---------------------------------------------------------------- where a person clicks
  // The one answer, for observe, wait, preflight and every action, to "what of it is on
  // screen now, and where would a person click it". Seen (above) asks only the clips a
  // person cannot scroll away; on screen also asks the scrollers and every viewport and frame
  // up the chain. Nothing else in the agent does clip, frame or viewport arithmetic.
  //
  // For an inline element broken over lines the bounding box can miss it: its first fragment
  // that is in view (or the first non-empty one).
  /** @param {El} el */
  function mainRect(el) {
    // No box of its own (display: contents, Actual Budget's grid cells): the box its contents
    // draw, which is what a person sees and presses.
    if (st(el).display === 'contents') return contentsRect(el) || el.getBoundingClientRect();
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
  // The box around what an element with no box of its own draws: its children's boxes (their
  // own contents', for those with none either), its text's; null when they draw nothing.
  /** @param {El} el @returns {DOMRect | null} */
  function contentsRect(el, depth = 0) {
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity, k = 0;
    for (const c of el.childNodes) {
      if (++k > 64) break;
      /** @type {DOMRect | null} */
      let r = null;
      if (c.nodeType === 1) {
        const e = /** @type {El} */ (c);
        r = st(e).display === 'contents' ? (depth < 8 ? contentsRect(e, depth + 1) : null) : e.getBoundingClientRect();
      } else if (c.nodeType === 3 && /\S/.test(c.nodeValue || '')) {
        const range = el.ownerDocument.createRange();
        range.selectNodeContents(c);
        r = range.getBoundingClientRect();
      }
      if (!r || r.width <= 0 || r.height <= 0) continue;
      x0 = Math.min(x0, r.left); y0 = Math.min(y0, r.top); x1 = Math.max(x1, r.right); y1 = Math.max(y1, r.bottom);
    }
    return x1 > x0 && y1 > y0 ? new DOMRect(x0, y0, x1 - x0, y1 - y0) : null;
  }
  /**
   * @typedef {{ rect: Box, reach: Box | null, vis: Box | null, chain: { f: Element, o: ReturnType<typeof contentOffset> }[],
   *   via?: El, whole?: boolean }} ScreenBox
   */
  // el's box in top-level (this world's window) CSS pixels; `reach`, the part of it clips a
  // person cannot scroll leave visible (what scrolling can bring on screen); `vis`, the part on
  // screen now; and the frame chain with each frame's content-box offset.
  /** @param {El} el @returns {ScreenBox} */
  function screenBox(el) {
    let rect = toBox(mainRect(el));
    const hard = clipFor(el), now = clipFor(el, true);
    let reach = emptyClip(hard) ? null : clipByEdges(rect, hard) || pixelPart(rect, hard);
    let vis = clipRect(rect, viewportOf(el.ownerDocument));
    // On screen only through the pixel Chrome takes before a clip's edge (see `pixelPart`):
    // then only if Chrome's hit test gives it to el (below).
    let near = false;
    if (vis && !emptyClip(now)) {
      const part = clipByEdges(vis, now);
      near = !part;
      vis = part || pixelPart(vis, now);
    } else vis = null;
    /** @type {ScreenBox['chain']} */
    const chain = [];
    for (let /** @type {Window} */ w = el.ownerDocument.defaultView; w && w !== window; w = w.parent) {
      const f = w.frameElement;
      if (!f) break;
      const o = contentOffset(f);
      /** @param {Box} b */
      const move = (b) => b && { x: o.x + b.x * o.sx, y: o.y + b.y * o.sy, w: b.w * o.sx, h: b.h * o.sy };
      rect = move(rect);
      reach = move(reach);
      vis = move(vis);
      if (vis) vis = clipRect(vis, { x: o.x, y: o.y, w: f.clientWidth * o.sx, h: f.clientHeight * o.sy });
      if (vis) vis = clipRect(vis, viewportOf(f.ownerDocument));
      const fc = clipFor(f, true);
      if (vis) vis = emptyClip(fc) ? null : clipByEdges(vis, fc);
      // A frame turned or skewed on the page has no point this script can map into it:
      // nothing of it counts as on screen, rather than a press landing somewhere else.
      if (turned(f)) vis = null;
      chain.push({ f, o });
    }
    // A press is sent at whole pixels (see pressPoint): a part on screen with no whole pixel in
    // it (a 0.05 px sliver at a frame's edge) is nothing a person can press or read, unless
    // Chrome, which takes a box from a pixel before its edge (see `pixelPart`), gives a whole
    // pixel beside it to el (a 0.4 px sliver under a clip's edge is hit on the pixel row
    // above): then that pixel is the part. So is a part that only that rule put on screen.
    const thinX = !!vis && (near ? vis.w <= 1 : !(Math.ceil(vis.x) < vis.x + vis.w));
    const thinY = !!vis && (near ? vis.h <= 1 : !(Math.ceil(vis.y) < vis.y + vis.h));
    if (vis && (thinX || thinY || near)) {
      /** @param {number} lo @param {number} len @param {boolean} thin */
      const near = (lo, len, thin) => (thin ? [Math.floor(lo + len / 2), Math.ceil(lo + len / 2)] : [Math.round(lo + len / 2)]);
      const v = vis;
      /** @type {number[] | null} */
      let got = null;
      for (const x of near(v.x, v.w, thinX)) for (const y of near(v.y, v.h, thinY)) {
        if (!got && receiver(el, { rect, reach, vis: v, chain, via: el }, x, y) === true) got = [x, y];
      }
      vis = got && { x: thinX ? got[0] - 0.5 : v.x, y: thinY ? got[1] - 0.5 : v.y, w: thinX ? 1 : v.w, h: thinY ? 1 : v.h };
    }
    return { rect, reach, vis, chain };
  }
  // Whether el or an ancestor is rotated or skewed (its box no longer axis-aligned).
  /** @param {El} el */
  function turned(el) {
    const p = flatParent(el);
    return ownTurned(st(el)) || (!!p && kidsClip(p).turn);
  }
  // Where the pointer goes for el: el itself when a person sees it, else the label or editor
  // it is operated through.
  /** @param {El} el */
  function pointerTarget(el) {
    if (seenPresent(el)) return el;
    return proxyOf(el);
  }
  // What a person meets of el: null when they cannot see it; else `via` (what they point at),
  // its boxes (`screenBox`) and `whole`, whether all that scrolling could show is on screen.
  /** @param {El} el */
  function sight(el) {
    if (!el || !el.isConnected || absent(el)) return null;
    const via = pointerTarget(el);
    if (!via) return null;
    const b = screenBox(via);
    b.via = via;
    b.whole = wholeOnScreen(b);
    return b;
  }
  // Scroll el into view as a person would: Chrome's scrollIntoView also scrolls boxes with
  // overflow:hidden, which no wheel or finger moves (sticky content in them then overlaps as no
  // person ever sees it), so those keep their offsets (see `keepingHidden`). The viewports are
  // scrolled as they are.
  /** @param {El} el @param {ScrollLogicalPosition} block @param {ScrollLogicalPosition} inline */
  function bringIntoView(el, block, inline) {
    keepingHidden(el, () => el.scrollIntoView({ block, inline, behavior: 'instant' }));
  }
  // Run `scroll`, which may scroll el's ancestors (scrollIntoView, focus), keeping the offsets
  // of the boxes with overflow:hidden around el, in el's document and in every document hosting
  // its frame: no person moves those, and content they hide must stay hidden for the next look.
  /** @param {El} el @param {() => void} scroll */
  function keepingHidden(el, scroll) {
    /** @type {[El, number | false, number | false][]} */
    const kept = [];
    for (let n = flatParent(el); n; n = flatParent(n) || frameOf(n)) {
      const d = n.ownerDocument;
      if (n.nodeType !== 1 || n === d.documentElement || n === d.body) continue;
      const s = st(n);
      const hx = s.overflowX === 'hidden', hy = s.overflowY === 'hidden';
      if (hx || hy) kept.push([n, hx && n.scrollLeft, hy && n.scrollTop]);
    }
    scroll();
    for (const [n, l, t] of kept) {
      if (l !== false && n.scrollLeft !== l) n.scrollLeft = l;
      if (t !== false && n.scrollTop !== t) n.scrollTop = t;
    }
    resetCaches();
  }
  // Where el's scrollers and viewports stand now (up through its frames): a function that puts
  // them back, so an action can undo its own scrolling before it tries another way.
  /** @param {El} el */
  function scrollMark(el) {
    /** @type {[El | null, Window | null, number, number][]} */
    const kept = [];
    for (let d = el.ownerDocument; d; ) {
      const v = d.defaultView;
      kept.push([null, v, v.scrollX, v.scrollY]);
      const f = v.frameElement;
      d = f ? f.ownerDocument : null;
    }
    for (let n = flatParent(el); n; n = flatParent(n) || (n.ownerDocument.defaultView.frameElement)) {
      if (n.nodeType === 1 && (n.scrollLeft || n.scrollTop || scrolls(st(n).overflowX) || scrolls(st(n).overflowY))) kept.push([n, null, n.scrollLeft, n.scrollTop]);
    }
    return () => {
      for (const [n, v, x, y] of kept) {
        if (v) v.scrollTo(x, y);
        else { n.scrollLeft = x; n.scrollTop = y; }
      }
      resetCaches();
    };
  }
  // Scroll toward el as a person does who cannot ask for "into view": each box that scrolls
  // (auto or scroll), innermost first, by how far el's centre is from its centre on screen,
  // along the axes it scrolls; then the viewport, and each hosting frame the same way. For
  // where scrollIntoView's answer leaves el off screen (it scrolls a rotated scroller along
  // its own axes, which can carry el away on screen).
  /** @param {El} el */
  function scrollToward(el) {
    const doc = el.ownerDocument;
    for (let n = flatParent(el); n; n = flatParent(n)) {
      if (n.nodeType !== 1 || n === doc.documentElement || n === doc.body) continue;
      const s = st(n);
      const sx = scrolls(s.overflowX), sy = scrolls(s.overflowY);
      if (!sx && !sy) continue;
      const r = el.getBoundingClientRect(), c = n.getBoundingClientRect();
      if (sy) n.scrollTop += (r.top + r.height / 2) - (c.top + c.height / 2);
      if (sx) n.scrollLeft += (r.left + r.width / 2) - (c.left + c.width / 2);
    }
    const v = doc.defaultView, r = el.getBoundingClientRect();
    v.scrollBy((r.left + r.width / 2) - v.innerWidth / 2, (r.top + r.height / 2) - v.innerHeight / 2);
    resetCaches();
    if (v.frameElement) scrollToward(v.frameElement);
  }
  // Whether el sits in a fixed box of its document (itself or an ancestor `position: fixed`):
  // it stays put on screen while the page scrolls under or over it.
  /** @param {El} el */
  function inFixedBox(el) {
    for (let n = /** @type {El | null} */ (el); n; n = flatParent(n)) {
      if (n.nodeType === 1 && st(n).position === 'fixed') return true;
    }
    return false;
  }
  // Whether all of a box (`screenBox`) that scrolling could bring on screen is on screen: if
  // not, an action scrolls it into view first.
  /** @param {ScreenBox} b */
  const wholeOnScreen = (b) => !!b.vis && (!b.reach || (b.vis.w >= b.reach.w - 0.5 && b.vis.h >= b.reach.h - 0.5));
