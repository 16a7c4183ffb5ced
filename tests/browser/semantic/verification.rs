//! `verify` through the real binary against real Chromium: typed predicates answered with
//! evidence, checked against what the page itself holds, and never acting on the page (its
//! own mutation counter does not move while Glass verifies).

use crate::common;

use common::web::{Page, Server};
use common::{Glass, eval, failed, incognito, nav, ok};
use serde_json::{Value, json};

const PAGE: &str = r#"<title>Verify</title>
<script>window.mutations = 0;
new MutationObserver(() => window.mutations++).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});</script>
<form aria-label="Signup" novalidate onsubmit="event.preventDefault(); check()">
<label>Email <input id="email" type="email"></label>
<p id="err" role="alert" hidden></p>
<label><input type="checkbox" id="terms"> Terms</label>
<button type="button" aria-expanded="false" onclick="this.setAttribute('aria-expanded', 'true')">More</button>
<button type="submit">Send</button>
</form>
<ul><li>One</li><li>Two</li><li>Three</li></ul>
<section aria-label="Result"><p id="msg">Nothing yet</p></section>
<button onclick="setTimeout(() => document.getElementById('msg').textContent = 'Saved', 300)">Save later</button>
<a href="/second">Go</a>
<button onclick="alert('careful')">Alert</button>
<button disabled>Locked</button>
<script>function check() {
  const e = document.getElementById('email'), p = document.getElementById('err');
  if (!e.value.includes('@')) { e.setAttribute('aria-invalid', 'true'); p.hidden = false; p.textContent = 'Enter a valid email'; }
  else { e.removeAttribute('aria-invalid'); p.hidden = true; p.textContent = ''; }
}</script>"#;

fn server() -> Server {
    Server::start(vec![
        ("/", Page::html(PAGE)),
        ("/second", Page::html("<title>Second</title><p>Arrived</p>")),
    ])
}

fn verify(g: &mut Glass, args: Value) -> Value {
    ok(&g.call(json!("v"), "verify", args))
}

fn check(v: &Value, i: usize) -> &Value {
    &v["checks"][i]
}

/// Several predicates on a page at rest hold, each with its evidence; verifying changes
/// nothing on the page.
#[test]
fn predicates_hold_with_evidence_and_verifying_never_acts() {
    let web = server();
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    let before = eval(&mut g, "window.mutations");
    let v = verify(
        &mut g,
        json!({"predicates": [
            {"kind": "textPresent", "text": "nothing YET"},
            {"kind": "elementState", "target": "role=checkbox;name=Terms", "state": "unchecked"},
            {"kind": "count", "target": "role=listitem", "equals": 3},
            {"kind": "elementState", "target": "role=button;name=More", "state": "collapsed"},
            {"kind": "elementState", "target": "role=textbox;name=Email", "state": "empty"},
            {"kind": "dialogClosed"},
            {"kind": "elementState", "target": "role=button;name=More", "state": "enabled"},
            {"kind": "elementState", "target": "role=button;name=Locked", "state": "disabled"},
        ], "timeoutMs": 0}),
    );
    assert_eq!(v["satisfied"], true, "{v}");
    // And the reverse of each does not hold.
    let v2 = verify(
        &mut g,
        json!({"combine": "any", "predicates": [
            {"kind": "elementState", "target": "role=button;name=More", "state": "disabled"},
            {"kind": "elementState", "target": "role=button;name=Locked", "state": "enabled"},
        ], "timeoutMs": 0}),
    );
    assert_eq!(v2["satisfied"], false, "{v2}");
    assert_eq!(check(&v, 1)["observed"]["checked"], false, "{v}");
    assert_eq!(check(&v, 2)["observed"]["count"], 3, "{v}");
    assert_eq!(check(&v, 4)["observed"]["valueLength"], 0, "{v}");
    // A predicate that does not hold is an answer with what was seen, not an error.
    let v = verify(
        &mut g,
        json!({"predicates": [{"kind": "count", "target": "role=listitem", "atLeast": 4}], "timeoutMs": 0}),
    );
    assert_eq!(v["satisfied"], false, "{v}");
    assert_eq!(check(&v, 0)["observed"]["count"], 3, "{v}");
    assert_eq!(
        eval(&mut g, "window.mutations"),
        before,
        "verify touched the page"
    );
    // The page changes, and the same question gets the new answer.
    ok(&g.call(
        json!(1),
        "click",
        json!({"target": "role=button;name=More"}),
    ));
    ok(&g.call(
        json!(2),
        "check",
        json!({"target": "role=checkbox;name=Terms"}),
    ));
    let v = verify(
        &mut g,
        json!({"predicates": [
            {"kind": "elementState", "target": "role=button;name=More", "state": "expanded"},
            {"kind": "elementState", "target": "role=checkbox;name=Terms", "state": "checked"},
        ], "timeoutMs": 0}),
    );
    assert_eq!(v["satisfied"], true, "{v}");
    assert_eq!(
        eval(
            &mut g,
            "document.querySelector('[aria-expanded]').getAttribute('aria-expanded')"
        ),
        "true"
    );
}

