//! Pages reduced from Panel (HoloViz), whose every widget is a Bokeh model drawn inside an open
//! shadow root: the words, the modal, the calendar and the number steppers Glass met there,
//! each checked on the page's own state.
#![cfg(target_os = "linux")]

use crate::common;

use common::web::{Page, Server};
use common::{eval, failed, nav, ok};
use serde_json::json;

/// Bug (Panel): the page's words inside shadow roots were no part of what `getText`, `wait` and
/// `verify` read, so `verify textAbsent` said "Payment failed" was absent while the page showed
/// it, and `wait textPresent` timed out on a heading a person reads. They read the words in open
/// shadow roots now; words in a hidden one stay unread.
#[test]
fn words_inside_shadow_roots_are_read_by_text_wait_and_verify() {
    let page = r#"<!doctype html><title>Order</title>
<p>Light DOM line.</p><div id="host"></div><div id="hidden" style="display:none"></div>
<script>
document.getElementById('host').attachShadow({mode: 'open'}).innerHTML = '<h1>Order form</h1><p>Payment failed: card declined</p>';
document.getElementById('hidden').attachShadow({mode: 'open'}).innerHTML = '<p>Secret draft</p>';
setTimeout(() => { const p = document.createElement('p'); p.textContent = 'Saved at noon'; document.getElementById('host').shadowRoot.append(p); }, 300);
</script>"#;
    let web = Server::start(vec![("/order", Page::html(page))]);
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/order");
    let text = ok(&g.call(json!(1), "getText", json!({})));
    let words = text["text"].as_str().unwrap();
    assert!(words.contains("Payment failed: card declined"), "{text}");
    assert!(!words.contains("Secret draft"), "{text}");
    let absent = ok(&g.call(
        json!(2),
        "verify",
        json!({"predicates": [{"kind": "textAbsent", "text": "Payment failed"}], "timeoutMs": 0}),
    ));
    assert_eq!(absent["satisfied"], false, "{absent}");
    ok(&g.call(
        json!(3),
        "wait",
        json!({"kind": "textPresent", "text": "Saved at noon", "timeoutMs": 5000}),
    ));
    // The page's own shadow root holds what was waited for.
    assert_eq!(
        eval(
            &mut g,
            "document.getElementById('host').shadowRoot.textContent.includes('Saved at noon')"
        ),
        true
    );
}

/// Bug (Panel's modal): a modal dialog drawn inside a shadow root blocked a click on the field
/// behind it, but `type` went into that field and answered ok. The open modal is found in
/// shadow roots too: the field is behind it for every tool, and nothing is typed.
#[test]
fn a_modal_inside_a_shadow_root_keeps_every_tool_off_the_page_behind_it() {
    let page = r#"<!doctype html><title>Settings</title>
<label>Full name <input id="name"></label><div id="host"></div>
<script>
document.getElementById('host').attachShadow({mode: 'open'}).innerHTML =
  '<div style="position:fixed;inset:0;background:rgba(0,0,0,.4)"></div>' +
  '<div role="dialog" aria-modal="true" aria-label="Settings" style="position:fixed;top:30%;left:30%;background:#fff;padding:20px">' +
  '<label>Nickname <input id="nick"></label> <button>Save nickname</button></div>';
</script>"#;
    let web = Server::start(vec![("/settings", Page::html(page))]);
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/settings");
    let refused = failed(&g.call(
        json!(1),
        "type",
        json!({"target": "name=Full name", "text": "behind"}),
    ));
    assert_eq!(refused["failureKind"], "notVisible", "{refused}");
    assert_eq!(refused["blocker"]["name"], "Settings", "{refused}");
    ok(&g.call(
        json!(2),
        "type",
        json!({"target": "name=Nickname", "text": "Grace"}),
    ));
    assert_eq!(
        eval(
            &mut g,
            "[document.getElementById('name').value, document.getElementById('host').shadowRoot.getElementById('nick').value].join('|')"
        ),
        "|Grace"
    );
}

