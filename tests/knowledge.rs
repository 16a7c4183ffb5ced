//! Knowledge through the real binary against real Chromium: what verified intent executions
//! teach is kept per origin and profile scope, raises a live candidate's confidence there only,
//! stops counting once invalidated, and never holds a query string or a typed value. Checked
//! on the page's own log of what was clicked and on the database file's bytes.

mod common;

use std::path::Path;

use common::web::{Page, Server};
use common::{Glass, eval, failed, nav, ok, temp_dir};
use serde_json::{Value, json};

const MAIL: &str = r#"<title>Mail</title><script>window.log = [];</script><main><h1>Inbox</h1>
<p id="status">Archived 0</p>
<button onclick="log.push('archive'); document.getElementById('status').textContent = 'Archived ' + log.filter((x) => x === 'archive').length">Archive this message</button>
<button onclick="log.push('delete')">Delete this message</button>
<label>Note <input name="note"></label></main>"#;

fn glass_in(data: &Path, policy: &[&str]) -> Glass {
    let mut args = vec!["--incognito"];
    args.extend_from_slice(policy);
    args.push("--mcp");
    let mut g = Glass::spawn_env(&args, &[("GLASS_DATA_DIR", data.to_str().unwrap())]);
    g.initialize();
    g
}

fn intent() -> Value {
    json!({"schemaVersion": 1, "intent": "archive conversation", "action": "click",
           "resolutionPolicy": "allowUniqueMediumConfidence"})
}

/// Resolve, then act and verify on the selected candidate; the verification's answer.
fn archive(g: &mut Glass, expect: &str) -> Value {
    let r = ok(&g.call(json!("r"), "resolveIntent", intent()));
    let mut act = intent();
    act["candidateId"] = r["selection"].clone();
    act["predicates"] = json!([{"kind": "textPresent", "text": expect}]);
    act["timeoutMs"] = json!(500);
    ok(&g.call(json!("a"), "actAndVerify", act))
}

/// Resolve the "note" intent, then type a canary through `tool` with `extra` arguments.
fn type_note(g: &mut Glass, tool: &str, extra: Value) {
    let r = ok(&g.call(
        json!("n"),
        "resolveIntent",
        json!({"schemaVersion": 1, "intent": "note", "action": "type"}),
    ));
    let mut call = json!({"schemaVersion": 1, "intent": "note", "action": "type",
        "candidateId": r["selection"], "value": "canary-typed-5"});
    for (k, v) in extra.as_object().unwrap() {
        call[k] = v.clone();
    }
    ok(&g.call(json!("t"), tool, call));
}

fn with_knowledge(g: &mut Glass) -> Value {
    ok(&g.call(json!("k"), "resolveIntentWithKnowledge", intent()))
}