/// `verify` keeps checking until the predicate holds (text that appears later, in a region);
/// with `timeoutMs: 0` it answers at once.
#[test]
fn verify_waits_for_a_predicate_to_hold_within_its_region() {
    let web = server();
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    let o = ok(&g.call(json!(1), "observe", json!({"level": "structured"})));
    let region = common::all_elements(&o["elements"])
        .into_iter()
        .find(|e| e["name"] == "Result")
        .expect("the Result region is observed")["ref"]
        .clone();
    // Checked before the click: the text comes 300 ms after it, so a check after the click
    // could meet it already on a slow machine.
    let now = verify(
        &mut g,
        json!({"predicates": [{"kind": "textAbsent", "text": "Saved", "region": region}], "timeoutMs": 0}),
    );
    assert_eq!(now["satisfied"], true, "{now}");
    ok(&g.call(
        json!(2),
        "click",
        json!({"target": "role=button;name=Save later"}),
    ));
    let later = verify(
        &mut g,
        json!({"predicates": [{"kind": "textPresent", "text": "Saved", "region": region}], "timeoutMs": 5000}),
    );
    assert_eq!(later["satisfied"], true, "{later}");
    assert_eq!(
        eval(&mut g, "document.getElementById('msg').textContent"),
        "Saved"
    );
    // Text outside the region does not count for it.
    let v = verify(
        &mut g,
        json!({"predicates": [{"kind": "textPresent", "text": "Terms", "region": region}], "timeoutMs": 0}),
    );
    assert_eq!(v["satisfied"], false, "{v}");
}

/// `validationClear` sees the invalid field and the error message a person sees, and holds
/// once the form is fixed.
#[test]
fn validation_clear_reports_invalid_fields_and_messages() {
    let web = server();
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    ok(&g.call(
        json!(1),
        "type",
        json!({"target": "role=textbox;name=Email", "text": "not-an-email"}),
    ));
    ok(&g.call(
        json!(2),
        "click",
        json!({"target": "role=button;name=Send"}),
    ));
    let v = verify(
        &mut g,
        json!({"predicates": [{"kind": "validationClear", "target": "role=form;name=Signup"}], "timeoutMs": 0}),
    );
    assert_eq!(v["satisfied"], false, "{v}");
    let seen = &check(&v, 0)["observed"];
    assert_eq!(seen["invalid"][0]["name"], "Email", "{v}");
    assert_eq!(seen["messages"][0], "Enter a valid email", "{v}");
    assert!(
        v["untrustedFields"]
            .as_array()
            .unwrap()
            .contains(&json!("checks")),
        "{v}"
    );
    ok(&g.call(
        json!(3),
        "type",
        json!({"target": "role=textbox;name=Email", "text": "ada@example.test", "clear": true}),
    ));
    ok(&g.call(
        json!(4),
        "click",
        json!({"target": "role=button;name=Send"}),
    ));
    let v = verify(
        &mut g,
        json!({"predicates": [{"kind": "validationClear", "target": "role=form;name=Signup"}], "timeoutMs": 2000}),
    );
    assert_eq!(v["satisfied"], true, "{v}");
    assert_eq!(
        eval(
            &mut g,
            "document.getElementById('email').hasAttribute('aria-invalid')"
        ),
        false
    );
}

