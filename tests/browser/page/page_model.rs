//! The page model on pages reduced from real apps (`tests/fixtures/page-model`, from
//! `shared/repro`), one small page per visibility rule, and the editing cases, all through the
//! Glass binary with its default flags and checked on the page's own state.
#![cfg(target_os = "linux")]

use crate::common;

use std::path::Path;

use common::web::{Page, Server};
use common::{Glass, all_elements, apps, eval, failed, observe, ok, ref_of};
use serde_json::{Value, json};

/// Glass with its default flags and a throwaway profile (tests run side by side), initialized.
fn glass(extra: &[&str]) -> Glass {
    common::incognito(extra)
}

/// The fixtures, plus the editors from the real-app npm folder.
fn fixtures(extra: Vec<(&str, Page)>) -> Server {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/page-model");
    Server::start_with_dirs(
        extra,
        &[
            ("/npm/codemirror", apps::npm_package("codemirror")),
            ("/npm/monaco-editor", apps::npm_package("monaco-editor")),
            ("", dir),
        ],
    )
}

fn open(g: &mut Glass, web: &Server, path: &str) -> Value {
    ok(&g.call(json!("nav"), "navigate", json!({"url": web.url(path)})))["observation"].clone()
}

/// (role, name) of every element but text (which has no name), depth first.
fn seen(elements: &Value) -> Vec<(String, String)> {
    all_elements(elements)
        .iter()
        .filter(|e| e["role"] != "text")
        .map(|e| {
            (
                e["role"].as_str().unwrap_or("").to_owned(),
                e["name"].as_str().unwrap_or("").to_owned(),
            )
        })
        .collect()
}

fn names_of(elements: &Value, role: &str) -> Vec<String> {
    seen(elements)
        .into_iter()
        .filter(|(r, _)| r == role)
        .map(|(_, n)| n)
        .collect()
}

/// Record which element each click lands on (its text), in the page.
const CLICK_LOG: &str = "window.hits = []; document.addEventListener('click', e => { window.hits.push((e.target.textContent || '').trim()); }, true); 1";

#[test]
fn positioned_content_escapes_clipping_that_is_not_its_containing_block() {
    let web = fixtures(vec![]);
    let mut g = glass(&[]);
    // The body is 0 px tall with overflow:hidden; the shell is absolutely positioned.
    let obs = open(&mut g, &web, "/abs.html");
    assert_eq!(
        seen(&obs["elements"]),
        [
            ("heading".into(), "Shell".into()),
            ("button".into(), "Hello".into()),
            ("link".into(), "Link".into())
        ]
    );
    eval(&mut g, CLICK_LOG);
    ok(&g.call(
        json!(1),
        "click",
        json!({"target": "role=button;name=Hello"}),
    ));
    assert_eq!(eval(&mut g, "window.hits"), json!(["Hello"]));

    for (page, escaped) in [
        ("/abs2.html", "Escapes clip"),
        ("/fixed.html", "Toast button"),
    ] {
        let obs = open(&mut g, &web, page);
        assert_eq!(
            names_of(&obs["elements"], "button"),
            [escaped, "Normal"],
            "{page}"
        );
        eval(&mut g, CLICK_LOG);
        ok(&g.call(
            json!(2),
            "click",
            json!({"target": format!("text={escaped}")}),
        ));
        assert_eq!(eval(&mut g, "window.hits"), json!([escaped]), "{page}");
    }
}

#[test]
fn a_menu_item_is_clicked_itself_or_not_at_all() {
    let web = fixtures(vec![]);
    let mut g = glass(&[]);
    let obs = open(&mut g, &web, "/dropdown.html");
    let items = names_of(&obs["elements"], "menuitem");
    assert_eq!(items, ["Edit row", "Delete row"]);
    // The click lands on the link (and follows it), never on the card around it.
    eval(
        &mut g,
        "window.hits = []; document.addEventListener('click', e => { window.hits.push(e.target.closest('a') ? e.target.closest('a').getAttribute('href') : e.target.className); e.preventDefault(); }, true); 1",
    );
    ok(&g.call(json!(1), "click", json!({"target": "text=Delete row"})));
    assert_eq!(eval(&mut g, "window.hits"), json!(["/delete"]));
    // Hidden, the item is "notVisible": nothing is clicked, and the card never stands in.
    eval(
        &mut g,
        "window.hits = []; document.querySelector('[role=menu]').style.visibility = 'hidden'; 1",
    );
    for target in [
        "text=Delete row",
        "role=menuitem;name=Delete row",
        "css=a[href='/delete']",
    ] {
        let e = failed(&g.call(json!(2), "click", json!({"target": target})));
        assert_eq!(e["failureKind"], "notVisible", "{target}: {e}");
    }
    assert_eq!(eval(&mut g, "window.hits"), json!([]));
}

#[test]
fn selects_values_details_paragraphs_and_tables_at_the_right_level() {
    let web = fixtures(vec![]);
    let mut g = glass(&[]);
    let obs = open(&mut g, &web, "/select.html");
    let all = all_elements(&obs["elements"]);
    let selects: Vec<&Value> = all.iter().filter(|e| e["role"] == "combobox").collect();
    assert_eq!(
        selects[0]["options"],
        json!(["- column -", "genre", "year"])
    );
    assert_eq!(selects[1]["disabled"], true);
    assert!(
        all.iter().all(|e| e.get("value").is_none()),
        "no values unless asked"
    );
    assert!(!obs.to_string().contains("Hidden body"));
    // Compact carries what a person reads beside the controls, a paragraph cut short.
    let para = all
        .iter()
        .find(|e| {
            e["role"] == "text"
                && e["text"]
                    .as_str()
                    .is_some_and(|t| t.starts_with("Plain paragraph"))
        })
        .unwrap_or_else(|| panic!("the paragraph is read: {obs}"));
    assert!(para.get("name").is_none(), "{para}");

    let with = observe(&mut g, json!({"includeFormValues": true}));
    let values: Vec<Value> = all_elements(&with["elements"])
        .iter()
        .filter_map(|e| e.get("value").cloned())
        .collect();
    assert_eq!(
        values,
        [json!("- column -"), json!("="), json!("preset text")]
    );

    let s = observe(&mut g, json!({"level": "structured"}));
    let text = s.to_string();
    assert!(text.contains("Plain paragraph text that is not interactive."));
    assert!(
        !text.contains("Hidden body"),
        "a closed <details> hides its body"
    );
    let table = all_elements(&s["elements"])
        .into_iter()
        .find(|e| e["role"] == "table")
        .unwrap();
    assert_eq!(table["columns"], json!(["a", "b"]));
    assert_eq!(table["rows"], json!([["1", "2"]]));
    assert_eq!(table["rowCount"], 1);
    // What a person reads: the field's value is in the page text, the closed details' body
    // is not.
    let t = ok(&g.call(json!(1), "getText", json!({})))["text"].clone();
    let t = t.as_str().unwrap();
    assert!(
        t.contains("preset text") && !t.contains("Hidden body"),
        "{t}"
    );
}

#[test]
fn visually_hidden_checkboxes_are_listed_and_checked_through_their_labels() {
    let web = fixtures(vec![]);
    let mut g = glass(&[]);
    let obs = open(&mut g, &web, "/sr-only-checkbox.html");
    assert_eq!(
        names_of(&obs["elements"], "checkbox"),
        ["Alpha", "Bravo", "Charlie", "Delta"]
    );
    for name in ["Alpha", "Bravo", "Charlie", "Delta"] {
        let r = ok(&g.call(
            json!(1),
            "check",
            json!({"target": format!("role=checkbox;name={name}")}),
        ));
        assert_eq!(r["ok"], true, "{name}");
    }
    assert_eq!(
        eval(&mut g, "window.changes"),
        json!({"Alpha": 1, "bravo": 1, "charlie": 1, "delta": 1})
    );
    assert_eq!(
        eval(
            &mut g,
            "[...document.querySelectorAll('input')].every(i => i.checked)"
        ),
        true
    );
    // Checked already: nothing is clicked again.
    let again = ok(&g.call(
        json!(2),
        "check",
        json!({"target": "role=checkbox;name=Bravo"}),
    ));
    assert_eq!(again["changed"], false);
    assert_eq!(eval(&mut g, "window.changes.bravo"), 1);
}

#[test]
fn a_widget_that_filters_on_key_events_sees_every_key_in_both_modes() {
    let web = fixtures(vec![]);
    for mode in ["fast", "human"] {
        let mut g = glass(&["--interaction", mode]);
        open(&mut g, &web, "/keydown-filter.html");
        ok(&g.call(
            json!(1),
            "type",
            json!({"target": "role=combobox;name=Region", "text": "Tal", "clear": true}),
        ));
        let obs = observe(&mut g, json!({}));
        assert_eq!(
            names_of(&obs["elements"], "option"),
            ["Tallinn"],
            "{mode}: {obs}"
        );
        ok(&g.call(json!(2), "key", json!({"key": "Enter"})));
        assert_eq!(
            eval(
                &mut g,
                "[window.picked, document.getElementById('r').value]"
            ),
            json!(["Tallinn", "Tallinn"]),
            "{mode}"
        );
        assert!(eval(&mut g, "window.keys").as_u64().unwrap() >= 4, "{mode}");
    }
}

#[test]
fn a_fixed_listbox_inside_clipped_blocks_is_listed_and_usable() {
    let web = fixtures(vec![]);
    let mut g = glass(&[]);
    let obs = open(&mut g, &web, "/fixed-listbox.html");
    assert_eq!(
        names_of(&obs["elements"], "option"),
        ["Amsterdam", "Lisbon", "Oslo", "Tallinn", "Valencia"]
    );
    ok(&g.call(
        json!(1),
        "click",
        json!({"target": "role=option;name=Tallinn"}),
    ));
    assert_eq!(
        eval(&mut g, "document.querySelector('input').value"),
        "Tallinn"
    );
}

#[test]
fn landmarks_are_named_by_their_author_and_links_keep_fragments() {
    let web = fixtures(vec![]);
    let mut g = glass(&[]);
    let obs = observe_at(&mut g, &web, "/main-name.html", "structured");
    let main = all_elements(&obs["elements"])
        .into_iter()
        .find(|e| e["role"] == "main")
        .unwrap();
    assert_eq!(
        main["name"], "",
        "a focusable <main> is not named from its content"
    );
    ref_of(&obs["elements"], "form", "Signup");
    let obs = open(&mut g, &web, "/anchors.html");
    let hrefs: Vec<Value> = all_elements(&obs["elements"])
        .iter()
        .filter(|e| e["role"] == "link")
        .map(|e| e["href"].clone())
        .collect();
    assert_eq!(
        hrefs,
        [
            json!("#later"),
            json!("/abs.html#x"),
            json!("/anchors.html")
        ]
    );
}

/// Names from content leave out a plain element's tooltip, as Chrome does (a dock tab is
/// "Launcher", not "Launcher Close Launcher"), so the name a model reads in Chrome's terms
/// finds the tab; an icon button whose only words are its icon's tooltip is named by it
/// rather than left nameless. Checked by acting on the names and reading the page's state.
#[test]
fn tooltips_inside_a_name_from_content_are_not_part_of_it() {
    let web = fixtures(vec![]);
    let mut g = glass(&[]);
    let obs = open(&mut g, &web, "/tooltips.html");
    assert_eq!(names_of(&obs["elements"], "tab"), ["Launcher", "notes.py"]);
    assert_eq!(names_of(&obs["elements"], "tabpanel"), ["notes.py"]);
    assert_eq!(
        names_of(&obs["elements"], "button"),
        ["Run", "Save", "Tab", "Delete", "Remove"]
    );
    ok(&g.call(
        json!(1),
        "click",
        json!({"target": "role=tab;name=notes.py"}),
    ));
    assert_eq!(eval(&mut g, "window.picked"), "notes");
    ok(&g.call(
        json!(2),
        "click",
        json!({"target": "role=button;name=Delete"}),
    ));
    assert_eq!(eval(&mut g, "window.deleted"), 1);
    assert_eq!(eval(&mut g, "window.closedTab"), Value::Null);
}

/// A roving tabindex whose page gives only the focused item a role (JupyterLab's file
/// listing): every item is the button a person sees, before and after the focus moves, and a
/// double click by name opens the one named; elements at tabindex -1 with no focusable twin
/// are not items.
#[test]
fn every_item_of_a_roving_listing_is_listed_and_opened_by_name() {
    let web = fixtures(vec![]);
    let mut g = glass(&[]);
    let obs = open(&mut g, &web, "/roving.html");
    assert_eq!(
        names_of(&obs["elements"], "button"),
        ["sub", "notes.py", "data.csv"]
    );
    assert!(
        !seen(&obs["elements"])
            .iter()
            .any(|(_, n)| n == "Listing refreshed"),
        "{obs}"
    );
    ok(&g.call(
        json!(1),
        "doubleClick",
        json!({"target": "role=button;name=data.csv"}),
    ));
    assert_eq!(eval(&mut g, "window.opened"), "data.csv");
    let obs = observe(&mut g, json!({}));
    assert_eq!(
        names_of(&obs["elements"], "button"),
        ["sub", "notes.py", "data.csv"]
    );
    ok(&g.call(
        json!(3),
        "doubleClick",
        json!({"target": "role=button;name=sub"}),
    ));
    assert_eq!(eval(&mut g, "window.opened"), "sub");
}

fn observe_at(g: &mut Glass, web: &Server, path: &str, level: &str) -> Value {
    open(g, web, path);
    observe(g, json!({"level": level}))
}