/// Two verified archives on one origin teach one record; it raises that candidate's
/// confidence there (never on another origin), counts a failed verification, stops counting
/// once invalidated, and is purged with a confirmation. The store never holds the query
/// string or a typed value.
#[test]
fn knowledge_is_learned_weighed_scoped_and_invalidated() {
    let a = Server::start(vec![("/mail", Page::html(MAIL))]);
    let b = Server::start(vec![("/mail", Page::html(MAIL))]);
    let data = temp_dir("knowledge");
    let mut g = glass_in(&data, &[]);
    nav(&mut g, &a, "/mail?session=canary-query-3");
    let before = with_knowledge(&mut g);
    assert_eq!(before["knowledge"]["considered"], 0, "{before}");
    let live = before["candidates"][0]["confidence"].as_f64().unwrap();
    assert!(live < 1.0, "a partial match leaves room: {before}");

    assert_eq!(
        archive(&mut g, "Archived 1")["verification"]["satisfied"],
        true
    );
    assert_eq!(
        archive(&mut g, "Archived 2")["verification"]["satisfied"],
        true
    );
    assert_eq!(
        eval(&mut g, "log"),
        json!(["archive", "archive"]),
        "the page saw two archives"
    );
    // Typing is learned too, without its value, once verified; an action that only went out
    // (executeIntent, unverified) teaches nothing (#26 Part B 10).
    type_note(&mut g, "executeIntent", json!({}));
    assert_eq!(
        eval(&mut g, "document.querySelector('input').value"),
        "canary-typed-5"
    );
    let list = ok(&g.call(json!(3), "knowledgeList", json!({"origin": a.url("")})));
    assert_eq!(
        list["total"], 1,
        "an unverified action taught Glass: {list}"
    );
    type_note(
        &mut g,
        "actAndVerify",
        json!({"predicates": [{"kind": "elementState", "target": "css=input", "state": "filled"}]}),
    );

    let list = ok(&g.call(json!(3), "knowledgeList", json!({"origin": a.url("")})));
    assert_eq!(list["total"], 2, "{list}");
    let rec = list["records"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["action"] == "click")
        .unwrap()
        .clone();
    assert_eq!(rec["role"], "button");
    assert_eq!(rec["name"], "Archive this message");
    assert_eq!(rec["successes"], 2);
    assert_eq!(rec["state"], "fresh");
    assert_eq!(rec["profileScope"], "anonymous");
    let bytes = common::store_bytes(&data);
    assert!(bytes.contains("Archive this message"));
    assert!(
        !bytes.contains("canary-query-3") && !bytes.contains("canary-typed-5"),
        "no query string or typed value in the store"
    );

    // Here it weighs in: the same candidate, raised, with its history.
    let k = with_knowledge(&mut g);
    let top = &k["candidates"][0];
    assert_eq!(top["name"], "Archive this message", "{k}");
    assert_eq!(top["historicalMatch"]["successes"], 2, "{k}");
    assert!(
        top["knowledgeConfidence"].as_f64().unwrap() > top["confidence"].as_f64().unwrap(),
        "{k}"
    );
    assert_eq!(k["knowledge"]["matched"], 1, "{k}");
    let seen = ok(&g.call(json!(4), "observeKnowledge", json!({})));
    assert_eq!(
        seen["knowledge"]["applies"].as_array().unwrap().len(),
        2,
        "{seen}"
    );
    assert!(
        seen["observation"]["elements"].is_array() || seen["observation"]["elements"].is_object(),
        "{seen}"
    );

    // Another origin: the same page, nothing learned applies.
    nav(&mut g, &b, "/mail");
    let other = with_knowledge(&mut g);
    assert_eq!(other["knowledge"]["considered"], 0, "{other}");
    assert!(
        other["candidates"][0].get("historicalMatch").is_none(),
        "{other}"
    );

    // A failed verification is counted.
    nav(&mut g, &a, "/mail");
    let r = archive(&mut g, "Archived 9");
    assert_eq!(r["verification"]["satisfied"], false, "{r}");
    let shown = ok(&g.call(json!(5), "knowledgeShow", json!({"id": rec["id"]})));
    assert_eq!(
        (
            shown["record"]["successes"].clone(),
            shown["record"]["failures"].clone()
        ),
        (json!(2), json!(1))
    );

    // Invalidated, it no longer counts.
    let inv = ok(&g.call(
        json!(6),
        "knowledgeInvalidate",
        json!({"id": rec["id"], "state": "stale"}),
    ));
    assert_eq!(inv["record"]["state"], "stale");
    let k = with_knowledge(&mut g);
    assert!(k["candidates"][0].get("historicalMatch").is_none(), "{k}");
    assert_eq!(k["knowledge"]["matched"], 0, "{k}");
    let stats = ok(&g.call(json!(7), "knowledgeStats", json!({})));
    assert_eq!(
        (
            stats["records"].clone(),
            stats["stale"].clone(),
            stats["origins"].clone()
        ),
        (json!(2), json!(1), json!(1)),
        "{stats}"
    );
    assert_eq!(stats["learning"], true);

    // Purged only with a confirmation, and only that origin.
    let origin = a.url("");
    let f = failed(&g.call(json!(8), "knowledgePurge", json!({"origin": origin})));
    assert_eq!(f["kind"], "confirmationRequired", "{f}");
    let p = ok(&g.call(
        json!(9),
        "knowledgePurge",
        json!({"origin": origin, "confirmToken": f["confirmToken"]}),
    ));
    assert_eq!(p["deleted"], 2);
    assert_eq!(
        ok(&g.call(json!(10), "knowledgeList", json!({})))["total"],
        0
    );
    let f = failed(&g.call(json!(11), "knowledgeShow", json!({"id": rec["id"]})));
    assert_eq!(f["failureKind"], "unknownRecord", "{f}");
}

/// Under the hardened preset the store is read-only: verified executions teach nothing,
/// invalidation is refused by the policy, and reading still works.
#[test]
fn hardened_keeps_the_store_read_only() {
    let a = Server::start(vec![("/mail", Page::html(MAIL))]);
    let data = temp_dir("knowledge-hardened");
    let mut g = glass_in(
        &data,
        &["--policy", "hardened", "--policy-allow-host", "127.0.0.1"],
    );
    nav(&mut g, &a, "/mail");
    assert_eq!(
        archive(&mut g, "Archived 1")["verification"]["satisfied"],
        true
    );
    // The page's own status line says it happened (evaluate is denied under hardened).
    let text = ok(&g.call(json!(0), "getText", json!({})));
    assert!(
        text["text"].as_str().unwrap().contains("Archived 1"),
        "{text}"
    );
    let list = ok(&g.call(json!(1), "knowledgeList", json!({})));
    assert_eq!(list["total"], 0, "nothing learned: {list}");
    let stats = ok(&g.call(json!(2), "knowledgeStats", json!({})));
    assert_eq!(stats["learning"], false);
    let f = failed(&g.call(
        json!(3),
        "knowledgeInvalidate",
        json!({"id": 1, "state": "stale"}),
    ));
    assert_eq!(f["kind"], "policy", "{f}");
    assert_eq!(f["capability"], "knowledge-store", "{f}");
}
