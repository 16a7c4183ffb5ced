  // Part 70, actions: actionability (scroll, stability, hit test) and settling after input; apart because these are the async steps that precede and follow real input.
  // ---------------------------------------------------------------- actionability
  /** How long an action waits for a disabled target to be enabled (ms). */
  const ENABLE_WAIT_MS = 1500;
  /** How long an action waits for a cover saying the page loads to go (ms). */
  const BUSY_COVER_MS = 3000;
  // Whether what covers a target says the page is busy: a busy indicator itself, or a layer
  // showing one (a "Loading..." overlay, a spinner's backdrop). The busy rule is `busyIndicator`.
  /** @param {Element} cover */
  function busyCover(cover) {
    if (busyIndicator(/** @type {El} */ (cover))) return true;
    let k = 0;
    for (const b of cover.querySelectorAll(BUSY_SELECTOR)) {
      if (++k > 50) break;
      if (busyIndicator(/** @type {El} */ (b)) && seen(/** @type {El} */ (b))) return true;
    }
    return false;
  }
  /** @returns {Promise<void>} */
  const nextFrame = () => new Promise((res) => {
    let done = false;
    const fin = () => { if (!done) { done = true; res(); } };
    requestAnimationFrame(fin);
    setTimeout(fin, 100); // rAF never fires in a hidden tab; fall back to a timer
  });
  /** @param {El} h */
  function summarize(h) {
    if (!h) return null;
    const role = roleOf(h);
    // The blocker is usually an unnamed overlay div: its text is what identifies it.
    return { role: role || 'generic', name: cut(itemName(h, role, true), 80), tag: h.localName };
  }
  // Hovering, or dropping onto, a disabled control is legitimate (tooltips explain why it is
  // disabled): only the pointer comes to it.
  /** @param {string} action */
  const pointerOnly = (action) => action === 'hover' || action === 'drop';
  /** @param {El} el */
  function isEditable(el) {
    if (el.getAttribute('aria-readonly') === 'true') return false;
    if (el.localName === 'textarea') return !el.readOnly;
    if (el.localName === 'input') return isTextInput(el) && !el.readOnly;
    return !!el.isContentEditable || hasEditContext(el);
  }
  // The same box, or one that only breathes about its own centre (Ghost's final Publish button
  // pulses between 98 and 100 % of its size forever: its centre, where it is pressed, stays).
  /** @param {Box} a @param {Box} b */
  const sameBox = (a, b) => (a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h) || (
    Math.abs(a.x + a.w / 2 - (b.x + b.w / 2)) <= 0.5 && Math.abs(a.y + a.h / 2 - (b.y + b.h / 2)) <= 0.5
    && Math.abs(a.w - b.w) <= a.w * 0.04 && Math.abs(a.h - b.h) <= a.h * 0.04);
  // What an action on ref would meet, without acting: no scroll, focus or input. An element
  // out of the viewport is not hit-tested (the action scrolls it first), so `covered` is
  // only known for what is in view.
  /** @param {unknown} ref @param {string} action */
  function preflight(ref, action) {
    const el = lookup(ref);
    if (el === UNKNOWN || !el || !el.isConnected) return { status: 'stale' };
    resetCaches();
    const seenNow = sight(el);
    /**
     * @type {{ visible: boolean, enabled: boolean, editable?: boolean, inViewport?: boolean, coveredBy?: ReturnType<typeof summarize>,
     *   reason?: string, actionable?: boolean, hints?: { likelyNavigation: boolean, likelyPopup: boolean, likelyFormSubmit: boolean } }}
     */
    const out = { visible: !!seenNow, enabled: !isDisabled(el) };
    if (action === 'type') out.editable = isEditable(el);
    if (seenNow) {
      out.inViewport = !!seenNow.vis;
      if (out.inViewport && action !== 'type' && action !== 'select') {
        const p = pressPoint(el, seenNow);
        if (p.x === undefined) out.coveredBy = summarize(p.blocker);
      }
    }
    out.reason = !out.visible ? 'notVisible' : !pointerOnly(action) && !out.enabled ? 'disabled'
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
  /** @param {unknown} ref @param {string} action */
  async function actionable(ref, action) {
    if (!ACTIONS.has(action)) return { ok: false, failure: 'invalidAction' };
    const found = lookup(ref);
    if (found === UNKNOWN) return { ok: false, failure: 'unknown' };
    if (!found || !found.isConnected) return { ok: false, failure: 'detached' };
    // An item checked by the box the page draws for it is checked by pressing that box.
    const el = (action === 'check' && drawnBox(found)) || found;
    resetCaches();
    let seenNow = sight(el);
    if (!seenNow) return { ok: false, failure: 'notVisible' };
    // Hovering a disabled control is legitimate (tooltips explain why it is disabled). A
    // control the page disables for a moment (a form validating what was just typed) is waited
    // for, as a person waits for the button to light up; still disabled after that: 'disabled'.
    if (!pointerOnly(action) && isDisabled(el)) {
      const since = performance.now();
      while (isDisabled(el) && performance.now() - since < ENABLE_WAIT_MS) {
        await nextFrame();
        if (!el.isConnected) return { ok: false, failure: 'detached' };
      }
      if (isDisabled(el)) return { ok: false, failure: 'disabled' };
      resetCaches();
      seenNow = sight(el);
      if (!seenNow) return { ok: false, failure: 'notVisible' };
    }
    if (action === 'type' && !isEditable(el)) return { ok: false, failure: 'notEditable' };
    // Where the scrollers stood before this action scrolled any: read once, and only when it
    // scrolls (most targets are in view already).
    /** @type {(() => void) | null} */
    let mark = null;
    /** @param {El} via @param {ScrollLogicalPosition} block @param {ScrollLogicalPosition} inline */
    const scrollInto = (via, block, inline) => {
      if (!mark) mark = scrollMark(via);
      bringIntoView(via, block, inline);
    };
    const unscroll = () => { if (mark) mark(); };
    if (!seenNow.whole) {
      scrollInto(seenNow.via, 'center', 'center');
      seenNow = sight(el);
      if (!seenNow) return { ok: false, failure: 'notVisible' };
    }
    /** @param {Box} r */
    const box = (r) => ({ x: round2(r.x), y: round2(r.y), w: round2(r.w), h: round2(r.h) });
    // Off screen where centring put it, or covered there (`accept` says which it needs): try
    // each other way a person scrolls (see below) until `accept` takes what shows.
    // Last, where the page was before this action scrolled (`'asWas'`: part of el showed there,
    // and a person presses that part rather than scroll it away), then from there toward el.
    /** @type {([ScrollLogicalPosition, ScrollLogicalPosition] | null | 'asWas')[]} */
    const edges = [['start', 'nearest'], ['end', 'nearest'], ['nearest', 'start'], ['nearest', 'end'], 'asWas', null];
    /** Where rescrolling got: whether el showed, and what `accept` took. @typedef {{ shown?: boolean, moved?: ScreenBox, q?: ReturnType<typeof pressPoint> }} Rescrolled */
    /** @param {El} via @param {(moved: ScreenBox) => Rescrolled | false} accept @returns {Rescrolled} */
    const rescroll = (via, accept) => {
      let shown = false;
      // A target that stays put while its page scrolls (in a fixed box) is covered by what
      // scrolls over it: a person scrolls the page, to its top, then to its bottom.
      const v = via.ownerDocument.defaultView;
      /** @type {(ScrollLogicalPosition[] | null | 'asWas' | 'top' | 'bottom')[]} */
      const ways = v && inFixedBox(via) ? [...edges.slice(0, -2), 'top', 'bottom', ...edges.slice(-2)] : edges;
      for (const edge of ways) {
        if (edge === 'asWas') {
          // Nothing scrolled yet: that is where the first look was.
          if (!mark) continue;
          unscroll();
        } else if (edge === 'top' || edge === 'bottom') {
          if (!mark) mark = scrollMark(via);
          v.scrollTo(v.scrollX, edge === 'top' ? 0 : v.document.documentElement.scrollHeight);
          resetCaches();
        } else if (edge) scrollInto(via, edge[0], edge[1]);
        else { unscroll(); scrollToward(via); }
        const moved = sight(el);
        if (!moved || !moved.vis) continue;
        shown = true;
        const got = accept(moved);
        if (got) return got;
      }
      return { shown };
    };
    // Typing and choosing an option use no pointer: no stability wait and no hit test.
    if (action === 'type' || action === 'select') {
      if (!seenNow.vis) {
        const got = rescroll(seenNow.via, (moved) => ({ moved }));
        if (!got.moved) return { ok: false, failure: 'notVisible' };
        seenNow = got.moved;
      }
      const v = seenNow.vis;
      arm();
      return { ok: true, x: round2(v.x + v.w / 2), y: round2(v.y + v.h / 2), rect: box(seenNow.rect) };
    }
    // Stable: the same box across consecutive animation frames, re-measured until it holds
    // still (an element that moves once, as a list re-sorts, settles within the budget).
    // While an animation runs, two equal comparisons in a row are needed, because under load
    // one frame can pass without the animation having advanced.
    const doc = seenNow.via.ownerDocument;
    const animated = typeof doc.getAnimations !== 'function' || runningAnimations(doc, openShadowRoots(doc)).length > 0;
    const need = animated ? 2 : 1;
    let prev = seenNow, stable = false, still = 0;
    const t0 = performance.now();
    // Only frames in which the page's animations moved on are evidence: a sliding box seen twice
    // at the same place (on its way there and back) must then also be seen still a frame later,
    // which a box that keeps moving never is.
    const clock = () => (doc.timeline ? doc.timeline.currentTime : null);
    let then = clock();
    for (let k = 0; k < 60 && !stable && performance.now() - t0 < 1000; k++) {
      await nextFrame();
      if (!el.isConnected) return { ok: false, failure: 'detached' };
      const now = clock();
      if (animated && now !== null && now === then) continue;
      then = now;
      resetCaches();
      const cur = sight(el);
      if (!cur) return { ok: false, failure: 'notVisible' };
      if (cur.via !== prev.via) { prev = cur; still = 0; continue; }
      still = sameBox(prev.rect, cur.rect) ? still + 1 : 0;
      stable = still >= need;
      prev = cur;
    }
    if (!stable) return { ok: false, failure: 'unstable' };
    // Words a text locator matched inside el are pressed where they show, when they take it.
    const part = textParts.get(el);
    const words = part && part.isConnected ? sight(part) : null;
    let p = words && words.vis ? pressPoint(el, words) : { blocker: null };
    if (p.x === undefined) p = prev.vis ? pressPoint(el, prev) : { blocker: null };
    let shows = !!prev.vis;
    // Covered or off screen where centring put it (a fixed or sticky bar over it, a scroller
    // partly outside the viewport, a rotated scroller): scroll it to the top, then the bottom,
    // then the left and right edges, of what shows it, as a person scrolls a little further;
    // last, from where the page was, scroll each scroller toward it as a person does.
    if (p.x === undefined) {
      const got = rescroll(prev.via, (moved) => {
        const q = pressPoint(el, moved);
        return q.x !== undefined && { q, moved };
      });
      if (got.q) { p = got.q; prev = got.moved; }
      shows = shows || got.shown || !!got.q;
    }
    // Covered by what says the page is loading (Gradio's "Loading..." over the whole app as it
    // starts): a person waits for it to go, for up to BUSY_COVER_MS.
    for (const t1 = performance.now(); p.x === undefined && p.blocker && busyCover(p.blocker) && performance.now() - t1 < BUSY_COVER_MS;) {
      await nextFrame();
      if (!el.isConnected) return { ok: false, failure: 'detached' };
      resetCaches();
      const cur = sight(el);
      if (!cur) return { ok: false, failure: 'notVisible' };
      prev = cur;
      shows = shows || !!cur.vis;
      p = cur.vis ? pressPoint(el, cur) : p;
    }
    if (!shows) return { ok: false, failure: 'notVisible' };
    if (p.x === undefined) return { ok: false, failure: 'blocked', blocker: summarize(p.blocker) };
    const via = prev.via;
    // Where the input will be, in el's own document: what the watch compares events with.
    const at = pointsDown(prev, p.x, p.y).pop();
    // A drag's destination, looked at after its source: the watch on the source's press stays.
    if (action === 'drop') countMutations();
    else arm();
    watchInput(el, via, action === 'hover' ? 'hover' : action === 'drop' ? 'release' : 'press', at);
    return { ok: true, x: round2(p.x), y: round2(p.y), via: via === el ? undefined : via.localName === 'label' ? 'label' : 'editor', rect: box(prev.rect) };
  }

  // ---------------------------------------------------------------- settling
  // Before input, `arm` starts counting DOM mutations; after it, `settle` waits until the
  // page has been quiet for two animation frames in a row (or the budget ends), so the next
  // observation shows what the input caused. Requests the input started are Rust's part.
  /** DOM mutations counted since the input (shadow roots' too), the last one's time, the busy indicators shown before it, the words saying so the page wrote since (see `noteBusyWords`). @typedef {{ mutations: number, last: number, watch: PageWatch | null, busyBefore: Set<Element>, busyWords: Set<Element> }} Armed */
  /** @type {Armed | null} */
  let armed = null;
  function arm() {
    unwatchInput();
    return countMutations();
  }
  // Which hold of Glass's browser lock (one tool call, one step of a batch) the agent serves.
  let turnNow = -1;
  // Every call from Glass says its turn first. A new one drops what an earlier turn armed (the
  // input watches, the mutation count): a watch is judged only by the call that armed it,
  // whether or not this call's tool arms (an action refused after arming leaves its watch).
  /** @param {number} n */
  function turn(n) {
    if (n === turnNow) return;
    turnNow = n;
    textParts.clear();
    keysField = null;
    unwatchInput();
    if (armed) { armed.watch.mo.disconnect(); armed = null; }
  }
  // Restart the count of mutations without dropping the input watches (see `watchInput`).
  function countMutations() {
    if (armed) armed.watch.mo.disconnect();
    /** @type {Armed} */
    const a = { mutations: 0, last: performance.now(), watch: null, busyBefore: new Set(), busyWords: new Set() };
    a.watch = watchPage((list) => { a.mutations += list.length; a.last = performance.now(); noteBusyWords(a, list); });
    a.busyBefore = busyShown(a.watch.roots);
    armed = a;
    return { ok: true };
  }
  // What an action's input met: for each kind of event, the first the window saw, what it was
  // aimed at and whether it reached el (or what el is operated through).
  /** @typedef {{ ev: Event, target: Element, reached: boolean, away?: boolean }} FirstEvent */
  /** The element a release landed on, when not the destination. @typedef {{ by: Element | null }} Landing */
  /**
   * One watched input: `press` (a pointer press), `keys`, `hover` (the pointer's move onto `at`)
   * or `release` (a drag's drop at `at`, after its press).
   * @typedef {{ el: El, via: El, input: string, kinds: string[], seen: Map<string, FirstEvent>, at: number[] | null,
   *   landing?: Landing, along: Map<Element, number[]>, lastMove?: string, mo?: MutationObserver, drop?: DropRecord, onRecords?: (list: MutationRecord[]) => void,
   *   dragStarted?: boolean, told?: boolean, stop: () => void }} InputWatch
   */
  /** @type {InputWatch[]} */
  let inputWatches = [];
  // The binding Glass adds to this world alone (Runtime.addBinding by world name): a call is an
  // event Glass receives even when the document is gone by the time it would ask.
  const MISSED_BINDING = '__glassMissed';
  // Between the last look and the input the page can move or cover el (a timer that shifts the
  // layout), or move the focus away from it: the input then lands elsewhere. Listening on el,
  // its stand-in and its labels, and on the window first of all (capture), tells afterwards
  // where it went. Only the first event of a kind counts (a code box that moves the focus on
  // after each digit took the first), and for keys where the text went (`beforeinput`) before
  // where the first key went (a page can move the focus as it handles the key, and the text
  // follows the focus). A hover counts the first move the browser made to `at` (a person's path
  // crosses other elements on the way; what the pointer then rests on may be what the hover
  // opened). A release is judged by what lies at `at` as the browser delivers it: a drag's
  // pointer events can be captured by the dragged element, so their target says nothing.
  /** @param {El} el @param {El} via @param {'press' | 'keys' | 'hover' | 'release'} input @param {number[] | null} [at] */
  function watchInput(el, via, input, at = null) {
    const nodes = [el];
    if (via && via !== el) nodes.push(via);
    if (el.labels) for (const l of el.labels) nodes.push(l);
    const win = el.ownerDocument.defaultView;
    const kinds = { press: ['pointerdown', 'mousedown', 'click'], keys: ['beforeinput', 'keydown'], hover: ['pointermove', 'mousemove'], release: ['drop', 'dragend', 'pointerup', 'mouseup', 'pointermove', 'mousemove', 'dragover', 'dragstart'] }[input];
    /** @type {Map<string, FirstEvent>} */
    const seen = new Map();
    /** @type {InputWatch} */
    const w = { el, via: via || el, input, kinds, seen, at, along: new Map(), stop: () => {} };
    if (input === 'release') {
      // What the page adds or restyles during the drag, where it first was: a drag's mirror can
      // trail the pointer by one move all the way and be under it only at the drop (dragula).
      // And what it changes, as it was before (see `dropMissed`).
      const drop = dropRecord(el);
      w.drop = drop;
      w.onRecords = (list) => { seenMoving(w, list); noteChanges(drop, list); };
      w.mo = watchPage(w.onRecords, el.ownerDocument, DROP_CHANGES).mo;
    }
    /** @param {Event} e */
    const atPoint = (e) => { const m = /** @type {MouseEvent} */ (e); return !!at && typeof m.clientX === 'number' && Math.abs(m.clientX - at[0]) < 1.01 && Math.abs(m.clientY - at[1]) < 1.01; };
    /** @param {Event} e */
    const onWin = (e) => {
      if (input === 'release') {
        if (!e.isTrusted || w.landing || !at) return;
        // An HTML5 drag began: Chrome hands it to Glass to replay (see `dragStarted`).
        if (e.type === 'dragstart') { w.dragStarted = true; return; }
        // On the way: where each element under the pointer was (one that follows the pointer,
        // a drag image or a cursor backdrop, is somewhere else at the drop).
        if (e.type.endsWith('move') || e.type === 'dragover') {
          const m = /** @type {MouseEvent} */ (e);
          // A move is told twice (pointermove, then mousemove): looked at once.
          const key = m.clientX + ',' + m.clientY;
          if (key === w.lastMove) return;
          w.lastMove = key;
          for (const h of hitsAt(w.el.ownerDocument, m.clientX, m.clientY)) firstSeen(w, h);
        } else {
          if (w.mo && w.onRecords) w.onRecords(w.mo.takeRecords());
          // A page that moves the dragged element itself (a sortable list) has decided the drop
          // while it hovered, whatever lies under the release: judged where it ends instead.
          w.landing = w.drop && w.drop.moved ? { by: null } : landing(w, at);
          tellMissed(w);
        }
        return;
      }
      if (input === 'hover' && !(e.isTrusted && atPoint(e))) return;
      // Whether the target, still drawn, moved off the point pressed before the click (read as
      // it comes); one the press hid (a list's option chosen as the button went down) did not.
      const boxes = e.type === 'click' && at ? [el, w.via].map((n) => n.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0) : [];
      const away = boxes.length > 0 && !boxes.some((r) => at[0] >= r.left - 1 && at[0] <= r.right + 1 && at[1] >= r.top - 1 && at[1] <= r.bottom + 1);
      if (!seen.has(e.type)) seen.set(e.type, { ev: e, target: /** @type {Element} */ (e.composedPath()[0] || e.target), reached: false, away });
    };
    /** @param {Event} e */
    const onEl = (e) => { const f = seen.get(e.type); if (f && f.ev === e) f.reached = true; };
    for (const k of kinds) {
      if (input !== 'release') for (const n of nodes) n.addEventListener(k, onEl, true);
      if (win) win.addEventListener(k, onWin, true);
    }
    // Once the judged events are over (the button or key comes up, before what a click or an
    // Enter does by default), and as the document goes: what they reached is told then.
    const after = { press: ['mouseup', 'click'], keys: ['keyup'], hover: [], release: [] }[input].concat('pagehide');
    const onAfter = () => tellMissed(w);
    if (win) for (const k of after) win.addEventListener(k, onAfter, true);
    w.stop = () => {
      if (w.mo) w.mo.disconnect();
      for (const k of kinds) {
        for (const n of nodes) n.removeEventListener(k, onEl, true);
        if (win) win.removeEventListener(k, onWin, true);
      }
      if (win) for (const k of after) win.removeEventListener(k, onAfter, true);
    };
    inputWatches.push(w);
  }
  // Where a drag first saw h (bounded: a page that rebuilds itself on every move is not followed
  // element by element).
  /** @param {InputWatch} w @param {Element} h */
  function firstSeen(w, h) {
    if (w.along.has(h) || w.along.size >= 4000) return;
    const r = h.getBoundingClientRect();
    w.along.set(h, [r.x, r.y]);
  }
  /** @param {InputWatch} w @param {MutationRecord[]} list */
  function seenMoving(w, list) {
    for (const m of list) {
      if (m.type === 'attributes') firstSeen(w, /** @type {Element} */ (m.target));
      else for (const n of m.addedNodes) if (n.nodeType === 1) firstSeen(w, /** @type {Element} */ (n));
    }
  }
  function unwatchInput() {
    for (const w of inputWatches) w.stop();
    inputWatches = [];
    if (heldDrop) heldDrop.stop();
    heldDrop = null;
  }
  // What a release at `at` landed on: the topmost element there apart from what followed the
  // pointer there: what moved since the drag first saw it (under the pointer on the way, or
  // added or restyled by the page during the drag), or lies inside such an element (the dragged
  // item itself, a copy of it and its contents, a drag image, JupyterLab's cursor backdrop; a
  // sortable list moves the item into the destination's place). Nothing to report (null `by`) when that is the destination or holds
  // it (a list whose items shift as the drag passes), or a closed shadow root's host that may
  // hold it, or when the page replaced the destination as the drag came over it (a list that
  // re-renders its items: nothing says which new one stands for it).
  /** @param {InputWatch} w @param {number[]} at @returns {Landing} */
  function landing(w, at) {
    if (!w.el.isConnected) return { by: null };
    /** @param {Element} h */
    const moved = (/** @type {Element} */ h) => { const was = w.along.get(h), r = h.getBoundingClientRect(); return !!was && (Math.abs(r.x - was[0]) > 0.5 || Math.abs(r.y - was[1]) > 0.5); };
    /** @param {Element} h */
    const follows = (h) => { for (let n = /** @type {Element | null} */ (h), k = 0; n && k < 64; n = flatParent(n), k++) if (moved(n)) return true; return false; };
    const top = hitsAt(w.el.ownerDocument, at[0], at[1]).find((h) => !follows(h));
    if (!top || lands(w.el, w.via, top) || composedContains(top, w.el) || hostsOf(w.el).includes(top)) return { by: null };
    return { by: top };
  }
  // The shadow hosts el lies under, nearest first: a closed root's host stands for el.
  /** @param {El} el */
  function hostsOf(el) {
    /** @type {Element[]} */
    const out = [];
    for (let n = /** @type {Node} */ (el), k = 0; n && k < 32; k++) {
      const root = /** @type {ShadowRoot} */ (n.getRootNode());
      if (root.nodeType !== 11 || !root.host) break;
      out.push(root.host);
      n = root.host;
    }
    return out;
  }
  // After the input: the first element it reached instead of its target (with which input),
  // or null when it reached the target, or nothing here saw it (a navigation, a page that
  // stops the event before the window hears it): only input seen going elsewhere is a miss. A
  // target the page stops the event before still counts when the input was on it, and a
  // closed shadow root's host may hold it.
  function inputMissed() {
    const watches = inputWatches;
    // A drag's watch is kept for `dropMissed`: where the dragged element ends, and whether the
    // page took the drop at all, are told once the page has settled.
    const drop = watches.find((w) => !!w.drop) || null;
    inputWatches = watches.filter((w) => w !== drop);
    unwatchInput();
    heldDrop = drop;
    for (const w of watches) {
      const m = missedBy(w);
      if (m) return m;
    }
    return null;
  }
  // Where watch w's input went when that was not its target (role, name, tag and the input);
  // else null. The one judgment of a watch, whether Glass asks (`inputMissed`) or is told.
  /** @param {InputWatch} w */
  function missedBy(w) {
    /** @type {Element | null} */
    let t;
    if (w.input === 'release') t = w.landing ? w.landing.by : null;
    else {
      const f = w.kinds.filter((k) => k !== 'click').map((k) => w.seen.get(k)).find(Boolean);
      t = f && !f.reached ? f.target : null;
      // The click a press ends in goes where the button came up: a target the page moved off
      // the point pressed in between (Gradio's Run, shifted as a picker closed when the focus
      // left it) and that is still there did not take it. One covered where it stands (a menu
      // the press opened, its backdrop) took the press as it went down.
      const c = w.seen.get('click');
      if (!t && c && c.away && w.el.isConnected) t = c.target;
    }
    if (!t || t.nodeType !== 1 || lands(w.el, w.via, t) || hostsOf(w.el).includes(t)) return null;
    return { ...summarize(/** @type {El} */ (t)), input: w.input };
  }
  // Tell Glass at once, through the binding only this world has, that w's input went elsewhere:
  // what it went to may end the document (a submit button beside the one aimed at, a link)
  // before Glass asks, and a miss must never be lost with the document and read as a success.
  /** @param {InputWatch} w */
  function tellMissed(w) {
    const tell = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (globalThis))[MISSED_BINDING];
    if (w.told || typeof tell !== 'function') return;
    const m = missedBy(w);
    if (!m) return;
    w.told = true;
    try { tell(JSON.stringify(m)); } catch (_) { /* the binding went with the context */ }
  }
  // A page that has not reacted by the first frame (no mutation since the input) is taken as
  // settled then; one that has must then be quiet for `quietFrames` frames in a row. With
  // `busyMs`, a busy indicator the input brought up (see `busyShown`) is waited for too, up to
  // `busyMs` from the start: a page whose DOM is quiet while it says it is working has not
  // settled (a script running, a dialog validating before it sends), and the model would
  // read the page before the work's result. `watchMs`: how long to keep looking for one that
  // comes late (an app whose server answered says it is busy on its own schedule).
  /** @param {number} budgetMs @param {number} quietFrames @param {number} [busyMs] @param {number} [watchMs] */
  async function settle(budgetMs, quietFrames, busyMs, watchMs) {
    const t0 = performance.now();
    const need = Math.min(posInt(quietFrames, 2), 10);
    const busyLimit = Math.min(posInt(busyMs, 0), 10000);
    const watch = Math.min(posInt(watchMs, 0), 2000);
    const budget = Math.max(Math.min(posInt(budgetMs, 500), 10000), watch);
    const missed = inputMissed();
    if (!armed) arm();
    const a = armed;
    let seenCount = a.mutations, quiet = 0, frames = 0, limit = budget, busy = false, looked = -Infinity;
    /** @param {boolean} settled */
    const done = (settled) => ({ settled, busy, content: hasContent(), mutations: a.mutations, ms: Math.round(performance.now() - t0), missed });
    // Whether the input brought up an indicator still shown: then the wait runs to `busyLimit`.
    // Watching after a server's answer to the input, any indicator shown is about that input
    // (Streamlit keeps one "Running..." through a run asked for while the last one ran).
    const stillBusy = () => {
      if (busyLimit <= budget || !(watch ? busyNow(a).size > 0 : newlyBusy(a))) return false;
      busy = true;
      limit = Math.max(limit, busyLimit);
      return true;
    };
    for (;;) {
      if (performance.now() - t0 >= limit) {
        if (!busy && stillBusy()) continue;
        return done(false);
      }
      await nextFrame();
      frames += 1;
      const now = performance.now();
      const ending = endingSoon(limit - (now - t0), a.watch.roots);
      if (frames === 1 && a.mutations === 0 && !ending && !watch) return done(true);
      if (a.mutations === seenCount && !ending) quiet += 1; else { quiet = 0; seenCount = a.mutations; }
      if (quiet < need) continue;
      const watching = now - t0 < watch;
      // While watching, looked for every 100 ms, not every frame.
      if (watching && now - looked < 100) continue;
      looked = now;
      if (stillBusy()) quiet = 0;
      else if (!watching) return done(true);
    }
  }
  // ---------------------------------------------------------------- busy indicators
  // What a page shows while it works: aria-busy, an indeterminate progress bar, an icon or
  // status or button saying "Loading"/"Running..."/"Saving", or a small textless element
  // classed as a spinner (Ant Design's loading button, Bootstrap's spinner). The one rule for
  // "the page says it is busy".
  const BUSY_WORDS = /^(loading|running|saving|submitting|processing|please wait|working|updating|validating|uploading|sending|searching|fetching)\b/i;
  const BUSY_CLASS = /(^|[-_])(spin|spinner|spinning|loader|loading)([-_]|$)/i;
  const BUSY_SELECTOR = '[aria-busy="true"],[role="progressbar"],progress,[role="img"],[role="status"],[role="alert"],svg[aria-label],button,[role="button"],[class*="spin"],[class*="load"]';
  // The largest box a spinner drawn by class alone may have (a wrapper classed "loading" that
  // holds a whole table says nothing by itself).
  const SPINNER_SIZE = 96;
  /** @param {Element} el */
  function busyIndicator(el) {
    if (el.getAttribute('aria-busy') === 'true') return true;
    if (el.localName === 'progress') return !el.hasAttribute('value');
    if (el.getAttribute('role') === 'progressbar') return !el.hasAttribute('aria-valuenow');
    const label = el.getAttribute('aria-label');
    const text = label === null ? (el.textContent || '').trim() : label.trim();
    if (text.length <= 40 && BUSY_WORDS.test(text)) return true;
    const cls = el.getAttribute('class') || '';
    // A button classed so steps a number (Bokeh's `bk-spin-btn`): no spinner.
    if (el.localName === 'button' || el.getAttribute('role') === 'button') return false;
    if (text || !cls.split(/\s+/).some((t) => BUSY_CLASS.test(t))) return false;
    const r = el.getBoundingClientRect();
    return r.width <= SPINNER_SIZE && r.height <= SPINNER_SIZE;
  }
  // The busy indicators a person sees now, in the document and the open shadow roots given.
  /** @param {Iterable<ShadowRoot>} roots @returns {Set<Element>} */
  function busyShown(roots) {
    /** @type {Set<Element>} */
    const out = new Set();
    for (const root of [document, ...roots]) {
      for (const el of root.querySelectorAll(BUSY_SELECTOR)) {
        if (busyIndicator(el) && seen(/** @type {El} */ (el))) out.add(el);
      }
    }
    return out;
  }
  // Words alone saying the page works, written as plain text ("Loading…", "Saving changes...",
  // Wagtail's page explorer as it fetches): only with their ellipsis, so a heading or a label
  // that begins with such a word ("Loading dock") says nothing.
  const BUSY_TEXT = /^(loading|running|saving|submitting|processing|please wait|working|updating|validating|uploading|sending|searching|fetching)\b[^.…]{0,30}(…|\.\.\.)$/i;
  // How many text nodes one batch of changes is searched through for such words.
  const BUSY_TEXT_SCAN = 400;
  // The elements whose whole words the page wrote since `a` was armed say it works: only what
  // was added or rewritten is read, never the whole document, and only the input's own changes
  // can bring them, so what said so before it is never among them.
  /** @param {Armed} a @param {MutationRecord[]} list */
  function noteBusyWords(a, list) {
    let budget = BUSY_TEXT_SCAN;
    /** @param {Node} t */
    const look = (t) => {
      budget -= 1;
      const el = t.parentElement;
      if (!el || a.busyWords.has(el)) return;
      const text = (el.textContent || '').trim();
      if (text.length <= 40 && BUSY_TEXT.test(text)) a.busyWords.add(el);
    };
    for (const m of list) {
      if (budget <= 0) return;
      if (m.type === 'characterData') look(m.target);
      else if (m.type === 'childList') {
        for (const n of m.addedNodes) {
          if (n.nodeType === 3) look(n);
          else if (n.nodeType === 1) {
            const tw = document.createTreeWalker(n, 4 /* SHOW_TEXT */);
            for (let t = tw.nextNode(); t && budget > 0; t = tw.nextNode()) look(t);
          }
        }
      }
    }
  }
  // The busy indicators shown now: those any page may show, and the words the page wrote since
  // the input that still say so where a person sees them.
  /** @param {Armed} a */
  function busyNow(a) {
    const out = busyShown(a.watch.roots);
    for (const el of a.busyWords) {
      const text = (el.textContent || '').trim();
      if (el.isConnected && text.length <= 40 && BUSY_TEXT.test(text) && seen(/** @type {El} */ (el))) out.add(el);
    }
    return out;
  }
  // Whether an indicator is shown now that was not before the input.
  /** @param {Armed} a */
  function newlyBusy(a) {
    for (const el of busyNow(a)) if (!a.busyBefore.has(el)) return true;
    return false;
  }
  // Whether a transition or animation is running that ends within `withinMs`: a dialog fading
  // out is still on the page until it ends, though nothing in the DOM changes meanwhile.
  // Endless ones (spinners) and ones that outlast the budget are not waited for.
  /** @param {number} withinMs @param {Iterable<ShadowRoot>} roots */
  function endingSoon(withinMs, roots) {
    for (const anim of runningAnimations(document, roots)) {
      if (!anim.effect) continue;
      const t = /** @type {{ endTime: number, localTime: number | null }} */ (anim.effect.getComputedTiming());
      const left = (t.endTime - (t.localTime || 0)) / (anim.playbackRate || 1);
      if (Number.isFinite(left) && left > 0 && left <= withinMs) return true;
    }
    return false;
  }
  // Whether the document shows anything yet (a single-page app's shell is empty at load).
  function hasContent() {
    const b = document.body;
    if (!b) return false;
    // textContent, not innerText: no layout needed for a yes-or-no.
    if (/\S/.test(b.textContent || '')) return true;
    return !!document.querySelector('img,svg,canvas,video,input,button,iframe');
  }

