//! Whether a field holds the text typed into it, judged once after every tool's keys: a page
//! that cut, refused or added to the text makes `type` and `fillForm` fail (and an Enter asked
//! for is not pressed), while what pages do to text they keep (a mask, a case rule, a tag
//! input's comma, code boxes that hand the focus on) still succeeds. Checked on the page's own
//! values and counters.
#![cfg(target_os = "linux")]

use crate::common;

use common::web::{Page, Server};
use common::{Glass, eval, failed, nav, ok, tool_json};
use serde_json::json;

fn glass() -> Glass {
    common::incognito(&[])
}

/// Fields that change what is typed into them, each the way an app does, and a counter of
/// submits.
const FIELDS: &str = r#"<!doctype html><title>Fields</title>
<form id="f" onsubmit="event.preventDefault(); window.submits++">
<label>Code <input id="code" maxlength="5"></label>
<label>Quantity <input id="qty" type="number"></label>
<label>Phone <input id="phone"></label>
<label>Country <input id="country"></label>
<label>Tags <input id="tags"></label><span id="chips"></span>
<fieldset><legend>Sign-in digits</legend>
<input class="otp" aria-label="Digit 1" maxlength="1"><input class="otp" aria-label="Digit 2" maxlength="1"><input class="otp" aria-label="Digit 3" maxlength="1"><input class="otp" aria-label="Digit 4" maxlength="1">
</fieldset>
<button>Send</button>
</form>
<script>
window.submits = 0; window.tags = [];
const phone = document.getElementById('phone');
// A phone mask, as input-mask libraries format while the keys come.
phone.addEventListener('input', () => {
  const d = phone.value.replace(/\D/g, '').slice(0, 10);
  phone.value = d.length > 6 ? `(${d.slice(0,3)}) ${d.slice(3,6)}-${d.slice(6)}` : d.length > 3 ? `(${d.slice(0,3)}) ${d.slice(3)}` : d;
});
const country = document.getElementById('country');
country.addEventListener('input', () => { country.value = country.value.toUpperCase(); });
// A tag input: a comma makes the words before it a chip and empties the box.
const tags = document.getElementById('tags');
tags.addEventListener('input', () => {
  if (!tags.value.includes(',')) return;
  for (const t of tags.value.split(',').slice(0, -1)) if (t.trim()) {
    window.tags.push(t.trim());
    const c = document.createElement('b'); c.textContent = t.trim(); document.getElementById('chips').append(c);
  }
  tags.value = tags.value.split(',').pop();
});
// One box per digit: each hands the focus on to the next.
const otp = [...document.querySelectorAll('.otp')];
otp.forEach((o, i) => o.addEventListener('input', () => { if (o.value && otp[i + 1]) otp[i + 1].focus(); }));
</script>"#;

/// Bug (marimo's editor, a length limit, a number field): `type` answered ok whatever the field
/// then held: extra closing brackets, a code cut at its limit, letters a number field refused;
/// with `submit`, the wrong text was sent. The field is read before and after the keys now:
/// `notKept` says it holds fewer or more, and the Enter is not pressed.
#[test]
fn text_a_field_cuts_or_refuses_is_not_reported_typed_nor_sent() {
    let web = Server::start(vec![("/fields", Page::html(FIELDS))]);
    let mut g = glass();
    nav(&mut g, &web, "/fields");
    let cut = failed(&g.call(
        json!(1),
        "type",
        json!({"target": "name=Code", "text": "ABCDEFGH", "submit": true}),
    ));
    assert_eq!(cut["failureKind"], "notKept", "{cut}");
    assert_eq!(cut["held"], "fewer", "{cut}");
    let refused = failed(&g.call(
        json!(2),
        "type",
        json!({"target": "name=Quantity", "text": "ten"}),
    ));
    assert_eq!(refused["failureKind"], "notKept", "{refused}");
    assert_eq!(
        eval(
            &mut g,
            "JSON.stringify([code.value, qty.value, window.submits])"
        ),
        r#"["ABCDE","",0]"#
    );
    // fillForm says which field did not take its value, and fills the others.
    let form = failed(&g.call(
        json!(3),
        "fillForm",
        json!({"fields": [
            {"target": "name=Code", "value": "XYZ"},
            {"target": "name=Quantity", "value": "many"},
        ]}),
    ));
    let fields = &form["fields"];
    assert_eq!(fields[0]["ok"], true, "{form}");
    assert_eq!(fields[1]["failureKind"], "notKept", "{form}");
    assert_eq!(eval(&mut g, "code.value"), "XYZ");
}