/// One small page per rule of what is absent (hidden from assistive technology) or not seen.
#[test]
fn each_visibility_rule_on_its_own_page() {
    let cases: &[(&str, &str, &[&str])] = &[
        (
            "display-none",
            r#"<button>Shown</button><button style="display:none">Gone</button>"#,
            &["Shown"],
        ),
        (
            "visibility-hidden",
            r#"<div style="visibility:hidden"><button>Gone</button><button style="visibility:visible">Back</button></div>"#,
            &["Back"],
        ),
        (
            "content-visibility",
            r#"<div style="content-visibility:hidden"><button>Gone</button></div><button>Shown</button>"#,
            &["Shown"],
        ),
        (
            "inert",
            r#"<div inert><button>Gone</button></div><button>Shown</button>"#,
            &["Shown"],
        ),
        (
            "aria-hidden",
            r#"<div aria-hidden="true"><button>Gone</button></div><button>Shown</button>"#,
            &["Shown"],
        ),
        (
            "closed-details",
            r#"<details><summary>More</summary><button>Gone</button></details>"#,
            &["More"],
        ),
        (
            "open-details",
            r#"<details open><summary>More</summary><button>Inside</button></details>"#,
            &["More", "Inside"],
        ),
        (
            "closed-dialog",
            r#"<dialog><button>Gone</button></dialog><button>Shown</button>"#,
            &["Shown"],
        ),
        (
            "modal-dialog",
            r#"<button>Behind</button><dialog id=d><button>Inside</button></dialog><script>d.showModal()</script>"#,
            &["Inside"],
        ),
        (
            "overflow-clips-flow-children",
            r#"<div style="overflow:hidden;height:20px"><div style="height:40px"></div><button>Gone</button></div><button>Shown</button>"#,
            &["Shown"],
        ),
        (
            "absolute-escapes-static-clipper",
            r#"<div style="overflow:hidden;height:0"><button style="position:absolute;top:50px">Out</button></div>"#,
            &["Out"],
        ),
        (
            "absolute-clipped-by-positioned-clipper",
            r#"<div style="overflow:hidden;height:0;position:relative"><button style="position:absolute;top:50px">Gone</button></div><button>Shown</button>"#,
            &["Shown"],
        ),
        (
            "fixed-escapes-clippers",
            r#"<div style="position:relative;overflow:hidden;height:0"><button style="position:fixed;top:60px">Fixed</button></div>"#,
            &["Fixed"],
        ),
        (
            "fixed-clipped-by-transformed-clipper",
            r#"<div style="transform:translateX(0);overflow:hidden;height:0"><button style="position:fixed;top:60px">Gone</button></div><button>Shown</button>"#,
            &["Shown"],
        ),
        (
            "body-overflow-is-the-viewport",
            r#"<style>html,body{height:0;overflow:hidden;margin:0}</style><div style="position:absolute;inset:0"><button>Shell</button></div>"#,
            &["Shell"],
        ),
        (
            "zero-size-box-overflowing-visibly",
            r#"<div style="height:0;width:0"><button>Overflows</button></div>"#,
            &["Overflows"],
        ),
        (
            "clip-path-hides",
            r#"<div style="clip-path:inset(50%)"><button>Gone</button></div><button>Shown</button>"#,
            &["Shown"],
        ),
        (
            "opacity-zero-is-clickable",
            r#"<button style="opacity:0">Invisible ink</button>"#,
            &["Invisible ink"],
        ),
        (
            "sr-only-input-via-label",
            r#"<label><input type=checkbox style="position:absolute;clip:rect(0 0 0 0);width:1px;height:1px;overflow:hidden"> Remember</label>"#,
            &["Remember"],
        ),
    ];
    let routes: Vec<(&str, Page)> = cases
        .iter()
        .map(|(name, body, _)| {
            let path: &'static str = Box::leak(format!("/{name}").into_boxed_str());
            (
                path,
                Page::html(&format!(
                    "<!doctype html><html><head><title>{name}</title></head><body>{body}</body></html>"
                )),
            )
        })
        .collect();
    let web = Server::start(routes);
    let mut g = glass(&[]);
    for (name, _, want) in cases {
        let obs = open(&mut g, &web, &format!("/{name}"));
        let got: Vec<String> = seen(&obs["elements"])
            .into_iter()
            .filter(|(r, _)| r != "dialog" && r != "group")
            .map(|(_, n)| n)
            .collect();
        assert_eq!(got, *want, "{name}: {obs}");
        // Locators agree with the observation: what is absent is "notVisible", never clicked.
        if let Some(e) = all_elements(&obs["elements"]).first() {
            ok(&g.call(json!(1), "hover", json!({"target": e["ref"]})));
        }
        if !want.contains(&"Gone") && body_has(cases, name, ">Gone<") {
            let e = failed(&g.call(json!(2), "click", json!({"target": "text=Gone"})));
            assert_eq!(e["failureKind"], "notVisible", "{name}: {e}");
        }
    }
}

fn body_has(cases: &[(&str, &str, &[&str])], name: &str, needle: &str) -> bool {
    cases
        .iter()
        .any(|(n, b, _)| n == &name && b.contains(needle))
}

#[test]
fn typing_inserts_at_the_caret_replaces_a_selection_and_sends_keys() {
    let web = fixtures(vec![]);
    let mut g = glass(&[]);
    open(&mut g, &web, "/caret.html");
    let field = "role=textbox;name=Name";
    ok(&g.call(json!(1), "click", json!({"target": field})));
    eval(
        &mut g,
        "document.getElementById('n').setSelectionRange(5, 5); window.keydowns = 0; 1",
    );
    ok(&g.call(json!(2), "type", json!({"target": field, "text": ","})));
    assert_eq!(
        eval(&mut g, "document.getElementById('n').value"),
        "hello, world"
    );
    eval(
        &mut g,
        "document.getElementById('n').setSelectionRange(7, 12); 1",
    );
    ok(&g.call(json!(3), "type", json!({"target": field, "text": "there"})));
    assert_eq!(
        eval(&mut g, "document.getElementById('n').value"),
        "hello, there"
    );
    assert_eq!(
        eval(&mut g, "window.keydowns"),
        6,
        "a key press per character"
    );
    // The bulk insert is explicit, and sends no key events.
    ok(&g.call(
        json!(4),
        "type",
        json!({"target": field, "text": "!", "insertText": true}),
    ));
    assert_eq!(
        eval(&mut g, "document.getElementById('n').value"),
        "hello, there!"
    );
    assert_eq!(eval(&mut g, "window.keydowns"), 6);

    // Select-all, then type: the text is replaced, in a textarea and a contenteditable.
    open(&mut g, &web, "/selectall.html");
    for name in ["Notes", "Rich"] {
        let t = format!("role=textbox;name={name}");
        ok(&g.call(
            json!(5),
            "shortcut",
            json!({"keys": "Control+a", "target": t}),
        ));
        ok(&g.call(json!(6), "type", json!({"target": t, "text": "X"})));
    }
    assert_eq!(
        eval(
            &mut g,
            "[document.getElementById('t').value, document.getElementById('c').textContent]"
        ),
        json!(["X", "X"])
    );
}

#[test]
fn clear_empties_fields_contenteditable_and_code_editors() {
    let web = fixtures(vec![]);
    let mut g = glass(&[]);
    open(&mut g, &web, "/selectall.html");
    for (name, read) in [
        ("Notes", "document.getElementById('t').value"),
        ("Rich", "document.getElementById('c').textContent"),
    ] {
        let t = format!("role=textbox;name={name}");
        ok(&g.call(
            json!(1),
            "type",
            json!({"target": t, "text": "new", "clear": true}),
        ));
        assert_eq!(eval(&mut g, read), "new", "{name}");
        ok(&g.call(json!(2), "clear", json!({"target": t})));
        assert_eq!(eval(&mut g, read), "", "{name}");
    }

    // CodeMirror 5, closing brackets and quotes itself: its own value holds exactly the text
    // given, each closing character typed over the one it added.
    let obs = open(&mut g, &web, "/cm5.html");
    let editor = ref_of(&obs["elements"], "textbox", "Query");
    ok(&g.call(
        json!(3),
        "type",
        json!({"target": editor, "text": "select f(\"a\", [1])", "clear": true}),
    ));
    assert_eq!(eval(&mut g, "cm.getValue()"), "select f(\"a\", [1])");
    ok(&g.call(json!(4), "clear", json!({"target": editor})));
    assert_eq!(eval(&mut g, "cm.getValue()"), "");

    // Monaco: its model's value.
    open(&mut g, &web, "/monaco.html");
    ok(&g.call(
        json!(5),
        "wait",
        json!({"kind": "elementVisible", "target": "css=.monaco-editor textarea", "timeoutMs": 20000}),
    ));
    ok(&g.call(
        json!(6),
        "type",
        json!({"target": "css=.monaco-editor textarea", "text": "let b = 2;", "clear": true}),
    ));
    assert_eq!(eval(&mut g, "ed.getValue()"), "let b = 2;");
    ok(&g.call(
        json!(7),
        "clear",
        json!({"target": "css=.monaco-editor textarea"}),
    ));
    assert_eq!(eval(&mut g, "ed.getValue()"), "");
}

const LIVE_IR: &str = r#"<!doctype html><html><head><title>Orders</title></head><body>
<nav aria-label="Main"><a href="/">Home</a> <a href="/orders">Orders</a></nav>
<main><h1>Orders</h1>
<form aria-label="Signup"><label>Email <input id="email" type="email"></label><button type="button" id="save">Save</button></form>
<ul><li>Alpha <button>Remove A</button></li><li id="b">Bravo <button id="rb">Remove B</button></li></ul>
<div id="slot"><button id="re">Refresh</button></div>
<table><tr><th>Id</th><th>Total</th></tr><tr><td>1</td><td>5</td></tr><tr><td>2</td><td>7</td></tr></table>
</main>
<script>
document.getElementById('rb').onclick = () => {
  document.getElementById('b').remove();
  document.getElementById('save').textContent = 'Store';
  document.getElementById('slot').innerHTML = '<button>Refresh</button>';
};
</script></body></html>"#;

/// The id of the one entity with this role and name in a draft.
fn entity_id(draft: &Value, role: &str, name: &str) -> String {
    let found: Vec<&Value> = draft["entities"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["role"] == role && e["name"] == name)
        .collect();
    assert_eq!(found.len(), 1, "{role} {name:?} in {draft}");
    found[0]["id"].as_str().unwrap().to_owned()
}

#[test]
fn live_web_ir_drafts_validate_and_follow_entities_across_revisions() {
    let web = Server::start(vec![("/orders", Page::html(LIVE_IR))]);
    let mut g = glass(&[]);
    ok(&g.call(
        json!(1),
        "navigate",
        json!({"url": web.url("/orders"), "observe": false}),
    ));
    let before = ok(&g.call(json!(2), "extractWebIr", json!({})));
    let draft = &before["draft"];
    let v = ok(&g.call_framed(json!(3), "validateWebIr", json!({"draft": draft})));
    assert_eq!(v["valid"], true);
    let kinds: Vec<(String, String)> = draft["entities"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["kind"].as_str().unwrap().to_owned(),
                e["name"].as_str().unwrap_or("").to_owned(),
            )
        })
        .collect();
    for want in [
        ("navigationItem", "Orders"),
        ("form", "Signup"),
        ("field", "Email"),
        ("action", "Save"),
        ("table", ""),
        ("cell", "Total"),
        ("cell", "7"),
        ("text", "Orders"),
    ] {
        assert!(
            kinds.contains(&(want.0.to_owned(), want.1.to_owned())),
            "{want:?} in {kinds:?}"
        );
    }
    assert!(!draft.to_string().contains("@"), "no form values");

    let email = entity_id(draft, "textbox", "Email");
    let save = entity_id(draft, "button", "Save");
    let remove_b = entity_id(draft, "button", "Remove B");
    let refresh = entity_id(draft, "button", "Refresh");
    ok(&g.call(
        json!(4),
        "type",
        json!({"target": email, "text": "a@example.com"}),
    ));
    ok(&g.call(json!(5), "click", json!({"target": remove_b})));
    let after = ok(&g.call(json!(6), "extractWebIr", json!({})));
    assert!(after["revision"].as_u64() > before["revision"].as_u64());
    assert!(
        !after["draft"].to_string().contains("example.com"),
        "no form values"
    );
    let follow = |g: &mut Glass, id: &str| {
        ok(&g.call_framed(
            json!(7),
            "continuityWebIr",
            json!({"before": draft, "after": after["draft"], "entityId": id}),
        ))
    };
    assert_eq!(follow(&mut g, &email)["status"], "unchanged");
    assert_eq!(follow(&mut g, &save)["status"], "changed");
    assert_eq!(follow(&mut g, &remove_b)["status"], "removed");
    let r = follow(&mut g, &refresh);
    assert_eq!(r["status"], "rebound", "a re-rendered button: {r}");
    assert_ne!(r["currentId"], refresh.as_str());
    // One region only.
    let form = entity_id(draft, "form", "Signup");
    let part = ok(&g.call(json!(8), "extractWebIr", json!({"region": form})));
    let names: Vec<&str> = part["draft"]["entities"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e["name"].as_str())
        .collect();
    assert_eq!(names, ["Signup", "Email", "Store"]);
}

const SPA: &str = r#"<!doctype html><html><head><title>App</title></head><body><div id="app"></div>
<script>
window.addEventListener('load', async () => {
  const items = await (await fetch('/data')).json();
  document.getElementById('app').innerHTML = '<h1>Inbox</h1>' + items.map(i => '<button>' + i + '</button>').join('');
  document.querySelectorAll('button').forEach(b => b.onclick = async () => {
    const r = await (await fetch('/data?open=' + b.textContent)).json();
    const p = document.createElement('p'); p.id = 'opened'; p.textContent = 'Opened ' + b.textContent + ' (' + r.length + ')';
    document.body.appendChild(p);
  });
});
</script></body></html>"#;

const MOVER: &str = r#"<!doctype html><html><head><title>Mover</title></head><body>
<div id="pad" style="height:0"></div><button id="go" onclick="window.hits = (window.hits || 0) + 1">Go</button>
<button onclick="window.other = 1" style="position:absolute;top:8px;left:8px;z-index:-1">Under</button>
<script>setTimeout(() => { document.getElementById('pad').style.height = '120px'; }, 60);</script>
</body></html>"#;

