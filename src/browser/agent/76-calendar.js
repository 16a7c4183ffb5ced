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
  // A cell's date words, from what names it, or from the date it carries when it shows a number
  // alone (Vuetify's day holds its date in `data-v-date`).
  /** @param {Element} el */
  function cellWords(el) {
    const named = el.getAttribute('aria-label') || el.getAttribute('title');
    if (named) return dayWords(named);
    const carried = el.getAttribute('data-v-date') || el.getAttribute('data-date') || '';
    return /^\d{4}-\d{2}-\d{2}$/.test(carried) && norm(el.textContent) ? carried : '';
  }
  /** The month (year * 12 + month - 1) a cell's words say. @param {string} words */
  function monthOf(words) {
    const iso = /^(\d{4})-(\d{2})-\d{2}$/.exec(words);
    if (iso) return Number(iso[1]) * 12 + Number(iso[2]) - 1;
    const m = MONTH_NAMES.findIndex((n) => words.split(' ').some((w) => w.length >= 3 && n.startsWith(w)));
    const y = /\b(\d{4})$/.exec(words);
    return m >= 0 && y ? Number(y[1]) * 12 + m : null;
  }
  // A day the calendar does not take: disabled by ARIA, or by a class calendars mark it with
  // ("flatpickr-disabled", "react-datepicker__day--disabled", "ant-picker-cell-disabled").
  /** @param {Element} el */
  const dayOff = (el) => el.getAttribute('aria-disabled') === 'true' || /(^|[\s_-])disabled(\s|$)/.test(el.getAttribute('class') || '');
  // The buttons that step a calendar from month to month, in `box` (holding no day cell): those
  // named so ("Previous month", "Next Month"), else the two unnamed buttons that alone fill a
  // box of their own (Vuetify's chevrons; its unnamed button beside the month's name opens the
  // years, and sits in no such pair).
  /** @param {Element} box @param {El[]} cells @returns {El[]} */
  function steppersIn(box, cells) {
    /** @type {El[]} */
    const buttons = [];
    for (const b of /** @type {NodeListOf<El>} */ (box.querySelectorAll('button,[role=button]'))) {
      if (buttons.length < 40 && sight(b) && !cells.some((c) => composedContains(b, c) || composedContains(c, b))) buttons.push(b);
    }
    const named = buttons.filter((b) => /^(prev|previous|next)\b/i.test(accName(b, 'button')));
    if (named.length) return named.slice(0, 4);
    for (const b of buttons) {
      const p = b.parentElement;
      const kids = p ? Array.from(p.children).filter((c) => sight(/** @type {El} */ (c))) : [];
      if (kids.length === 2 && kids.every((c) => buttons.includes(/** @type {El} */ (c)) && !accName(/** @type {El} */ (c), 'button'))) return /** @type {El[]} */ (kids);
    }
    return [];
  }
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
    /** @type {Map<number, number>} */
    const months = new Map();
    const all = field.ownerDocument.querySelectorAll('[aria-label],[title],[data-v-date],[data-date]');
    for (let i = 0; i < all.length && i < 20000; i++) {
      const el = /** @type {El} */ (all[i]);
      if (el === field || composedContains(el, field)) continue;
      const words = cellWords(el);
      if (!ANY_DAY.test(words) || !sight(el)) continue;
      cells.push(el);
      const mo = monthOf(words);
      if (mo !== null) months.set(mo, (months.get(mo) || 0) + 1);
      if (!hit && want.has(words) && !dayOff(el)) hit = el;
    }
    /** @param {El} el */
    const item = (el) => ({ ref: refFor(el, ctx), ...summarize(el) });
    /** @typedef {{ ref: string, role: string, name: string, tag: string }} CellItem */
    // The month shown: the one most cells are days of (a calendar shows the ends of the months
    // beside it too).
    let shown = null, most = 0;
    for (const [mo, n] of months) if (n > most) { shown = mo; most = n; }
    /** @type {{ cells: number, shown: number | null, cell: CellItem | null, month: CellItem | null, year: CellItem | null, steppers: CellItem[], nextRef: number }} */
    const out = { cells: cells.length, shown, cell: hit ? item(hit) : null, month: null, year: null, steppers: [], nextRef: ctx.next };
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
      if (!out.steppers.length) out.steppers = steppersIn(box, cells).map(item);
      box = flatParent(/** @type {Element} */ (box));
    }
    if (out.month && out.year) out.steppers = [];
    out.nextRef = ctx.next;
    return out;
  }
