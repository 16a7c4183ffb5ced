//! #27: every control Glass shows can be acted on, proved on layouts nobody hand-picked. A
//! seeded generator (deterministic: a failure prints its seed, and `GLASS_LAYOUT_SEED=N`
//! replays that one page) combines the CSS that decides what a person can click: overflow per
//! axis on nested blocks, scrolled containers, every `position`, transforms and `contain:
//! paint`, `clip-path`, `opacity: 0`, `visibility: hidden`, `display: contents`, zero-size
//! boxes, `pointer-events: none`, overlays over part of a control, open and closed shadow
//! roots, same-origin frames, page zoom and content scrolled out of view.
//!
//! On each page, checked on the page's own state: the page itself works out which controls a
//! person could click (scrolling only what a person can scroll, then asking Chrome's
//! `elementFromPoint` over a grid of each control's box); every one of those must be listed by
//! `observe`; every listed control must take Glass's `click` (a button: its own page-side
//! counter, and Chrome's `elementFromPoint` at the event's point is that control) or `type` (a
//! text box: its value), or fail with a reason that is true (no point of it can receive a press).
//! The suite runs the first 2,000 layouts (two halves side by side); the on-demand run takes
//! 10,000, or `GLASS_LAYOUTS` (`GLASS_LAYOUT_RUNNERS` Chromes side by side). Seeds that once failed are fixtures by being in that range.
#![cfg(target_os = "linux")]

use crate::common;

use std::fmt::Write as _;

use common::web::{Page, Server};
use common::{Glass, all_elements, eval, observe, tool_json};
use serde_json::{Value, json};

/// splitmix64: small, fast, and the same sequence on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
    fn pick<'a>(&mut self, from: &[&'a str]) -> &'a str {
        from[self.below(from.len() as u64) as usize]
    }
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }
}

/// What a generated page holds, for the checks.
struct Layout {
    html: String,
    /// Controls: (id, is a text box).
    controls: Vec<(String, bool)>,
}

struct Gen<'a> {
    rng: &'a mut Rng,
    controls: Vec<(String, bool)>,
    frames: usize,
}

const OVERFLOW: &[&str] = &["visible", "hidden", "clip", "auto", "scroll"];