/// Navigation since a revision, the URL, and dialogs are answered by the browser.
#[test]
fn navigation_url_and_dialog_predicates() {
    let web = server();
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    ok(&g.call(
        json!(1),
        "click",
        json!({"target": "role=button;name=Alert"}),
    ));
    let v = verify(
        &mut g,
        json!({"predicates": [{"kind": "dialogOpen"}], "timeoutMs": 0}),
    );
    assert_eq!(v["satisfied"], true, "{v}");
    assert_eq!(check(&v, 0)["observed"]["dialog"]["type"], "alert", "{v}");
    // While the dialog blocks the page, page predicates cannot hold; `any` still can.
    let v = verify(
        &mut g,
        json!({"combine": "any", "predicates": [{"kind": "textPresent", "text": "Nothing yet"}, {"kind": "dialogOpen"}], "timeoutMs": 0}),
    );
    assert_eq!(v["satisfied"], true, "{v}");
    assert_eq!(check(&v, 0)["holds"], false, "{v}");
    ok(&g.call(json!(2), "acceptDialog", json!({})));
    let v = verify(
        &mut g,
        json!({"predicates": [{"kind": "dialogClosed"}], "timeoutMs": 0}),
    );
    assert_eq!(v["satisfied"], true, "{v}");
    let before = v["revision"].as_u64().unwrap();
    let v = verify(
        &mut g,
        json!({"predicates": [{"kind": "navigationOccurred", "sinceRevision": before}], "timeoutMs": 0}),
    );
    assert_eq!(v["satisfied"], false, "{v}");
    ok(&g.call(json!(3), "click", json!({"target": "role=link;name=Go"})));
    let v = verify(
        &mut g,
        json!({"predicates": [
            {"kind": "navigationOccurred", "sinceRevision": before},
            {"kind": "urlMatches", "url": "/second"},
            {"kind": "textPresent", "text": "Arrived"},
        ]}),
    );
    assert_eq!(v["satisfied"], true, "{v}");
    assert_eq!(eval(&mut g, "document.title"), "Second");
    // Since the navigation's own revision, no navigation has happened.
    let at = check(&v, 0)["observed"]["navigatedAtRevision"]
        .as_u64()
        .unwrap();
    let v = verify(
        &mut g,
        json!({"predicates": [{"kind": "navigationOccurred", "sinceRevision": at}], "timeoutMs": 0}),
    );
    assert_eq!(v["satisfied"], false, "{v}");
}

/// Bad predicates are refused before the browser is asked, with the argument's path.
#[test]
fn bad_predicates_are_argument_errors() {
    let mut g = incognito(&[]);
    for (args, path) in [
        (json!({}), "predicates"),
        (json!({"predicates": []}), "predicates"),
        (
            json!({"predicates": [{"kind": "count", "target": "role=listitem"}]}),
            "predicates[0].equals",
        ),
        (
            json!({"predicates": [{"kind": "dialogOpen"}, {"kind": "elementState", "target": "role=", "state": "checked"}]}),
            "predicates[1].target",
        ),
        (
            json!({"predicates": [{"kind": "elementState", "target": "text=Go"}]}),
            "predicates[0].state",
        ),
        (
            json!({"predicates": [{"kind": "javascript", "code": "1"}]}),
            "predicates[0]",
        ),
    ] {
        let e = failed(&g.call(json!(1), "verify", args.clone()));
        assert_eq!(e["kind"], "invalidArguments", "{args}: {e}");
        assert!(e["path"].as_str().unwrap().starts_with(path), "{args}: {e}");
    }
}

const ACTIONS: &str = r#"<title>Preflight</title>
<script>window.clicks = 0; window.mutations = 0;
new MutationObserver(() => window.mutations++).observe(document, {subtree: true, childList: true, attributes: true});</script>
<button onclick="clicks++">Pay</button>
<div style="position:fixed;top:0;left:0;width:200px;height:60px;background:#eee">Cookie notice</div>
<p style="margin-top:80px"><a href="/second" target="_blank">Docs</a></p>
<form action="/second"><input aria-label="Query"><input aria-label="Code" readonly><button>Send</button></form>
<button disabled>Locked</button>
<button onclick="clicks++">Delete</button><button onclick="clicks++">Delete</button>
<button style="margin-top:3000px" onclick="clicks++">Far</button>"#;

