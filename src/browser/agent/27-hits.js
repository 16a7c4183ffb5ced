  // Part 27, hit testing: what a press at a point reaches (through shadow roots and frames) and the point a person presses a control at; apart from part 25 as the one place presses are aimed.
  // elementFromPoint stops at shadow hosts; descend through open shadow roots.
  /** @param {Document} doc @param {number} x @param {number} y */
  function deepHit(doc, x, y) {
    let h = doc.elementFromPoint(x, y);
    for (let k = 0; h && h.shadowRoot && k < 32; k++) {
      const inner = h.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === h) break;
      h = inner;
    }
    return h;
  }
  // Whether a press that Chrome sends to `hit` reaches el (itself, inside it, its stand-in or
  // one of its labels), or the box the page made a checkbox, radio or switch let its presses
  // through to: el or its stand-in drawn `pointer-events: none` inside `hit`, within three
  // levels, `hit` showing the pointing hand (react-aria's checkbox in a table's selection cell,
  // whose box takes the press for it; a read-only field showing a choice). A box that shows no
  // hand takes no press for it.
  /** @param {El} el @param {Element} via @param {Element} hit */
  function lands(el, via, hit) {
    if (!hit) return false;
    if (composedContains(el, hit)) return true;
    if (via !== el && composedContains(via, hit)) return true;
    if (el.labels && Array.from(el.labels).some((l) => composedContains(l, hit))) return true;
    return passedThrough(via, hit) || (via !== el && passedThrough(el, hit));
  }
  // Whether el takes no presses and hands them to `box`, which holds it within three levels.
  /** @param {Element} el @param {Element} box */
  function passedThrough(el, box) {
    if (el.nodeType !== 1 || st(/** @type {El} */ (el)).pointerEvents !== 'none' || st(/** @type {El} */ (box)).cursor !== 'pointer') return false;
    const r = roleOf(/** @type {El} */ (el)), c = el.localName === 'label' ? /** @type {HTMLLabelElement} */ (el).control : null;
    // A read-only field that shows a choice, in a box that opens the list and holds no other
    // field (Directus's selects and date fields), hands its presses to that box too.
    const shows = ((el.localName === 'input' && /** @type {HTMLInputElement} */ (el).readOnly) || el.getAttribute('aria-readonly') === 'true')
      && [...box.querySelectorAll(FIELD_SELECTOR)].every((f) => f === el);
    if (!HAND_TOGGLES.has(r) && !(c && HAND_TOGGLES.has(roleOf(/** @type {El} */ (c)))) && !shows) return false;
    let n = flatParent(/** @type {El} */ (el));
    for (let k = 0; n && k < 3; k++, n = flatParent(/** @type {El} */ (n))) if (n === box) return true;
    return false;
  }
  // Whether el is drawn see-through, itself or by a box around it within three levels (Element
  // Plus hides its select's input in a see-through wrapper under the text it shows).
  /** @param {El} el */
  function seeThrough(el) {
    /** @type {El | null} */
    let n = el;
    for (let k = 0; n && n.nodeType === 1 && k < 4; k++) {
      if (st(n).opacity === '0') return true;
      n = /** @type {El | null} */ (flatParent(n));
    }
    return false;
  }
  // The widget a control is drawn in: its farthest ancestor within three levels that holds no
  // other field. null when its parent already holds one.
  /** @param {El} el @returns {El | null} */
  function widgetAround(el) {
    /** @type {El | null} */
    let w = null;
    for (let n = flatParent(el), k = 0; n && k < 3; n = flatParent(n), k++) {
      if (n.nodeType !== 1 || n === el.ownerDocument.body) break;
      const box = /** @type {El} */ (n);
      if ([...box.querySelectorAll(FIELD_SELECTOR)].some((f) => f !== el && !absent(/** @type {El} */ (f)))) break;
      w = box;
    }
    return w;
  }
  // The point, in top-level CSS pixels, where a person would press el as `s` (from `sight`)
  // sees it: the centre of its part on screen, else the point of that part nearest the centre
  // that Chrome would hand to el (an overlay over its centre, a rotated or clipped shape).
  // `{ blocker }` (what the centre hits) when no point of it can receive the press.
  /** @param {El} el @param {ScreenBox} s @returns {{ x?: number, y?: number, blocker?: Element | null }} */
  function pressPoint(el, s) {
    const v = s.vis;
    if (!v) return { blocker: null };
    const tries = [[0.5, 0.5]];
    // A 9 by 9 grid, nearest the centre first: a clip-path or a turned clip can leave any part.
    const steps = [0.05, 0.15, 0.25, 0.35, 0.5, 0.65, 0.75, 0.85, 0.95];
    const grid = [];
    for (const fy of steps) for (const fx of steps) if (fx !== 0.5 || fy !== 0.5) grid.push([fx, fy]);
    grid.sort((a, b) => Math.hypot(a[0] - 0.5, a[1] - 0.5) - Math.hypot(b[0] - 0.5, b[1] - 0.5));
    // Whole pixels: Chrome hit-tests a press at a point of its own rounding, and near an edge
    // (a clip-path, a scroller's border) a fraction decides what takes it.
    // In a frame, a point is taken only when el also takes the points 0.4 of the frame's own
    // pixels around it: Chrome maps a press into a frame (zoomed or scaled: its own pixels)
    // with its own rounding, so a sliver thinner than a pixel that an overlay leaves there is
    // no place a press surely lands. A point of the top document is hit-tested as pressed,
    // whole pixel for whole pixel.
    const nx = s.chain.reduce((m, c) => m * c.o.sx, 0.4), ny = s.chain.reduce((m, c) => m * c.o.sy, 0.4);
    /** @param {number} x @param {number} y */
    const firm = (x, y) => !s.chain.length || [[-nx, 0], [nx, 0], [0, -ny], [0, ny]].every(([dx, dy]) => receiver(el, s, x + dx, y + dy) === true);
    // A toggle that takes the press on one drawn part only: that part's centre first.
    const part = handPart(el);
    if (part) {
      const r = part.getBoundingClientRect();
      let x = r.left + r.width / 2, y = r.top + r.height / 2;
      for (const c of s.chain) { x = x * c.o.sx + c.o.x; y = y * c.o.sy + c.o.y; }
      x = Math.round(x); y = Math.round(y);
      if (r.width > 0 && r.height > 0 && receiver(el, s, x, y) === true && firm(x, y)) return { x, y };
    }
    let blocker;
    const tried = new Set();
    for (const [fx, fy] of tries.concat(grid)) {
      const x = Math.round(v.x + v.w * fx), y = Math.round(v.y + v.h * fy);
      if (tried.has(x + ',' + y)) continue;
      tried.add(x + ',' + y);
      const hit = receiver(el, s, x, y);
      if (hit === true && firm(x, y)) return { x, y };
      if (blocker === undefined && hit !== true) blocker = hit;
    }
    // Last, every few whole pixels of it (a sliver left by a clip-path or an overlay), at most
    // about 1,600 points: only for a control nothing else reached.
    const step = Math.max(1, Math.ceil(Math.sqrt((v.w * v.h) / 1600)));
    for (let y = Math.ceil(v.y); y < v.y + v.h; y += step) {
      for (let x = Math.ceil(v.x); x < v.x + v.w; x += step) {
        if (tried.has(x + ',' + y)) continue;
        if (receiver(el, s, x, y) === true && firm(x, y)) return { x, y };
      }
    }
    return { blocker: blocker || null };
  }
  // The part of a drawn toggle that shows the pointing hand when the toggle itself does not:
  // Bokeh's switch is its words beside a bar, and only the bar takes the press (its centre
  // falls on the words). The outermost such part, in the toggle or its shadow root; none for
  // a native control or a toggle pressed anywhere.
  const HAND_TOGGLES = new Set(['checkbox', 'radio', 'switch']);
  /** @param {El} el @returns {Element | null} */
  function handPart(el) {
    if (el.localName === 'input' || !HAND_TOGGLES.has(roleOf(el)) || st(el).cursor === 'pointer') return null;
    const tw = el.ownerDocument.createTreeWalker(el.shadowRoot || el, 1 /* SHOW_ELEMENT */);
    for (let n = tw.nextNode(), k = 0; n && k < 60; n = tw.nextNode(), k++) {
      if (st(/** @type {El} */ (n)).cursor === 'pointer') return /** @type {Element} */ (n);
    }
    return null;
  }
  // The top-level point (x, y) in each document on the way down to the one `s` (from `sight`)
  // shows its element in: top level first, the element's own document last.
  /** @param {ScreenBox} s @param {number} x @param {number} y @returns {number[][]} */
  function pointsDown(s, x, y) {
    const at = [[x, y]];
    for (let k = s.chain.length - 1; k >= 0; k--) {
      const [px, py] = at[at.length - 1], o = s.chain[k].o;
      at.push([(px - o.x) / o.sx, (py - o.y) / o.sy]);
    }
    return at;
  }
  // Every element at (x, y) of doc, topmost first, through open shadow roots (a shadow host's
  // own tree before the host): what a drop there could land on.
  /** @param {Document | ShadowRoot} doc @param {number} x @param {number} y @param {number} [depth] @returns {Element[]} */
  function hitsAt(doc, x, y, depth = 0) {
    /** @type {Element[]} */
    const out = [];
    for (const h of doc.elementsFromPoint(x, y)) {
      if (h.shadowRoot && depth < 32) for (const inner of hitsAt(h.shadowRoot, x, y, depth + 1)) if (inner !== h && h.shadowRoot.contains(inner)) out.push(inner);
      out.push(h);
    }
    return out;
  }
  // true when a press at (x, y) reaches el; else the element that would take it. Hit-tests in
  // el's own document, then checks each hosting frame receives the point in its parent (an
  // overlay in the parent blocks the whole frame).
  /** @param {El} el @param {ScreenBox} s @param {number} x @param {number} y */
  function receiver(el, s, x, y) {
    const at = pointsDown(s, x, y);
    const [ex, ey] = at[at.length - 1];
    const hit = deepHit(s.via.ownerDocument, ex, ey);
    if (!lands(el, s.via, hit)) return hit;
    for (let k = 0; k < s.chain.length; k++) {
      const [px, py] = at[at.length - 2 - k], c = s.chain[k];
      const h = deepHit(c.f.ownerDocument, px, py);
      if (h !== c.f) return h;
      // The frame takes the point on its border and padding too: only a point inside its
      // viewport reaches its document.
      const [ix, iy] = at[at.length - 1 - k], vp = viewportOf(k === 0 ? s.via.ownerDocument : s.chain[k - 1].f.ownerDocument);
      if (!(ix >= 0 && iy >= 0 && ix < vp.w && iy < vp.h)) return c.f;
    }
    return true;
  }
