//! Intents through the real binary against real Chromium: resolve finds the element an
//! intent means and says how sure it is; execute acts only on a unique, current candidate;
//! checked on the page's own record of what was clicked.

mod common;

use common::web::{Page, Server};
use common::{Glass, eval, incognito, nav, ok};
use serde_json::{Value, json};

const PAGE: &str = r#"<title>Invoices</title>
<script>window.deleted = []; window.pay = 0;
function del(n) { deleted.push(n); }
function rows() { return [1, 2, 3].map((n) => `<tr><td>Invoice ${n}</td><td>${n * 10}</td><td><button onclick="del(${n})">Delete</button></td></tr>`).join(''); }</script>
<table><thead><tr><th>Invoice</th><th>Amount</th><th></th></tr></thead><tbody id="b"></tbody></table>
<script>document.getElementById('b').innerHTML = rows();</script>
<button onclick="document.getElementById('b').innerHTML = rows()">Refresh</button>
<label>Search <input id="q"></label>
<label><input type="checkbox" id="paid"> Paid only</label>
<div style="position:relative"><button onclick="pay++">Pay now</button>
<div style="position:absolute;inset:-4px;background:rgba(0,0,0,.2)">Please wait</div></div>"#;

fn server() -> Server {
    Server::start(vec![("/", Page::html(PAGE))])
}

fn resolve(g: &mut Glass, args: Value) -> Value {
    let mut a = args;
    a["schemaVersion"] = json!(1);
    ok(&g.call(json!("r"), "resolveIntent", a))
}

fn execute(g: &mut Glass, tool: &str, args: Value) -> Value {
    let mut a = args;
    a["schemaVersion"] = json!(1);
    ok(&g.call(json!("x"), tool, a))
}

/// "Delete invoice 2" resolves to the Delete button in the row of Invoice 2 (its context is
/// the evidence), and executing it clicks that one and no other.
#[test]
fn a_duplicate_label_is_resolved_by_its_row() {
    let web = server();
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    let r = resolve(
        &mut g,
        json!({"intent": "delete invoice 2", "action": "click"}),
    );
    assert_eq!(r["classification"], "uniqueHighConfidence", "{r}");
    let top = &r["candidates"][0];
    assert_eq!(top["name"], "Delete", "{r}");
    assert_eq!(top["context"], "Invoice 2", "{r}");
    assert_eq!(r["selection"], top["candidateId"], "{r}");
    let x = execute(
        &mut g,
        "executeIntent",
        json!({"intent": "delete invoice 2", "action": "click", "candidateId": top["candidateId"]}),
    );
    assert_eq!(x["status"], "executed", "{x}");
    assert_eq!(eval(&mut g, "window.deleted"), json!([2]));
    // A scope says the same thing structurally.
    let r = resolve(
        &mut g,
        json!({"intent": "delete", "action": "click", "scope": {"regionName": "Invoice 3"}}),
    );
    assert_eq!(r["total"], 1, "{r}");
    assert!(r["exclusions"]["outOfScope"].as_u64().unwrap() >= 2, "{r}");
    let x = execute(
        &mut g,
        "executeIntent",
        json!({"intent": "delete", "action": "click", "scope": {"regionName": "Invoice 3"},
               "candidateId": r["selection"]}),
    );
    assert_eq!(x["status"], "executed", "{x}");
    assert_eq!(eval(&mut g, "window.deleted"), json!([2, 3]));
}

/// An ambiguous intent selects nothing and executes nothing, whichever candidate is named.
#[test]
fn an_ambiguous_intent_is_never_executed() {
    let web = server();
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    let r = resolve(&mut g, json!({"intent": "delete", "action": "click"}));
    assert_eq!(r["classification"], "ambiguous", "{r}");
    assert!(r.get("selection").is_none(), "{r}");
    assert_eq!(r["candidates"].as_array().unwrap().len(), 3, "{r}");
    let x = execute(
        &mut g,
        "executeIntent",
        json!({"intent": "delete", "action": "click", "candidateId": r["candidates"][0]["candidateId"]}),
    );
    assert_eq!(x["status"], "not_executed", "{x}");
    assert_eq!(x["reason"], "ambiguous", "{x}");
    assert_eq!(eval(&mut g, "window.deleted"), json!([]));
}

/// The page re-rendered between resolve and execute: the chosen candidate is not the current
/// element any more, so nothing is clicked.
#[test]
fn a_candidate_that_changed_is_not_executed() {
    let web = server();
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    let r = resolve(
        &mut g,
        json!({"intent": "delete invoice 2", "action": "click"}),
    );
    let chosen = r["selection"].clone();
    ok(&g.call(
        json!(1),
        "click",
        json!({"target": "role=button;name=Refresh"}),
    ));
    let x = execute(
        &mut g,
        "executeIntent",
        json!({"intent": "delete invoice 2", "action": "click", "candidateId": chosen}),
    );
    assert_eq!(x["status"], "not_executed", "{x}");
    assert_eq!(x["reason"], "changed", "{x}");
    assert_eq!(eval(&mut g, "window.deleted"), json!([]));
}

