  // Part 81, scrolling: what a wheel turned over a target, the window's middle or the open modal moves, and whether it moved; apart as the one rule `scroll` keeps.
  // ---------------------------------------------------------------- scrolling
  // What a person's wheel scrolls, turned over the target (or the middle of the window, or of
  // the open modal): the first box up from there that can still move that way, its overflow
  // scrolling and its content running past it, else the page. An app that scrolls a panel of
  // its own and not the document (its body fixed to the window) scrolls that panel; with a
  // modal open, the modal or the layer it scrolls in (a dialog's positioner), never the page
  // behind it. The one rule `scroll` keeps.
  /** @param {Element} box @param {number} dx @param {number} dy */
  function movesThatWay(box, dx, dy) {
    const s = st(box);
    const can = (/** @type {string} */ o) => o === 'auto' || o === 'scroll' || o === 'overlay';
    const down = dy > 0 ? box.scrollTop + box.clientHeight < box.scrollHeight - 1 : dy < 0 && box.scrollTop > 0;
    const right = dx > 0 ? box.scrollLeft + box.clientWidth < box.scrollWidth - 1 : dx < 0 && box.scrollLeft > 0;
    return (down && can(s.overflowY)) || (right && can(s.overflowX));
  }
  // Whether el is a scrolling box along the axis asked (its content runs past it).
  /** @param {Element} el @param {number} dx @param {number} dy */
  function scrollsItself(el, dx, dy) {
    if (el === document.documentElement || el === document.body) return false;
    return movesThatWay(el, dx, dy) || movesThatWay(el, -dx, -dy);
  }
  // Whether the window itself moves that way under a wheel: not when the page holds it still
  // (overflow hidden on the root, or on the body when the root leaves it to the body).
  /** @param {number} dx @param {number} dy */
  function pageMoves(dx, dy) {
    const root = document.documentElement, body = document.body;
    const rs = st(root), bs = body ? st(body) : rs;
    const held = (/** @type {string} */ o) => o === 'hidden' || o === 'clip';
    const oy = rs.overflowY === 'visible' ? bs.overflowY : rs.overflowY;
    const ox = rs.overflowX === 'visible' ? bs.overflowX : rs.overflowX;
    const se = document.scrollingElement || root;
    const down = dy > 0 ? window.scrollY + window.innerHeight < se.scrollHeight - 1 : dy < 0 && window.scrollY > 0;
    const right = dx > 0 ? window.scrollX + window.innerWidth < se.scrollWidth - 1 : dx < 0 && window.scrollX > 0;
    return (down && !held(oy)) || (right && !held(ox));
  }
  // The box a wheel turned at el moves (dx, dy), `null` for the page, `undefined` for none.
  /** @param {Element | null} el @param {Element | null} modal @param {number} dx @param {number} dy @returns {Element | null | undefined} */
  function scrollerFrom(el, modal, dx, dy) {
    const root = document.documentElement, body = document.body;
    for (let n = el; n && n !== root && n !== body; n = flatParent(n)) {
      if (n.nodeType === 1 && movesThatWay(/** @type {Element} */ (n), dx, dy)) return /** @type {Element} */ (n);
    }
    return !modal && pageMoves(dx, dy) ? null : undefined;
  }
  // With no target and nothing to move where the wheel turns: the largest panel shown that
  // moves that way (a layout whose middle is a fixed header or a gap).
  /** @param {number} dx @param {number} dy */
  function largestScroller(dx, dy) {
    let best = null, area = 0, k = 0;
    for (const el of document.querySelectorAll('body *')) {
      if (++k > 20000) break;
      if (el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1) continue;
      if (!movesThatWay(el, dx, dy) || !seen(/** @type {El} */ (el))) continue;
      const r = el.getBoundingClientRect();
      if (r.width * r.height > area) { area = r.width * r.height; best = el; }
    }
    return best;
  }
  /** @param {unknown} ref @param {unknown} dx @param {unknown} dy */
  function scroll(ref, dx, dy) {
    const left = Number(dx) || 0, top = Number(dy) || 0;
    let from = null;
    const modal = modalRoot(document);
    if (ref != null) {
      from = target(ref);
      if (!from) return { status: 'stale' };
    } else if (modal) {
      const r = modal.getBoundingClientRect();
      const x = Math.min(Math.max(r.left + r.width / 2, 0), window.innerWidth - 1);
      const y = Math.min(Math.max(r.top + r.height / 2, 0), window.innerHeight - 1);
      const h = deepHit(document, x, y);
      from = h && composedContains(modal, h) ? h : modal;
    } else {
      from = deepHit(document, window.innerWidth / 2, window.innerHeight / 2);
    }
    // A target that scrolls itself is the one asked for, at its end or not; inside one, the
    // wheel's rule finds it.
    let box = from && ref != null && scrollsItself(from, left, top) ? from : scrollerFrom(from, modal, left, top);
    if (box === undefined && ref == null && !modal) box = largestScroller(left, top) || undefined;
    // Nothing moves that way: where the nearest box that scrolls at all stands (at its end).
    const still = box === undefined;
    if (still) box = scrollerFrom(from, modal, -left * 1e9 || 0, -top * 1e9 || 0) || null;
    if (!box) {
      const x0 = window.scrollX, y0 = window.scrollY;
      if (!still) window.scrollBy({ left, top, behavior: 'instant' });
      const moved = window.scrollX !== x0 || window.scrollY !== y0;
      return { scrollX: Math.round(window.scrollX), scrollY: Math.round(window.scrollY), moved };
    }
    const x0 = box.scrollLeft, y0 = box.scrollTop;
    if (!still) box.scrollBy({ left, top, behavior: 'instant' });
    const moved = box.scrollLeft !== x0 || box.scrollTop !== y0;
    return { scrollX: Math.round(box.scrollLeft), scrollY: Math.round(box.scrollTop), moved, container: summarize(/** @type {El} */ (box)) };
  }
