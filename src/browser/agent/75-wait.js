  // Part 75, waiting: page text, condition tests and waitFor; apart because it is its own polling loop over the model.
  // ---------------------------------------------------------------- waiting
  // What a person reads: the rendered text, plus what form fields show (never passwords).
  /** @param {Document | Element} doc */
  function fieldsText(doc) {
    let t = '';
    const fields = [doc, ...openShadowRoots(doc)].flatMap((r) => [.../** @type {NodeListOf<El>} */ (r.querySelectorAll('input,textarea,select'))]);
    for (const f of fields) {
      if (secretField(f) || (f.localName === 'input' && (f.type === 'hidden' || f.type === 'checkbox' || f.type === 'radio' || BUTTON_TYPES.has(f.type)))) continue;
      const v = fieldValue(f);
      if (v && v.value && !editorOf(f) && seen(f)) t += '\n' + v.value;
    }
    return t;
  }
  // The words drawn inside the open shadow roots under `root`: innerText stops at a shadow
  // root, and web components' text (every Panel widget's) is only there.
  /** @param {Document | Element} root */
  function shadowText(root) {
    let t = '';
    for (const sr of openShadowRoots(root)) {
      if (!sr.host.checkVisibility()) continue;
      for (const c of sr.children) {
        // innerText reads a hidden element's whole text: only what renders.
        if (SKIP.has(c.localName) || !c.checkVisibility()) continue;
        t += '\n' + (/** @type {HTMLElement} */ (c).innerText || '');
      }
    }
    return t;
  }
  /** @param {Document} doc @returns {string} */
  function pageText(doc) {
    let t = ((doc.body || doc.documentElement).innerText || '') + shadowText(doc);
    t += fieldsText(doc) + drawnText(doc);
    for (const f of doc.querySelectorAll('iframe,frame')) {
      const d = contentDoc(f);
      if (d) t += '\n' + pageText(d);
    }
    return t;
  }
  /** A condition as Rust sends it. @typedef {{ kind: string, text?: string, locator?: Locator }} Condition */
  /** @param {Condition} cond */
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
  /** @param {Locator} l */
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
  /** @param {Condition} c */
  function validCondition(c) {
    if (!c || typeof c !== 'object') return false;
    if (c.kind === 'textPresent' || c.kind === 'textAbsent') return typeof c.text === 'string' && norm(c.text) !== '';
    if (c.kind === 'elementPresent' || c.kind === 'elementAbsent' || c.kind === 'elementVisible') return validLocator(c.locator);
    return false;
  }
  /** @param {Condition} condition @param {number} timeoutMs */
  function waitFor(condition, timeoutMs) {
    const t0 = performance.now();
    const elapsed = () => Math.round(performance.now() - t0);
    if (!validCondition(condition)) return Promise.resolve({ satisfied: false, elapsedMs: 0, failure: 'invalidCondition' });
    const timeout = Math.min(posInt(timeoutMs, 5000), 600000);
    return new Promise((resolve) => {
      let done = false, pending = /** @type {number} */ (null), last = -Infinity, watch = /** @type {PageWatch} */ (null), iv = /** @type {number} */ (null), to = /** @type {number} */ (null);
      /** @param {boolean} sat */
      const finish = (sat) => {
        if (done) return;
        done = true;
        if (watch) watch.mo.disconnect();
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
      watch = watchPage(() => {
        if (pending !== null || done) return;
        pending = setTimeout(check, Math.max(0, last + 50 - performance.now()));
      });
      iv = setInterval(check, 100);
      to = setTimeout(() => { check(); finish(false); }, timeout);
    });
  }
  // Resolves once the page changes (a DOM mutation, or a field's input or change event: typed
  // values do not mutate the DOM), but not before minMs, and at most after maxMs. The caller
  // re-checks what it waits for then, instead of on a fixed tick: a change is seen within a
  // round trip, and a page that churns is checked at most every minMs.
  /** @param {number} maxMs @param {number} minMs */
  function pageChanged(maxMs, minMs) {
    const t0 = performance.now();
    const most = Math.min(posInt(maxMs, 100), 1000), least = Math.min(posInt(minMs, 0), most);
    return new Promise((resolve) => {
      let done = false, early = /** @type {number} */ (null), to = /** @type {number} */ (null);
      const opts = { capture: true, passive: true };
      /** @param {boolean} changed */
      const finish = (changed) => {
        if (done) return;
        done = true;
        watch.mo.disconnect();
        document.removeEventListener('input', onChange, opts);
        document.removeEventListener('change', onChange, opts);
        clearTimeout(early);
        clearTimeout(to);
        resolve(changed);
      };
      const onChange = () => {
        if (done || early !== null) return;
        early = setTimeout(() => finish(true), Math.max(0, t0 + least - performance.now()));
      };
      const watch = watchPage(onChange);
      document.addEventListener('input', onChange, opts);
      document.addEventListener('change', onChange, opts);
      to = setTimeout(() => finish(false), most);
    });
  }
  // A rest measured on the page's own clock: it ends through the page's timer queue, after every
  // timer of the page's due sooner (a drag library that looks where the pointer is every 50 ms).
  // A wall-clock sleep does not promise that on a loaded machine: Chrome runs input before
  // timers, so the release that follows could reach the page before the library's look.
  /** @param {number} ms */
  function rest(ms) {
    const wait = Math.min(posInt(ms, 60), 1000);
    return new Promise((resolve) => { setTimeout(() => resolve(true), wait); });
  }
  // Until the page's animations and transitions that end within `ms` have ended (at most 1 s):
  // a drag library ignores the pointer over an item still sliding into its place.
  /** @param {number} ms */
  async function restStill(ms) {
    const t0 = performance.now();
    const most = Math.min(posInt(ms, 400), 1000);
    const roots = openShadowRoots(document);
    while (performance.now() - t0 < most && endingSoon(most - (performance.now() - t0), roots)) await nextFrame();
    return true;
  }