/// `preflight` says what an action would meet (covered, disabled, not editable, ambiguous,
/// out of view) and what it would likely start, without acting: no click, no scroll, no
/// focus, no change on the page.
#[test]
fn preflight_reports_without_acting() {
    let web = Server::start(vec![
        ("/", Page::html(ACTIONS)),
        ("/second", Page::html("<title>Second</title>")),
    ]);
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    let before = eval(&mut g, "window.mutations");
    let pre = |g: &mut Glass, target: &str, action: &str| {
        ok(&g.call(
            json!("p"),
            "preflight",
            json!({"target": target, "action": action}),
        ))
    };
    let p = pre(&mut g, "role=button;name=Pay", "click");
    assert_eq!(p["actionable"], false, "{p}");
    assert_eq!(p["reason"], "blocked", "{p}");
    assert!(
        p["facts"]["coveredBy"]["name"]
            .as_str()
            .unwrap()
            .contains("Cookie notice"),
        "{p}"
    );
    let p = pre(&mut g, "role=link;name=Docs", "click");
    assert_eq!(p["actionable"], true, "{p}");
    assert_eq!(p["facts"]["hints"]["likelyNavigation"], true, "{p}");
    assert_eq!(p["facts"]["hints"]["likelyPopup"], true, "{p}");
    let p = pre(&mut g, "role=button;name=Send", "click");
    assert_eq!(p["facts"]["hints"]["likelyFormSubmit"], true, "{p}");
    assert_eq!(p["facts"]["hints"]["likelyPopup"], false, "{p}");
    let p = pre(&mut g, "role=button;name=Locked", "click");
    assert_eq!(p["reason"], "disabled", "{p}");
    assert_eq!(
        pre(&mut g, "role=textbox;name=Query", "type")["actionable"],
        true
    );
    let p = pre(&mut g, "role=textbox;name=Code", "type");
    assert_eq!(p["reason"], "notEditable", "{p}");
    let p = pre(&mut g, "role=button;name=Delete", "click");
    assert_eq!(p["unique"], false, "{p}");
    assert_eq!(p["count"], 2, "{p}");
    assert_eq!(p["candidates"].as_array().unwrap().len(), 2, "{p}");
    let p = pre(&mut g, "role=button;name=Far", "click");
    assert_eq!(p["facts"]["inViewport"], false, "{p}");
    assert_eq!(p["actionable"], true, "{p}");
    // Nothing happened on the page.
    assert_eq!(eval(&mut g, "window.clicks"), 0);
    assert_eq!(eval(&mut g, "window.scrollY"), 0);
    assert_eq!(
        eval(&mut g, "document.activeElement === document.body"),
        true
    );
    assert_eq!(eval(&mut g, "window.mutations"), before);
    assert_eq!(eval(&mut g, "document.title"), "Preflight");
}

const STATES: &str = r#"<title>States</title>
<script>window.mutations = 0;
new MutationObserver(() => window.mutations++).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});</script>
<button id="shown">Shown</button>
<button id="gone" style="display:none">Gone</button>
<label><input type="checkbox" id="on" checked> On</label>
<label><input type="checkbox" id="off"> Off</label>
<button id="open" aria-expanded="true">Open menu</button>
<button id="shut" aria-expanded="false">Shut menu</button>
<details id="dopen" open><summary>Open details</summary><p>Inside</p></details>
<details id="dshut"><summary>Shut details</summary><p>Inside</p></details>
<label>Blank <input id="blank"></label>
<label>Full <input id="full" value="x"></label>
<label>First <input id="first"></label>
<label>Second <input id="second"></label>
<script>document.getElementById('first').focus();</script>"#;

/// Check each (predicate, expected holds) eight at a time; every check's own answer must be
/// the expected one (swapping two states, or one that always holds, fails).
fn assert_holds(g: &mut Glass, cases: &[(Value, bool)]) {
    for chunk in cases.chunks(8) {
        let predicates: Vec<Value> = chunk.iter().map(|(p, _)| p.clone()).collect();
        let v = verify(g, json!({"predicates": predicates, "timeoutMs": 0}));
        assert_eq!(v["checks"].as_array().unwrap().len(), chunk.len(), "{v}");
        for (i, (p, want)) in chunk.iter().enumerate() {
            assert_eq!(check(&v, i)["kind"], p["kind"], "{p}: {v}");
            assert_eq!(check(&v, i)["holds"], *want, "{p}: {v}");
        }
    }
}

