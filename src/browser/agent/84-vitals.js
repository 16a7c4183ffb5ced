  // Part 84, web vitals: what the page's own performance timeline says of its load (LCP with its element, CLS with its shifts, FCP, INP, render-blocking and largest requests); apart because it reads the timeline, not the DOM.
  // ---------------------------------------------------------------- vitals
  // Buffered entries of one type: delivered to the observer's list as it starts observing,
  // and by callback a task later on engines that defer them.
  /** @param {string} type */
  async function timeline(type) {
    /** @type {PerformanceEntry[]} */
    const got = [];
    let po = null;
    try {
      po = new PerformanceObserver((list) => { for (const e of list.getEntries()) got.push(e); });
      po.observe({ type, buffered: true });
    } catch (_) {
      return got;
    }
    await new Promise((done) => setTimeout(done, 0));
    for (const e of po.takeRecords()) got.push(e);
    po.disconnect();
    return got;
  }
  /** @param {number} t */
  const ms = (t) => Math.round(t);
  /** @param {string} u */
  const bareUrl = (u) => { try { const x = new URL(u, location.href); return cut(x.origin + x.pathname, 300); } catch (_) { return ''; } };
  /** @param {Node} node @param {Ctx} ctx */
  function described(node, ctx) {
    const el = node && node.nodeType === 1 ? /** @type {El} */ (node) : node && node.parentElement;
    if (!el || !el.isConnected) return null;
    return describe(el, ctx);
  }
  // Timeline entries with what TypeScript's DOM types lack (layout shifts, interactionId,
  // renderBlockingStatus).
  /** @typedef {PerformanceEntry & { value: number, hadRecentInput: boolean, sources: { node: Node | null }[] }} LayoutShift */
  /** @typedef {PerformanceEventTiming & { interactionId: number }} EventTiming */
  /** @typedef {PerformanceResourceTiming & { renderBlockingStatus: string }} ResourceTiming */
  // The largest layout-shift session window (shifts under 1 s apart, at most 5 s long), as
  // CLS is defined; shifts right after input do not count.
  /** @param {LayoutShift[]} shifts */
  function clsOf(shifts) {
    let best = 0, sum = 0, first = -Infinity, last = -Infinity;
    for (const s of shifts) {
      if (s.startTime - last > 1000 || s.startTime - first > 5000) { sum = 0; first = s.startTime; }
      sum += s.value;
      last = s.startTime;
      if (sum > best) best = sum;
    }
    return best;
  }
  // Two frames (bounded, a hidden page has none): an image that finished loading paints in
  // a frame after its load, and only then is it an LCP candidate.
  function painted() {
    return Promise.race([
      new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)))),
      new Promise((done) => setTimeout(done, 250)),
    ]);
  }
  /** @param {number} nextRef */
  async function vitals(nextRef) {
    await painted();
    const ctx = newCtx(nextRef);
    const [lcps, shiftsAll, paints, events, resources] = /** @type {[LargestContentfulPaint[], LayoutShift[], PerformanceEntry[], EventTiming[], ResourceTiming[]]} */ (await Promise.all([
      timeline('largest-contentful-paint'), timeline('layout-shift'), timeline('paint'),
      timeline('event'), timeline('resource'),
    ]));
    /**
     * @type {{ nextRef: number, lcp?: { ms: number, size: number, element: Described | null, url?: string },
     *   cls?: { value: number, shifts: { ms: number, value: number, element: Described | null }[] }, fcp?: { ms: number },
     *   inp?: { ms: number, event: string }, renderBlocking?: { url: string, type: string, ms: number }[],
     *   largestRequests?: { url: string, type: string, bytes: number, ms: number }[] }}
     */
    const out = { nextRef: 0 };
    const lcp = lcps[lcps.length - 1];
    if (lcp) {
      out.lcp = { ms: ms(lcp.startTime), size: lcp.size, element: described(lcp.element, ctx) };
      if (lcp.url) out.lcp.url = bareUrl(lcp.url);
    }
    const shifts = shiftsAll.filter((s) => !s.hadRecentInput);
    out.cls = {
      value: Math.round(clsOf(shifts) * 10000) / 10000,
      shifts: shifts.slice().sort((a, b) => b.value - a.value).slice(0, 5).map((s) => ({
        ms: ms(s.startTime), value: Math.round(s.value * 10000) / 10000,
        element: s.sources && s.sources[0] ? described(s.sources[0].node, ctx) : null,
      })),
    };
    const fcp = paints.find((p) => p.name === 'first-contentful-paint');
    if (fcp) out.fcp = { ms: ms(fcp.startTime) };
    // INP: the slowest interaction (the 98th percentile is the slowest below 50 of them).
    const interactions = events.filter((e) => e.interactionId > 0).sort((a, b) => b.duration - a.duration);
    if (interactions.length) out.inp = { ms: ms(interactions[0].duration), event: interactions[0].name };
    out.renderBlocking = resources.filter((r) => r.renderBlockingStatus === 'blocking')
      .slice(0, 8).map((r) => ({ url: bareUrl(r.name), type: r.initiatorType, ms: ms(r.duration) }));
    out.largestRequests = resources.slice().sort((a, b) => (b.transferSize || b.encodedBodySize) - (a.transferSize || a.encodedBodySize))
      .slice(0, 5).map((r) => ({ url: bareUrl(r.name), type: r.initiatorType, bytes: r.transferSize || r.encodedBodySize, ms: ms(r.duration) }));
    out.nextRef = ctx.next;
    return out;
  }