impl Gen<'_> {
    fn control(&mut self, out: &mut String) {
        let k = self.controls.len();
        let id = format!("c{k}");
        let text_box = self.rng.chance(30);
        let mut style = String::new();
        if self.rng.chance(10) {
            style.push_str("pointer-events:auto;");
        }
        if self.rng.chance(6) {
            style.push_str("visibility:visible;");
        }
        if self.rng.chance(8) {
            let _ = write!(
                style,
                "position:relative;left:{}px;top:{}px;",
                self.rng.range(-40, 40),
                self.rng.range(-20, 20)
            );
        }
        if self.rng.chance(5) {
            style.push_str("opacity:0;");
        }
        if self.rng.chance(8) {
            let _ = write!(
                style,
                "width:{}px;height:{}px;",
                self.rng.range(20, 160),
                self.rng.range(14, 60)
            );
        }
        if text_box {
            let _ = write!(
                out,
                "<input id=\"{id}\" data-c aria-label=\"C{k}\" style=\"{style}\">"
            );
        } else {
            let _ = write!(
                out,
                "<button id=\"{id}\" data-c style=\"{style}\">C{k}</button>"
            );
        }
        self.controls.push((id, text_box));
    }

    /// An absolutely placed box over part of what is around it.
    fn overlay(&mut self, out: &mut String) {
        let _ = write!(
            out,
            "<div style=\"position:absolute;left:{}px;top:{}px;width:{}px;height:{}px;background:rgba(200,0,0,.3);z-index:{}\"></div>",
            self.rng.range(-20, 200),
            self.rng.range(-20, 120),
            self.rng.range(5, 120),
            self.rng.range(5, 60),
            self.rng.range(0, 3)
        );
    }

    fn block_style(&mut self) -> String {
        let r = &mut *self.rng;
        let mut s = String::new();
        let ox = if r.chance(35) {
            r.pick(OVERFLOW)
        } else {
            "visible"
        };
        let oy = if r.chance(35) {
            r.pick(OVERFLOW)
        } else {
            "visible"
        };
        if ox != "visible" || oy != "visible" || r.chance(20) {
            let _ = write!(
                s,
                "overflow-x:{ox};overflow-y:{oy};width:{}px;height:{}px;",
                r.range(30, 320),
                r.range(20, 180)
            );
        }
        match r.below(12) {
            0 | 1 => {
                let _ = write!(
                    s,
                    "position:relative;left:{}px;top:{}px;",
                    r.range(-60, 60),
                    r.range(-30, 30)
                );
            }
            2 => {
                let _ = write!(
                    s,
                    "position:absolute;left:{}px;top:{}px;",
                    r.range(-80, 500),
                    r.range(-60, 400)
                );
            }
            3 => {
                let _ = write!(
                    s,
                    "position:fixed;left:{}px;top:{}px;",
                    r.range(-80, 900),
                    r.range(-60, 600)
                );
            }
            4 => {
                let _ = write!(s, "position:sticky;top:{}px;", r.range(0, 80));
            }
            _ => {}
        }
        match r.below(14) {
            0 => {
                let _ = write!(
                    s,
                    "transform:translate({}px,{}px);",
                    r.range(-100, 100),
                    r.range(-60, 60)
                );
            }
            1 => {
                let _ = write!(s, "transform:scale({}.{});", r.range(0, 1), r.range(5, 9));
            }
            2 => {
                let _ = write!(s, "transform:rotate({}deg);", r.range(-40, 40));
            }
            3 => s.push_str("contain:paint;"),
            _ => {}
        }
        match r.below(25) {
            0 => s.push_str("clip-path:inset(20% 10%);"),
            1 => s.push_str("clip-path:circle(45%);"),
            2 => s.push_str("opacity:0;"),
            3 => s.push_str("visibility:hidden;"),
            4 => s.push_str("display:contents;"),
            5 => s.push_str("width:0;height:0;"),
            6 => s.push_str("pointer-events:none;"),
            _ => {}
        }
        if r.chance(10) {
            let _ = write!(s, "margin-top:{}px;", r.range(200, 1600));
        }
        if r.chance(10) {
            let _ = write!(s, "margin-left:{}px;", r.range(100, 1400));
        }
        s
    }

    /// A block: styled wrapper, then its children (controls, nested blocks, overlays).
    /// `controls`: whether controls may go inside (not inside a closed shadow root, which no
    /// script of the page's world, Glass's included, can look into).
    /// `turned`: inside a rotated block, where the page's script cannot say which point of a
    /// frame a press reaches (the page's own truth would be wrong), so no frame goes there;
    /// `page_model::a_frame_in_a_turned_block_is_pressed_where_chrome_says` covers that case.
    fn block(&mut self, depth: u32, controls: bool, turned: bool, out: &mut String) {
        let style = self.block_style();
        let turned = turned || style.contains("rotate(");
        let shadow = if self.rng.chance(12) {
            Some(if self.rng.chance(50) {
                "open"
            } else {
                "closed"
            })
        } else {
            None
        };
        let inner_controls = controls && shadow != Some("closed");
        let _ = write!(out, "<div style=\"{style}\">");
        if let Some(mode) = shadow {
            let _ = write!(out, "<div data-shadow=\"{mode}\"><template>");
        }
        let n = self.rng.range(1, 3);
        for _ in 0..n {
            match self.rng.below(10) {
                0..=4 if inner_controls && self.controls.len() < 7 => self.control(out),
                5..=7 if depth < 3 => self.block(depth + 1, inner_controls, turned, out),
                8 => self.overlay(out),
                9 if inner_controls && !turned && self.frames < 1 && depth < 2 => self.frame(out),
                _ if inner_controls && self.controls.len() < 7 => self.control(out),
                _ => out.push_str("<p>text</p>"),
            }
        }
        if shadow.is_some() {
            out.push_str("</template></div>");
        }
        out.push_str("</div>");
    }

    /// A same-origin frame holding one control.
    fn frame(&mut self, out: &mut String) {
        self.frames += 1;
        let mut inner = String::new();
        if self.rng.chance(40) {
            let _ = write!(
                inner,
                "<div style=\"height:{}px\"></div>",
                self.rng.range(50, 400)
            );
        }
        self.control(&mut inner);
        let doc = format!("<!doctype html><body style='margin:4px'>{inner}</body>");
        let _ = write!(
            out,
            "<iframe style=\"width:{}px;height:{}px;border:1px solid #888\" srcdoc=\"{}\"></iframe>",
            self.rng.range(60, 300),
            self.rng.range(30, 200),
            doc.replace('&', "&amp;").replace('"', "&quot;")
        );
    }
}