/// What pages do to text they keep is no failure: a phone mask, an upper-casing field, a tag
/// input that takes the words before each comma, and code boxes of one digit each that hand the
/// focus on as each takes its key. Each answers ok, and `submit` sends the form.
#[test]
fn text_a_page_formats_or_takes_as_it_comes_is_typed() {
    let web = Server::start(vec![("/fields", Page::html(FIELDS))]);
    let mut g = glass();
    nav(&mut g, &web, "/fields");
    ok(&g.call(
        json!(1),
        "type",
        json!({"target": "name=Phone", "text": "5551234567"}),
    ));
    ok(&g.call(
        json!(2),
        "type",
        json!({"target": "name=Country", "text": "ee"}),
    ));
    ok(&g.call(
        json!(3),
        "type",
        json!({"target": "name=Tags", "text": "red,blue,gr"}),
    ));
    ok(&g.call(
        json!(4),
        "type",
        json!({"target": "name=Digit 1", "text": "1234"}),
    ));
    ok(&g.call(
        json!(5),
        "type",
        json!({"target": "name=Code", "text": "AB", "submit": true}),
    ));
    assert_eq!(
        eval(
            &mut g,
            "JSON.stringify([phone.value, country.value, window.tags, tags.value, [...document.querySelectorAll('.otp')].map(o => o.value).join(''), window.submits])"
        ),
        r#"["(555) 123-4567","EE",["red","blue"],"gr","1234",1]"#
    );
}

/// A code editor reduced from marimo's (CodeMirror 6 in an f-string): it closes a bracket or
/// quote as it is typed and does not type over the one it closed, so typed key by key the cell
/// ends with closers twice. `type` fails `notKept` (`held: more`) instead of answering ok; with
/// `insertText` the text is inserted as it is. An editor that types over what it closed (as
/// CodeMirror does elsewhere) holds the text.
#[test]
fn a_code_editor_that_closes_brackets_again_is_not_reported_typed() {
    let page = r#"<!doctype html><title>Cell</title>
<div class="cm-editor" id="cell" style="height:auto"><div class="cm-scroller" style="overflow:auto">
<div class="cm-content" contenteditable="true" role="textbox" aria-label="Scratch" style="white-space:pre"><div class="cm-line"><br></div></div>
</div></div>
<div class="cm-editor"><div class="cm-scroller" style="overflow:auto">
<div class="cm-content" id="good" contenteditable="true" role="textbox" aria-label="Notebook" style="white-space:pre"><div class="cm-line"><br></div></div>
</div></div>
<script>
const CLOSE = { '(': ')', '"': '"', '{': '}' };
function editor(content, overtype) {
  let text = '', caret = 0;
  const draw = () => {
    content.replaceChildren(...text.split('\n').map((l) => { const d = document.createElement('div'); d.className = 'cm-line'; d.textContent = l; if (!l) d.append(document.createElement('br')); return d; }));
    const sel = getSelection(), r = document.createRange();
    r.selectNodeContents(content.lastChild); r.collapse(false); sel.removeAllRanges(); sel.addRange(r);
  };
  content.addEventListener('beforeinput', (e) => {
    e.preventDefault();
    let ins = e.inputType === 'insertParagraph' || e.inputType === 'insertLineBreak' ? '\n' : (e.data || '');
    if (overtype && ins.length === 1 && Object.values(CLOSE).includes(ins) && text[caret] === ins) { caret++; draw(); return; }
    if (ins === '\n' && overtype) ins = '\n' + (text.slice(0, caret).endsWith(':') ? '    ' : '');
    const close = ins.length === 1 && CLOSE[ins] ? CLOSE[ins] : '';
    text = text.slice(0, caret) + ins + close + text.slice(caret);
    caret += ins.length;
    draw();
  });
  return () => text;
}
window.cell = editor(document.querySelector('#cell .cm-content'), false);
window.good = editor(document.getElementById('good'), true);
</script>"#;
    let web = Server::start(vec![("/cell", Page::html(page))]);
    let mut g = glass();
    nav(&mut g, &web, "/cell");
    let typed = failed(&g.call(
        json!(1),
        "type",
        json!({"target": "name=Scratch", "text": "print(f\"{x}\")"}),
    ));
    assert_eq!(typed["failureKind"], "notKept", "{typed}");
    assert_eq!(typed["held"], "more", "{typed}");
    assert_eq!(eval(&mut g, "window.cell()"), "print(f\"{x}\")\"}\")");
    ok(&g.call(
        json!(2),
        "type",
        json!({"target": "name=Notebook", "text": "f(\"a\", {\"b\": 1})\ng()"}),
    ));
    assert_eq!(
        eval(&mut g, "window.good()"),
        "f(\"a\", {\"b\": 1})\ng()",
        "{}",
        tool_json(&g.call(json!(3), "observe", json!({})))
    );
}

