//! `verify` through the real binary against real Chromium: typed predicates answered with
//! evidence, checked against what the page itself holds, and never acting on the page (its
//! own mutation counter does not move while Glass verifies).

mod common;

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
    ok(&g.call(
        json!(2),
        "click",
        json!({"target": "role=button;name=Save later"}),
    ));
    let now = verify(
        &mut g,
        json!({"predicates": [{"kind": "textAbsent", "text": "Saved", "region": region}], "timeoutMs": 0}),
    );
    assert_eq!(now["satisfied"], true, "{now}");
    let later = verify(
        &mut g,
        json!({"predicates": [{"kind": "textPresent", "text": "Saved", "region": region}], "timeoutMs": 5000}),
    );
    assert_eq!(later["satisfied"], true, "{later}");
    assert!(later["elapsedMs"].as_u64().unwrap() > 0, "{later}");
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
