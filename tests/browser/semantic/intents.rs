//! Intents through the real binary against real Chromium: resolve finds the element an
//! intent means and says how sure it is; execute acts only on a unique, current candidate;
//! checked on the page's own record of what was clicked.

use crate::common;

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

const POLICY: &str = r#"<title>Mail</title><script>window.log = [];</script>
<h1>Mail</h1>
<button onclick="log.push('archive')">Archive message</button>
<button disabled onclick="log.push('print')">Print message</button>
<button style="visibility:hidden" onclick="log.push('ghost')">Ghost message</button>
<a href="/help" onclick="log.push('help-link'); return false">Help</a>
<button onclick="log.push('help-button')">Help</button>
<form aria-label="Reply" onsubmit="event.preventDefault(); log.push('sent')"><label>Body <input></label><button>Send reply</button></form>
<section aria-label="Drafts"><ul><li>Draft one <button onclick="log.push('resume-draft')">Resume</button></li></ul></section>
<section aria-label="Outbox"><ul><li>Queued one <button onclick="log.push('resume-outbox')">Resume</button></li></ul></section>
<div id="stars"></div>
<script>for (let i = 0; i < 10; i++) document.getElementById('stars').insertAdjacentHTML('beforeend', '<button>Star</button>');</script>"#;

fn find(g: &mut Glass, args: Value) -> Value {
    let mut a = args;
    a["schemaVersion"] = json!(1);
    ok(&g.call(json!("f"), "findTarget", a))
}

fn log(g: &mut Glass) -> Value {
    eval(g, "window.log")
}

fn evidence_has(c: &Value, words: &str) -> bool {
    c["evidence"]
        .as_array()
        .is_some_and(|e| e.iter().any(|x| x.as_str().unwrap_or("").contains(words)))
}