#[test]
fn navigation_and_actions_return_once_the_app_has_reacted() {
    let web = Server::start(vec![
        ("/app", Page::html(SPA)),
        (
            "/data",
            Page {
                content_type: "application/json",
                ..Page::html(r#"["Alpha","Bravo"]"#)
            }
            .delayed(300),
        ),
        ("/mover", Page::html(MOVER)),
    ]);
    let mut g = glass(&[]);
    // The app renders after load, once its data arrives: navigate returns with it rendered.
    let nav = ok(&g.call(json!(1), "navigate", json!({"url": web.url("/app")})));
    assert_eq!(nav["settled"], true, "{nav}");
    assert_eq!(
        names_of(&nav["observation"]["elements"], "button"),
        ["Alpha", "Bravo"],
        "{nav}"
    );
    // The click's request is answered and rendered before the click returns: the very next
    // read shows it, with no wait in between.
    let r = ok(&g.call(
        json!(2),
        "click",
        json!({"target": "role=button;name=Bravo"}),
    ));
    assert_eq!(r["settled"], true, "{r}");
    let text = ok(&g.call(json!(3), "getText", json!({})));
    assert!(
        text["text"].as_str().unwrap().contains("Opened Bravo (2)"),
        "{text}"
    );

    // A button that moves once right after load is measured again and clicked where it is.
    ok(&g.call(
        json!(4),
        "navigate",
        json!({"url": web.url("/mover"), "observe": false, "waitUntil": "commit"}),
    ));
    // Under load the page's timer can still move it between the last look and the press: the
    // click then says the press missed (never that it clicked), and the page saw no click on
    // Go; clicked again, it is pressed once.
    let first = g.call(json!(5), "click", json!({"target": "role=button;name=Go"}));
    if first["result"]["isError"] == true {
        assert_eq!(failed(&first)["failureKind"], "missedTarget", "{first}");
        assert_eq!(eval(&mut g, "window.hits || 0"), 0);
        ok(&g.call(json!(6), "click", json!({"target": "role=button;name=Go"})));
    }
    assert_eq!(
        eval(&mut g, "[window.hits, window.other || 0]"),
        json!([1, 0])
    );
}

/// A wrong action is never a success: a page that moves its button as the pointer arrives
/// (a banner shown on the first pointer move pushes it down) takes the press on the banner.
/// The click answers `missedTarget`, naming what took the press, and the page counts no click
/// on the button and one on the banner; clicked again (the page holds still now) it is pressed.
#[test]
fn a_press_the_page_moves_the_target_away_from_is_reported_missed() {
    let page = "<body style='margin:0'><script>window.got = [];\
        addEventListener('pointermove', () => { if (document.getElementById('promo')) return;\
          const d = document.createElement('div'); d.id = 'promo'; d.textContent = 'Spring sale';\
          d.style.cssText = 'height:120px;background:#fc0'; d.onclick = () => got.push('Promo');\
          document.body.prepend(d); }, true);</script>\
        <div style='height:40px'></div>\
        <button style='width:120px;height:30px' onclick='got.push(&quot;Buy&quot;)'>Buy</button></body>";
    let web = fixtures(vec![("/mover-on-hover.html", Page::html(page))]);
    let mut g = glass(&[]);
    let o = open(&mut g, &web, "/mover-on-hover.html");
    let buy = ref_of(&o["elements"], "button", "Buy");
    let r = g.call(json!(1), "click", json!({"target": buy}));
    let f = failed(&r);
    assert_eq!(f["failureKind"], "missedTarget", "{r}");
    assert_eq!(f["kind"], "verification", "{r}");
    assert_eq!(f["receivedBy"]["name"], "Spring sale", "{r}");
    assert_eq!(eval(&mut g, "window.got.join(' ')"), "Promo");
    ok(&g.call(json!(2), "click", json!({"target": buy})));
    assert_eq!(eval(&mut g, "window.got.join(' ')"), "Promo Buy");
}

/// The worst case of a missed press: what took it ends the document. A menu that slides as the
/// pointer arrives (Wagtail's footer puts "Submit for review" right under "Publish") puts its
/// submit button under the press, and the form goes as the button goes down (a button that
/// acts on mousedown), before Glass could ask the page where the press went. `click` still answers `missedTarget` naming the button that took it, as the
/// server's record of the form sent says; the page never counted a press on Publish.
#[test]
fn a_press_another_button_takes_and_submits_with_is_reported_missed() {
    let page = "<body style='margin:0'><form method='get' action='/sent'>\
        <div id='menu' style='position:relative;top:40px'>\
        <button type='button' style='display:block;width:200px;height:40px'\
          onclick='sessionStorage.published = 1'>Publish</button>\
        <button name='action' value='review' style='display:block;width:200px;height:40px'\
          onmousedown='this.form.requestSubmit(this)'>Submit for review</button>\
        </div></form><script>addEventListener('pointermove', () => {\
          document.getElementById('menu').style.top = '0px'; }, true);</script></body>";
    let web = fixtures(vec![
        ("/menu.html", Page::html(page)),
        (
            "/sent",
            Page::html("<title>Sent</title><p>Sent for review</p>"),
        ),
    ]);
    let mut g = glass(&[]);
    let o = open(&mut g, &web, "/menu.html");
    let publish = ref_of(&o["elements"], "button", "Publish");
    let r = g.call(json!(1), "click", json!({"target": publish}));
    let f = failed(&r);
    assert_eq!(f["failureKind"], "missedTarget", "{r}");
    assert_eq!(f["receivedBy"]["name"], "Submit for review", "{r}");
    assert_eq!(web.requests("/sent"), vec!["/sent?action=review"]);
    assert_eq!(eval(&mut g, "sessionStorage.published || 0"), 0);

    // The same menu in a frame Glass drives (selected), whose Delete takes the press and
    // removes the frame as it is clicked: the document Glass would ask is gone at once, so only
    // what the page told as the button came up can say where the press went.
    let framed = format!(
        "<iframe id='f' style='width:300px;height:200px;border:0' srcdoc=\"{}\"></iframe>",
        "<body style='margin:0'><div id='menu' style='position:relative;top:40px'>\
         <button style='display:block;width:200px;height:40px' onclick='parent.published = 1'>Publish</button>\
         <button style='display:block;width:200px;height:40px'\
           onclick='parent.deleted = 1; parent.document.getElementById(`f`).remove()'>Delete</button></div>\
         <script>addEventListener('pointermove', () => { menu.style.top = '0px'; }, true);</script></body>"
    );
    let web = fixtures(vec![("/framed.html", Page::html(&framed))]);
    open(&mut g, &web, "/framed.html");
    let frames = ok(&g.call(json!(2), "listFrames", json!({})));
    let frame = frames["frames"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["url"] == "about:srcdoc")
        .unwrap_or_else(|| panic!("{frames}"))["frameId"]
        .clone();
    ok(&g.call(json!(3), "selectFrame", json!({"frameId": frame})));
    let r = g.call(
        json!(4),
        "click",
        json!({"target": "role=button;name=Publish"}),
    );
    let f = failed(&r);
    assert_eq!(f["failureKind"], "missedTarget", "{r}");
    assert_eq!(f["receivedBy"]["name"], "Delete", "{r}");
    ok(&g.call(json!(5), "selectFrame", json!({"frameId": "main"})));
    assert_eq!(
        eval(&mut g, "[window.deleted || 0, window.published || 0]"),
        json!([1, 0])
    );

    // And in a frame of another site (its own process and CDP session: the binding is added
    // there as its world is made), whose Delete has the page remove the frame as it goes down.
    let menu = "<body style='margin:0'><div id='menu' style='position:relative;top:40px'>\
        <button style='display:block;width:200px;height:40px' onclick='parent.postMessage(`publish`, `*`)'>Publish</button>\
        <button style='display:block;width:200px;height:40px' onmousedown='parent.postMessage(`delete`, `*`)'>Delete</button></div>\
        <script>addEventListener('pointermove', () => { menu.style.top = '0px'; }, true);</script></body>";
    let outer = "<body><iframe id='f' style='width:300px;height:200px;border:0'></iframe><script>\
        f.src = 'http://localhost:' + location.port + '/menu-frame';\
        addEventListener('message', (e) => { window[e.data] = 1; if (e.data === 'delete') f.remove(); });</script></body>";
    let web = fixtures(vec![
        ("/cross.html", Page::html(outer)),
        ("/menu-frame", Page::html(menu)),
    ]);
    open(&mut g, &web, "/cross.html");
    let frame = loop {
        let frames = ok(&g.call(json!(6), "listFrames", json!({})));
        let found = frames["frames"].as_array().unwrap().iter().find(|f| {
            f["crossProcess"] == true && f["url"].as_str().unwrap_or("").ends_with("/menu-frame")
        });
        if let Some(f) = found {
            break f["frameId"].clone();
        }
        ok(&g.call(json!(7), "wait", json!({"kind": "delay", "delayMs": 100})));
    };
    ok(&g.call(json!(8), "selectFrame", json!({"frameId": frame})));
    let r = g.call(
        json!(9),
        "click",
        json!({"target": "role=button;name=Publish"}),
    );
    let f = failed(&r);
    assert_eq!(f["failureKind"], "missedTarget", "{r}");
    assert_eq!(f["receivedBy"]["name"], "Delete", "{r}");
    ok(&g.call(json!(10), "selectFrame", json!({"frameId": "main"})));
    assert_eq!(
        eval(
            &mut g,
            "[window.delete || 0, window.publish || 0, !!document.getElementById('f')]"
        ),
        json!([1, 0, false])
    );
    // The binding is the agent's world's alone: the page's own scripts cannot see it, so they
    // can neither fake a miss nor learn where Glass's input went.
    assert_eq!(eval(&mut g, "typeof window.__glassMissed"), "undefined");
}

/// A hover is checked like a press: with a person's pointer path (`--interaction human`), a
/// page that shows a banner on the pointer's first move pushes the menu button away before the
/// pointer arrives, and the pointer comes to rest on the banner. `hover` answers
/// `missedTarget` naming the banner, and the page never opened its menu; hovered again (the
/// page holds still now) the menu opens, and in the default fast mode the first hover opens it.
#[test]
fn a_hover_the_page_moves_the_target_away_from_is_reported_missed() {
    let page = "<body style='margin:0'><script>window.opened = 0;\
        addEventListener('pointermove', () => { if (document.getElementById('promo')) return;\
          const d = document.createElement('div'); d.id = 'promo'; d.textContent = 'Spring sale';\
          d.style.cssText = 'height:120px;background:#fc0'; document.body.prepend(d); }, true);</script>\
        <div style='height:40px'></div>\
        <button style='width:120px;height:30px' onmouseenter='opened++'>Account</button></body>";
    let web = fixtures(vec![("/hover-mover.html", Page::html(page))]);
    let mut g = glass(&["--interaction", "human"]);
    let o = open(&mut g, &web, "/hover-mover.html");
    let account = ref_of(&o["elements"], "button", "Account");
    let r = g.call(json!(1), "hover", json!({"target": account}));
    let f = failed(&r);
    assert_eq!(f["failureKind"], "missedTarget", "{r}");
    assert_eq!(f["receivedBy"]["name"], "Spring sale", "{r}");
    assert_eq!(eval(&mut g, "window.opened"), json!(0));
    ok(&g.call(json!(2), "hover", json!({"target": account})));
    assert_eq!(eval(&mut g, "window.opened"), json!(1));
    let mut fast = glass(&[]);
    let o = open(&mut fast, &web, "/hover-mover.html");
    let account = ref_of(&o["elements"], "button", "Account");
    ok(&fast.call(json!(1), "hover", json!({"target": account})));
    assert_eq!(eval(&mut fast, "window.opened"), json!(1));
}

/// A drop is checked too: a board that shows a trash zone above its columns when a drag starts
/// moves the destination down from under the pointer, and the item lands in the trash. `drag`
/// answers `missedTarget` naming the trash, as the page's own record says, for a pointer drag
/// (the item captures the pointer and follows it, the page finds the zone under the release)
/// and for an HTML5 drag; dragged again (the trash stays shown) the item lands on its column
/// (and the board says so, as boards do, 700 ms later for the pointer drag's card: a drop that
/// changes nothing on the page within a second of settling is not taken).
/// A source the page moves before the press is reported as a missed press.
#[test]
fn a_drop_the_page_moves_the_destination_away_from_is_reported_missed() {
    let page = r#"<body style='margin:0;font:16px sans-serif'><script>
        window.drops = []; window.downs = 0;
        if (location.search === '?tip') addEventListener('pointermove', () => { if (document.getElementById('tip')) return;
          const d = document.createElement('div'); d.id = 'tip'; d.textContent = 'Tip: drag cards onto a column';
          d.style.cssText = 'height:60px;background:#ffc'; document.body.prepend(d); }, true);
        function showTrash() {
          if (document.getElementById('trash')) return;
          const t = document.createElement('div'); t.id = 'trash'; t.className = 'zone'; t.textContent = 'Trash';
          t.style.cssText = 'height:120px;background:#fcc';
          t.ondragover = (e) => e.preventDefault(); t.ondrop = (e) => { e.preventDefault(); drops.push('H>Trash'); };
          document.getElementById('archive').before(t);
        }
        </script>
        <div id='p' style='width:100px;height:30px;background:#ccf;touch-action:none'>Card P</div>
        <div id='h' draggable='true' style='width:100px;height:30px;background:#cfc'>Card H</div>
        <div id='m' style='width:100px;height:30px;background:#fcf;touch-action:none'>Card M</div>
        <div class='zone' id='archive' style='margin-top:40px;width:200px;height:60px;background:#eee'>Archive</div>
        <p id='said' role='status'></p>
        <div style='position:relative;width:200px'><div id='locked'>Locked</div><div style='position:absolute;inset:0'></div></div>
        <script>
        const p = document.getElementById('p'), h = document.getElementById('h'), archive = document.getElementById('archive');
        p.addEventListener('pointerdown', (e) => { downs++; p.setPointerCapture(e.pointerId); showTrash(); p.dataset.x = e.clientX; p.dataset.y = e.clientY; });
        p.addEventListener('pointermove', (e) => { if (p.hasPointerCapture(e.pointerId)) p.style.transform = 'translate(' + (e.clientX - p.dataset.x) + 'px,' + (e.clientY - p.dataset.y) + 'px)'; });
        p.addEventListener('pointerup', (e) => {
          p.style.transform = '';
          const under = document.elementsFromPoint(e.clientX, e.clientY).find((el) => el !== p && el.classList.contains('zone'));
          drops.push('P>' + (under ? under.textContent : 'nothing'));
          // The board says so once it has slid the card into place.
          if (under) setTimeout(() => { document.getElementById('said').textContent = 'Card P moved to ' + under.textContent; }, 700);
        });
        // Card M stays where it is; a copy of it (a mirror, its words in a span of their own)
        // trails the pointer by one move, so that it lies under the release.
        const m = document.getElementById('m');
        m.addEventListener('pointerdown', (e) => {
          m.setPointerCapture(e.pointerId);
          const c = document.createElement('div'); c.id = 'mirror';
          c.style.cssText = 'position:fixed;width:100px;height:30px;background:#fcf;left:' + (e.clientX - 50) + 'px;top:' + (e.clientY - 15) + 'px';
          c.innerHTML = '<span>Card M</span>'; c.dataset.x = e.clientX; c.dataset.y = e.clientY; document.body.append(c);
        });
        m.addEventListener('pointermove', (e) => {
          const c = document.getElementById('mirror'); if (!c) return;
          c.style.left = (c.dataset.x - 50) + 'px'; c.style.top = (c.dataset.y - 15) + 'px'; c.dataset.x = e.clientX; c.dataset.y = e.clientY;
        });
        m.addEventListener('pointerup', (e) => {
          const c = document.getElementById('mirror'); if (c) c.remove();
          const under = document.elementsFromPoint(e.clientX, e.clientY).find((el) => el.classList.contains('zone'));
          drops.push('M>' + (under ? under.textContent : 'nothing'));
          if (under) document.getElementById('said').textContent = 'Card M moved to ' + under.textContent;
        });
        h.addEventListener('dragstart', (e) => { e.dataTransfer.setData('text/plain', 'h'); showTrash(); });
        archive.ondragover = (e) => e.preventDefault();
        archive.ondrop = (e) => { e.preventDefault(); drops.push('H>Archive'); document.getElementById('said').textContent = 'Card H archived'; };
        archive.onclick = () => drops.push('click');
        </script></body>"#;
    let web = fixtures(vec![("/board.html", Page::html(page))]);
    let mut g = glass(&[]);
    for (card, id) in [("Card P", "P"), ("Card H", "H")] {
        open(&mut g, &web, "/board.html");
        let r = g.call(
            json!(1),
            "drag",
            json!({"source": format!("text={card}"), "destination": "text=Archive"}),
        );
        let f = failed(&r);
        assert_eq!(f["failureKind"], "missedTarget", "{card}: {r}");
        assert_eq!(f["receivedBy"]["name"], "Trash", "{card}: {r}");
        assert_eq!(
            eval(&mut g, "window.drops.join(' ')"),
            format!("{id}>Trash")
        );
        let r = g.call(
            json!(2),
            "drag",
            json!({"source": format!("text={card}"), "destination": "text=Archive"}),
        );
        ok(&r);
        assert_eq!(
            eval(&mut g, "window.drops.join(' ')"),
            format!("{id}>Trash {id}>Archive"),
            "{card}"
        );
    }
    // A copy of the card that trails the pointer lies under the release: it follows the
    // pointer, so the drop is the zone under it (what lies inside the copy too).
    open(&mut g, &web, "/board.html");
    ok(&g.call(
        json!(5),
        "drag",
        json!({"source": "text=Card M", "destination": "text=Archive"}),
    ));
    assert_eq!(eval(&mut g, "window.drops.join(' ')"), "M>Archive");
    // The source is checked as a press: a tip shown on the pointer's first move pushes the card
    // down before the button goes down on it, and nothing is dragged.
    open(&mut g, &web, "/board.html?tip");
    let r = g.call(
        json!(3),
        "drag",
        json!({"source": "text=Card P", "destination": "text=Archive"}),
    );
    let f = failed(&r);
    assert_eq!(f["failureKind"], "missedTarget", "{r}");
    assert!(f["reason"].as_str().unwrap().contains("press"), "{r}");
    assert_eq!(eval(&mut g, "window.downs"), json!(0));
    assert_eq!(eval(&mut g, "window.drops.length"), json!(0));
    // A drag refused at its destination (covered) sends nothing, and leaves no watch behind on
    // its source: a click at a point afterwards is judged by no element's watch.
    open(&mut g, &web, "/board.html");
    let r = g.call(
        json!(4),
        "drag",
        json!({"source": "text=Card P", "destination": "text=Locked"}),
    );
    assert_eq!(failed(&r)["failureKind"], "blocked", "{r}");
    let at = eval(
        &mut g,
        "(() => { const r = archive.getBoundingClientRect(); return [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)]; })()",
    );
    ok(&g.call(json!(5), "clickAt", json!({"x": at[0], "y": at[1]})));
    assert_eq!(eval(&mut g, "window.drops.join(' ')"), "click");
}

/// A field half inside a box with `overflow: hidden` (a clipped panel): `clear` and `type`
/// focus it without scrolling the box, which no person can scroll: the page's own record of
/// the box's offset as the first key comes is 0 (the caret Chrome then reveals as the text
/// changes may move it, as it does for a person's keys), and the field holds what was typed.
#[test]
fn clearing_and_typing_a_half_hidden_field_never_scrolls_its_clipping_box() {
    let page = r#"<body style='margin:0;font:16px sans-serif'>
        <div id='box' style='overflow:hidden;height:40px;width:300px;background:#eee'>
          <div style='height:20px'>Shipping note</div>
          <input id='f' aria-label='Note' value='old text' style='display:block;height:30px;box-sizing:border-box'>
          <div id='hidden'>Hidden below</div>
        </div>
        <script>window.atFirstKey = null;
        f.addEventListener('keydown', () => { if (atFirstKey === null) atFirstKey = box.scrollTop; });</script></body>"#;
    let web = fixtures(vec![("/clipped.html", Page::html(page))]);
    let mut g = glass(&[]);
    open(&mut g, &web, "/clipped.html");
    ok(&g.call(
        json!(1),
        "clear",
        json!({"target": "role=textbox;name=Note"}),
    ));
    assert_eq!(
        eval(&mut g, "[f.value, atFirstKey, document.activeElement.id]"),
        json!(["", 0, "f"])
    );
    eval(
        &mut g,
        "f.blur(); box.scrollTop = 0; f.value = 'old text'; atFirstKey = null; 1",
    );
    ok(&g.call(
        json!(2),
        "type",
        json!({"target": "role=textbox;name=Note", "text": "leave at door", "clear": true}),
    ));
    assert_eq!(
        eval(&mut g, "[f.value, atFirstKey]"),
        json!(["leave at door", 0])
    );
}

/// Bug: after a navigation that returns at commit, an action on an element further down a
/// page still streaming in failed (`notFound`, or the agent's error on a document with no
/// element yet). The action waits for the parse and acts on the element: the page counts
/// the click.
#[test]
fn an_action_on_a_page_still_streaming_in_waits_for_its_target() {
    let web = Server::start(vec![(
        "/stream",
        Page::html(
            r#"<!doctype html><html><head><title>Stream</title></head><body><h1>Top</h1>
<p>More below.</p>
<button onclick="window.hits = (window.hits || 0) + 1">Late</button></body></html>"#,
        )
        .paused_at("<button", 700),
    )]);
    let mut g = glass(&[]);
    ok(&g.call(
        json!(1),
        "navigate",
        json!({"url": web.url("/stream"), "observe": false, "waitUntil": "commit"}),
    ));
    let r = ok(&g.call(
        json!(2),
        "click",
        json!({"target": "role=button;name=Late"}),
    ));
    assert!(r["ref"].is_string(), "{r}");
    assert_eq!(eval(&mut g, "window.hits"), json!(1));
    // A target that the whole document lacks is still not found, once parsed.
    let f = failed(&g.call(
        json!(3),
        "click",
        json!({"target": "role=button;name=Absent"}),
    ));
    assert_eq!(f["failureKind"], "notFound", "{f}");
}

#[test]
fn a_2000_row_table_stays_under_24_kib_at_every_level() {
    let mut body = String::from(
        "<h1>Ledger</h1><table><thead><tr><th>Id</th><th>Item</th><th>Action</th></tr></thead><tbody>",
    );
    for i in 0..2000 {
        body.push_str(&format!(
            "<tr><td>{i}</td><td>Invoice {i} for a customer with a long name</td><td><button>Delete</button></td></tr>"
        ));
    }
    body.push_str("</tbody></table>");
    let web = Server::start(vec![(
        "/ledger",
        Page::html(&format!(
            "<!doctype html><html><head><title>Ledger</title></head><body>{body}</body></html>"
        )),
    )]);
    let mut g = glass(&[]);
    ok(&g.call(
        json!(1),
        "navigate",
        json!({"url": web.url("/ledger"), "observe": false}),
    ));
    for level in [
        None,
        Some("summary"),
        Some("interactive"),
        Some("structured"),
        Some("detailed"),
        Some("raw"),
    ] {
        let args = level.map_or(json!({}), |l| json!({"level": l}));
        let r = g.call(json!(2), "observe", args);
        let text = r["result"]["content"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["text"].as_str().unwrap_or("").len())
            .sum::<usize>();
        assert!(text < 24 * 1024, "{level:?}: {text} bytes");
        let o = common::tool_json(&r);
        let table = all_elements(&o["elements"])
            .into_iter()
            .find(|e| e["role"] == "table")
            .unwrap_or_else(|| panic!("{level:?}: {o}"));
        assert_eq!(table["rowCount"], 2000, "{level:?}");
        if level != Some("summary") {
            assert_eq!(o["truncated"], true, "{level:?}");
            assert!(
                o["counts"]["total"].as_u64() > o["counts"]["emitted"].as_u64(),
                "{level:?}"
            );
        }
        if level == Some("structured") {
            assert_eq!(table["columns"], json!(["Id", "Item", "Action"]));
            assert_eq!(
                table["rows"][0][1],
                "Invoice 0 for a customer with a long name"
            );
            // The repeated "Delete" buttons say which row they delete.
            let deletes: Vec<Value> = all_elements(&o["elements"])
                .into_iter()
                .filter(|e| e["name"] == "Delete")
                .collect();
            assert_eq!(deletes[1]["context"], "1");
        }
    }
}

/// Keys the page sends elsewhere are no success either. A box that hands its focus on to
/// another as it takes it (a header search that opens the real one) is refused before any key
/// (`focusMoved`, naming the box that took the focus), by `type` and by `fillForm` for that
/// field, while an ordinary field beside it is filled. A box that moves the focus away as it
/// handles a key (the text then goes where the focus went) makes `type` answer `missedTarget`,
/// naming the box the text went to: its own text stays. Checked on the page's own values.
#[test]
fn keys_the_page_sends_to_another_box_are_refused_or_reported_missed() {
    let page = "<body><input aria-label='Quick search' onfocus='document.getElementById(&quot;real&quot;).focus()'>\
        <input id='real' aria-label='Search the docs'><input aria-label='Email'>\
        <input aria-label='Code' value='old' onkeydown='document.getElementById(&quot;other&quot;).focus()'>\
        <input id='other' aria-label='Other' value='keep'></body>";
    let web = fixtures(vec![("/focus-redirect.html", Page::html(page))]);
    let mut g = glass(&[]);
    open(&mut g, &web, "/focus-redirect.html");
    let r = g.call(
        json!(1),
        "type",
        json!({"target": "role=textbox;name=Quick search", "text": "frob"}),
    );
    let f = failed(&r);
    assert_eq!(f["failureKind"], "focusMoved", "{r}");
    assert_eq!(f["receivedBy"]["name"], "Search the docs", "{r}");
    let values = "[...document.querySelectorAll('input')].map(i => i.value).join('|')";
    assert_eq!(eval(&mut g, values), "|||old|keep");
    let r = g.call(
        json!(2),
        "fillForm",
        json!({"fields": [
            {"target": "role=textbox;name=Email", "value": "a@b.c"},
            {"target": "role=textbox;name=Quick search", "value": "x"}
        ]}),
    );
    let f = failed(&r);
    assert_eq!(f["fields"][0]["ok"], true, "{r}");
    assert_eq!(f["fields"][1]["failureKind"], "focusMoved", "{r}");
    assert_eq!(eval(&mut g, values), "||a@b.c|old|keep");
    // `clear` on that field, empty: nothing to empty, so no key is sent anywhere (a Backspace
    // would land in the box it hands its focus to).
    ok(&g.call(
        json!(4),
        "clear",
        json!({"target": "role=textbox;name=Quick search"}),
    ));
    assert_eq!(eval(&mut g, values), "||a@b.c|old|keep");
    let r = g.call(
        json!(3),
        "type",
        json!({"target": "role=textbox;name=Code", "text": "new"}),
    );
    let f = failed(&r);
    assert_eq!(f["failureKind"], "missedTarget", "{r}");
    assert_eq!(f["receivedBy"]["name"], "Other", "{r}");
    let after = eval(&mut g, values);
    let other = after
        .as_str()
        .unwrap()
        .strip_prefix("||a@b.c|old|")
        .unwrap_or("");
    assert!(other.contains("new") && other.contains("keep"), "{after}");
    // Its Backspace goes where its key handler moved the focus: `clear` says so, and the box
    // keeps its text (it is not emptied through its setter behind the page's back).
    let r = g.call(
        json!(5),
        "clear",
        json!({"target": "role=textbox;name=Code"}),
    );
    let f = failed(&r);
    assert_eq!(f["failureKind"], "missedTarget", "{r}");
    assert_eq!(f["receivedBy"]["name"], "Other", "{r}");
    assert_eq!(
        eval(&mut g, "document.querySelectorAll('input')[3].value"),
        "old"
    );
}

/// A one-time-code form moves the focus to the next box after each digit: typing the code into
/// the first box fills them all, as a person's typing does, and is a success (only where the
/// first key's text went counts). Checked on the boxes' own values.
#[test]
fn a_code_typed_into_boxes_that_pass_the_focus_on_fills_them_all() {
    let page = "<body><div id='code'></div><script>\
        for (let i = 0; i < 4; i++) { const b = document.createElement('input'); b.maxLength = 1;\
          b.setAttribute('aria-label', 'Digit ' + (i + 1)); b.style.width = '2em';\
          b.addEventListener('input', () => { const n = b.nextElementSibling; if (n && b.value) n.focus(); });\
          document.getElementById('code').append(b); }</script></body>";
    let web = fixtures(vec![("/otp.html", Page::html(page))]);
    let mut g = glass(&[]);
    open(&mut g, &web, "/otp.html");
    ok(&g.call(
        json!(1),
        "type",
        json!({"target": "role=textbox;name=Digit 1", "text": "4821"}),
    ));
    assert_eq!(
        eval(
            &mut g,
            "[...document.querySelectorAll('input')].map(i => i.value).join('|')"
        ),
        "4|8|2|1"
    );
}

/// #27's sweep (seeds 3059, 7818, 8712): a turned block that clips one of its own axes cuts
/// its content along that axis only, in its own coordinates. A block turned a quarter clips
/// its own x, which runs down the screen: a button running past its own bottom (off to the left
/// on screen) shows and takes a click, while one past its own right edge (below it on screen,
/// inside its screen columns) is cut off and not listed. Checked on the page's own counters and
/// Chrome's hit test.
#[test]
fn a_turned_block_clips_content_along_its_own_axis_only() {
    let page = "<body style='margin:0'><script>window.got = []</script>\
        <div style='position:absolute;left:300px;top:200px;width:200px;height:100px;transform:rotate(90deg);overflow-x:clip;border:1px solid'>\
        <div style='position:relative;width:400px;height:50px'>\
        <button style='position:absolute;left:20px;top:10px;width:80px;height:30px' onclick='got.push(&quot;Near&quot;)'>Near</button>\
        <button id='cut' style='position:absolute;left:250px;top:10px;width:80px;height:30px' onclick='got.push(&quot;Cut&quot;)'>Cut</button></div>\
        <div style='height:70px'></div>\
        <button style='display:block;width:80px;height:30px' onclick='got.push(&quot;Past&quot;)'>Past</button></div>";
    let web = fixtures(vec![("/turned-clip.html", Page::html(page))]);
    let mut g = glass(&[]);
    let o = open(&mut g, &web, "/turned-clip.html");
    let buttons = names_of(&o["elements"], "button");
    assert!(buttons.contains(&"Near".to_owned()), "{o}");
    assert!(buttons.contains(&"Past".to_owned()), "{o}");
    assert!(!buttons.contains(&"Cut".to_owned()), "{o}");
    // The page's own view: Chrome hands no point of Cut's box to it, and Past's centre to Past.
    assert_eq!(
        eval(
            &mut g,
            "(() => { const c = document.getElementById('cut').getBoundingClientRect(); let n = 0; for (let x = c.left + 1; x < c.right; x += 3) for (let y = c.top + 1; y < c.bottom; y += 3) if (document.elementFromPoint(x, y)?.id === 'cut') n++; return n; })()"
        ),
        0
    );
    for name in ["Near", "Past"] {
        ok(&g.call(
            json!(1),
            "click",
            json!({"target": ref_of(&o["elements"], "button", name)}),
        ));
    }
    let refused = g.call(json!(2), "click", json!({"target": "text=Cut"}));
    assert_eq!(failed(&refused)["failureKind"], "notVisible", "{refused}");
    assert_eq!(eval(&mut g, "window.got.join(' ')"), "Near Past");
}

/// #27 (its reduced case, `one-axis-clip.html`): controls in a block that clips one axis only
/// (`overflow-x: hidden`, `auto hidden`, `hidden scroll`, `overflow-x: clip`) were listed as
/// visible, and every action answered `notVisible`: the action's clip turned the open axis into
/// Infinity - Infinity. Each control is clicked, typed into and hovered, checked on the page's
/// own counters and values.
#[test]
fn controls_in_a_block_clipped_on_one_axis_can_be_acted_on() {
    let web = fixtures(vec![]);
    let mut g = glass(&[]);
    let o = open(&mut g, &web, "/one-axis-clip.html");
    for i in 0..4 {
        for (role, name) in [
            ("button", "Pages"),
            ("textbox", "Title"),
            ("link", "Later"),
            ("textbox", "Body"),
        ] {
            assert!(
                names_of(&o["elements"], role).contains(&format!("{name} {i}")),
                "{name} {i}: {o}"
            );
        }
        ok(&g.call(
            json!(1),
            "click",
            json!({"target": format!("role=button;name=Pages {i}")}),
        ));
        ok(&g.call(
            json!(2),
            "type",
            json!({"target": format!("role=textbox;name=Title {i}"), "text": "T"}),
        ));
        ok(&g.call(
            json!(3),
            "type",
            json!({"target": format!("role=textbox;name=Body {i}"), "text": "B"}),
        ));
        ok(&g.call(
            json!(4),
            "hover",
            json!({"target": format!("role=link;name=Later {i}")}),
        ));
    }
    let got = common::eval(
        &mut g,
        "[0,1,2,3].map(i => [got[i].clicks, Math.min(got[i].hovers, 1), document.querySelectorAll('input')[i].value, document.querySelectorAll('[contenteditable]')[i].textContent].join(':')).join(' ')",
    );
    assert_eq!(got, "1:1:T:B 1:1:T:B 1:1:T:B 1:1:T:B");
}

/// #27 item 3: a click that followed `#later` reported `…/anchors.html` (observe said
/// `…#later`), and one that called `history.pushState(…, '?file=answer.py')` reported the old
/// URL. An action's `caused.navigation.url` is the URL the page has, as the page's own
/// `location` and the next observation say.
#[test]
fn an_action_reports_the_url_the_page_has() {
    let web = fixtures(vec![]);
    let mut g = glass(&[]);
    open(&mut g, &web, "/anchors.html");
    let r = ok(&g.call(
        json!(1),
        "click",
        json!({"target": "role=link;name=the later section"}),
    ));
    let here = common::eval(&mut g, "location.href");
    assert_eq!(r["caused"]["navigation"]["url"], here, "{r}");
    assert!(here.as_str().unwrap().ends_with("/anchors.html#later"));
    open(&mut g, &web, "/pushstate-url.html");
    let r = ok(&g.call(
        json!(2),
        "click",
        json!({"target": "role=button;name=Save as answer.py"}),
    ));
    let here = common::eval(&mut g, "location.href");
    assert!(
        here.as_str()
            .unwrap()
            .ends_with("/pushstate-url.html?file=answer.py")
    );
    assert_eq!(r["caused"]["navigation"]["url"], here, "{r}");
    let seen = ok(&g.call(json!(3), "observe", json!({"level": "summary"})));
    assert_eq!(seen["url"], here, "{seen}");
}

/// #27: a press into a frame must land where Chrome draws it. Under page zoom or a scale
/// transform a frame's pixels are larger than its document's own (a click reported success and
/// landed on nothing); in a rotated block no script can map a point into the frame at all, and
/// Glass refuses rather than press elsewhere. Checked on the frames' own counters.
#[test]
fn frames_under_zoom_scale_and_rotation_are_pressed_where_drawn_or_refused() {
    let inner = |name: &str| {
        format!(
            "<iframe style='width:220px;height:90px;border:3px solid #888;padding:4px' srcdoc=\"<body style='margin:0'><button style='margin:40px 0 0 120px;width:60px;height:24px' onclick='window.top.pressed.push(&quot;{name}&quot;)'>{name}</button></body>\"></iframe>"
        )
    };
    let page = format!(
        "<html style='zoom:1.25'><body style='margin:20px'><script>window.pressed = []</script>\
         <div style='margin:40px 0 0 60px;transform:rotate(24deg)'>{}</div>\
         <div style='margin:80px 0 0 300px;transform:scale(1.4)'>{}</div>\
         <div style='margin:60px 0 0 20px'>{}</div></body></html>",
        inner("Turned"),
        inner("Scaled"),
        inner("Zoomed")
    );
    let web = fixtures(vec![("/turned-frames.html", Page::html(&page))]);
    let mut g = glass(&[]);
    let o = open(&mut g, &web, "/turned-frames.html");
    for name in ["Scaled", "Zoomed"] {
        let r = ref_of(&o["elements"], "button", name);
        ok(&g.call(json!(1), "click", json!({"target": r})));
    }
    // In the turned block Glass cannot yet say where a press would land: it refuses, and
    // nothing is pressed anywhere (never a success that landed elsewhere).
    let r = ref_of(&o["elements"], "button", "Turned");
    let refused = failed(&g.call(json!(2), "click", json!({"target": r})));
    assert_eq!(refused["failureKind"], "notVisible", "{refused}");
    assert_eq!(eval(&mut g, "window.pressed.join(' ')"), "Scaled Zoomed");
}

/// #27, from generated layouts: a control whose centre an overlay covers is pressed on the part
/// a person sees (it answered `blocked`), and a control inside a scroller that sits, unscrolled,
/// beyond the clip of a block around it is listed (a person scrolls it into view) and clicked.
/// Checked on the page's own counters.
#[test]
fn a_partly_covered_control_and_one_a_person_scrolls_to_are_listed_and_pressed() {
    let page = "<body style='margin:8px'><script>window.got = []</script>\
        <div style='position:relative'><button style='width:160px;height:30px' onclick='got.push(&quot;Half&quot;)'>Half</button>\
        <div style='position:absolute;left:60px;top:0;width:110px;height:40px;background:#c00'></div></div>\
        <div style='overflow-y:clip;width:227px;height:92px;margin-top:20px'>\
        <div style='overflow-y:auto;overflow-x:hidden;width:120px;height:24px;transform:translate(10px,50px)'>\
        <div style='height:44px'></div><button style='width:100px;height:20px' onclick='got.push(&quot;Scrolled&quot;)'>Scrolled</button></div></div>";
    let web = fixtures(vec![("/covered.html", Page::html(page))]);
    let mut g = glass(&[]);
    let o = open(&mut g, &web, "/covered.html");
    for name in ["Half", "Scrolled"] {
        let r = ref_of(&o["elements"], "button", name);
        ok(&g.call(json!(1), "click", json!({"target": r})));
    }
    assert_eq!(eval(&mut g, "window.got.join(' ')"), "Half Scrolled");
}

/// #27, from generated layout 5144: a button in a fixed bar that content of the page covers
/// once the page is scrolled (a block painted above it) is pressed the way a person does it,
/// by scrolling the page until the block moves off it (it answered `blocked`). Checked on the
/// page's own counter, after the page itself confirmed the block covers the button.
#[test]
fn a_fixed_button_covered_by_scrolled_content_is_pressed_after_scrolling_the_page() {
    let page = "<body style='margin:8px'><script>window.got = []</script>\
        <div style='position:fixed;left:10px;bottom:20px'><button style='width:120px;height:24px' onclick='got.push(&quot;Fixed&quot;)'>Fixed</button></div>\
        <div style='height:1500px'></div>\
        <div style='position:relative;z-index:1;height:1200px;background:#eee'>Cover</div>\
        <div style='height:2000px'></div>";
    let web = fixtures(vec![("/fixed-covered.html", Page::html(page))]);
    let mut g = glass(&[]);
    let o = open(&mut g, &web, "/fixed-covered.html");
    let fixed = ref_of(&o["elements"], "button", "Fixed");
    // The page scrolls the block over the button: at the button's centre the page finds it.
    assert_eq!(
        eval(
            &mut g,
            "scrollTo(0, 1000); const b = document.querySelector('button').getBoundingClientRect(); document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2).textContent"
        ),
        "Cover"
    );
    ok(&g.call(json!(1), "click", json!({"target": fixed})));
    assert_eq!(eval(&mut g, "window.got.join(' ')"), "Fixed");
}

/// A form that disables its submit button while it checks what was just typed (as Prefect's
/// dialogs do): a click right after typing waits for the button to light up and presses it; a
/// button that stays disabled is refused as `disabled` and never pressed.
#[test]
fn a_button_disabled_for_a_moment_is_waited_for_and_one_that_stays_disabled_is_refused() {
    let page = "<body><script>window.got = []</script>\
        <input aria-label='Name' oninput='document.getElementById(&quot;create&quot;).disabled = true'>\
        <button id='create' onclick='got.push(&quot;Create&quot;)'>Create</button>\
        <button disabled onclick='got.push(&quot;Never&quot;)'>Never</button>";
    let web = fixtures(vec![("/validating.html", Page::html(page))]);
    let mut g = glass(&[]);
    let o = open(&mut g, &web, "/validating.html");
    let name = ref_of(&o["elements"], "textbox", "Name");
    ok(&g.call(
        json!(1),
        "type",
        json!({"target": name, "text": "max_retries"}),
    ));
    // The page ends its check 700 ms from now (from here, not from the last key, so a slow
    // machine cannot let the check end before the click is asked for).
    assert_eq!(
        eval(
            &mut g,
            "const b = document.getElementById('create'); setTimeout(() => { b.disabled = false }, 700); b.disabled"
        ),
        true,
        "the page is still checking the input"
    );
    let create = ref_of(&o["elements"], "button", "Create");
    ok(&g.call(json!(2), "click", json!({"target": create})));
    let never = ref_of(&o["elements"], "button", "Never");
    let f = failed(&g.call(json!(3), "click", json!({"target": never})));
    assert_eq!(f["failureKind"], "disabled", "{f}");
    assert_eq!(eval(&mut g, "window.got.join(' ')"), "Create");
}

/// An editor that saves what was typed into its form 250 ms after the last key (Wagtail's
/// rich-text editor does): a click on Publish right after typing comes at a person's pace, so
/// the form sends the text typed, not the text as it was before.
#[test]
fn a_press_right_after_typing_waits_for_an_editor_that_saves_on_a_debounce() {
    let page = "<body><script>window.sent = []; let t;</script>\
        <input type='hidden' id='saved' value=''>\
        <div contenteditable role='textbox' aria-label='Body' style='border:1px solid;min-height:40px' \
        oninput='clearTimeout(t); t = setTimeout(() => { saved.value = this.textContent }, 250)'></div>\
        <button onclick='sent.push(saved.value)'>Publish</button>";
    let web = fixtures(vec![("/debounced.html", Page::html(page))]);
    let mut g = glass(&[]);
    let o = open(&mut g, &web, "/debounced.html");
    let body = ref_of(&o["elements"], "textbox", "Body");
    ok(&g.call(
        json!(1),
        "type",
        json!({"target": body, "text": "Closed on Sundays."}),
    ));
    let publish = ref_of(&o["elements"], "button", "Publish");
    ok(&g.call(json!(2), "click", json!({"target": publish})));
    assert_eq!(eval(&mut g, "window.sent.join('|')"), "Closed on Sundays.");
}

/// A dialog that fades out for 300 ms after Save, then leaves the DOM (as Prefect's and most
/// design systems' dialogs do): the click settles when the fade has ended, so the observation
/// after it shows the page, not the dialog on its way out.
#[test]
fn a_click_settles_after_the_transition_it_started_has_ended() {
    let page = "<body><style>#dlg { transition: opacity 300ms } #dlg.leaving { opacity: 0 }</style>\
        <button>Behind</button>\
        <div id='dlg' role='dialog' aria-label='Edit'><button onclick='const d = document.getElementById(&quot;dlg&quot;); \
        d.classList.add(&quot;leaving&quot;); d.addEventListener(&quot;transitionend&quot;, () => d.remove())'>Save</button></div>";
    let web = fixtures(vec![("/fading.html", Page::html(page))]);
    let mut g = glass(&[]);
    let o = open(&mut g, &web, "/fading.html");
    let save = ref_of(&o["elements"], "button", "Save");
    let r = ok(&g.call(json!(1), "click", json!({"target": save})));
    assert_eq!(r["settled"], true, "{r}");
    let after = observe(&mut g, json!({}));
    assert_eq!(
        names_of(&after["elements"], "button"),
        vec!["Behind"],
        "{after}"
    );
    assert_eq!(
        eval(&mut g, "document.getElementById('dlg') === null"),
        true
    );
}

/// Whether Chrome's own hit test reaches the button or option whose text is `text` at the
/// centre of its box: the page's answer to "can a person press it", for the clipping rules.
fn chrome_hits(g: &mut Glass, text: &str) -> Value {
    let expr = format!(
        "(() => {{ const t = {}; const b = [...document.querySelectorAll('button,option')].find((e) => e.textContent.trim() === t); \
         if (!b) return 'missing'; const r = b.getBoundingClientRect(); if (!(r.width > 0 && r.height > 0)) return false; \
         const x = r.left + r.width / 2, y = r.top + r.height / 2; if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return false; \
         const h = document.elementFromPoint(x, y); return !!h && (h === b || b.contains(h)); }})()",
        serde_json::to_string(text).unwrap()
    );
    eval(g, &expr)
}

/// Doc items (What exists / What a person sees): a fixed box is clipped by an ancestor that
/// contains fixed descendants through perspective, filter, backdrop-filter, contain
/// layout/paint/strict/content and will-change (not by a query container); an absolute box by a
/// transformed clipper; clip: rect(0 0 0 0) hides; body's overflow clips when html's is not
/// visible, and is the viewport's (in-flow content shows) when it is; unslotted light DOM and a
/// closed select's options are absent; everything outside a shown aria-modal dialog is absent
/// (a hidden one changes nothing), and outside a dialog laid over the whole window though it
/// does not say it is modal (Ant Design's wrap in MLflow; a dialog in a corner is no such); a visually hidden control with no seen label is not listed
/// and not operable; an opacity:0 control takes the click; a box wholly before its document's or
/// scroller's origin (Node-RED's parked spans) is not seen. For the clipping rules Chrome's own
/// hit test is asked too, so the expectation is Chrome's, not only Glass's.
#[test]
fn more_visibility_rules_each_on_its_own_page() {
    let fixed_in = |style: &str| {
        format!(
            r#"<div style="{style};overflow:hidden;height:0"><button style="position:fixed;top:60px">Gone</button></div><button>Shown</button>"#
        )
    };
    // (page, body, what observe lists, text that must be notVisible, ask Chrome's hit test)
    type Case = (
        String,
        String,
        Vec<&'static str>,
        Option<&'static str>,
        bool,
    );
    type Written = (
        &'static str,
        &'static str,
        &'static [&'static str],
        Option<&'static str>,
        bool,
    );
    let mut cases: Vec<Case> = Vec::new();
    for (name, style) in [
        ("perspective", "perspective:400px"),
        ("filter", "filter:blur(0px)"),
        ("backdrop-filter", "backdrop-filter:blur(1px)"),
        ("contain-layout", "contain:layout"),
        ("contain-paint", "contain:paint"),
        ("contain-strict", "contain:strict"),
        ("contain-content", "contain:content"),
        ("will-change", "will-change:transform"),
    ] {
        cases.push((
            format!("fixed-in-{name}"),
            fixed_in(style),
            vec!["Shown"],
            Some("Gone"),
            true,
        ));
    }
    let more: &[Written] = &[
        (
            // A query container applies no layout containment: the fixed box escapes it.
            "fixed-in-container-query",
            r#"<div style="container-type:inline-size;overflow:hidden;height:0"><button style="position:fixed;top:60px">Escapes</button></div><button>Shown</button>"#,
            &["Escapes", "Shown"],
            None,
            true,
        ),
        (
            "absolute-in-transformed-clipper",
            r#"<div style="transform:translateX(0);overflow:hidden;height:0"><button style="position:absolute;top:50px">Gone</button></div><button>Shown</button>"#,
            &["Shown"],
            Some("Gone"),
            true,
        ),
        (
            "clip-rect",
            r#"<div style="position:absolute;clip:rect(0 0 0 0)"><button>Gone</button></div><button style="margin-top:40px">Shown</button>"#,
            &["Shown"],
            Some("Gone"),
            true,
        ),
        (
            "body-clips-when-html-is-not-visible",
            r#"<style>html{overflow:hidden}body{height:0;overflow:hidden;margin:0}</style><button>Gone</button>"#,
            &[],
            Some("Gone"),
            true,
        ),
        (
            "body-overflow-is-the-viewports-in-flow",
            r#"<style>body{height:0;overflow:hidden;margin:0}</style><button>Shown</button>"#,
            &["Shown"],
            None,
            true,
        ),
        (
            "unslotted-light-dom",
            r#"<div id="h"><button>Gone</button></div><button>Shown</button><script>document.getElementById('h').attachShadow({mode: 'open'}).innerHTML = '<p>No slot here</p>';</script>"#,
            &["Shown"],
            Some("Gone"),
            true,
        ),
        (
            "closed-select-options",
            r#"<select aria-label="Pick"><option>Alpha</option><option>Beta</option></select>"#,
            &["Pick"],
            Some("Beta"),
            false,
        ),
        (
            "aria-modal-dialog",
            r#"<button>Behind</button><div role="dialog" aria-modal="true" aria-label="Ask"><button>Inside</button></div>"#,
            &["Inside"],
            Some("Behind"),
            false,
        ),
        (
            "hidden-aria-modal-dialog",
            r#"<button>Shown</button><div role="dialog" aria-modal="true" aria-label="Ask" style="display:none"><button>Gone</button></div>"#,
            &["Shown"],
            Some("Gone"),
            false,
        ),
        (
            "window-covering-dialog",
            r#"<button>Behind</button><div style="position:fixed;inset:0;background:rgba(0,0,0,.4)"></div><div role="dialog" aria-label="Ask" style="position:fixed;inset:0;display:flex;align-items:center;justify-content:center"><div style="background:#fff;padding:20px"><button>Inside</button></div></div>"#,
            &["Inside"],
            Some("Behind"),
            false,
        ),
        (
            "corner-dialog",
            r#"<button>Beside</button><div role="dialog" aria-label="Chat" style="position:fixed;right:0;bottom:0;width:200px;height:100px"><button>Inside</button></div>"#,
            &["Beside", "Inside"],
            None,
            false,
        ),
        (
            "sr-only-without-a-label",
            r#"<input type="checkbox" aria-label="Orphan" style="position:absolute;clip:rect(0 0 0 0);width:1px;height:1px;overflow:hidden"><button>Shown</button>"#,
            &["Shown"],
            None,
            false,
        ),
        (
            // Node-RED measures its labels in a span parked above the document's top, where no
            // scrolling brings it.
            "before-the-documents-origin",
            r#"<button style="position:absolute;top:-1000px">Parked</button><button>Shown</button>"#,
            &["Shown"],
            Some("Parked"),
            true,
        ),
        (
            // ...and parks autofill traps above a scrolling tray's top (here still below the
            // document's top: only the tray's origin keeps them out of sight).
            "before-a-scrollers-origin",
            r#"<div style="height:400px"></div><div style="position:relative;overflow:auto;height:80px"><span style="position:absolute;top:-200px"><button>Trap</button></span><button>Shown</button><div style="height:300px"></div><button>Below</button></div>"#,
            &["Shown", "Below"],
            Some("Trap"),
            false,
        ),
    ];
    for (n, b, w, gone, oracle) in more {
        cases.push((n.to_string(), b.to_string(), w.to_vec(), *gone, *oracle));
    }
    let mut routes: Vec<(&str, Page)> = cases
        .iter()
        .map(|(name, body, ..)| {
            let path: &'static str = Box::leak(format!("/{name}").into_boxed_str());
            (
                path,
                Page::html(&format!(
                    "<!doctype html><html><head><title>{name}</title></head><body>{body}</body></html>"
                )),
            )
        })
        .collect();
    routes.push((
        "/opacity-click",
        Page::html(r#"<title>Ink</title><button style="opacity:0" onclick="window.hits = (window.hits || 0) + 1">Invisible ink</button>"#),
    ));
    let web = Server::start(routes);
    let mut g = glass(&[]);
    for (name, _, want, gone, oracle) in &cases {
        let obs = open(&mut g, &web, &format!("/{name}"));
        let got: Vec<String> = seen(&obs["elements"])
            .into_iter()
            .filter(|(r, _)| r != "dialog" && r != "group")
            .map(|(_, n)| n)
            .collect();
        assert_eq!(got, *want, "{name}: {obs}");
        if *oracle {
            for shown in want {
                assert_eq!(
                    chrome_hits(&mut g, shown),
                    true,
                    "{name}: Chrome cannot press {shown}"
                );
            }
            if let Some(t) = gone {
                assert_eq!(
                    chrome_hits(&mut g, t),
                    false,
                    "{name}: Chrome can press {t}"
                );
            }
        }
        // Locators agree with the observation: what is absent or unseen is notVisible.
        if let Some(t) = gone {
            let e = failed(&g.call(json!(1), "click", json!({"target": format!("text={t}")})));
            assert_eq!(e["failureKind"], "notVisible", "{name}: {e}");
        }
    }
    // A visually hidden control with no seen label cannot be operated either.
    open(&mut g, &web, "/sr-only-without-a-label");
    let e = failed(&g.call(
        json!(2),
        "check",
        json!({"target": "role=checkbox;name=Orphan"}),
    ));
    assert_eq!(e["failureKind"], "notVisible", "{e}");
    assert_eq!(
        eval(&mut g, "document.querySelector('input').checked"),
        false
    );
    // A see-through control still takes the click.
    open(&mut g, &web, "/opacity-click");
    ok(&g.call(
        json!(3),
        "click",
        json!({"target": "role=button;name=Invisible ink"}),
    ));
    assert_eq!(eval(&mut g, "window.hits"), 1);
}

const NAMING: &str = r##"<title>Naming</title><script>window.log = [];</script>
<h2 id="install">Install <a href="#install">¶</a></h2>
<h2 id="usage">Usage <a href="#elsewhere">see</a></h2>
<button onclick="log.push('gear')"><span>&#xE8B8;</span>Settings</button>
<button onclick="log.push('py')"><img alt="Python 3" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="> Python 3</button>
<button onclick="log.push('zoom')"><svg width="16" height="16"><title>Zoom in</title><rect width="16" height="16"></rect></svg></button>
<div role="bogus button" tabindex="0" onclick="log.push('token')">Token</div>
<h3 role="none">Not a heading</h3>
<details id="d"><summary>More</summary><p>Folded text</p></details>
<form onsubmit="event.preventDefault(); log.push('find')"><input aria-label="Term"><button>Find</button></form>
<div role="form"><button onclick="log.push('loose')">Loose</button></div>
<div role="menu" aria-label="File"><div onclick="log.push('new')">New file</div></div>
<div role="tablist" aria-label="Views"><div onclick="log.push('grid')">Grid</div></div>
<div role="tree" aria-label="Folders"><div onclick="log.push('docs')">Docs</div></div>
<div onclick="log.push('card')" title="Open card" style="width:40px;height:20px;background:#ccc"></div>
<div onclick="log.push('holder')">Wrapper text <button onclick="event.stopPropagation(); log.push('inner')">Inner</button></div>
<label><input type="checkbox" id="rows"> Show <select><option>10</option><option selected>25</option></select> rows</label>
<label for="zip" style="display:none">Hidden zip</label><input id="zip" placeholder="Postcode">
<input type="radio" name="speed" id="express" style="display:none"><label for="express">Express</label>
<figure><img alt="" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="10" height="10"><figcaption>Sales chart</figcaption></figure>"##;

/// The names of a region's children (the region found by role and name, exactly one).
fn children_of(elements: &Value, role: &str, name: &str) -> Vec<String> {
    let found: Vec<Value> = all_elements(elements)
        .into_iter()
        .filter(|e| e["role"] == role && e["name"] == name)
        .collect();
    assert_eq!(found.len(), 1, "{role} named {name:?} in {elements}");
    found[0]["children"]
        .as_array()
        .map(|c| {
            c.iter()
                .map(|e| {
                    let said = if e["role"] == "text" {
                        &e["text"]
                    } else {
                        &e["name"]
                    };
                    said.as_str().unwrap_or("").to_owned()
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Doc items (Roles and names): a heading's permalink is not part of its name (another link
/// is); private-use characters are dropped; a name that is one text twice is said once; an
/// SVG's <title>; the first ARIA role token Glass knows; role=none on a non-focusable element
/// removes its role; <summary> is a button; an unnamed <form> is a form region (an unnamed
/// role=form is not); role-less clickables inside a menu, tab list, tree and listbox are
/// menuitem, tab and treeitem (listbox: the next test), one with no text is named by its title, one holding a
/// control is not listed; embedded controls contribute their value; a hidden <label> names
/// nothing; a label standing for an absent radio; figcaption names a figure. Each name is used
/// to act, and the page's own log or state says the action landed.
#[test]
fn names_and_roles_glass_gives_on_purpose() {
    let web = Server::start(vec![("/naming", Page::html(NAMING))]);
    let mut g = glass(&[]);
    let obs = open(&mut g, &web, "/naming");
    let els = &obs["elements"];
    assert_eq!(names_of(els, "heading"), ["Install", "Usage see"], "{obs}");
    for (role, name) in [
        ("button", "Settings"),
        ("button", "Python 3"),
        ("button", "Zoom in"),
        ("button", "Token"),
        ("button", "More"),
        ("menuitem", "New file"),
        ("tab", "Grid"),
        ("treeitem", "Docs"),
        ("generic", "Open card"),
        ("checkbox", "Show 25 rows"),
        ("textbox", "Postcode"),
        ("radio", "Express"),
    ] {
        ref_of(els, role, name);
    }
    assert_eq!(children_of(els, "form", ""), ["Term", "Find"], "{obs}");
    assert!(
        els.as_array().unwrap().iter().any(|e| e["name"] == "Loose"),
        "an unnamed role=form is no region: {obs}"
    );
    assert!(
        !all_elements(els)
            .iter()
            .any(|e| e["name"].as_str().unwrap_or("").contains("Wrapper")),
        "a clickable that holds a control is not itself listed: {obs}"
    );
    let radio = all_elements(els)
        .into_iter()
        .find(|e| e["name"] == "Express")
        .unwrap();
    assert_eq!(radio["checked"], false, "{radio}");
    // Each name acts on what it names.
    for target in [
        "role=button;name=Settings",
        "role=button;name=Python 3",
        "role=button;name=Zoom in",
        "role=button;name=Token",
        "role=button;name=Find",
        "role=button;name=Loose",
        "role=menuitem;name=New file",
        "role=tab;name=Grid",
        "role=treeitem;name=Docs",
        "name=Open card",
    ] {
        ok(&g.call(json!(1), "click", json!({"target": target})));
    }
    assert_eq!(
        eval(&mut g, "window.log"),
        json!([
            "gear", "py", "zoom", "token", "find", "loose", "new", "grid", "docs", "card"
        ])
    );
    ok(&g.call(
        json!(2),
        "click",
        json!({"target": "role=button;name=More"}),
    ));
    assert_eq!(eval(&mut g, "document.getElementById('d').open"), true);
    ok(&g.call(
        json!(3),
        "check",
        json!({"target": "role=checkbox;name=Show 25 rows"}),
    ));
    assert_eq!(
        eval(&mut g, "document.getElementById('rows').checked"),
        true
    );
    ok(&g.call(
        json!(4),
        "check",
        json!({"target": "role=radio;name=Express"}),
    ));
    assert_eq!(
        eval(&mut g, "document.getElementById('express').checked"),
        true
    );
    ok(&g.call(
        json!(5),
        "type",
        json!({"target": "role=textbox;name=Postcode", "text": "1011"}),
    ));
    assert_eq!(eval(&mut g, "document.getElementById('zip').value"), "1011");
    // A figure is named by its caption (raw lists every element with a role).
    let raw = observe(&mut g, json!({"level": "raw"}));
    assert!(
        all_elements(&raw["elements"])
            .iter()
            .any(|e| e["role"] == "figure" && e["name"] == "Sales chart"),
        "{raw}"
    );
}

/// Doc item: a role-less clickable inside a listbox is an `option`. Read from the code
/// (40-walk.js), every child of a role=listbox is marked as inside a control, since listbox is
/// in INTERACTIVE, so such an element never becomes a clickable and observe does not list it;
/// only a `text=` match is promoted to it (clickableRole). Expected to FAIL until the walk or
/// docs/page-model.md changes: kept apart so it masks nothing else.
#[test]
fn a_role_less_item_of_a_listbox_is_an_option() {
    let web = Server::start(vec![(
        "/sizes",
        Page::html(
            r#"<title>Sizes</title><script>window.log = [];</script><div role="listbox" aria-label="Sizes"><div onclick="log.push('large')">Large</div></div>"#,
        ),
    )]);
    let mut g = glass(&[]);
    let obs = open(&mut g, &web, "/sizes");
    ref_of(&obs["elements"], "option", "Large");
    ok(&g.call(
        json!(1),
        "click",
        json!({"target": "role=option;name=Large"}),
    ));
    assert_eq!(eval(&mut g, "window.log"), json!(["large"]));
}

const REGIONS: &str = r#"<title>Regions</title>
<header><button>Home</button></header>
<aside aria-label="Tips"><button>Hint</button></aside>
<search><input aria-label="Find"></search>
<div role="alert">Saved <button>Undo</button></div>
<div role="menubar" aria-label="Top"><button role="menuitem">File</button></div>
<div role="toolbar" aria-label="Format"><button>Bold</button></div>
<ul role="tree" aria-label="Files"><li role="treeitem">src</li></ul>
<div role="radiogroup" aria-label="Size"><label><input type="radio" name="s"> Small</label></div>
<ul role="listbox" aria-label="Colours"><li role="option">Red</li></ul>
<fieldset><legend>Billing</legend><input aria-label="Card"></fieldset>
<fieldset><input aria-label="Loose"></fieldset>
<div role="dialog" aria-label="Panel"><button>Close</button></div>
<div role="dialog" aria-label="Quiet"><p>Nothing to press</p></div>
<nav aria-label="Empty nav"><p>No links</p></nav>
<section aria-label="Blank"><span></span></section>
<table><tr><td>1</td></tr></table>
<h1>Top heading</h1><h3>Third heading</h3><h4>Deep heading</h4>
<footer><button>Up</button></footer>"#;

/// The one element with this name anywhere in `elements`.
fn one_named(elements: &Value, name: &str) -> Value {
    let found: Vec<Value> = all_elements(elements)
        .into_iter()
        .filter(|e| e["name"] == name)
        .collect();
    assert_eq!(found.len(), 1, "{name:?} in {elements}");
    found[0].clone()
}

/// Doc items (Observation levels): regions banner, complementary, search, alert, menubar,
/// toolbar, tree, radiogroup, listbox of its own options, named group (unnamed: none), dialog
/// (modal:true only when modal), contentinfo nest their controls; compact leaves empty regions
/// out but keeps dialogs and tables; structured keeps named empty regions, caps text at 160
/// and table rows at 15, and does not repeat a shown table's cells as text; summary lists
/// headings 1-3 only and counts a region's controls; interactive lists no headings; detailed
/// caps text at 400 and rows at 40 and adds description and placeholder; a select lists at most
/// 25 options of at most 40 chars with optionCount; item caps 400/300/200/500.
#[test]
fn regions_levels_and_budgets_project_the_model() {
    let words = "word ".repeat(100);
    let rows: String = (0..50)
        .map(|i| format!("<tr><td>r{i}c1</td><td>r{i}c2</td></tr>"))
        .collect();
    let options: String = (0..30)
        .map(|i| {
            format!("<option>Option {i} with a label far longer than forty characters</option>")
        })
        .collect();
    let long = format!(
        r#"<title>Long</title><p>{words}</p><table><thead><tr><th>A</th><th>B</th></tr></thead><tbody>{rows}</tbody></table>
<label>Pick <select>{options}</select></label>
<input aria-label="Zip" placeholder="12345" aria-describedby="zh"><p id="zh">Five digits</p>"#
    );
    let many: String = std::iter::once("<title>Many</title>".to_owned())
        .chain((0..600).map(|i| format!("<button>B{i}</button>")))
        .collect();
    let web = fixtures(vec![
        ("/regions", Page::html(REGIONS)),
        ("/long", Page::html(&long)),
        ("/many", Page::html(&many)),
        (
            "/modal",
            Page::html(
                r#"<title>Modal</title><button>Behind</button><dialog id="d"><button>Inside</button></dialog><script>document.getElementById('d').showModal();</script>"#,
            ),
        ),
    ]);
    let mut g = glass(&[]);

    let obs = open(&mut g, &web, "/regions");
    let els = &obs["elements"];
    for (role, name, kids) in [
        ("banner", "", vec!["Home"]),
        ("complementary", "Tips", vec!["Hint"]),
        ("search", "", vec!["Find"]),
        ("alert", "", vec!["Undo"]),
        ("menubar", "Top", vec!["File"]),
        ("toolbar", "Format", vec!["Bold"]),
        ("tree", "Files", vec!["src"]),
        ("radiogroup", "Size", vec!["Small"]),
        ("listbox", "Colours", vec!["Red"]),
        ("group", "Billing", vec!["Card"]),
        ("dialog", "Panel", vec!["Close"]),
        ("dialog", "Quiet", vec!["Nothing to press"]),
        ("navigation", "Empty nav", vec!["No links"]),
        ("contentinfo", "", vec!["Up"]),
    ] {
        assert_eq!(children_of(els, role, name), kids, "{role} {name:?}: {obs}");
    }
    assert!(one_named(els, "Panel").get("modal").is_none(), "{obs}");
    assert!(
        els.as_array().unwrap().iter().any(|e| e["name"] == "Loose"),
        "an unnamed group nests nothing: {obs}"
    );
    assert!(
        !all_elements(els).iter().any(|e| e["name"] == "Blank"),
        "compact leaves empty regions out: {obs}"
    );
    assert!(
        all_elements(els)
            .iter()
            .any(|e| e["role"] == "table" && e["rowCount"] == 1),
        "{obs}"
    );
    assert_eq!(
        names_of(els, "heading"),
        ["Top heading", "Third heading", "Deep heading"]
    );
    let s = observe(&mut g, json!({"level": "structured"}));
    assert!(
        all_elements(&s["elements"])
            .iter()
            .any(|e| e["name"] == "Empty nav"),
        "{s}"
    );
    let sum = observe(&mut g, json!({"level": "summary"}));
    assert_eq!(
        names_of(&sum["elements"], "heading"),
        ["Top heading", "Third heading"],
        "{sum}"
    );
    assert_eq!(
        one_named(&sum["elements"], "Format")["controls"],
        1,
        "{sum}"
    );
    let i = observe(&mut g, json!({"level": "interactive"}));
    assert!(names_of(&i["elements"], "heading").is_empty(), "{i}");
    ref_of(&i["elements"], "button", "Bold");

    let modal = open(&mut g, &web, "/modal");
    assert_eq!(one_named(&modal["elements"], "Inside")["role"], "button");
    let dialog = all_elements(&modal["elements"])
        .into_iter()
        .find(|e| e["role"] == "dialog")
        .unwrap();
    assert_eq!(dialog["modal"], true, "{modal}");

    let compact = open(&mut g, &web, "/long");
    let pick = one_named(&compact["elements"], "Pick");
    let opts = pick["options"].as_array().unwrap();
    assert_eq!(opts.len(), 25, "{pick}");
    assert_eq!(pick["optionCount"], 30, "{pick}");
    assert!(
        opts.iter()
            .all(|o| o.as_str().unwrap().chars().count() <= 40),
        "{pick}"
    );
    let zip = one_named(&compact["elements"], "Zip");
    assert!(
        zip.get("description").is_none() && zip.get("placeholder").is_none(),
        "{zip}"
    );
    for (level, text_max, rows_max) in [("structured", 160, 15), ("detailed", 400, 40)] {
        let o = observe(&mut g, json!({"level": level}));
        let all = all_elements(&o["elements"]);
        let para = all
            .iter()
            .find(|e| e["role"] == "text" && e["text"].as_str().unwrap_or("").starts_with("word"))
            .unwrap_or_else(|| panic!("{level}: {o}"));
        let n = para["text"].as_str().unwrap().chars().count();
        assert!(n <= text_max && n > text_max - 10, "{level}: {n} chars");
        let table = all.iter().find(|e| e["role"] == "table").unwrap();
        assert_eq!(table["rows"].as_array().unwrap().len(), rows_max, "{level}");
        assert_eq!(table["rowCount"], 50, "{level}");
        assert!(
            !all.iter()
                .any(|e| e["role"] == "text" && e["text"].as_str().unwrap_or("").contains("r1c1")),
            "{level}: a shown table's cells repeated as text"
        );
        if level == "detailed" {
            let zip = one_named(&o["elements"], "Zip");
            assert_eq!(zip["description"], "Five digits", "{zip}");
            assert_eq!(zip["placeholder"], "12345", "{zip}");
        }
    }

    open(&mut g, &web, "/many");
    for (level, cap) in [
        (None, 400u64),
        (Some("interactive"), 400),
        (Some("structured"), 300),
        (Some("detailed"), 200),
        (Some("raw"), 500),
    ] {
        let o = observe(&mut g, level.map_or(json!({}), |l| json!({"level": l})));
        let emitted = o["counts"]["emitted"].as_u64().unwrap();
        assert!(emitted <= cap, "{level:?}: {emitted}");
        assert_eq!(o["truncated"], true, "{level:?}");
        assert!(
            o["counts"]["total"].as_u64().unwrap() > emitted,
            "{level:?}"
        );
        let budgets = o["budgetsHit"].as_array().unwrap();
        if budgets.contains(&json!("items")) {
            assert_eq!(emitted, cap, "{level:?}");
        }
        if matches!(level, None | Some("interactive") | Some("structured")) {
            // 600 two-to-four-character buttons fit the byte budget: the item cap cuts first.
            assert_eq!(budgets, &vec![json!("items")], "{level:?}");
        }
    }
}

const STATE: &str = r#"<title>State</title>
<button aria-pressed="true">Bold on</button><button aria-pressed="false">Italic off</button><button>Plain</button>
<div role="tablist" aria-label="Tabs"><button role="tab" aria-selected="true">First tab</button><button role="tab" aria-selected="false">Second tab</button></div>
<nav aria-label="Pages"><a href="/a" aria-current="page">Current page</a> <a href="/b">Other page</a></nav>
<input aria-label="Bad" aria-invalid="true"> <input aria-label="Good">
<button aria-haspopup="true">Menu button</button><button aria-haspopup="listbox">List button</button>
<button aria-expanded="true">Open one</button><button aria-expanded="false">Shut one</button>
<input type="password" aria-label="Secret"> <input aria-label="Code" autocomplete="one-time-code">
<input aria-label="Masked" style="-webkit-text-security:disc"> <input aria-label="Your PIN">
<input aria-label="Focus me" id="fm"><script>document.getElementById('fm').focus();</script>"#;

const CONTEXT: &str = r##"<title>Context</title>
<ul><li><h3>Alpha card</h3><button>Edit</button></li><li><h3>Beta card</h3><button>Edit</button></li></ul>
<p>Suggested facets: <button>Add</button></p><p>Other things: <button>Add</button></p>
<h2>Section one</h2><div><button>Remove</button></div><h2>Section two</h2><div><button>Remove</button></div>
<nav aria-label="Left"><button>Toggle</button></nav><nav aria-label="Right"><button>Toggle</button></nav>
<p>Dismiss <button style="width:20px;height:20px"></button></p>
<button>Unique</button>
<div><label>Apples</label> <button>+</button></div><div><label>Pears</label> <button>+</button></div>
<section aria-label="Guide"><h2>Setup <a href="#guide">setup</a></h2></section><section aria-label="Reference"><h2>Setup <a href="#reference">setup</a></h2></section>"##;

/// Doc items (state fields, context, focus, values): pressed, selected, current, invalid,
/// haspopup, expanded, focused and password appear on the elements they describe and on no
/// other (a plain button carries none); the result's `focused` is the focused element's ref;
/// context of repeated names from a card's heading, the words just before (a label of no
/// control among them), the last heading before, the region's name (also for a link whose
/// heading only repeats its words), and of an unnamed control; a unique name has none;
/// includeFormValues gives a code editor's text.
#[test]
fn state_fields_context_and_focus_appear_only_when_they_say_something() {
    let web = fixtures(vec![
        ("/state", Page::html(STATE)),
        ("/context", Page::html(CONTEXT)),
    ]);
    let mut g = glass(&[]);
    let obs = open(&mut g, &web, "/state");
    let els = &obs["elements"];
    let plain = one_named(els, "Plain");
    for f in [
        "pressed",
        "selected",
        "current",
        "invalid",
        "haspopup",
        "expanded",
        "focused",
        "password",
        "disabled",
        "checked",
        "required",
        "readonly",
        "valuePresent",
    ] {
        assert!(plain.get(f).is_none(), "{f} on a plain button: {plain}");
    }
    let field = |name: &str, f: &str| one_named(els, name).get(f).cloned();
    assert_eq!(field("Bold on", "pressed"), Some(json!(true)));
    assert_eq!(field("Italic off", "pressed"), Some(json!(false)));
    assert_eq!(field("First tab", "selected"), Some(json!(true)));
    assert_eq!(field("Second tab", "selected"), None);
    assert_eq!(field("Current page", "current"), Some(json!(true)));
    assert_eq!(field("Other page", "current"), None);
    assert_eq!(field("Bad", "invalid"), Some(json!(true)));
    assert_eq!(field("Good", "invalid"), None);
    assert_eq!(field("Menu button", "haspopup"), Some(json!("menu")));
    assert_eq!(field("List button", "haspopup"), Some(json!("listbox")));
    assert_eq!(field("Open one", "expanded"), Some(json!(true)));
    assert_eq!(field("Shut one", "expanded"), Some(json!(false)));
    for secret in ["Secret", "Code", "Masked", "Your PIN"] {
        assert_eq!(field(secret, "password"), Some(json!(true)), "{secret}");
    }
    assert_eq!(field("Good", "password"), None);
    assert_eq!(field("Focus me", "focused"), Some(json!(true)));
    assert_eq!(obs["focused"], one_named(els, "Focus me")["ref"], "{obs}");
    assert_eq!(
        all_elements(els)
            .iter()
            .filter(|e| e.get("focused").is_some())
            .count(),
        1
    );

    let obs = open(&mut g, &web, "/context");
    let all = all_elements(&obs["elements"]);
    let ctx = |name: &str| -> Vec<Value> {
        all.iter()
            .filter(|e| e["role"] == "button" && e["name"] == name)
            .map(|e| e["context"].clone())
            .collect()
    };
    assert_eq!(
        ctx("Edit"),
        [json!("Alpha card"), json!("Beta card")],
        "{obs}"
    );
    assert_eq!(
        ctx("Add"),
        [json!("Suggested facets:"), json!("Other things:")],
        "{obs}"
    );
    assert_eq!(
        ctx("Remove"),
        [json!("Section one"), json!("Section two")],
        "{obs}"
    );
    assert_eq!(ctx("Toggle"), [json!("Left"), json!("Right")], "{obs}");
    assert_eq!(ctx(""), [json!("Dismiss")], "{obs}");
    assert_eq!(ctx("Unique"), [Value::Null], "{obs}");
    // A label that labels nothing is words like any other.
    assert_eq!(ctx("+"), [json!("Apples"), json!("Pears")], "{obs}");
    // A heading that only repeats its link's words does not tell the link apart; its region does.
    let links: Vec<Value> = all
        .iter()
        .filter(|e| e["role"] == "link" && e["name"] == "setup")
        .map(|e| e["context"].clone())
        .collect();
    assert_eq!(links, [json!("Guide"), json!("Reference")], "{obs}");

    // A code editor's text is its value, and only when asked for.
    let obs = open(&mut g, &web, "/cm5.html");
    let editor = one_named(&obs["elements"], "Query");
    assert!(editor.get("value").is_none(), "{editor}");
    assert_eq!(editor["valuePresent"], true, "{editor}");
    let with = observe(&mut g, json!({"includeFormValues": true}));
    assert_eq!(
        one_named(&with["elements"], "Query")["value"],
        eval(&mut g, "cm.getValue()")
    );
}

/// An editing host is one textbox (what a person types into), not every paragraph inside it;
/// `type` lands in it (the page's own text). A visually hidden checkbox whose only label is
/// visually hidden too has nothing a person can click: it is not listed and `check` fails
/// notVisible, leaving it unchecked; with a label a person sees, the label is what is clicked.
#[test]
fn an_editing_host_is_one_textbox_and_a_hidden_label_operates_nothing() {
    let sr = "position:absolute;clip:rect(0 0 0 0);width:1px;height:1px;overflow:hidden";
    let web = Server::start(vec![
        (
            "/editor",
            Page::html(
                r#"<title>Editor</title><div contenteditable="true" aria-label="Notes" style="min-height:40px"><p>Hello <b>there</b></p><p>Second line</p></div>"#,
            ),
        ),
        (
            "/labels",
            Page::html(&format!(
                r#"<title>Labels</title><input type="checkbox" id="a" style="{sr}"><label for="a" style="{sr}">Orphan</label>
<input type="checkbox" id="b" style="{sr}"><label for="b">Shown label</label>"#
            )),
        ),
    ]);
    let mut g = glass(&[]);
    let obs = open(&mut g, &web, "/editor");
    assert_eq!(names_of(&obs["elements"], "textbox"), ["Notes"], "{obs}");
    ok(&g.call(
        json!(1),
        "type",
        json!({"target": "role=textbox;name=Notes", "text": "Hiya", "clear": false}),
    ));
    let text = eval(
        &mut g,
        "document.querySelector('[contenteditable]').innerText",
    );
    assert!(text.as_str().unwrap().contains("Hiya"), "{text}");

    let obs = open(&mut g, &web, "/labels");
    assert_eq!(
        names_of(&obs["elements"], "checkbox"),
        ["Shown label"],
        "{obs}"
    );
    let e = failed(&g.call(
        json!(2),
        "check",
        json!({"target": "role=checkbox;name=Orphan"}),
    ));
    assert_eq!(e["failureKind"], "notVisible", "{e}");
    assert_eq!(eval(&mut g, "document.getElementById('a').checked"), false);
    ok(&g.call(
        json!(3),
        "check",
        json!({"target": "role=checkbox;name=Shown label"}),
    ));
    assert_eq!(eval(&mut g, "document.getElementById('b').checked"), true);
}

/// A search field inside a label gives its value to the label's control's name, as a text
/// field does; a submit button tied to its form by `form=` (outside it) is a likely form
/// submit in preflight and its click submits (the server counts it); a removed element's ref
/// is stale even while the page still holds the element, and the click sends nothing.
#[test]
fn embedded_search_values_outside_form_submits_and_removed_elements() {
    let web = Server::start(vec![
        (
            "/",
            Page::html(
                r#"<title>Form</title><script>window.hits = 0;</script>
<label><input type="checkbox"> Find <input type="search" value="cats"> now</label>
<form id="f" action="/done"><input name="q" value="x"></form>
<button form="f">Send</button>
<button id="gone" onclick="hits++">Gone soon</button>"#,
            ),
        ),
        ("/done", Page::html("<title>Done</title><p>Sent</p>")),
    ]);
    let mut g = glass(&[]);
    let obs = open(&mut g, &web, "/");
    assert_eq!(
        names_of(&obs["elements"], "checkbox"),
        ["Find cats now"],
        "{obs}"
    );
    let gone = ref_of(&obs["elements"], "button", "Gone soon");
    // Removed, though the page keeps the element alive: the ref is stale.
    eval(
        &mut g,
        "window.keep = document.getElementById('gone'); window.keep.remove(); true",
    );
    let e = failed(&g.call(json!(1), "click", json!({"target": gone})));
    assert_eq!(e["failureKind"], "staleRef", "{e}");
    assert_eq!(eval(&mut g, "hits"), 0);
    // So does preflight (not merely notVisible).
    let pf = g.call(json!(5), "preflight", json!({"target": gone}));
    assert!(pf.to_string().contains("staleRef"), "{pf}");
    // verify agrees: the removed element is not present.
    let v = ok(&g.call(
        json!(4),
        "verify",
        json!({"predicates": [{"kind": "elementState", "target": gone, "state": "present"}], "timeoutMs": 0}),
    ));
    assert_eq!(v["satisfied"], false, "{v}");
    let p = ok(&g.call(
        json!(2),
        "preflight",
        json!({"target": "role=button;name=Send"}),
    ));
    assert_eq!(p["facts"]["hints"]["likelyFormSubmit"], true, "{p}");
    assert_eq!(p["facts"]["hints"]["likelyNavigation"], true, "{p}");
    assert_eq!(web.count("/done"), 0, "preflight never acts");
    ok(&g.call(
        json!(3),
        "click",
        json!({"target": "role=button;name=Send"}),
    ));
    assert_eq!(web.count("/done"), 1);
}

/// In a structured observation a block whose only words are a link's is not repeated as text
/// (the link carries them); a paragraph of plain words is text.
#[test]
fn a_block_of_only_a_link_is_not_text_again() {
    let web = Server::start(vec![(
        "/",
        Page::html(
            r#"<title>Blocks</title><p><a href="/docs">Docs</a></p><p>Plain words here</p>"#,
        ),
    )]);
    let mut g = glass(&[]);
    open(&mut g, &web, "/");
    let obs = ok(&g.call(json!(1), "observe", json!({"level": "structured"})));
    let texts: Vec<Value> = all_elements(&obs["elements"])
        .into_iter()
        .filter(|e| e["role"] == "text")
        .collect();
    let words = all_elements(&obs["elements"])
        .iter()
        .filter(|e| e["role"] == "text")
        .map(|e| e.to_string())
        .collect::<Vec<_>>()
        .join(" ");
    assert_eq!(texts.len(), 1, "{obs}");
    assert!(
        words.contains("Plain words here") && !words.contains("Docs"),
        "{obs}"
    );
    assert_eq!(names_of(&obs["elements"], "link"), ["Docs"], "{obs}");
}

/// #30 part 4: the default observation of a long table shows what a person reads of it (its
/// columns and first ten rows' cells) and the controls of those rows, counts the rest and says
/// it cut them (`budgetsHit: rows`); observing the table's region lists every row's controls,
/// and one from a row the page view left out acts on that row (the page's own record).
#[test]
fn a_long_table_shows_its_first_rows_and_its_region_lists_the_rest() {
    let mut body = String::from(
        "<h1>Orders</h1><table><thead><tr><th>Order</th><th>Customer</th><th></th></tr></thead><tbody>",
    );
    for i in 1..=30 {
        body.push_str(&format!(
            "<tr><td>{i}</td><td>Customer {i}</td><td><button onclick=\"window.archived = {i}\">Archive</button></td></tr>"
        ));
    }
    body.push_str("</tbody></table>");
    let web = Server::start(vec![("/orders", Page::html(&body))]);
    let mut g = glass(&[]);
    let page = ok(&g.call(json!(1), "navigate", json!({"url": web.url("/orders")})));
    let o = &page["observation"];
    let table = all_elements(&o["elements"])
        .into_iter()
        .find(|e| e["role"] == "table")
        .unwrap_or_else(|| panic!("{o}"));
    assert_eq!(table["rowCount"], 30, "{table}");
    assert_eq!(table["rows"].as_array().unwrap().len(), 10, "{table}");
    assert_eq!(
        table["rows"][9],
        json!(["10", "Customer 10", "Archive"]),
        "{table}"
    );
    let archives = table["children"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["name"] == "Archive")
        .count();
    assert_eq!(archives, 10, "{table}");
    assert_eq!(o["budgetsHit"], json!(["rows"]), "{o}");
    assert_eq!(o["truncated"], true, "{o}");
    assert_eq!(
        o["counts"]["total"].as_u64().unwrap() - o["counts"]["emitted"].as_u64().unwrap(),
        20,
        "{o}"
    );
    // The table's region: every row's control, each told apart by its row.
    let region = ok(&g.call(json!(2), "observe", json!({"region": table["ref"]})));
    let all = all_elements(&region["elements"]);
    let buttons: Vec<&Value> = all.iter().filter(|e| e["name"] == "Archive").collect();
    assert_eq!(buttons.len(), 30, "{region}");
    let row25 = buttons
        .iter()
        .find(|e| e["context"] == "25")
        .unwrap_or_else(|| panic!("{region}"));
    ok(&g.call(json!(3), "click", json!({"target": row25["ref"]})));
    assert_eq!(eval(&mut g, "window.archived"), 25);
}

/// #30 part 4: when its budgets cut a long list, the default observation says what it left out
/// in a form a model can act on: how many, the first and last of them by role and name, and a
/// ref of the list holding them to observe as a region. Checked against the page's own list.
#[test]
fn a_cut_observation_names_the_first_and_last_it_left_out_and_where_they_are() {
    let items: String = (1..=600)
        .map(|i| {
            format!("<li>Item {i} <button onclick=\"window.bought = {i}\">Buy {i}</button></li>")
        })
        .collect();
    let web = Server::start(vec![(
        "/shop",
        Page::html(&format!("<h1>Shop</h1><ul>{items}</ul>")),
    )]);
    let mut g = glass(&[]);
    let page = ok(&g.call(json!(1), "navigate", json!({"url": web.url("/shop")})));
    let o = &page["observation"];
    assert_eq!(o["truncated"], true, "{o}");
    let listed: Vec<Value> = all_elements(&o["elements"])
        .into_iter()
        .filter(|e| e["role"] == "button")
        .collect();
    let left = &o["omitted"];
    assert_eq!(
        left["count"].as_u64().unwrap(),
        600 - listed.len() as u64,
        "{left}"
    );
    let next = listed.len() + 1;
    assert_eq!(
        left["first"],
        json!({"role": "button", "name": format!("Buy {next}")}),
        "{left}"
    );
    assert_eq!(
        left["last"],
        json!({"role": "button", "name": "Buy 600"}),
        "{left}"
    );
    // Names from the page: labelled as page text where observe answers them.
    let again = ok(&g.call(json!(3), "observe", json!({"full": true})));
    assert_eq!(again["omitted"], *left, "{}", again["omitted"]);
    assert!(
        again["untrustedFields"].to_string().contains("omitted"),
        "{}",
        again["untrustedFields"]
    );
    // The list it names is a region to observe: it holds every item, the last one included.
    let region = ok(&g.call(
        json!(2),
        "observe",
        json!({"region": left["in"], "level": "interactive"}),
    ));
    let count = eval(&mut g, "document.querySelectorAll('ul > li').length");
    assert_eq!(region["counts"]["total"], count, "{region}");
}

/// The benchmark's long list, as a person reads it: 2,000 items with a Buy button every tenth
/// and a status line the buttons change. The default observation carries the intro paragraph,
/// the status line and each button with its item's words, within the usual budget, and says
/// which text it left out and where to read it; the click's own answer tells the status line's
/// new words, and the page's record says which item was bought.
#[test]
fn a_compact_observation_reads_the_words_around_its_controls() {
    let items: String = (1..=2000)
        .map(|i| {
            if i % 10 == 0 {
                format!("<li>Item {i} <button onclick=\"window.bought = {i}; document.getElementById('s').textContent = 'Bought item {i}'\">Buy</button></li>")
            } else {
                format!("<li>Item {i}</li>")
            }
        })
        .collect();
    let web = Server::start(vec![(
        "/shop",
        Page::html(&format!(
            "<title>Shop</title><h1>Shop</h1><p>Prices include tax; press Buy beside an item.</p><p id=s role=status>Nothing bought yet</p><ul>{items}</ul>"
        )),
    )]);
    let mut g = glass(&[]);
    let page = ok(&g.call(json!(1), "navigate", json!({"url": web.url("/shop")})));
    let o = &page["observation"];
    assert!(
        o.to_string().len() <= 24 * 1024,
        "{} bytes",
        o.to_string().len()
    );
    let all = all_elements(&o["elements"]);
    let text = |t: &str| all.iter().any(|e| e["role"] == "text" && e["text"] == t);
    assert!(text("Prices include tax; press Buy beside an item."), "{o}");
    let status = all
        .iter()
        .find(|e| e["role"] == "status")
        .unwrap_or_else(|| panic!("the status line is read: {o}"));
    assert_eq!(status["text"], "Nothing bought yet", "{status}");
    // Every Buy listed says which item it buys, and all 200 fit beside the text.
    let buys: Vec<&Value> = all.iter().filter(|e| e["role"] == "button").collect();
    assert_eq!(buys.len(), 200, "{o}");
    for (k, b) in buys.iter().enumerate() {
        assert_eq!(b["context"], format!("Item {}", (k + 1) * 10), "{b}");
    }
    // The items' words beyond the text share are counted and located, not lost.
    assert!(text("Item 1"), "{o}");
    let left = &o["omittedText"];
    let shown = all.iter().filter(|e| e["role"] == "text").count() as u64;
    // 1,800 items without a button, and the intro.
    assert_eq!(left["count"].as_u64().unwrap() + shown, 1801, "{left}");
    assert!(o["budgetsHit"].to_string().contains("text"), "{o}");
    let first = left["first"].as_str().unwrap().to_owned();
    let more = observe(&mut g, json!({"region": left["in"], "level": "structured"}));
    assert!(
        all_elements(&more["elements"])
            .iter()
            .any(|e| e["role"] == "text" && e["text"] == first.as_str()),
        "{first:?} in {more}"
    );
    // The Buy of item 30, found by its words, buys item 30; the answer says what it changed.
    let buy = buys.iter().find(|b| b["context"] == "Item 30").unwrap();
    let r = ok(&g.call(json!(2), "click", json!({"target": buy["ref"]})));
    assert_eq!(eval(&mut g, "window.bought"), 30);
    let told = r["changes"]["changed"]
        .as_array()
        .unwrap_or_else(|| panic!("{r}"))
        .iter()
        .find(|c| c["ref"] == status["ref"])
        .unwrap_or_else(|| panic!("the status line's new words: {r}"))
        .clone();
    assert_eq!(told["text"], "Bought item 30", "{r}");
}

/// A form whose labels are tied to nothing, each before the block its control sits in, all in
/// one block that holds the form's one inline button (Dash 4.4's): an unnamed control is known
/// by the label just before it, never by the block's loose words run together ("TagsPriority"
/// on every control before), and the label nearest a control is what a person reads for it.
#[test]
fn loose_labels_give_each_unnamed_control_its_own() {
    let web = fixtures(vec![]);
    let mut g = glass(&[]);
    let obs = open(&mut g, &web, "/loose-labels.html");
    let by_ref = |id: &str| -> Value {
        let all = common::all_elements(&obs["elements"]);
        let want = match id {
            "tags" => ("button", ""),
            "level" => ("spinbutton", ""),
            "level-thumb" => ("slider", ""),
            _ => ("textbox", ""),
        };
        let found: Vec<Value> = all
            .into_iter()
            .filter(|e| e["role"] == want.0 && e["name"] == want.1)
            .collect();
        assert_eq!(found.len(), 1, "{id}: {obs}");
        found[0].clone()
    };
    assert_eq!(by_ref("tags")["context"], "Tags", "{obs}");
    assert_eq!(by_ref("level")["context"], "Priority", "{obs}");
    // The slider beside it too: its scale's last mark comes just before its thumb in the
    // document, but lies under the track, read after it.
    assert_eq!(by_ref("level-thumb")["context"], "Priority", "{obs}");
    assert_eq!(by_ref("notes")["context"], "Notes", "{obs}");
    // The button's own name is what it is known by, with no context of loose words.
    let save = common::all_elements(&obs["elements"])
        .into_iter()
        .find(|e| e["role"] == "button" && e["name"] == "Save")
        .unwrap_or_else(|| panic!("no Save in {obs}"));
    assert!(save.get("context").is_none(), "{save}");
    // The loose labels read as the words they are, a block apart from each other.
    let words = common::all_elements(&obs["elements"])
        .into_iter()
        .find(|e| e["role"] == "text" && e["text"].as_str().unwrap_or("").contains("Tags"))
        .unwrap_or_else(|| panic!("no text of the labels in {obs}"));
    assert!(
        words["text"]
            .as_str()
            .unwrap()
            .contains("Tags Priority Notes"),
        "{words}"
    );
    ok(&g.call(json!(1), "click", json!({"target": save["ref"]})));
    assert_eq!(eval(&mut g, "window.saved"), 1);
}

/// Words a person reads tell repeated and unnamed controls apart (reduced from TiddlyWiki,
/// Swagger UI and MLflow): a setting's title and explanation are links before its select, and
/// read as its context (before, both selects took the panel's first sentence, cut mid-word); a
/// select alone in its label is named as Chrome names it (nothing, not its options run
/// together), known by the words beside the label; items named by one tooltip are told apart
/// by the words each shows (before, each took the previous item's), unless their rows tell
/// them apart; a long sentence before a button is cut at a word's start; a heading inside a
/// part that ended before a control is not its context; a name's zero-width spaces are no part
/// of it. Each is acted on by what the observation says, checked on the page.
#[test]
fn words_a_person_reads_tell_repeated_controls_apart() {
    let web = fixtures(vec![]);
    let mut g = glass(&[]);
    let obs = open(&mut g, &web, "/read-words.html");
    let all = common::all_elements(&obs["elements"]);
    let with = |role: &str, context: &str| -> Value {
        let found: Vec<&Value> = all
            .iter()
            .filter(|e| e["role"] == role && e["context"] == context)
            .collect();
        assert_eq!(found.len(), 1, "{role} {context}: {obs}");
        found[0].clone()
    };
    let side = with(
        "combobox",
        "Specify which sidebar tab is displayed by default",
    );
    with(
        "combobox",
        "Specify which More sidebar tab is displayed by default",
    );
    let servers = with("combobox", "Servers");
    assert_eq!(servers["name"], "", "{servers}");
    ok(&g.call(
        json!(1),
        "select",
        json!({"target": side["ref"], "label": "Recent"}),
    ));
    assert_eq!(
        eval(&mut g, "document.getElementById('side-tab').value"),
        "Recent"
    );
    assert_eq!(
        eval(&mut g, "document.getElementById('more-tab').value"),
        "All"
    );
    let banana = with("generic", "probebanana");
    assert_eq!(banana["name"], "add tag", "{banana}");
    with("generic", "probeapple");
    ok(&g.call(json!(2), "click", json!({"target": banana["ref"]})));
    assert_eq!(eval(&mut g, "window.picked"), "banana");
    // Buttons whose words are all the same ("Add tags") are told apart by their rows.
    let vision = with("button", "vision-exp");
    assert_eq!(vision["name"], "Edit tags", "{vision}");
    with("button", "nlp-exp");
    ok(&g.call(json!(4), "click", json!({"target": vision["ref"]})));
    assert_eq!(eval(&mut g, "window.tagged"), "vision");
    let applies: Vec<&Value> = all.iter().filter(|e| e["name"] == "Apply").collect();
    assert_eq!(applies.len(), 2, "{obs}");
    for apply in &applies {
        let context = apply["context"].as_str().unwrap_or_default();
        let words = context
            .strip_prefix('…')
            .unwrap_or_else(|| panic!("{apply}"));
        let sentence = eval(
            &mut g,
            &format!(
                "[...document.querySelectorAll('p')].map((p) => p.textContent).find((t) => t.endsWith({words:?})) || ''"
            ),
        );
        let sentence = sentence.as_str().unwrap_or_default();
        let before = &sentence[..sentence.len() - words.len()];
        assert!(
            before.ends_with(' '),
            "cut mid-word: {context:?} of {sentence:?}"
        );
    }
    assert_ne!(applies[0]["context"], applies[1]["context"], "{obs}");
    ok(&g.call(
        json!(3),
        "click",
        json!({"target": "role=button;name=get /api/pets"}),
    ));
    assert_eq!(eval(&mut g, "window.opened"), 1);
    // A heading inside the part before, which ended there, heads none of the next part.
    let locks: Vec<&Value> = all.iter().filter(|e| e["name"] == "lock").collect();
    assert_eq!(locks.len(), 2, "{obs}");
    assert!(locks.iter().all(|l| l["context"] == "pets"), "{obs}");
}