/// Doc items: elementState present, absent, visible, hidden, checked, unchecked, expanded,
/// collapsed (aria-expanded and <details>), empty, filled, focused — each on an element where
/// it holds and one where it does not; checks[].kind; the evidence; verifying never acts (no
/// mutation, focus stays).
#[test]
fn every_element_state_holds_on_its_own_side_only() {
    let web = Server::start(vec![("/", Page::html(STATES))]);
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    // What the page itself holds.
    assert_eq!(
        eval(
            &mut g,
            "(() => { const $ = (i) => document.getElementById(i); return [document.activeElement.id, \
             $('on').checked, $('off').checked, $('dopen').open, $('dshut').open, $('full').value, \
             $('blank').value, getComputedStyle($('gone')).display]; })()"
        ),
        json!(["first", true, false, true, false, "x", "", "none"])
    );
    let before = eval(&mut g, "window.mutations");
    let st = |target: &str, state: &str, holds: bool| {
        (
            json!({"kind": "elementState", "target": target, "state": state}),
            holds,
        )
    };
    assert_holds(
        &mut g,
        &[
            st("css=#shown", "present", true),
            st("css=#nothing", "present", false),
            st("css=#nothing", "absent", true),
            st("css=#shown", "absent", false),
            st("css=#shown", "visible", true),
            st("css=#gone", "visible", false),
            st("css=#gone", "hidden", true),
            st("css=#shown", "hidden", false),
            st("role=checkbox;name=On", "checked", true),
            st("role=checkbox;name=Off", "checked", false),
            st("role=checkbox;name=Off", "unchecked", true),
            st("role=checkbox;name=On", "unchecked", false),
            st("css=#open", "expanded", true),
            st("css=#shut", "expanded", false),
            st("css=#dopen", "expanded", true),
            st("css=#dshut", "expanded", false),
            st("css=#shut", "collapsed", true),
            st("css=#open", "collapsed", false),
            st("css=#dshut", "collapsed", true),
            st("css=#dopen", "collapsed", false),
            st("css=#blank", "empty", true),
            st("css=#full", "empty", false),
            st("css=#full", "filled", true),
            st("css=#blank", "filled", false),
            st("css=#first", "focused", true),
            st("css=#second", "focused", false),
        ],
    );
    // The evidence says what was seen.
    let v = verify(
        &mut g,
        json!({"predicates": [
            {"kind": "elementState", "target": "role=checkbox;name=On", "state": "checked"},
            {"kind": "elementState", "target": "css=#dshut", "state": "expanded"},
            {"kind": "elementState", "target": "css=#full", "state": "filled"},
            {"kind": "elementState", "target": "css=#first", "state": "focused"},
            {"kind": "elementState", "target": "css=#gone", "state": "visible"},
            {"kind": "elementState", "target": "css=#nothing", "state": "present"},
        ], "timeoutMs": 0}),
    );
    assert_eq!(check(&v, 0)["observed"]["checked"], true, "{v}");
    assert_eq!(check(&v, 1)["observed"]["expanded"], false, "{v}");
    assert_eq!(check(&v, 2)["observed"]["valueLength"], 1, "{v}");
    assert_eq!(check(&v, 3)["observed"]["focused"], true, "{v}");
    assert_eq!(check(&v, 4)["observed"]["visible"], 0, "{v}");
    assert_eq!(check(&v, 5)["observed"]["matches"], 0, "{v}");
    // Verifying changed nothing: no mutation, and the focus is where the page put it.
    assert_eq!(
        eval(&mut g, "window.mutations"),
        before,
        "verify touched the page"
    );
    assert_eq!(eval(&mut g, "document.activeElement.id"), "first");
}

const MORE: &str = r#"<title>More predicates</title>
<ul><li>One</li><li>Two</li><li>Three</li><li style="display:none">Four</li></ul>
<p id="msg">Nothing yet</p>
<button onclick="alert('careful')">Alert</button>
<form aria-label="Shown errors" novalidate><label>Name <input aria-invalid="true"></label><p role="alert">Name is required</p></form>
<form aria-label="Hidden errors" novalidate><input aria-label="Code" aria-invalid="true" style="display:none"><p role="alert" hidden>Code is wrong</p><label>Note <input></label></form>
<form aria-label="Email form"><label>Email <input id="mail" type="email"></label></form>"#;