/// Bug (Panel's DatePicker, flatpickr inside the widget's shadow root): `fillForm` looked for
/// the calendar's days in the document only, and refused the date `notEditable`. The days are
/// found in open shadow roots too, and the day is pressed.
#[test]
fn a_calendar_inside_a_shadow_root_is_picked_in() {
    let page = r#"<!doctype html><title>Dates</title><div id="host"></div>
<script>
const r = document.getElementById('host').attachShadow({mode: 'open'});
let html = '<label for="d">Start date</label><br><input id="d" readonly value="2025-07-14">' +
  '<div class="flatpickr-calendar" style="display:none;border:1px solid #ccc;width:250px">' +
  '<select aria-label="Month"><option value="6" selected>July</option></select> <input aria-label="Year" type="number" value="2025"><div class="dayContainer">';
for (let d = 1; d <= 31; d++) html += '<span class="flatpickr-day" aria-label="July ' + d + ', 2025" style="display:inline-block;width:30px;cursor:pointer">' + d + '</span>';
r.innerHTML = html + '</div></div>';
const input = r.getElementById('d'), cal = r.querySelector('.flatpickr-calendar');
input.addEventListener('focus', () => { cal.style.display = 'block'; });
input.addEventListener('click', () => { cal.style.display = 'block'; });
for (const s of r.querySelectorAll('.flatpickr-day')) s.addEventListener('click', () => {
  input.value = '2025-07-' + s.textContent.padStart(2, '0'); cal.style.display = 'none'; window.start = input.value; });
</script>"#;
    let web = Server::start(vec![("/dates", Page::html(page))]);
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/dates");
    ok(&g.call(
        json!(1),
        "fillForm",
        json!({"fields": [{"target": "name=Start date", "value": "2025-07-04"}]}),
    ));
    assert_eq!(eval(&mut g, "window.start"), "2025-07-04");
}

/// Bug (Panel's number inputs): Bokeh draws their steppers as empty buttons classed
/// `bk-spin-btn`, which read as spinners, so every action on a page with one waited for the
/// "busy" page and answered `settled: false`. A button is no spinner by its class.
#[test]
fn a_number_stepper_classed_spin_is_no_busy_indicator() {
    let page = r#"<!doctype html><title>Items</title><button id="add">Add item</button><div id="items"></div>
<style>.bk-spin-btn{display:inline-block;width:12px;height:8px;border:1px solid #888}</style>
<script>
document.getElementById('add').addEventListener('click', () => {
  window.added = (window.added || 0) + 1;
  document.getElementById('items').insertAdjacentHTML('beforeend',
    '<div><label>Quantity <input type="number" value="1"></label><button class="bk-spin-btn bk-spin-btn-up"></button><button class="bk-spin-btn bk-spin-btn-down"></button></div>');
});
</script>"#;
    let web = Server::start(vec![("/items", Page::html(page))]);
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/items");
    let r = ok(&g.call(json!(1), "click", json!({"target": "name=Add item"})));
    assert_eq!(r["settled"], true, "{r}");
    assert_eq!(eval(&mut g, "window.added"), 1);
}

/// Bug (Panel's Switch, Bokeh's SwitchView): the switch is its words beside a bar in its shadow
/// root, and only the bar takes the press. `click` pressed the centre, on the words, and
/// answered ok with nothing changed; `check` said `notToggled`. A toggle that shows the pointing
/// hand on one drawn part alone is pressed there; a toggle pressed anywhere is pressed at its
/// centre as before.
#[test]
fn a_switch_that_takes_the_press_on_its_bar_alone_is_pressed_there() {
    let page = r#"<!doctype html><title>Settings</title>
<div id="sw" role="switch" aria-checked="false"></div>
<div id="plain" role="checkbox" aria-checked="false" tabindex="0" style="width:200px;padding:4px">Email me</div>
<script>
const sw = document.getElementById('sw');
sw.attachShadow({mode: 'open'}).innerHTML = '<style>:host{display:flex;gap:.5em;width:fit-content;font:12px sans-serif}' +
  '.body{position:relative;width:32px;height:16px;cursor:pointer}.bar{position:relative;top:3px;height:10px;border-radius:5px;background:#ebebeb}' +
  '.knob{position:absolute;top:0;left:0;width:16px;height:16px;border-radius:8px;background:#999}</style>' +
  '<div class="label">Dark mode with a longer label</div><div class="body"><div class="bar"></div><div class="knob" tabindex="0"></div></div>';
window.presses = [];
sw.shadowRoot.querySelector('.body').addEventListener('click', () => {
  const on = sw.getAttribute('aria-checked') !== 'true'; sw.setAttribute('aria-checked', String(on)); window.presses.push('dark=' + on);
});
const plain = document.getElementById('plain');
plain.addEventListener('click', (e) => {
  const r = plain.getBoundingClientRect();
  window.presses.push('email at ' + Math.round((e.clientX - r.left) / r.width * 10) / 10);
  plain.setAttribute('aria-checked', String(plain.getAttribute('aria-checked') !== 'true'));
});
</script>"#;
    let web = Server::start(vec![("/settings", Page::html(page))]);
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/settings");
    ok(&g.call(
        json!(1),
        "check",
        json!({"target": "role=switch;name=Dark mode with a longer label"}),
    ));
    ok(&g.call(json!(2), "click", json!({"target": "role=switch"})));
    ok(&g.call(
        json!(3),
        "check",
        json!({"target": "role=checkbox;name=Email me"}),
    ));
    assert_eq!(
        eval(&mut g, "window.presses.join()"),
        "dark=true,dark=false,email at 0.5"
    );
}