/// Doc items: schemaVersion 1; classification notFound (and executeIntent reason notFound);
/// exact with confidence, exact, evidence, total and exclusions disabled/hidden;
/// resolutionPolicy reportOnly and requireExact (both sides); findTarget never selects;
/// resolving never acts; a candidate's ref is the live element; constraints.role (wrongRole),
/// constraints.name equal vs contained (nameMismatch); scope.regionRole; at most 8 candidates
/// with total; expectedRevision on resolveIntent (both sides); executeIntent's candidateId,
/// classification, result and revision. Checked on the page's own log of what was clicked.
#[test]
fn resolution_policies_constraints_and_scopes_decide_what_is_selected() {
    let web = Server::start(vec![("/", Page::html(POLICY))]);
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    let e = common::failed(&g.call(
        json!(0),
        "resolveIntent",
        json!({"schemaVersion": 2, "intent": "archive", "action": "click"}),
    ));
    assert_eq!(e["kind"], "invalidArguments", "{e}");

    // Nothing matches: notFound, and executing it does nothing.
    let r = resolve(&mut g, json!({"intent": "zebra", "action": "click"}));
    assert_eq!(r["classification"], "notFound", "{r}");
    assert_eq!(r["total"], 0, "{r}");
    assert!(r.get("selection").is_none(), "{r}");
    assert!(r["candidates"].as_array().unwrap().is_empty(), "{r}");
    let x = execute(
        &mut g,
        "executeIntent",
        json!({"intent": "zebra", "action": "click", "candidateId": format!("c{}-e1", r["revision"])}),
    );
    assert_eq!(
        (x["status"].clone(), x["reason"].clone()),
        (json!("not_executed"), json!("notFound")),
        "{x}"
    );

    // An exact match, with its evidence and what was ruled out (the disabled and the hidden
    // "... message" buttons); requireExact selects it.
    let r = resolve(
        &mut g,
        json!({"intent": "archive message", "action": "click", "resolutionPolicy": "requireExact"}),
    );
    assert_eq!(r["classification"], "exact", "{r}");
    assert_eq!(r["total"], 1, "{r}");
    let top = r["candidates"][0].clone();
    assert_eq!(top["name"], "Archive message", "{r}");
    assert_eq!(top["exact"], true, "{r}");
    assert_eq!(top["confidence"].as_f64(), Some(1.0), "{r}");
    // (compared as numbers: the candidate's is the page's integer 1, the answer's a float 1.0)
    assert_eq!(r["confidence"].as_f64(), top["confidence"].as_f64(), "{r}");
    assert!(evidence_has(&top, "2 of 2"), "{r}");
    assert_eq!(r["selection"], top["candidateId"], "{r}");
    assert_eq!(r["exclusions"]["disabled"], 1, "{r}");
    assert_eq!(r["exclusions"]["hidden"], 1, "{r}");
    // reportOnly and findTarget select nothing, whatever the match.
    let ro = resolve(
        &mut g,
        json!({"intent": "archive message", "action": "click", "resolutionPolicy": "reportOnly"}),
    );
    assert_eq!(ro["classification"], "exact", "{ro}");
    assert!(ro.get("selection").is_none(), "{ro}");
    let ft = find(
        &mut g,
        json!({"intent": "archive message", "action": "click"}),
    );
    assert_eq!(ft["classification"], "exact", "{ft}");
    assert!(ft.get("selection").is_none(), "{ft}");
    assert_eq!(ft["candidates"][0]["name"], "Archive message", "{ft}");
    // Resolving never acts; the candidate's ref is the live element.
    assert_eq!(log(&mut g), json!([]));
    ok(&g.call(json!(1), "click", json!({"target": top["ref"]})));
    assert_eq!(log(&mut g), json!(["archive"]));

    // A unique match that is not exact: requireExact selects nothing and executes nothing;
    // the default policy does.
    let r = resolve(
        &mut g,
        json!({"intent": "archive", "action": "click", "resolutionPolicy": "requireExact"}),
    );
    assert_eq!(r["classification"], "uniqueHighConfidence", "{r}");
    assert!(r.get("selection").is_none(), "{r}");
    let cid = r["candidates"][0]["candidateId"].clone();
    let x = execute(
        &mut g,
        "executeIntent",
        json!({"intent": "archive", "action": "click", "resolutionPolicy": "requireExact", "candidateId": cid}),
    );
    assert_eq!(
        (x["status"].clone(), x["reason"].clone()),
        (json!("not_executed"), json!("lowConfidence")),
        "{x}"
    );
    assert_eq!(log(&mut g), json!(["archive"]));
    let x = execute(
        &mut g,
        "executeIntent",
        json!({"intent": "archive", "action": "click", "candidateId": cid}),
    );
    assert_eq!(x["status"], "executed", "{x}");
    assert_eq!(log(&mut g), json!(["archive", "archive"]));

    // Two exact matches; a role constraint picks the link.
    let r = resolve(&mut g, json!({"intent": "help", "action": "click"}));
    assert_eq!(r["classification"], "ambiguous", "{r}");
    let mut link = json!({"intent": "help", "action": "click", "constraints": {"role": "link"}});
    let r = resolve(&mut g, link.clone());
    assert_eq!(r["classification"], "exact", "{r}");
    assert_eq!(r["total"], 1, "{r}");
    assert_eq!(r["candidates"][0]["role"], "link", "{r}");
    assert!(r["exclusions"]["wrongRole"].as_u64().unwrap() >= 1, "{r}");
    link["candidateId"] = r["selection"].clone();
    assert_eq!(execute(&mut g, "executeIntent", link)["status"], "executed");
    assert_eq!(log(&mut g), json!(["archive", "archive", "help-link"]));

    // A name constraint: contained is not exact, equal is; the rest is nameMismatch.
    let r = resolve(
        &mut g,
        json!({"intent": "reply", "action": "click", "constraints": {"name": "Send"}}),
    );
    assert_eq!(r["classification"], "uniqueHighConfidence", "{r}");
    assert_eq!(r["candidates"][0]["name"], "Send reply", "{r}");
    assert_eq!(r["candidates"][0]["exact"], false, "{r}");
    assert!(
        evidence_has(&r["candidates"][0], "name contains the constraint"),
        "{r}"
    );
    assert!(
        r["exclusions"]["nameMismatch"].as_u64().unwrap() >= 1,
        "{r}"
    );
    let mut named =
        json!({"intent": "reply", "action": "click", "constraints": {"name": "send reply"}});
    let r = resolve(&mut g, named.clone());
    assert_eq!(r["classification"], "exact", "{r}");
    assert!(
        evidence_has(&r["candidates"][0], "name equals the constraint"),
        "{r}"
    );
    named["candidateId"] = r["selection"].clone();
    assert_eq!(
        execute(&mut g, "executeIntent", named)["status"],
        "executed"
    );
    assert_eq!(
        log(&mut g),
        json!(["archive", "archive", "help-link", "sent"])
    );

    // A region role narrows a scope; a role the candidates are not in leaves nothing.
    let r = resolve(&mut g, json!({"intent": "resume", "action": "click"}));
    assert_eq!(r["classification"], "ambiguous", "{r}");
    let mut outbox = json!({"intent": "resume", "action": "click",
                            "scope": {"regionName": "Outbox", "regionRole": "region"}});
    let r = resolve(&mut g, outbox.clone());
    assert_eq!(r["total"], 1, "{r}");
    assert!(
        evidence_has(&r["candidates"][0], "inside region \"Outbox\""),
        "{r}"
    );
    outbox["candidateId"] = r["selection"].clone();
    assert_eq!(
        execute(&mut g, "executeIntent", outbox)["status"],
        "executed"
    );
    let r = resolve(
        &mut g,
        json!({"intent": "resume", "action": "click", "scope": {"regionName": "Outbox", "regionRole": "form"}}),
    );
    assert_eq!(r["classification"], "notFound", "{r}");
    assert!(r["exclusions"]["outOfScope"].as_u64().unwrap() >= 2, "{r}");

    // At most eight candidates; total counts them all.
    let r = resolve(&mut g, json!({"intent": "star", "action": "click"}));
    assert_eq!(r["classification"], "ambiguous", "{r}");
    assert_eq!(r["candidates"].as_array().unwrap().len(), 8, "{r}");
    assert_eq!(r["total"], 10, "{r}");

    // expectedRevision: the page's revision resolves as usual, another is staleRevision; the
    // revision an answer gives guards an execution that then runs.
    let r = resolve(
        &mut g,
        json!({"intent": "archive message", "action": "click"}),
    );
    let rev = r["revision"].as_u64().unwrap();
    let same = resolve(
        &mut g,
        json!({"intent": "archive message", "action": "click", "expectedRevision": rev}),
    );
    assert_eq!(same["classification"], "exact", "{same}");
    let stale = resolve(
        &mut g,
        json!({"intent": "archive message", "action": "click", "expectedRevision": rev + 1000}),
    );
    assert_eq!(stale["classification"], "staleRevision", "{stale}");
    assert!(
        stale["candidates"].as_array().unwrap().is_empty(),
        "{stale}"
    );
    assert!(stale.get("selection").is_none(), "{stale}");
    let x = execute(
        &mut g,
        "executeIntent",
        json!({"intent": "archive message", "action": "click", "expectedRevision": rev,
               "candidateId": r["selection"]}),
    );
    assert_eq!(x["status"], "executed", "{x}");
    assert_eq!(x["candidateId"], r["selection"], "{x}");
    assert_eq!(x["classification"], "exact", "{x}");
    assert_eq!(x["result"]["ok"], true, "{x}");
    assert!(x["revision"].as_u64().unwrap() >= rev, "{x}");
    assert_eq!(
        log(&mut g),
        json!([
            "archive",
            "archive",
            "help-link",
            "sent",
            "resume-outbox",
            "archive"
        ])
    );
}