/// Doc items: count equals / atLeast / atMost on both sides, over visible matches only;
/// textAbsent false; urlMatches substring and `*` (anchored) on both sides; dialogOpen false
/// and dialogClosed false while a dialog is open; validationClear without a target (the page)
/// on both sides, only visible fields and alerts counting, and `:user-invalid` fields.
#[test]
fn count_text_url_dialog_and_validation_predicates_hold_on_their_own_side_only() {
    let web = Server::start(vec![
        ("/more", Page::html(MORE)),
        (
            "/clear",
            Page::html(
                r#"<title>Clear</title><form aria-label="Fine"><label>Name <input value="Ada"></label></form>"#,
            ),
        ),
    ]);
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/more");
    assert_eq!(eval(&mut g, "document.querySelectorAll('li').length"), 4);
    let items = "role=listitem";
    assert_holds(
        &mut g,
        &[
            (json!({"kind": "count", "target": items, "equals": 3}), true),
            (
                json!({"kind": "count", "target": items, "equals": 4}),
                false,
            ),
            (
                json!({"kind": "count", "target": items, "atLeast": 3}),
                true,
            ),
            (
                json!({"kind": "count", "target": items, "atLeast": 4}),
                false,
            ),
            (json!({"kind": "count", "target": items, "atMost": 3}), true),
            (
                json!({"kind": "count", "target": items, "atMost": 2}),
                false,
            ),
            (
                json!({"kind": "count", "target": items, "atLeast": 1, "atMost": 3}),
                true,
            ),
            (json!({"kind": "textAbsent", "text": "Nothing yet"}), false),
            (
                json!({"kind": "textAbsent", "text": "not on this page"}),
                true,
            ),
            (json!({"kind": "urlMatches", "url": "/more"}), true),
            (json!({"kind": "urlMatches", "url": "/elsewhere"}), false),
            (
                json!({"kind": "urlMatches", "url": "http://127.0.0.1:*/more"}),
                true,
            ),
            (
                json!({"kind": "urlMatches", "url": "http://127.0.0.1:*/mor"}),
                false,
            ),
            (json!({"kind": "dialogOpen"}), false),
            (json!({"kind": "dialogClosed"}), true),
            (json!({"kind": "validationClear"}), false),
            (
                json!({"kind": "validationClear", "target": "role=form;name=Shown errors"}),
                false,
            ),
            (
                json!({"kind": "validationClear", "target": "role=form;name=Hidden errors"}),
                true,
            ),
        ],
    );
    let v = verify(
        &mut g,
        json!({"predicates": [{"kind": "count", "target": items, "equals": 3}], "timeoutMs": 0}),
    );
    assert_eq!(check(&v, 0)["observed"]["count"], 3, "{v}");

    // A field the browser flags once the user has typed into it and left it (:user-invalid).
    ok(&g.call(
        json!(1),
        "type",
        json!({"target": "role=textbox;name=Email", "text": "x"}),
    ));
    ok(&g.call(json!(2), "key", json!({"key": "Tab"})));
    assert_eq!(
        eval(
            &mut g,
            "document.getElementById('mail').matches(':user-invalid')"
        ),
        true,
        "the page flags the field"
    );
    let v = verify(
        &mut g,
        json!({"predicates": [{"kind": "validationClear", "target": "role=form;name=Email form"}], "timeoutMs": 0}),
    );
    assert_eq!(v["satisfied"], false, "{v}");
    assert_eq!(
        check(&v, 0)["observed"]["invalid"][0]["name"],
        "Email",
        "{v}"
    );

    // While a dialog is open: dialogOpen holds, dialogClosed does not.
    ok(&g.call(
        json!(3),
        "click",
        json!({"target": "role=button;name=Alert"}),
    ));
    assert_holds(
        &mut g,
        &[
            (json!({"kind": "dialogOpen"}), true),
            (json!({"kind": "dialogClosed"}), false),
        ],
    );
    ok(&g.call(json!(4), "acceptDialog", json!({})));

    // A page with nothing invalid: validationClear without a target holds.
    nav(&mut g, &web, "/clear");
    let v = verify(
        &mut g,
        json!({"predicates": [{"kind": "validationClear"}], "timeoutMs": 0}),
    );
    assert_eq!(v["satisfied"], true, "{v}");
}

/// The notifications a call sends before its answer, and the answer.
fn call_with_progress(g: &mut Glass, id: &str, tool: &str, args: Value) -> (Vec<Value>, Value) {
    g.send(&json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
        "params": {"name": tool, "arguments": args, "_meta": {"progressToken": id}}}));
    let mut notes = Vec::new();
    loop {
        let m = g.recv();
        if m.get("id") == Some(&json!(id)) {
            return (notes, m);
        }
        notes.push(m);
    }
}

