  // Part 15, DOM traversal and frames: the flat tree (shadow roots, slots), frame documents, offsets and viewports, the deep focus; apart as the geometry every later part shares.
  // Flat-tree parent: slot for slotted nodes, host for shadow roots; null at a document.
  /** @param {Element} n @returns {El | null} */
  function flatParent(n) {
    if (n.assignedSlot) return n.assignedSlot;
    const p = n.parentNode;
    if (!p) return null;
    if (p.nodeType === 11) return /** @type {ShadowRoot} */ (p).host || null;
    return p.nodeType === 1 ? /** @type {Element} */ (p) : null;
  }
  /** @param {Node} a @param {Node} b */
  function composedContains(a, b) {
    for (let n = b; n; n = n.parentNode || (n.nodeType === 11 ? /** @type {ShadowRoot} */ (n).host : null)) if (n === a) return true;
    return false;
  }
  // Children in rendering order: an open shadow root replaces the light children, a slot
  // shows its assigned nodes (or its fallback content).
  /** @param {El} el */
  function kids(el) {
    if (el.shadowRoot) return el.shadowRoot.childNodes;
    if (el.localName === 'slot' && el.assignedNodes) {
      const a = el.assignedNodes();
      if (a.length) return a;
    }
    return el.childNodes;
  }
  /** @param {Element} f */
  function contentDoc(f) {
    try {
      const d = /** @type {HTMLIFrameElement} */ (f).contentDocument; // null for cross-origin frames
      return d && d.documentElement ? d : null;
    } catch (_) {
      return null;
    }
  }
  // The frame element hosting el's document, as seen from this world (null in our own doc).
  /** @param {Element} el */
  function frameOf(el) {
    const v = el.ownerDocument && el.ownerDocument.defaultView;
    if (!v || v === window) return null;
    try { return v.frameElement; } catch (_) { return null; }
  }
  // Where an iframe's content box (inside border and padding) starts in its own document's
  // viewport, and its scale there (`sx`, `sy`: CSS zoom and scale transforms draw a frame's
  // pixels larger or smaller than its document's own): a point p of the frame's viewport is at
  // (x + p.x * sx, y + p.y * sy) in the parent's.
  /** @param {El} f */
  function contentOffset(f) {
    const r = f.getBoundingClientRect();
    const s = st(f);
    const sx = f.offsetWidth > 0 ? r.width / f.offsetWidth : 1, sy = f.offsetHeight > 0 ? r.height / f.offsetHeight : 1;
    return {
      x: r.left + (f.clientLeft + (parseFloat(s.paddingLeft) || 0)) * sx,
      y: r.top + (f.clientTop + (parseFloat(s.paddingTop) || 0)) * sy,
      sx, sy,
    };
  }
  /** @param {Document} doc @returns {Box} */
  function viewportOf(doc) {
    const v = doc.defaultView || window;
    const de = doc.documentElement;
    // clientWidth/Height exclude scrollbars; in quirks mode html's clientHeight is the page
    // height, hence the min with innerHeight.
    return { x: 0, y: 0, w: Math.min(v.innerWidth, (de && de.clientWidth) || Infinity), h: Math.min(v.innerHeight, (de && de.clientHeight) || Infinity) };
  }
  /** A box in CSS pixels. @typedef {{ x: number, y: number, w: number, h: number }} Box */
  /** @param {Box} a @param {Box} b @returns {Box | null} */
  function clipRect(a, b) {
    const x = Math.max(a.x, b.x), y = Math.max(a.y, b.y);
    const w = Math.min(a.x + a.w, b.x + b.w) - x, h = Math.min(a.y + a.h, b.y + b.h) - y;
    return w > 0 && h > 0 ? { x, y, w, h } : null;
  }
  /** @param {DOMRectReadOnly} r @returns {Box} */
  const toBox = (r) => ({ x: r.left, y: r.top, w: r.width, h: r.height });
  // ---------------------------------------------------------------- the whole page's changes
  // Web components draw their menus, popups and panels inside shadow roots, where neither a
  // MutationObserver on the document nor the document's getAnimations() looks: every watch of
  // the page's changes and animations goes through these, so none is blind there.
  /** What counts as a change of the page. */
  const PAGE_CHANGES = { subtree: true, childList: true, attributes: true, characterData: true };
  /** How many shadow roots a watch follows at most. */
  const MAX_ROOTS = 2000;
  // The open shadow roots in `root` (a document or an element, itself included), nested ones too.
  /** @param {Document | Element | ShadowRoot} root @param {ShadowRoot[]} [out] @returns {ShadowRoot[]} */
  function openShadowRoots(root, out = []) {
    const doc = root.nodeType === 9 ? /** @type {Document} */ (root) : root.ownerDocument;
    /** @param {Element} n */
    const take = (n) => { if (n.shadowRoot && out.length < MAX_ROOTS) { out.push(n.shadowRoot); openShadowRoots(n.shadowRoot, out); } };
    if (root.nodeType === 1) take(/** @type {Element} */ (root));
    const tw = doc.createTreeWalker(root, 1 /* SHOW_ELEMENT */);
    for (let n = tw.nextNode(); n && out.length < MAX_ROOTS; n = tw.nextNode()) take(/** @type {Element} */ (n));
    return out;
  }
  /** A watch of the page's changes. @typedef {{ mo: MutationObserver, roots: Set<ShadowRoot> }} PageWatch */
  // Call `onChange` with each batch of changes to `doc` or any open shadow root in it,
  // following the roots of components the page adds or upgrades meanwhile.
  // `options` may ask for more than what changed (a drag's watch keeps what each change replaced).
  /** @param {(list: MutationRecord[]) => void} onChange @param {Document} [doc] @param {MutationObserverInit} [options] @returns {PageWatch} */
  function watchPage(onChange, doc = document, options = PAGE_CHANGES) {
    /** @type {Set<ShadowRoot>} */
    const roots = new Set();
    /** @param {Document | Element} from */
    const follow = (from) => {
      for (const r of openShadowRoots(from)) {
        if (roots.has(r) || roots.size >= MAX_ROOTS) continue;
        roots.add(r);
        mo.observe(r, options);
      }
    };
    const mo = new MutationObserver((list) => {
      for (const m of list) {
        if (m.type === 'childList') { for (const n of m.addedNodes) if (n.nodeType === 1) follow(/** @type {Element} */ (n)); }
        else if (m.type === 'attributes') {
          const t = /** @type {Element} */ (m.target);
          // A component upgraded late (its definition loaded after it was added) sets its own attributes.
          if (t.shadowRoot && !roots.has(t.shadowRoot)) follow(t);
        }
      }
      onChange(list);
    });
    mo.observe(doc, options);
    follow(doc);
    return { mo, roots };
  }
  // The animations and transitions running in `doc` and in the shadow roots given.
  /** @param {Document} doc @param {Iterable<ShadowRoot>} roots @returns {Animation[]} */
  function runningAnimations(doc, roots) {
    if (typeof doc.getAnimations !== 'function') return [];
    const all = doc.getAnimations();
    for (const r of roots) if (typeof r.getAnimations === 'function') all.push(...r.getAnimations());
    return all.filter((a) => a.playState === 'running');
  }
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

