  // Part 90, consent banners: the table of known consent-management platforms and the one
  // function that finds their own accept or reject control; apart so the table can be read and
  // grown on its own.
  // Known consent-management platforms and their own accept and reject controls. Only these
  // are ever clicked: never "any button that says accept".
  /** @type {[string, string[], string[]][]} */
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
    /** @type {(Document | ShadowRoot)[]} */
    const roots = [document];
    for (const host of document.querySelectorAll('#usercentrics-root, #usercentrics-cmp-ui, [id^="sp_message_container"]')) {
      if (host.shadowRoot) roots.push(host.shadowRoot);
    }
    return roots;
  }
  /** @param {string} choice @param {number} nextRef */
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