/// The page-side harness: shadow roots made from their templates, a click counter per control
/// (counting only a click Chrome's own hit test at the event's point agrees with), and
/// `truth()`, the controls a person could click.
const HARNESS: &str = r#"
<script>
window.hits = {}; window.stray = 0; window.overs = {};
document.addEventListener('mousedown', (e) => { const h = deep(document, e.clientX, e.clientY); window.lastDown = [e.clientX, e.clientY, e.target.id || e.target.localName, h && (h.id || h.localName)]; }, true);
const docs = [document];
function deep(doc, x, y) {
  let h = doc.elementFromPoint(x, y);
  for (let k = 0; h && h.shadowRoot && k < 16; k++) { const i = h.shadowRoot.elementFromPoint(x, y); if (!i || i === h) break; h = i; }
  return h;
}
function inside(el, n) { for (; n; n = n.parentNode || n.host) if (n === el) return true; return false; }
function wire(root) {
  for (const h of root.querySelectorAll('[data-shadow]')) {
    const t = h.querySelector(':scope > template');
    const r = h.attachShadow({ mode: h.dataset.shadow });
    r.append(t.content.cloneNode(true)); t.remove();
    wire(r);
  }
  for (const el of root.querySelectorAll('[data-c]')) {
    el.addEventListener('pointerover', (e) => { if (e.isTrusted) window.top.overs[el.id] = (window.top.overs[el.id] || 0) + 1; });
    el.addEventListener('click', (e) => {
      const d = el.ownerDocument;
      // The event's point is whole pixels (the press's was not): any of the four around it.
      const near = [[0, 0], [1, 0], [0, 1], [1, 1]].some(([dx, dy]) => inside(el, deep(d, e.clientX + dx, e.clientY + dy)));
      if (near) window.top.hits[el.id] = (window.top.hits[el.id] || 0) + 1;
      else window.top.stray += 1;
    });
  }
}
function all() {
  const out = [];
  const visit = (root) => {
    for (const el of root.querySelectorAll('[data-c]')) out.push(el);
    for (const n of root.querySelectorAll('*')) if (n.shadowRoot) visit(n.shadowRoot);
    for (const f of root.querySelectorAll('iframe')) { try { visit(f.contentDocument); } catch (_) {} }
  };
  visit(document);
  return out;
}
// The ancestors a person scrolls with the wheel (and the page), innermost first.
function scrollers(el) {
  const out = [];
  for (let n = el.parentNode || el.host; n; n = n.parentNode || n.host) {
    if (n.nodeType !== 1) continue;
    const s = getComputedStyle(n);
    if (n === n.ownerDocument.documentElement || n === n.ownerDocument.body) continue;
    const x = /auto|scroll/.test(s.overflowX), y = /auto|scroll/.test(s.overflowY);
    if (x || y) out.push([n, x, y]);
  }
  return out;
}
// Whether some point of el can take a press from a person: scroll what a person can scroll to
// bring it to the middle, then ask Chrome over a grid of its box.
function clickable(el) {
  const chain = [];
  for (let w = el.ownerDocument.defaultView; w !== window; w = w.parent) chain.push(w.frameElement);
  const bring = (e) => {
    // Only along the axes a person can scroll (overflow auto or scroll).
    for (const [s, x, y] of scrollers(e)) {
      const r = e.getBoundingClientRect(), c = s.getBoundingClientRect();
      if (y) s.scrollTop += (r.top + r.height / 2) - (c.top + c.height / 2);
      if (x) s.scrollLeft += (r.left + r.width / 2) - (c.left + c.width / 2);
    }
    const v = e.ownerDocument.defaultView, r = e.getBoundingClientRect();
    v.scrollBy((r.left + r.width / 2) - v.innerWidth / 2, (r.top + r.height / 2) - v.innerHeight / 2);
  };
  bring(el);
  for (const f of chain) bring(f);
  const rects = Array.from(el.getClientRects());
  for (const r of rects) {
    for (let i = 0; i <= 10; i++) for (let j = 0; j <= 10; j++) {
      // Whole pixels, as a mouse presses (and as Chrome rounds a press).
      const x = Math.round(r.left + (r.width * (i + 0.5)) / 11), y = Math.round(r.top + (r.height * (j + 0.5)) / 11);
      if (!inside(el, deep(el.ownerDocument, x, y))) continue;
      // Up through each frame: its content box's place and scale in its parent.
      let ok = true, px = x, py = y;
      for (const f of chain) {
        const b = f.getBoundingClientRect();
        const sx = b.width / f.offsetWidth, sy = b.height / f.offsetHeight;
        px = b.left + f.clientLeft * sx + px * sx; py = b.top + f.clientTop * sy + py * sy;
        if (deep(f.ownerDocument, px, py) !== f) { ok = false; break; }
      }
      if (ok) return true;
    }
  }
  return false;
}
function scrollsOf() {
  const out = [];
  const visit = (root) => {
    for (const n of root.querySelectorAll('*')) {
      if (n.scrollTop || n.scrollLeft) out.push([n, n.scrollTop, n.scrollLeft]);
      if (n.shadowRoot) visit(n.shadowRoot);
      if (n.localName === 'iframe') { try { visit(n.contentDocument); } catch (_) {} }
    }
  };
  visit(document);
  return out;
}
window.truth = function () {
  const out = [];
  for (const el of all()) {
    const saved = scrollsOf();
    const ws = [scrollX, scrollY];
    if (clickable(el)) out.push(el.id);
    for (const n of scrollsOf()) { n[0].scrollTop = 0; n[0].scrollLeft = 0; }
    for (const [n, t, l] of saved) { n.scrollTop = t; n.scrollLeft = l; }
    for (const f of document.querySelectorAll('iframe')) { try { f.contentWindow.scrollTo(0, 0); } catch (_) {} }
    window.scrollTo(ws[0], ws[1]);
  }
  return out;
};
window.valueOf = (id) => { const el = all().find((e) => e.id === id); return el ? el.value : null; };
// Frames (in shadow roots too) once their documents have loaded.
window.addEventListener('load', () => {
  const frames = (root) => {
    for (const n of root.querySelectorAll('*')) {
      if (n.localName === 'iframe') { try { wire(n.contentDocument); } catch (_) {} }
      if (n.shadowRoot) frames(n.shadowRoot);
    }
  };
  frames(document);
});
wire(document);
</script>
"#;