/// The import map of CodeMirror 6 and its Python language, from the npm packages served at
/// `/nm`.
fn codemirror_6_imports() -> serde_json::Value {
    let mut imports = serde_json::Map::new();
    for (name, file) in [
        ("codemirror", "codemirror6/dist/index.js"),
        (
            "@codemirror/autocomplete",
            "@codemirror/autocomplete/dist/index.js",
        ),
        ("@codemirror/commands", "@codemirror/commands/dist/index.js"),
        (
            "@codemirror/lang-python",
            "@codemirror/lang-python/dist/index.js",
        ),
        ("@codemirror/language", "@codemirror/language/dist/index.js"),
        ("@codemirror/lint", "@codemirror/lint/dist/index.js"),
        ("@codemirror/search", "@codemirror/search/dist/index.js"),
        ("@codemirror/state", "@codemirror/state/dist/index.js"),
        (
            "@codemirror/streamparser",
            "@codemirror/streamparser/dist/index.js",
        ),
        ("@codemirror/view", "@codemirror/view/dist/index.js"),
        ("@lezer/common", "@lezer/common/dist/index.js"),
        ("@lezer/highlight", "@lezer/highlight/dist/index.js"),
        ("@lezer/lr", "@lezer/lr/dist/index.js"),
        ("@lezer/python", "@lezer/python/dist/index.js"),
        (
            "@marijn/find-cluster-break",
            "@marijn/find-cluster-break/src/index.js",
        ),
        ("crelt", "crelt/index.js"),
        ("style-mod", "style-mod/src/style-mod.js"),
        ("w3c-keyname", "w3c-keyname/index.js"),
    ] {
        imports.insert(name.into(), json!(format!("/nm/{file}")));
    }
    serde_json::Value::Object(imports)
}