/// The page reflows between resolve and execute (the chosen button moves, and another takes
/// its old place): with the revision it resolved at, execute refuses; without, it resolves
/// again, finds the same element and clicks it where it is now, never what sits at the old
/// coordinates.
#[test]
fn a_reflow_between_resolve_and_act_clicks_the_element_not_its_old_place() {
    let web = Server::start(vec![(
        "/",
        Page::html(
            r#"<title>Draft</title><script>window.log = [];</script>
<div id="bar" style="display:flex;gap:8px">
<button id="s" style="width:140px;height:40px" onclick="log.push('save')">Save draft</button>
<button id="p" style="width:140px;height:40px" onclick="log.push('publish')">Publish</button>
</div>"#,
        ),
    )]);
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    let intent = json!({"intent": "publish", "action": "click"});
    let r = resolve(&mut g, intent.clone());
    assert_eq!(r["classification"], "exact", "{r}");
    let at = |id: &str| {
        format!(
            "[document.getElementById('{id}').getBoundingClientRect().x, \
              document.getElementById('{id}').getBoundingClientRect().y]"
        )
    };
    let before = eval(&mut g, &at("p"));
    eval(
        &mut g,
        "document.getElementById('bar').prepend(document.getElementById('p')), 1",
    );
    assert_ne!(before, eval(&mut g, &at("p")));
    // Another button now sits exactly where the chosen one was.
    assert_eq!(eval(&mut g, &at("s")), before);
    let mut guarded = intent.clone();
    guarded["candidateId"] = r["selection"].clone();
    guarded["expectedRevision"] = r["revision"].clone();
    let x = execute(&mut g, "executeIntent", guarded);
    assert_eq!(x["status"], "not_executed", "{x}");
    assert_eq!(x["reason"], "staleRevision", "{x}");
    assert_eq!(eval(&mut g, "window.log"), json!([]));
    let mut again = intent;
    again["candidateId"] = r["selection"].clone();
    let x = execute(&mut g, "executeIntent", again);
    assert_eq!(x["status"], "executed", "{x}");
    assert_eq!(eval(&mut g, "window.log"), json!(["publish"]));
}

/// A covered candidate is never clicked through: the verified click refuses it.
#[test]
fn an_overlay_is_never_clicked_through() {
    let web = server();
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    let r = resolve(&mut g, json!({"intent": "pay now", "action": "click"}));
    assert_eq!(r["classification"], "exact", "{r}");
    let x = execute(
        &mut g,
        "executeIntent",
        json!({"intent": "pay now", "action": "click", "candidateId": r["selection"]}),
    );
    assert_eq!(x["status"], "not_executed", "{x}");
    assert_eq!(x["reason"], "blocked", "{x}");
    assert_eq!(eval(&mut g, "window.pay"), 0);
}

/// actAndVerify acts, then verifies; a predicate that fails is reported with its evidence
/// and nothing is retried.
#[test]
fn act_and_verify_reports_the_action_and_the_evidence() {
    let web = server();
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    let r = resolve(&mut g, json!({"intent": "search", "action": "type"}));
    assert_eq!(r["candidates"][0]["role"], "textbox", "{r}");
    let x = execute(
        &mut g,
        "actAndVerify",
        json!({"intent": "search", "action": "type", "candidateId": r["selection"], "value": "abc",
               "predicates": [{"kind": "elementState", "target": "role=textbox;name=Search", "state": "filled"}]}),
    );
    assert_eq!(x["status"], "executed", "{x}");
    assert_eq!(x["verification"]["satisfied"], true, "{x}");
    assert_eq!(eval(&mut g, "document.getElementById('q').value"), "abc");
    let r = resolve(&mut g, json!({"intent": "paid only", "action": "check"}));
    let x = execute(
        &mut g,
        "actAndVerify",
        json!({"intent": "paid only", "action": "check", "candidateId": r["selection"],
               "predicates": [{"kind": "textPresent", "text": "no such text"}], "timeoutMs": 0}),
    );
    assert_eq!(x["status"], "executed", "{x}");
    assert_eq!(x["verification"]["satisfied"], false, "{x}");
    assert_eq!(
        x["verification"]["checks"][0]["observed"]["found"], false,
        "{x}"
    );
    assert_eq!(
        eval(&mut g, "document.getElementById('paid').checked"),
        true
    );
    // A bad predicate is refused before anything acts.
    let e = g.call(
        json!(9),
        "actAndVerify",
        json!({"schemaVersion": 1, "intent": "paid only", "action": "uncheck", "candidateId": "c1-e1",
               "predicates": [{"kind": "count", "target": "role=row"}]}),
    );
    assert_eq!(common::failed(&e)["kind"], "invalidArguments", "{e}");
    assert_eq!(
        eval(&mut g, "document.getElementById('paid').checked"),
        true
    );
}