fn layout(seed: u64) -> Layout {
    let mut rng = Rng(seed);
    let mut body = String::new();
    let mut g = Gen {
        rng: &mut rng,
        controls: Vec::new(),
        frames: 0,
    };
    let blocks = g.rng.range(1, 3);
    for _ in 0..blocks {
        g.block(0, true, false, &mut body);
    }
    if g.controls.is_empty() {
        g.control(&mut body);
    }
    let zoom = match g.rng.below(10) {
        0 => "zoom:1.25;",
        1 => "zoom:0.8;",
        _ => "",
    };
    let controls = std::mem::take(&mut g.controls);
    let html = format!(
        "<!doctype html><html style=\"{zoom}\"><head><title>L{seed}</title></head><body style=\"margin:8px\">{body}{HARNESS}</body></html>"
    );
    Layout { html, controls }
}

/// One page's problems, in words (empty when every check held).
fn check(g: &mut Glass, web: &Server, seed: u64, l: &Layout, hover: bool) -> Vec<String> {
    let mut problems = Vec::new();
    let path = format!("/l{seed}");
    web.set(&path, Page::html(&l.html));
    let r = g.call(
        json!("nav"),
        "navigate",
        json!({"url": web.url(&path), "observe": false}),
    );
    if r["result"]["isError"] == true {
        return vec![format!("navigate failed: {}", tool_json(&r))];
    }
    let truth: Vec<String> = serde_json::from_value(eval(g, "window.truth()")).unwrap_or_default();
    let o = observe(g, json!({}));
    let listed: Vec<(String, String, bool)> = all_elements(&o["elements"])
        .into_iter()
        .filter_map(|e| {
            let name = e["name"].as_str()?;
            let k = name.strip_prefix('C')?;
            k.parse::<usize>().ok()?;
            Some((
                format!("c{k}"),
                e["ref"].as_str()?.to_owned(),
                e["disabled"] == true,
            ))
        })
        .collect();
    for id in &truth {
        if !listed.iter().any(|(l, _, _)| l == id) {
            problems.push(format!(
                "{id}: a person can click it, observe does not list it"
            ));
        }
    }
    // The page's counters before each action: those the last action left (nothing runs between).
    let counters = "JSON.stringify([window.hits, window.stray])";
    let mut before = eval(g, counters);
    let is_text_box = |id: &str| l.controls.iter().any(|(c, t)| c == id && *t);
    // Presses first, then the text boxes: a press right after keys on the same document waits
    // out a person's pace (`KEYS_TO_PRESS`), which would only slow the run down.
    let mut order: Vec<&(String, String, bool)> = listed.iter().collect();
    order.sort_by_key(|(id, _, _)| is_text_box(id));
    for (id, r, disabled) in order {
        if *disabled {
            continue;
        }
        let text_box = is_text_box(id);
        if hover && !text_box {
            problems.extend(hover_problem(g, id, r, truth.contains(id)));
        }
        let (tool, args) = if text_box {
            ("type", json!({"target": r, "text": "k"}))
        } else {
            ("click", json!({"target": r}))
        };
        let response = g.call(json!("act"), tool, args);
        let answer = tool_json(&response);
        let after = eval(g, counters);
        if std::env::var("GLASS_LAYOUT_DEBUG").is_ok() {
            let where_ = eval(
                g,
                &format!(
                    "(() => {{ const el = document.getElementById('{id}'); const r = el && el.getBoundingClientRect(); const sc = [...document.querySelectorAll('*')].filter((e) => e.scrollTop || e.scrollLeft).map((e) => [e.tagName, e.scrollLeft, e.scrollTop]); return JSON.stringify({{sx: scrollX, sy: scrollY, r: r && [r.left, r.top, r.width, r.height], last: window.lastDown, sc}}); }})()"
                ),
            );
            eprintln!("{id}: {answer} {where_}");
        }
        let landed = if text_box {
            eval(g, &format!("window.valueOf('{id}')")) == json!("k")
        } else {
            let b: Value = serde_json::from_str(before.as_str().unwrap()).unwrap();
            let a: Value = serde_json::from_str(after.as_str().unwrap()).unwrap();
            let count = |v: &Value| v[0][id.as_str()].as_u64().unwrap_or(0);
            let total = |v: &Value| {
                v[0].as_object()
                    .map(|m| m.values().filter_map(Value::as_u64).sum::<u64>())
                    .unwrap_or(0)
                    + v[1].as_u64().unwrap_or(0)
            };
            count(&a) == count(&b) + 1 && total(&a) == total(&b) + 1
        };
        match (response["result"]["isError"] == true).then_some(()) {
            None if landed => {}
            None => problems.push(format!(
                "{id}: {tool} answered success but the page saw {after} (before {before})"
            )),
            Some(_) if truth.contains(id) => problems.push(format!(
                "{id}: listed and clickable by a person, but {tool} failed: {answer}"
            )),
            Some(_) => {
                let kind = answer["failureKind"].as_str().unwrap_or("");
                if !["notVisible", "blocked"].contains(&kind) {
                    problems.push(format!("{id}: {tool} failed with no true reason: {answer}"));
                }
            }
        }
        before = after;
    }
    problems
}