const VERBS: &str = r##"<title>Verbs</title><script>window.log = [];</script>
<label>Subject <input id="subj" value="Hello"></label>
<label><input type="checkbox" id="flag"> Flagged</label>
<button id="more" aria-expanded="false" onclick="const x = this.getAttribute('aria-expanded') === 'true'; this.setAttribute('aria-expanded', String(!x)); log.push(x ? 'collapse' : 'expand')">Details</button>
<a href="#inbox" onclick="log.push('inbox')">Inbox</a>
<form aria-label="Reply" onsubmit="event.preventDefault(); log.push('sent')"><label>Body <input id="body"></label><button>Send reply</button></form>
<label>Folder <select id="folder"><option value="w">Work</option><option value="h">canary-folder-9</option></select></label>
<button onclick="log.push('count')">Count</button>
<button onclick="log.push('twin')">Twin</button><button onclick="log.push('twin')">Twin</button>"##;

/// Resolve `intent` for `action`, assert the default policy selected a candidate, and run
/// `tool` on it with `extra` arguments; its answer.
fn resolve_and_run(g: &mut Glass, tool: &str, intent: &str, action: &str, extra: Value) -> Value {
    let r = resolve(g, json!({"intent": intent, "action": action}));
    let chosen = r["selection"]
        .as_str()
        .unwrap_or_else(|| panic!("{intent:?} ({action}) selected nothing: {r}"))
        .to_owned();
    let mut args = json!({"intent": intent, "action": action, "candidateId": chosen});
    for (k, v) in extra.as_object().unwrap() {
        args[k] = v.clone();
    }
    execute(g, tool, args)
}