/// CodeMirror 6 itself (npm, with its Python language, as marimo and JupyterLab use it): it
/// closes brackets and quotes and types over them, which is no failure (the cell holds the code
/// typed); it indents a line after a colon on its own, so a block typed key by key holds more
/// indentation than typed (Dagster's YAML config became invalid so): `notKept`, and the block
/// inserted as text holds exactly. Checked on the editor's own document.
#[test]
fn codemirror_6_holds_code_typed_and_says_when_it_indented_it_again() {
    let imports = codemirror_6_imports();
    let page = format!(
        r#"<!doctype html><meta charset="utf-8"><title>Notebook</title>
<script type="importmap">{}</script>
<div id="cell"></div>
<script type="module">
import {{EditorView, basicSetup}} from "codemirror";
import {{python}} from "@codemirror/lang-python";
window.view = new EditorView({{doc: "", parent: document.getElementById("cell"),
  extensions: [basicSetup, python(), EditorView.contentAttributes.of({{"aria-label": "Cell"}})]}});
</script>"#,
        json!({ "imports": imports })
    );
    let web = Server::start_with_dirs(
        vec![("/cell", Page::html(&page))],
        &[("/nm", common::apps::npm_package(""))],
    );
    let mut g = glass();
    nav(&mut g, &web, "/cell");
    ok(&g.call(
        json!(1),
        "wait",
        json!({"kind": "elementVisible", "target": "name=Cell", "timeoutMs": 20000}),
    ));
    // Its indentation of the new empty line after the colon is no failure.
    ok(&g.call(
        json!(2),
        "type",
        json!({"target": "name=Cell", "text": "print(f\"{x} and {y[0]}\")\nif x:\n"}),
    ));
    let doc = eval(&mut g, "view.state.doc.toString()");
    assert_eq!(
        doc.as_str().unwrap().trim_end(),
        "print(f\"{x} and {y[0]}\")\nif x:",
        "{doc}"
    );
    // A block typed key by key: the editor indents its line after the colon, and the typed
    // indentation adds to that. Not what was typed: `notKept`; inserted as text, it is.
    let block = "\n    d = {\"a\": (1, 2)}\n    e = 2";
    let indented = failed(&g.call(
        json!(3),
        "type",
        json!({"target": "name=Cell", "text": format!("if x:{block}"), "clear": true}),
    ));
    assert_eq!(indented["failureKind"], "notKept", "{indented}");
    assert_eq!(indented["held"], "other", "{indented}");
    let doc = eval(&mut g, "view.state.doc.toString()");
    assert!(!doc.as_str().unwrap().ends_with(block), "{doc}");
    ok(&g.call(
        json!(4),
        "type",
        json!({"target": "name=Cell", "text": format!("print(1)\nif x:{block}"), "clear": true, "insertText": true}),
    ));
    assert_eq!(
        eval(&mut g, "view.state.doc.toString()"),
        format!("print(1)\nif x:{block}")
    );
}

