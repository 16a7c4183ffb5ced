  // Part 76, calendars: the day cell a date field's calendar shows for a date, and the month and year controls that turn it; apart because only a date field that takes no keys comes here.
  // A date picker may keep its field read-only (flatpickr does by default): a person presses
  // the field and then the day. Calendars name each day cell by its whole date ("December 24,
  // 2026" in flatpickr, "Choose Thursday, December 24th, 2026", "2026-12-24" as a title).
  // A native date or time field (`<input type="date">` and its kin) takes keys part by part in
  // the order of the browser's locale, so typed text lands in the wrong parts (Airflow's trigger
  // form held 50315-02-02 for 2025-03-15, and `type` answered ok). A person picks the value in
  // its picker; here it is set as written in HTML, through the value the page's framework
  // listens to, with the events a choice fires. The formats each kind takes:
  /** @type {Record<string, RegExp>} */
  const NATIVE_TIME_FORMATS = {
    date: /^\d{4}-\d{2}-\d{2}$/, time: /^\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/, month: /^\d{4}-\d{2}$/,
    week: /^\d{4}-W\d{2}$/, 'datetime-local': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/,
  };
  /** @param {unknown} ref @param {unknown} text */
  function setNativeTime(ref, text) {
    const el = target(ref);
    if (!el || el.localName !== 'input' || !(/** @type {HTMLInputElement} */ (el).type in NATIVE_TIME_FORMATS)) return { native: false };
    const input = /** @type {HTMLInputElement} */ (el);
    let v = String(text).trim();
    if (input.type === 'datetime-local') v = v.replace(' ', 'T');
    if (!NATIVE_TIME_FORMATS[input.type].test(v)) return { native: true, ok: false, failure: 'format' };
    input.focus({ preventScroll: true });
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
    if (setter && setter.set) setter.set.call(input, v); else input.value = v;
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
    // A time given without seconds reads back as written; a value the field refused (no such
    // day) reads back empty.
    return { native: true, ok: input.value !== '' && (input.value === v || input.value.startsWith(v)) };
  }
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
  // A day the calendar marks chosen (the field holds it already): by ARIA, or by a class
  // ("selected", "ant-picker-cell-selected", "v-date-picker-month__day--selected").
  /** @param {Element} el */
  const dayChosen = (el) => el.getAttribute('aria-selected') === 'true' || el.getAttribute('aria-pressed') === 'true' ||
    /(^|[\s_-])selected(\s|$)/.test(el.getAttribute('class') || '');
  // A day the calendar does not take: disabled by ARIA, or by a class calendars mark it with
  // ("flatpickr-disabled", "react-datepicker__day--disabled", "ant-picker-cell-disabled").
  /** @param {Element} el */
  const dayOff = (el) => el.getAttribute('aria-disabled') === 'true' || /(^|[\s_-])disabled(\s|$)/.test(el.getAttribute('class') || '');
  // The buttons that step a calendar from month to month, in `box` (holding no day cell): those
  // named so ("Previous month", "Next Month"), else unnamed ones whose class says so (Ant
  // Design's "ant-picker-header-prev-btn", and its "super" ones that step a year), else the
  // two unnamed buttons that alone fill a
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
    const classed = buttons.filter((b) => !accName(b, 'button') && /(^|[\s_-])(prev|previous|next)([\s_-]|$)/i.test(b.getAttribute('class') || ''));
    if (classed.length) return classed.slice(0, 4);
    for (const b of buttons) {
      const p = b.parentElement;
      const kids = p ? Array.from(p.children).filter((c) => sight(/** @type {El} */ (c))) : [];
      if (kids.length === 2 && kids.every((c) => buttons.includes(/** @type {El} */ (c)) && !accName(/** @type {El} */ (c), 'button'))) return /** @type {El[]} */ (kids);
    }
    return [];
  }
  // The day cells shown in the document of `field` and its open shadow roots (Panel's date
  // picker draws its calendar in the widget's), not the field itself, with their words.
  /** @param {El} field @returns {[El, string][]} */
  function shownDays(field) {
    /** @type {[El, string][]} */
    const cells = [];
    const doc = field.ownerDocument;
    const all = [doc, ...openShadowRoots(doc)].flatMap((r) => [...r.querySelectorAll('[aria-label],[title],[data-v-date],[data-date]')]);
    for (let i = 0; i < all.length && i < 20000; i++) {
      const el = /** @type {El} */ (all[i]);
      if (el === field || composedContains(el, field)) continue;
      const words = cellWords(el);
      if (ANY_DAY.test(words) && sight(el)) cells.push([el, words]);
    }
    return cells;
  }
  // The smallest box holding every day cell: the calendar, whose header and time are a few
  // boxes up.
  /** @param {El[]} days */
  function daysBox(days) {
    let box = /** @type {Element | null} */ (days[0]);
    for (let k = 0; box && k < 10 && !days.every((c) => box && composedContains(box, c)); k++) box = flatParent(box);
    return box;
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
    const cells = shownDays(field);
    /** @type {El | null} */
    let hit = null;
    /** @type {Map<number, number>} */
    const months = new Map();
    for (const [el, words] of cells) {
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
    /** @type {{ cells: number, shown: number | null, cell: CellItem | null, chosen: boolean, month: CellItem | null, year: CellItem | null, steppers: CellItem[], nextRef: number }} */
    const out = { cells: cells.length, shown, cell: hit ? item(hit) : null, chosen: !!hit && dayChosen(hit), month: null, year: null, steppers: [], nextRef: ctx.next };
    if (hit || !cells.length) { out.nextRef = ctx.next; return out; }
    // The calendar: the smallest box holding every day cell, then up to five boxes up for its
    // header (flatpickr keeps its month select and year field four boxes up).
    const days = cells.map(([el]) => el);
    let box = daysBox(days);
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
      if (!out.steppers.length) out.steppers = steppersIn(box, days).map(item);
      box = flatParent(/** @type {Element} */ (box));
    }
    if (out.month && out.year) out.steppers = [];
    out.nextRef = ctx.next;
    return out;
  }

  // The parts of an open calendar that set a time of day (hour, minute, second), found around
  // its day cells as its month controls are, up to the box the calendar pops up in: fields or
  // sliders named for each (flatpickr's "Hour" and "Minute" fields, a `hours` slider), else
  // columns of numbers to press (Ant Design's: 24 or 12 hours, 60 minutes, in that order), the
  // cell for the time asked taken from each. Then what says AM or PM (a toggle showing one, a
  // button or cell for each, or a select of the two) and the button that confirms the choice
  // where the calendar has one ("OK", "Done", "Apply").
  const TIME_WORDS = { hour: /(^|[^a-z])hours?([^a-z]|$)/i, minute: /(^|[^a-z])minutes?([^a-z]|$)/i, second: /(^|[^a-z])seconds?([^a-z]|$)/i };
  /** @type {('hour' | 'minute' | 'second')[]} */
  const TIME_PARTS = ['hour', 'minute', 'second'];
  const MERIDIEM = /^(am|pm|a\.m\.|p\.m\.)$/i;
  const CONFIRM = /^(ok|done|apply|set|confirm)$/i;
  // A box the page lays out apart from the rest (a popup): the calendar ends there.
  /** @param {Element} box */
  const popsUp = (box) => ['absolute', 'fixed'].includes(getComputedStyle(box).position);
  // The numbers a column of time cells shows, when every cell shows one (at least 12).
  /** @param {Element} col */
  function columnNumbers(col) {
    const kids = Array.from(col.children);
    const nums = kids.map((k) => norm(k.textContent)).filter((t) => /^\d{1,2}$/.test(t)).map(Number);
    return kids.length >= 12 && nums.length === kids.length ? nums : null;
  }
  /** @param {unknown} ref @param {number} hour @param {number} minute @param {number} second @param {number} nextRef */
  function timeParts(ref, hour, minute, second, nextRef) {
    const ctx = newCtx(nextRef);
    const field = target(ref);
    if (!field) return { status: 'stale', nextRef: ctx.next };
    resetCaches();
    /** @param {El} el @param {boolean} [press] */
    const item = (el, press) => ({ ref: refFor(el, ctx), ...summarize(el), press: !!press,
      text: cut(norm(el instanceof HTMLInputElement || el instanceof HTMLSelectElement ? el.value : el.textContent), 20) });
    /** @typedef {{ ref: string, role: string, name: string, tag: string, text: string, press: boolean }} PartItem */
    /** @type {{ hour: PartItem | null, minute: PartItem | null, second: PartItem | null, meridiem: PartItem[], confirm: PartItem | null, nextRef: number }} */
    const out = { hour: null, minute: null, second: null, meridiem: [], confirm: null, nextRef: ctx.next };
    const want = { hour, minute, second };
    const days = shownDays(field).map(([el]) => el);
    let box = days.length ? daysBox(days) : null;
    for (let k = 0; box && box.localName !== 'body' && k < 8; k++) {
      for (const i of /** @type {NodeListOf<HTMLInputElement>} */ (box.querySelectorAll('input'))) {
        if (i === field || !sight(i)) continue;
        const words = [i.getAttribute('aria-label'), i.name, i.getAttribute('class'), i.placeholder].join(' ');
        const part = TIME_PARTS.find((p) => !out[p] && TIME_WORDS[p].test(words));
        if (part) out[part] = item(i);
      }
      if (!out.hour) {
        const columns = Array.from(box.querySelectorAll('ul,[role=listbox]')).filter((c) => sight(/** @type {El} */ (c)));
        const numbered = columns.map((c) => /** @type {[Element, number[] | null]} */ ([c, columnNumbers(c)])).filter(([, nums]) => nums);
        numbered.slice(0, 3).forEach(([col, nums], n) => {
          if (!nums) return;
          const part = TIME_PARTS[n];
          const twelve = part === 'hour' && Math.max(...nums) <= 12;
          const asked = twelve ? (hour + 11) % 12 + 1 : want[part];
          const cell = Array.from(col.children).find((c) => Number(norm(c.textContent)) === asked);
          if (cell) out[part] = item(/** @type {El} */ (cell), true);
        });
        const halves = columns.find((c) => c.children.length === 2 && Array.from(c.children).every((k) => MERIDIEM.test(norm(k.textContent))));
        if (numbered.length && halves) out.meridiem = Array.from(halves.children, (c) => item(/** @type {El} */ (c), true));
      }
      if (!out.meridiem.length) {
        for (const s of /** @type {NodeListOf<HTMLSelectElement>} */ (box.querySelectorAll('select'))) {
          const names = Array.from(s.options, (o) => norm(o.text));
          if (names.length === 2 && names.every((n) => MERIDIEM.test(n)) && sight(s)) out.meridiem = [item(s)];
        }
      }
      if (!out.meridiem.length) {
        for (const el of /** @type {NodeListOf<El>} */ (box.querySelectorAll('span,div,button,a,li,[role=button]'))) {
          if (out.meridiem.length < 2 && el.children.length === 0 && MERIDIEM.test(norm(el.textContent)) && sight(el)) out.meridiem.push(item(el));
        }
      }
      if (!out.confirm) {
        for (const b of /** @type {NodeListOf<El>} */ (box.querySelectorAll('button,[role=button]'))) {
          if (!out.confirm && sight(b) && CONFIRM.test(accName(b, 'button'))) out.confirm = item(b);
        }
      }
      if (popsUp(box)) break;
      box = flatParent(/** @type {Element} */ (box));
    }
    out.nextRef = ctx.next;
    return out;
  }
  // Where to turn the wheel over the column holding time cell `ref`, and how far, to bring the
  // cell to the column's middle (Ant Design's columns scroll only under the pointer). null
  // when the column is not in sight.
  /** @param {unknown} ref */
  function cellShift(ref) {
    const cell = target(ref);
    const col = cell && flatParent(cell);
    if (!cell || !col || col.nodeType !== 1) return null;
    resetCaches();
    const s = sight(/** @type {El} */ (col));
    if (!s || !s.vis) return null;
    const c = cell.getBoundingClientRect();
    return { x: s.vis.x + s.vis.w / 2, y: s.vis.y + s.vis.h / 2, dy: c.top + c.height / 2 - (s.vis.y + s.vis.h / 2) };
  }