/// An intent whose words are not all on the page never selects: "delete invoice 7" on a page
/// whose only Delete button is in the row of Invoice 2 is a low-confidence guess, and the
/// default policy executes nothing.
#[test]
fn words_the_page_does_not_have_select_nothing() {
    let web = Server::start(vec![(
        "/",
        Page::html(
            r#"<title>One</title><script>window.deleted = [];</script>
            <table><tr><td>Invoice 2</td><td><button onclick="deleted.push(2)">Delete</button></td></tr></table>"#,
        ),
    )]);
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    let r = resolve(
        &mut g,
        json!({"intent": "delete invoice 7", "action": "click"}),
    );
    assert_eq!(r["classification"], "uniqueLowConfidence", "{r}");
    assert!(r.get("selection").is_none(), "{r}");
    let x = execute(
        &mut g,
        "executeIntent",
        json!({"intent": "delete invoice 7", "action": "click",
               "candidateId": r["candidates"][0]["candidateId"]}),
    );
    assert_eq!(x["status"], "not_executed", "{x}");
    assert_eq!(x["reason"], "lowConfidence", "{x}");
    assert_eq!(eval(&mut g, "window.deleted"), json!([]));
}

/// `inspectPage` says what kind of page it is and why, and lists the form's fields and its
/// submit with refs that act on the right elements.
#[test]
fn inspect_page_projects_forms_regions_and_actions() {
    let web = Server::start(vec![(
        "/",
        Page::html(
            r#"<title>Sign up</title><script>window.sent = 0;</script>
            <nav aria-label="Site"><a href="/a">Home</a></nav>
            <main><form aria-label="Account" onsubmit="event.preventDefault(); sent++">
            <label>Name <input required></label><label>Email <input type="email" value="a@b.c"></label>
            <label><input type="checkbox"> News</label><button>Create account</button></form></main>"#,
        ),
    )]);
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    let p = ok(&g.call(json!(1), "inspectPage", json!({})));
    assert_eq!(p["kind"], "form", "{p}");
    assert!(
        p["evidence"][0].as_str().unwrap().contains("3 form fields"),
        "{p}"
    );
    assert!(
        p["regions"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["role"] == "navigation" && r["name"] == "Site"),
        "{p}"
    );
    let form = &p["forms"][0];
    assert_eq!(form["name"], "Account", "{p}");
    let fields = form["fields"].as_array().unwrap();
    assert_eq!(fields.len(), 3, "{p}");
    assert_eq!(fields[0]["name"], "Name", "{p}");
    assert_eq!(fields[0]["required"], true, "{p}");
    assert_eq!(fields[0]["filled"], false, "{p}");
    assert_eq!(fields[1]["filled"], true, "{p}");
    assert!(!p.to_string().contains("a@b.c"), "no field values: {p}");
    assert_eq!(form["submit"]["name"], "Create account", "{p}");
    ok(&g.call(
        json!(2),
        "type",
        json!({"target": fields[0]["ref"], "text": "Ada"}),
    ));
    ok(&g.call(json!(3), "click", json!({"target": form["submit"]["ref"]})));
    assert_eq!(eval(&mut g, "window.sent"), 1);
    assert_eq!(eval(&mut g, "document.querySelector('input').value"), "Ada");
}

/// Issue 28: "paid only" with `uncheck` clears the box (the page's own checkbox), and a
/// disabled control is never a candidate:
/// it is counted under `exclusions.disabled` and the enabled one is chosen and clicked.
#[test]
fn uncheck_intents_clear_the_box_and_disabled_controls_are_never_candidates() {
    let web = Server::start(vec![(
        "/",
        Page::html(
            r#"<title>Filters</title><script>window.archived = [];</script>
            <label><input type="checkbox" id="paid" checked> Paid only</label>
            <button disabled onclick="archived.push('old')">Archive</button>
            <button onclick="archived.push('new')">Archive</button>"#,
        ),
    )]);
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    let r = resolve(&mut g, json!({"intent": "paid only", "action": "uncheck"}));
    let x = execute(
        &mut g,
        "executeIntent",
        json!({"intent": "paid only", "action": "uncheck", "candidateId": r["selection"]}),
    );
    assert_eq!(x["status"], "executed", "{x}");
    assert_eq!(
        eval(&mut g, "document.getElementById('paid').checked"),
        false
    );
    let r = resolve(&mut g, json!({"intent": "archive", "action": "click"}));
    assert_eq!(r["exclusions"]["disabled"], 1, "{r}");
    assert_eq!(r["total"], 1, "{r}");
    let x = execute(
        &mut g,
        "executeIntent",
        json!({"intent": "archive", "action": "click", "candidateId": r["selection"]}),
    );
    assert_eq!(x["status"], "executed", "{x}");
    assert_eq!(eval(&mut g, "window.archived"), json!(["new"]));
}