/// What is wrong with hovering control `id` (ref `r`) on a page that holds still: a hover
/// reported done while the page saw no pointer come over the control, a miss (nothing moved it),
/// or a failure for a control a person can reach.
fn hover_problem(g: &mut Glass, id: &str, r: &str, reachable: bool) -> Option<String> {
    let overs = format!("window.overs['{id}'] || 0");
    let before = eval(g, &overs);
    let response = g.call(json!("hover"), "hover", json!({"target": r}));
    let answer = tool_json(&response);
    let after = eval(g, &overs);
    if response["result"]["isError"] != true {
        // The pointer may rest on the control already (a scroll moved it under the pointer,
        // and the page counted that): then it is under the pointer still.
        let under = eval(
            g,
            &format!("all().some((e) => e.id === '{id}' && e.matches(':hover'))"),
        );
        return (after.as_u64() <= before.as_u64() && under != json!(true)).then(|| {
            format!("{id}: hover answered success but the page saw no pointer come over it")
        });
    }
    let kind = answer["failureKind"].as_str().unwrap_or("");
    if reachable || !["notVisible", "blocked"].contains(&kind) {
        return Some(format!(
            "{id}: hover failed on a page that holds still: {answer}"
        ));
    }
    None
}

/// On demand, a longer run: 10,000 layouts from seed 1 (or `GLASS_LAYOUTS` from
/// `GLASS_LAYOUT_FROM`; `GLASS_LAYOUT_SEED` replays one; `GLASS_LAYOUT_HOVER` hovers each control
/// before clicking it): `cargo test --release --test browser -- generated_layouts --ignored`.
#[test]
#[ignore = "the longer run, on demand: cargo test --release --test browser -- generated_layouts --ignored"]
fn every_listed_control_takes_the_action_on_10000_generated_layouts() {
    let count = std::env::var("GLASS_LAYOUTS")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
        .unwrap_or(10_000);
    // `GLASS_LAYOUT_FROM`: the first seed (a sweep past the ones already swept).
    let from = std::env::var("GLASS_LAYOUT_FROM")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
        .unwrap_or(1);
    run(from..from + count, false);
}

