  // Part 70, actions: actionability (scroll, stability, hit test) and settling after input; apart because these are the async steps that precede and follow real input.
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
    if (vis && c !== NONE) vis = emptyClip(c) ? null : clipByEdges(vis, c);
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

  // What an action on ref would meet, without acting: no scroll, focus or input. An element
  // out of the viewport is not hit-tested (the action scrolls it first), so `covered` is
  // only known for what is in view.
  function preflight(ref, action) {
    const el = lookup(ref);
    if (el === UNKNOWN || !el || !el.isConnected) return { status: 'stale' };
    const via = absent(el) ? null : pointerTarget(el);
    const out = { visible: !!via, enabled: !isDisabled(el) };
    if (action === 'type') out.editable = isEditable(el);
    if (via) {
      resetCaches();
      const b = topBox(via);
      out.inViewport = !!b.vis && !needsScroll(via);
      if (out.inViewport && action !== 'type' && action !== 'select') {
        let px = b.vis.x + b.vis.w / 2, py = b.vis.y + b.vis.h / 2;
        for (const c of b.chain) { px -= c.o.x; py -= c.o.y; }
        const hit = deepHit(via.ownerDocument, px, py);
        if (!lands(el, via, hit)) out.coveredBy = summarize(hit);
      }
    }
    out.reason = !out.visible ? 'notVisible' : action !== 'hover' && !out.enabled ? 'disabled'
      : out.editable === false ? 'notEditable' : out.coveredBy ? 'blocked' : undefined;
    out.actionable = !out.reason;
    const link = el.closest('a[href]');
    const href = link ? link.getAttribute('href') || '' : '';
    const form = el.form || el.closest('form');
    const submits = !!form && ((el.localName === 'button' && (el.getAttribute('type') || 'submit').toLowerCase() === 'submit')
      || (el.localName === 'input' && (el.type === 'submit' || el.type === 'image')));
    const target = ((link && link.getAttribute('target')) || (submits && form.getAttribute('target')) || '').toLowerCase();
    out.hints = {
      likelyNavigation: (!!link && !!href && !href.startsWith('#') && !/^javascript:/i.test(href.trim())) || submits,
      likelyPopup: target === '_blank' || target === '_new',
      likelyFormSubmit: submits,
    };
    return out;
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