/// Doc items: actions clear, type (value never echoed), toggle (both ways), expand, collapse,
/// open, submit, select (value never echoed) reach the page through their tools; candidates
/// are only the controls whose role suits the action (type on a checkbox's words:
/// notFound); actAndVerify combine any, nothing retried after a failed verification, and no
/// verification when nothing was executed.
#[test]
fn every_intent_action_reaches_the_page_through_its_tool() {
    let web = Server::start(vec![("/", Page::html(VERBS))]);
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    let value =
        |g: &mut Glass, id: &str| eval(g, &format!("document.getElementById('{id}').value"));

    let x = resolve_and_run(&mut g, "executeIntent", "subject", "clear", json!({}));
    assert_eq!(x["status"], "executed", "{x}");
    assert_eq!(value(&mut g, "subj"), "");
    let x = resolve_and_run(
        &mut g,
        "executeIntent",
        "subject",
        "type",
        json!({"value": "canary-77"}),
    );
    assert_eq!(x["status"], "executed", "{x}");
    assert_eq!(value(&mut g, "subj"), "canary-77");
    assert!(
        !x.to_string().contains("canary-77"),
        "the value was echoed: {x}"
    );

    // Only controls whose role suits the action are candidates.
    let r = resolve(&mut g, json!({"intent": "flagged", "action": "type"}));
    assert_eq!(r["classification"], "notFound", "{r}");
    for want in [true, false] {
        let x = resolve_and_run(&mut g, "executeIntent", "flagged", "toggle", json!({}));
        assert_eq!(x["status"], "executed", "{x}");
        assert_eq!(
            eval(&mut g, "document.getElementById('flag').checked"),
            want
        );
    }
    for (action, state) in [("expand", "true"), ("collapse", "false")] {
        let x = resolve_and_run(&mut g, "executeIntent", "details", action, json!({}));
        assert_eq!(x["status"], "executed", "{action}: {x}");
        assert_eq!(
            eval(
                &mut g,
                "document.getElementById('more').getAttribute('aria-expanded')"
            ),
            state
        );
    }
    let x = resolve_and_run(&mut g, "executeIntent", "inbox", "open", json!({}));
    assert_eq!(x["status"], "executed", "{x}");
    assert_eq!(eval(&mut g, "location.hash"), "#inbox");
    let x = resolve_and_run(&mut g, "executeIntent", "send reply", "submit", json!({}));
    assert_eq!(x["status"], "executed", "{x}");
    let x = resolve_and_run(
        &mut g,
        "executeIntent",
        "folder",
        "select",
        json!({"value": "canary-folder-9"}),
    );
    assert_eq!(x["status"], "executed", "{x}");
    assert_eq!(value(&mut g, "folder"), "h");
    assert!(
        !x.to_string().contains("canary-folder-9"),
        "the value was echoed: {x}"
    );
    assert_eq!(log(&mut g), json!(["expand", "collapse", "inbox", "sent"]));

    // actAndVerify: `any` holds when one predicate does.
    let never = "never on this page";
    let x = resolve_and_run(
        &mut g,
        "actAndVerify",
        "count",
        "click",
        json!({"combine": "any", "timeoutMs": 0, "predicates": [
            {"kind": "textPresent", "text": never}, {"kind": "textAbsent", "text": never}]}),
    );
    assert_eq!(x["status"], "executed", "{x}");
    assert_eq!(x["verification"]["satisfied"], true, "{x}");
    assert_eq!(x["verification"]["checks"][0]["holds"], false, "{x}");
    // A verification that fails is reported, never retried: the page counted one click.
    let x = resolve_and_run(
        &mut g,
        "actAndVerify",
        "count",
        "click",
        json!({"timeoutMs": 0, "predicates": [{"kind": "textPresent", "text": never}]}),
    );
    assert_eq!(x["verification"]["satisfied"], false, "{x}");
    assert_eq!(
        log(&mut g),
        json!(["expand", "collapse", "inbox", "sent", "count", "count"])
    );
    // Nothing executed, nothing verified.
    let r = resolve(&mut g, json!({"intent": "twin", "action": "click"}));
    assert_eq!(r["classification"], "ambiguous", "{r}");
    let x = execute(
        &mut g,
        "actAndVerify",
        json!({"intent": "twin", "action": "click", "candidateId": r["candidates"][0]["candidateId"],
               "predicates": [{"kind": "textPresent", "text": never}], "timeoutMs": 0}),
    );
    assert_eq!(
        (x["status"].clone(), x["reason"].clone()),
        (json!("not_executed"), json!("ambiguous")),
        "{x}"
    );
    assert!(x.get("verification").is_none(), "{x}");
    assert!(!log(&mut g).to_string().contains("twin"));
}