/// Doc items: predicates at most 8 (9 refused, 8 accepted); timeoutMs at most 120000; the
/// default timeoutMs is 5000 and 0 checks once (told apart by the progress a waiting verify
/// reports, whose total is timeoutMs: deterministic, no time measured); verify reports
/// progress while it waits, in Glass's own words.
#[test]
fn verify_limits_its_arguments_and_reports_progress_while_it_waits() {
    let web = server();
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    let never = json!({"kind": "textPresent", "text": "never on this page"});
    let nine: Vec<Value> = (0..9).map(|_| never.clone()).collect();
    let e = failed(&g.call(json!(1), "verify", json!({"predicates": nine})));
    assert_eq!(e["kind"], "invalidArguments", "{e}");
    assert!(e["path"].as_str().unwrap().starts_with("predicates"), "{e}");
    let e = failed(&g.call(
        json!(2),
        "verify",
        json!({"predicates": [never.clone()], "timeoutMs": 120_001}),
    ));
    assert_eq!(e["kind"], "invalidArguments", "{e}");
    assert!(e["path"].as_str().unwrap().starts_with("timeoutMs"), "{e}");
    let eight: Vec<Value> = (0..8).map(|_| never.clone()).collect();
    let v = verify(&mut g, json!({"predicates": eight, "timeoutMs": 0}));
    assert_eq!(v["checks"].as_array().unwrap().len(), 8, "{v}");

    // timeoutMs 0: one check, no waiting, so no progress.
    let (notes, answer) = call_with_progress(
        &mut g,
        "zero",
        "verify",
        json!({"predicates": [never.clone()], "timeoutMs": 0}),
    );
    assert!(notes.is_empty(), "{notes:?}");
    assert_eq!(common::tool_json(&answer)["satisfied"], false, "{answer}");

    // No timeoutMs: it waits 5000 ms, and its progress says so.
    let (notes, answer) = call_with_progress(
        &mut g,
        "default",
        "verify",
        json!({"predicates": [never.clone()]}),
    );
    assert_eq!(common::tool_json(&answer)["satisfied"], false, "{answer}");
    assert!(!notes.is_empty(), "a waiting verify reports progress");
    for n in &notes {
        assert_eq!(n["method"], "notifications/progress", "{n}");
        assert_eq!(n["params"]["progressToken"], "default", "{n}");
        assert_eq!(n["params"]["total"], 5000, "{n}");
        assert!(n["params"]["progress"].as_u64().unwrap() < 5000, "{n}");
        assert!(
            !n.to_string().contains("never on this page"),
            "page words in {n}"
        );
    }
    // A timeoutMs given is the total.
    let (notes, _) = call_with_progress(
        &mut g,
        "given",
        "verify",
        json!({"predicates": [never.clone()], "timeoutMs": 1500}),
    );
    assert!(!notes.is_empty());
    assert!(
        notes.iter().all(|n| n["params"]["total"] == 1500),
        "{notes:?}"
    );
}

const PRE: &str = r##"<title>Preflight two</title>
<script>window.clicks = 0; window.mutations = 0;
new MutationObserver(() => window.mutations++).observe(document, {subtree: true, childList: true, attributes: true});</script>
<button onclick="clicks++">Pay</button>
<button style="visibility:hidden">Ghost</button>
<button disabled>Locked</button>
<label><input type="checkbox"> Agree</label>
<label>Size <select><option>S</option><option>M</option></select></label>
<label>Query <input></label>
<a href="#top">Top</a>
<form action="/second"><button type="button">Preview</button></form>"##;

