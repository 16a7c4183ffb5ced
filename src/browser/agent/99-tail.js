  // Part 99, the exported API: the never-throw guard, Glass extras (rect, fileInput, consent), the frozen __glassAgent object and the wrapper's close; apart as the public surface.
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
    resetCaches();
    if (!wholeOnScreen(screenBox(el))) {
      bringIntoView(el, 'center', 'center');
    }
    const r = screenBox(el).rect;
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
    intentCandidates: guard(intentCandidates, (a) => a[1]),
    inspectPage: guard(inspectPage, (a) => a[0]),
    actionable: guard(actionable),
    preflight: guard(preflight),
    waitFor: guard(waitFor),
    pageChanged: guard(pageChanged),
    verifyChecks: guard(verifyChecks),
    extractRaw: guard(extractRaw, (a) => a[1]),
    taskScope: guard(taskScope, (a) => a[1]),
    text: guard(text),
    dom: guard(dom),
    select: guard(select),
    cssPaths: guard(cssPaths),
    state: guard(state),
    focus: guard(focus),
    selectAll: guard(selectAll),
    valueOf: guard(valueOf),
    forceEmpty: guard(forceEmpty),
    similar: guard(similar, (a) => a[3]),
    scroll: guard(scroll),
    rect: guard(rect),
    readyState: guard(readyState),
    // What a click at viewport point (x, y) of this document lands on.
    hitAt: guard((x, y) => ({ hit: summarize(deepHit(document, x, y)) })),
    parsed: guard(parsed),
    vitals: guard(vitals, (a) => a[0]),
    fileInput: guard(fileInput),
    // The element of a ref (for Chrome's own view of it), or null.
    element: guard((ref) => { const e = lookup(ref); return e && e !== UNKNOWN ? e : null; }),
    consent: guard(consent, (a) => a[1]),
    arm: guard(arm),
    settle: guard(settle),
    hasContent: guard(() => ({ content: hasContent() })),
    keyGuardArm: guard(keyGuardArm),
    keyGuardRelease: guard(keyGuardRelease),
    focusedElement: guard(focusedElement),
    secretFacts: guard(secretFacts),
  };
  Object.defineProperty(globalThis, '__glassAgent', { value: Object.freeze(api), enumerable: false, configurable: false, writable: false });
})();
