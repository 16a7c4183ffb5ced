  // Part 76, calendars: the day cell a date field's calendar shows for a date, and the month and year controls that turn it; apart because only a date field that takes no keys comes here.
  // A date picker may keep its field read-only (flatpickr does by default): a person presses
  // the field and then the day. Calendars name each day cell by its whole date ("December 24,
  // 2026" in flatpickr, "Choose Thursday, December 24th, 2026", "2026-12-24" as a title).
  const MONTH_NAMES = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
  const WEEKDAY_WORDS = /\b(sunday|monday|tuesday|wednesday|thursday|friday|saturday)\b/g;
  /** A day's words as compared: lower case, no leading verb, weekday, ordinal ending or commas. @param {string} s */
  const dayWords = (s) => lc(s).replace(/^(choose|select|pick)\s+/, '').replace(WEEKDAY_WORDS, ' ')
    .replace(/(\d)(st|nd|rd|th)\b/g, '$1').replace(/[,.]/g, ' ').replace(/\s+/g, ' ').trim();
  const MONTH_WORD = '(' + MONTH_NAMES.map((m) => m.slice(0, 3) + '[a-z]*').join('|') + ')';
  /** What any day cell's words look like. */
  const ANY_DAY = new RegExp('^(' + MONTH_WORD + ' \\d{1,2} \\d{4}|\\d{1,2} ' + MONTH_WORD + ' \\d{4}|\\d{4}-\\d{2}-\\d{2})$');
  /** The words of day (y, m, d) in the forms calendars write. @param {number} y @param {number} m @param {number} d */
  function dayForms(y, m, d) {
    const month = MONTH_NAMES[m - 1], mon = month.slice(0, 3);
    const iso = y + '-' + String(m).padStart(2, '0') + '-' + String(d).padStart(2, '0');
    return new Set([month + ' ' + d + ' ' + y, mon + ' ' + d + ' ' + y, d + ' ' + month + ' ' + y, d + ' ' + mon + ' ' + y, iso]);
  }
  /** A cell's date words, from what names it. @param {Element} el */
  const cellWords = (el) => dayWords(el.getAttribute('aria-label') || el.getAttribute('title') || '');
  // A day the calendar does not take: disabled by ARIA, or by a class calendars mark it with
  // ("flatpickr-disabled", "react-datepicker__day--disabled", "ant-picker-cell-disabled").
  /** @param {Element} el */
  const dayOff = (el) => el.getAttribute('aria-disabled') === 'true' || /(^|[\s_-])disabled(\s|$)/.test(el.getAttribute('class') || '');
  // The day cells shown in the document of field `ref` (not the field itself), the one for
  // (y, m, d) among them, and, around them, a select of the twelve months and a field holding a
  // year: what turns the calendar to another month. Refs are minted from `nextRef`.
  /** @param {unknown} ref @param {number} y @param {number} m @param {number} d @param {number} nextRef */
  function dayCell(ref, y, m, d, nextRef) {
    const ctx = newCtx(nextRef);
    const field = target(ref);
    if (!field) return { status: 'stale', nextRef: ctx.next };
    resetCaches();
    const want = dayForms(y, m, d);
    /** @type {El[]} */
    const cells = [];
    /** @type {El | null} */
    let hit = null;
    const all = field.ownerDocument.querySelectorAll('[aria-label],[title]');
    for (let i = 0; i < all.length && i < 20000; i++) {
      const el = /** @type {El} */ (all[i]);
      if (el === field || composedContains(el, field)) continue;
      const words = cellWords(el);
      if (!ANY_DAY.test(words) || !sight(el)) continue;
      cells.push(el);
      if (!hit && want.has(words) && !dayOff(el)) hit = el;
    }
    /** @param {El} el */
    const item = (el) => ({ ref: refFor(el, ctx), ...summarize(el) });
    /** @typedef {{ ref: string, role: string, name: string, tag: string }} CellItem */
    /** @type {{ cells: number, cell: CellItem | null, month: CellItem | null, year: CellItem | null, nextRef: number }} */
    const out = { cells: cells.length, cell: hit ? item(hit) : null, month: null, year: null, nextRef: ctx.next };
    if (hit || !cells.length) { out.nextRef = ctx.next; return out; }
    // The calendar: the smallest box holding every day cell, then up to five boxes up for its
    // header (flatpickr keeps its month select and year field four boxes up).
    let box = /** @type {Element | null} */ (cells[0]);
    for (let k = 0; box && k < 10 && !cells.every((c) => box && composedContains(box, c)); k++) box = flatParent(box);
    for (let k = 0; box && k < 6; k++) {
      for (const s of /** @type {NodeListOf<HTMLSelectElement>} */ (box.querySelectorAll('select'))) {
        const names = Array.from(s.options, (o) => lc(norm(o.text)));
        if (!out.month && names.length >= 12 && MONTH_NAMES.every((mn) => names.some((n) => n.startsWith(mn.slice(0, 3)))) && sight(s)) {
          out.month = item(s);
        }
      }
      for (const i of /** @type {NodeListOf<HTMLInputElement>} */ (box.querySelectorAll('input'))) {
        if (!out.year && i !== field && /^\d{4}$/.test(i.value) && sight(i)) out.year = item(i);
      }
      if (out.month && out.year) break;
      box = flatParent(/** @type {Element} */ (box));
    }
    out.nextRef = ctx.next;
    return out;
  }