/// In every run of the suite: the first 2,000 layouts, in two halves that run side by side
/// (each with its own browser), so a change that breaks what they cover fails at once.
#[test]
fn every_listed_control_takes_the_action_on_layouts_1_to_1000() {
    run(1..=1000, false);
}

/// The second half of the suite's 2,000 layouts (see the first).
#[test]
fn every_listed_control_takes_the_action_on_layouts_1001_to_2000() {
    run(1001..=2000, false);
}

/// Seeds that failed before a fix (a fractional press at a clip-path edge, content a person
/// scrolls into view, a control covered where centring put it, a rotated scroller, sticky
/// content in a box no person can scroll, a scroller partly off the viewport's edge, a box typed
/// into that only scrolling toward it from where the page was shows, a frame brought into view
/// by scrolling an overflow:hidden box of the page around it, a button in a frame showing
/// 0.05 px of itself past the frame's edge, pressed on the frame's border and reported done, a
/// button in a fixed box covered by content the page scrolled over it, controls running out of
/// a turned block along the axis it does not clip, a control a person scrolls into a turned
/// block's clip with the scroller inside it, a sliver under a clip's edge less than a pixel tall
/// that Chrome hits on the pixel row beside it, a button ending half a pixel short of a scaled
/// scroller's clip, which Chrome presses on the pixel they share, a field whose focus scrolled
/// an overflow:hidden box and hid the next field, a scaled frame's button whose bottom meets the
/// viewport's top edge by a transform's float noise, pressed past it, a button of a frame under
/// a zoomed page left a quarter-pixel sliver by a translucent box over it, which Chrome's own
/// mapping into the frame missed, fields above the viewport's top only because a scaled or
/// turned scroller around them was scrolled, taken for boxes parked before the document's
/// origin): a few seconds, so a change to what they cover is caught without the whole run.
const ONCE_FAILED: &[u64] = &[
    258, 289, 330, 387, 613, 634, 898, 907, 946, 994, 1033, 1192, 1201, 1432, 1485, 1612, 1635,
    1697, 1808, 1965, 3059, 3479, 5144, 7818, 8712, 10600, 11641, 14140, 15231, 16696, 28334,
    39299, 50471, 88600,
];