/// Bug (Shiny's `input_date(format="dd/mm/yyyy")`, bootstrap-datepicker): a date typed in ISO
/// was held as typed, so `fillForm` answered ok, then the picker read it in its own format as
/// the focus left for the next field and the app received another date (2025-11-14). Each
/// field left for the next is read again once the form is filled: text the page rewrote so is
/// `notKept`, while the same date the page writes its own way (`20/5/24`), a phone number a mask formats as the
/// focus leaves, and a tag input taking its last word then still succeed.
#[test]
fn a_field_the_page_rewrote_as_the_focus_left_is_not_filled() {
    let page = r#"<!doctype html><title>Delivery</title>
<label for="d">Delivery date</label> <input type="text" id="d" value="15/03/2024">
<label>Phone <input id="phone"></label>
<label>Tags <input id="tags"></label><span id="chips"></span>
<label>Name <input id="name"></label>
<p>App received: <output id="out">2024-03-15</output></p>
<script>
const d = document.getElementById('d'), out = document.getElementById('out');
const p2 = (n) => String(n).padStart(2, '0');
d.addEventListener('blur', () => {
  const [a, b, c] = d.value.split(/\W+/).map(Number);
  const dt = new Date(c < 100 ? 2000 + c : c, b - 1, a);
  if (isNaN(dt)) { out.textContent = 'None'; return; }
  d.value = p2(dt.getDate()) + '/' + p2(dt.getMonth() + 1) + '/' + dt.getFullYear();
  out.textContent = dt.getFullYear() + '-' + p2(dt.getMonth() + 1) + '-' + p2(dt.getDate());
});
const phone = document.getElementById('phone');
phone.addEventListener('blur', () => { const v = phone.value.replace(/\D/g, ''); if (v.length === 10) phone.value = '(' + v.slice(0, 3) + ') ' + v.slice(3, 6) + '-' + v.slice(6); });
const tags = document.getElementById('tags');
tags.addEventListener('blur', () => { if (tags.value) { document.getElementById('chips').textContent += '[' + tags.value + ']'; tags.value = ''; } });
</script>"#;
    let web = Server::start(vec![("/delivery", Page::html(page))]);
    let mut g = glass();
    nav(&mut g, &web, "/delivery");
    let bad = failed(&g.call(
        json!(1),
        "fillForm",
        json!({"fields": [
            {"target": "role=textbox;name=Delivery date", "value": "2024-05-20"},
            {"target": "role=textbox;name=Name", "value": "Ann"}
        ]}),
    ));
    assert_eq!(eval(&mut g, "out.textContent"), "2025-11-14", "{bad}");
    assert_eq!(bad["fields"][0]["ok"], false, "{bad}");
    assert_eq!(bad["fields"][0]["failureKind"], "notKept", "{bad}");
    assert_eq!(bad["fields"][1]["ok"], true, "{bad}");
    let good = ok(&g.call(
        json!(2),
        "fillForm",
        json!({"fields": [
            {"target": "role=textbox;name=Delivery date", "value": "20/5/24"},
            {"target": "role=textbox;name=Phone", "value": "5551234567"},
            {"target": "role=textbox;name=Tags", "value": "urgent"},
            {"target": "role=textbox;name=Name", "value": "Bob"}
        ]}),
    ));
    assert_eq!(
        eval(
            &mut g,
            "[out.textContent, phone.value, document.getElementById('chips').textContent, document.getElementById('name').value].join('|')"
        ),
        "2024-05-20|(555) 123-4567|[urgent]|Bob",
        "{good}"
    );
}

/// Bug (Phoenix's span filter, CodeMirror 6 with a placeholder): an emptied editor draws its
/// placeholder inside its line, and that was read as the editor's text, so `clear` answered
/// `notCleared` on an editor it had emptied (the app had dropped its filter) and `type` with
/// `clear` typed nothing, every retry alike. The widgets an editor draws that take no editing
/// are no part of its text. Checked on CodeMirror 6 itself and its own document.
#[test]
fn an_emptied_code_editor_showing_its_placeholder_is_empty() {
    let page = format!(
        r#"<!doctype html><meta charset="utf-8"><title>Spans</title>
<script type="importmap">{}</script>
<div id="filter"></div>
<script type="module">
import {{EditorView, basicSetup}} from "codemirror";
import {{placeholder}} from "@codemirror/view";
window.view = new EditorView({{doc: "parent_id is None", parent: document.getElementById("filter"),
  extensions: [basicSetup, placeholder("filter condition (e.g. span_kind == 'LLM')"), EditorView.contentAttributes.of({{"aria-label": "Filter spans"}})]}});
</script>"#,
        json!({ "imports": codemirror_6_imports() })
    );
    let web = Server::start_with_dirs(
        vec![("/spans", Page::html(&page))],
        &[("/nm", common::apps::npm_package(""))],
    );
    let mut g = glass();
    nav(&mut g, &web, "/spans");
    ok(&g.call(
        json!(1),
        "wait",
        json!({"kind": "elementVisible", "target": "name=Filter spans", "timeoutMs": 20000}),
    ));
    ok(&g.call(json!(2), "clear", json!({"target": "name=Filter spans"})));
    assert_eq!(eval(&mut g, "view.state.doc.toString()"), "");
    let text = ok(&g.call(json!(3), "getText", json!({"target": "name=Filter spans"})));
    assert_eq!(text["text"], "", "{text}");
    ok(&g.call(
        json!(4),
        "type",
        json!({"target": "name=Filter spans", "text": "span_kind == 'LLM'", "clear": true}),
    ));
    assert_eq!(
        eval(&mut g, "view.state.doc.toString()"),
        "span_kind == 'LLM'"
    );
}