/// Doc items: preflight's default action (click), hover (a disabled control can be hovered),
/// check, select; reasons notVisible and notFound with their counts; unique/count on both
/// sides; element {ref, role, name} (the ref is the live element); facts visible, enabled,
/// editable and inViewport on both sides; hints likelyNavigation and likelyFormSubmit false;
/// revision (unchanged); read only.
#[test]
fn preflight_reports_every_reason_fact_and_hint_on_both_sides() {
    let web = Server::start(vec![
        ("/", Page::html(PRE)),
        ("/second", Page::html("<title>Second</title>")),
    ]);
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    let before = eval(&mut g, "window.mutations");
    // (read after the evaluation: `evaluate` counts as a change and moves the revision)
    let rev = ok(&g.call(json!(0), "observe", json!({"level": "summary"})))["revision"].clone();
    let pre = |g: &mut Glass, args: Value| ok(&g.call(json!("p"), "preflight", args));

    let p = pre(&mut g, json!({"target": "role=button;name=Pay"}));
    assert_eq!(p["action"], "click", "the default action: {p}");
    assert_eq!(
        (p["unique"].clone(), p["count"].clone()),
        (json!(true), json!(1)),
        "{p}"
    );
    assert_eq!(p["actionable"], true, "{p}");
    assert!(p.get("reason").is_none(), "{p}");
    assert_eq!(p["element"]["role"], "button", "{p}");
    assert_eq!(p["element"]["name"], "Pay", "{p}");
    assert_eq!(p["facts"]["visible"], true, "{p}");
    assert_eq!(p["facts"]["enabled"], true, "{p}");
    assert_eq!(p["facts"]["inViewport"], true, "{p}");
    assert!(p["facts"].get("coveredBy").is_none(), "{p}");
    assert!(
        p["facts"].get("editable").is_none(),
        "editable is for type: {p}"
    );
    assert_eq!(
        p["facts"]["hints"],
        json!({"likelyNavigation": false, "likelyPopup": false, "likelyFormSubmit": false}),
        "{p}"
    );
    assert_eq!(p["revision"], rev, "{p}");
    let pay = p["element"]["ref"].clone();

    let p = pre(&mut g, json!({"target": "role=button;name=Ghost"}));
    assert_eq!(
        (
            p["unique"].clone(),
            p["count"].clone(),
            p["actionable"].clone(),
            p["reason"].clone()
        ),
        (json!(false), json!(1), json!(false), json!("notVisible")),
        "{p}"
    );
    assert!(p.get("element").is_none(), "{p}");
    let p = pre(&mut g, json!({"target": "role=button;name=Nowhere"}));
    assert_eq!(
        (p["unique"].clone(), p["count"].clone(), p["reason"].clone()),
        (json!(false), json!(0), json!("notFound")),
        "{p}"
    );
    // Hovering a disabled control is fine; clicking it is not.
    let p = pre(
        &mut g,
        json!({"target": "role=button;name=Locked", "action": "hover"}),
    );
    assert_eq!(p["action"], "hover", "{p}");
    assert_eq!(p["actionable"], true, "{p}");
    assert_eq!(p["facts"]["enabled"], false, "{p}");
    let p = pre(
        &mut g,
        json!({"target": "role=checkbox;name=Agree", "action": "check"}),
    );
    assert_eq!(
        (p["action"].clone(), p["actionable"].clone()),
        (json!("check"), json!(true)),
        "{p}"
    );
    let p = pre(
        &mut g,
        json!({"target": "role=combobox;name=Size", "action": "select"}),
    );
    assert_eq!(
        (p["action"].clone(), p["actionable"].clone()),
        (json!("select"), json!(true)),
        "{p}"
    );
    // editable on both sides.
    let p = pre(
        &mut g,
        json!({"target": "role=textbox;name=Query", "action": "type"}),
    );
    assert_eq!(p["facts"]["editable"], true, "{p}");
    let p = pre(
        &mut g,
        json!({"target": "role=button;name=Pay", "action": "type"}),
    );
    assert_eq!(p["facts"]["editable"], false, "{p}");
    assert_eq!(p["reason"], "notEditable", "{p}");
    // A jump within the page navigates nowhere; a plain button in a form submits nothing.
    let p = pre(&mut g, json!({"target": "role=link;name=Top"}));
    assert_eq!(p["facts"]["hints"]["likelyNavigation"], false, "{p}");
    let p = pre(&mut g, json!({"target": "role=button;name=Preview"}));
    assert_eq!(p["facts"]["hints"]["likelyFormSubmit"], false, "{p}");
    assert_eq!(p["facts"]["hints"]["likelyNavigation"], false, "{p}");

    // Nothing happened on the page.
    assert_eq!(eval(&mut g, "window.mutations"), before);
    assert_eq!(eval(&mut g, "window.clicks"), 0);
    assert_eq!(
        eval(&mut g, "document.activeElement === document.body"),
        true
    );
    // The element's ref is the live element.
    ok(&g.call(json!(1), "click", json!({"target": pay})));
    assert_eq!(eval(&mut g, "window.clicks"), 1);
}