/// The seeds that once failed, on their own (those up to 2,000 are in the suite's run too).
#[test]
fn every_seed_that_once_failed_passes() {
    run(ONCE_FAILED.iter().copied(), false);
}

/// Seeds that failed only when each control was hovered before it was clicked, which leaves
/// the scrollers where the hover pressed (a button half shown in a rotated box of a sticky,
/// clipped scroller: centring it put it under the clip, and only where the page already was
/// could a person press it).
const ONCE_FAILED_HOVERED: &[u64] = &[53177];

/// The seeds that once failed with hovering, hovered again.
#[test]
fn every_seed_that_once_failed_hovered_first_passes() {
    run(ONCE_FAILED_HOVERED.iter().copied(), true);
}

/// A seed that failed, with its problems in words.
type Failed = (u64, Vec<String>);

/// Runners per test, each with its own Chrome (see `run`): one, because four Chromes beside the
/// rest of the suite starved its other tests of the two cores.
const RUNNERS: usize = 1;

/// Run the layouts of `seeds` (`GLASS_LAYOUT_SEED` replays one instead, when it is in them;
/// `GLASS_LAYOUT_RUNNERS` sets how many Chromes share them, 1 to 8), each control hovered
/// before it is clicked when `hover` or `GLASS_LAYOUT_HOVER` says so (on demand: it checks the
/// hover's landing check against Chrome, and doubles the pointer's work).
fn run(seeds: impl IntoIterator<Item = u64>, hover: bool) {
    let hover = hover || std::env::var("GLASS_LAYOUT_HOVER").is_ok();
    let all: Vec<u64> = seeds.into_iter().collect();
    let seeds: Vec<u64> = match std::env::var("GLASS_LAYOUT_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        Some(s) if all.contains(&s) => vec![s],
        Some(_) => return,
        None => all,
    };
    let web = Server::start(vec![]);
    let runners: usize = std::env::var("GLASS_LAYOUT_RUNNERS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(RUNNERS)
        .clamp(1, 8);
    // Each runner takes every `runners`-th seed with its own Glass and Chrome: a layout's time
    // is mostly waiting for frames, so runners side by side share the cores well.
    let results: Vec<(usize, Vec<Failed>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..runners)
            .map(|k| {
                let mine: Vec<u64> = seeds.iter().copied().skip(k).step_by(runners).collect();
                let web = &web;
                let single = seeds.len() == 1;
                scope.spawn(move || {
                    let mut g = common::incognito(&[]);
                    let mut failed = Vec::new();
                    let mut listed = 0usize;
                    for seed in mine {
                        let l = layout(seed);
                        listed += l.controls.len();
                        let problems = check(&mut g, web, seed, &l, hover);
                        if !problems.is_empty() {
                            if single {
                                eprintln!("{}", l.html.split("<script>").next().unwrap_or(""));
                            }
                            eprintln!("seed {seed}: {problems:#?}");
                            failed.push((seed, problems));
                        }
                    }
                    (listed, failed)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let listed_total: usize = results.iter().map(|r| r.0).sum();
    let mut failed: Vec<Failed> = results.into_iter().flat_map(|r| r.1).collect();
    failed.sort_by_key(|f| f.0);
    eprintln!(
        "{} layouts, {} controls generated, {} seeds failed",
        seeds.len(),
        listed_total,
        failed.len()
    );
    assert!(
        failed.is_empty(),
        "{} of {} layouts failed; replay one with GLASS_LAYOUT_SEED=<seed>: seeds {:?}",
        failed.len(),
        seeds.len(),
        failed.iter().map(|(s, _)| *s).take(40).collect::<Vec<_>>()
    );
}
