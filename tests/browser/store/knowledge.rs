//! Knowledge through the real binary against real Chromium: what verified intent executions
//! teach is kept per origin and profile scope, raises a live candidate's confidence there only,
//! stops counting once invalidated, and never holds a query string or a typed value. Checked
//! on the page's own log of what was clicked and on the database file's bytes.

use crate::common;

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

/// Every knowledge row as stored, newest first (knowledgeList's order), in the tools' names.
fn stored(data: &Path) -> Vec<Value> {
    let c = rusqlite::Connection::open(data.join("store.sqlite3")).unwrap();
    let mut q = c
        .prepare(
            "SELECT id, origin, profile_scope, locale, intent, action, region, role, name,
                    successes, failures, first_seen, last_seen, state
             FROM knowledge ORDER BY last_seen DESC, id DESC",
        )
        .unwrap();
    q.query_map([], |r| {
        let (id, origin, profile, locale, intent): (i64, String, String, String, String) =
            (r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?);
        let (action, region, role, name): (String, String, String, String) =
            (r.get(5)?, r.get(6)?, r.get(7)?, r.get(8)?);
        let (successes, failures, first, last, state): (i64, i64, i64, i64, String) =
            (r.get(9)?, r.get(10)?, r.get(11)?, r.get(12)?, r.get(13)?);
        Ok(
            json!({"id": id, "origin": origin, "profileScope": profile, "locale": locale,
            "intent": intent, "action": action, "region": region, "role": role, "name": name,
            "successes": successes, "failures": failures, "firstSeen": first, "lastSeen": last,
            "state": state}),
        )
    })
    .unwrap()
    .collect::<Result<_, _>>()
    .unwrap()
}

// Covers: K1 origin/K2 state/K3 limit/K4 offset filters, K5 newest first, K6 every record field,
// K9 learned from verified outcomes (2 successes, 1 failure), K13 nothing typed or queried, K17
// quarantine holds against new evidence, K18 knowledgeShow, K20 stats, K21 storeBytes (= file
// size), K23 invalidate, K26 exact origin, K27 deleted, K28 nothing deleted before the token,
// K30 observeKnowledge level, K32/K33 applies/stale — all against the rows read with SQLite.
#[test]
fn records_are_rows_on_disk_that_the_tools_filter_page_count_and_purge() {
    let a = Server::start(vec![("/mail", Page::html(MAIL))]);
    let data = temp_dir("knowledge-rows");
    let mut g = glass_in(&data, &[]);
    nav(&mut g, &a, "/mail?session=canary-query-4");
    assert_eq!(
        archive(&mut g, "Archived 1")["verification"]["satisfied"],
        true
    );
    assert_eq!(
        archive(&mut g, "Archived 2")["verification"]["satisfied"],
        true
    );
    assert_eq!(
        archive(&mut g, "Archived 9")["verification"]["satisfied"],
        false
    );
    type_note(
        &mut g,
        "actAndVerify",
        json!({"predicates": [{"kind": "elementState", "target": "css=input", "state": "filled"}]}),
    );
    assert_eq!(
        eval(&mut g, "log"),
        json!(["archive", "archive", "archive"])
    );
    let rows = stored(&data);
    assert_eq!(rows.len(), 2, "{rows:?}");
    let archive_row = rows
        .iter()
        .find(|r| r["action"] == "click")
        .unwrap()
        .clone();
    let note_row = rows.iter().find(|r| r["action"] == "type").unwrap().clone();
    assert_eq!(
        (
            &archive_row["origin"],
            &archive_row["profileScope"],
            &archive_row["intent"],
            &archive_row["role"],
            &archive_row["name"]
        ),
        (
            &json!(a.url("")),
            &json!("anonymous"),
            &json!("archive conversation"),
            &json!("button"),
            &json!("Archive this message")
        ),
        "{archive_row}"
    );
    assert_eq!(
        (
            &archive_row["successes"],
            &archive_row["failures"],
            &archive_row["state"]
        ),
        (&json!(2), &json!(1), &json!("fresh")),
        "{archive_row}"
    );
    assert_eq!(note_row["successes"], 1, "{note_row}");
    assert!(!json!(rows).to_string().contains("canary"), "{rows:?}");
    // The tools answer from those rows.
    let list = ok(&g.call(json!(1), "knowledgeList", json!({})));
    assert_eq!(list["records"], json!(rows), "{list}");
    assert_eq!(list["total"], 2);
    let first = ok(&g.call(json!(2), "knowledgeList", json!({"limit": 1})));
    let second = ok(&g.call(json!(3), "knowledgeList", json!({"limit": 1, "offset": 1})));
    assert_eq!(first["records"].as_array().unwrap().len(), 1, "{first}");
    assert_eq!(first["total"], 2, "{first}");
    assert_eq!(
        (&first["records"][0], &second["records"][0]),
        (&rows[0], &rows[1])
    );
    let shown = ok(&g.call(json!(4), "knowledgeShow", json!({"id": archive_row["id"]})));
    assert_eq!(shown["record"], archive_row);
    let stats = ok(&g.call(json!(5), "knowledgeStats", json!({})));
    let size = std::fs::metadata(data.join("store.sqlite3")).unwrap().len();
    assert_eq!(stats["storeBytes"], size, "{stats}");
    assert_eq!(
        (&stats["records"], &stats["fresh"], &stats["origins"]),
        (&json!(2), &json!(2), &json!(1)),
        "{stats}"
    );
    // Quarantined: the row says so, the state filter finds it, new evidence does not lift it.
    let id = archive_row["id"].clone();
    let inv = ok(&g.call(
        json!(6),
        "knowledgeInvalidate",
        json!({"id": id, "state": "quarantined"}),
    ));
    assert_eq!(inv["record"]["state"], "quarantined");
    let row_of = |data: &Path| stored(data).into_iter().find(|r| r["id"] == id).unwrap();
    assert_eq!(row_of(&data)["state"], "quarantined");
    let by = |g: &mut Glass, state: &str| {
        ok(&g.call(json!("s"), "knowledgeList", json!({"state": state})))
    };
    let q = by(&mut g, "quarantined");
    assert_eq!(
        (&q["total"], &q["records"][0]["id"]),
        (&json!(1), &id),
        "{q}"
    );
    let fresh = by(&mut g, "fresh");
    assert_eq!(
        (&fresh["total"], &fresh["records"][0]["id"]),
        (&json!(1), &note_row["id"]),
        "{fresh}"
    );
    assert_eq!(
        archive(&mut g, "Archived 4")["verification"]["satisfied"],
        true
    );
    let row = row_of(&data);
    assert_eq!(
        (&row["state"], &row["successes"]),
        (&json!("quarantined"), &json!(3)),
        "{row}"
    );
    // observeKnowledge: the quarantined record is neither applicable nor stale; the note applies.
    let seen = ok(&g.call(json!(7), "observeKnowledge", json!({})));
    let ids = |v: &Value| {
        v.as_array()
            .unwrap()
            .iter()
            .map(|r| r["id"].clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(
        ids(&seen["knowledge"]["applies"]),
        vec![note_row["id"].clone()],
        "{seen}"
    );
    assert_eq!(
        ids(&seen["knowledge"]["stale"]),
        Vec::<Value>::new(),
        "{seen}"
    );
    // Its level is observe's level.
    let summary = ok(&g.call(json!(8), "observeKnowledge", json!({"level": "summary"})));
    let plain = common::observe(&mut g, json!({"level": "summary"}));
    assert_eq!(
        summary["observation"]["elements"], plain["elements"],
        "{summary}"
    );
    assert_ne!(
        summary["observation"]["elements"],
        seen["observation"]["elements"]
    );
    // Purge: only an exact origin, and only with a token; rows go only then.
    let bad = json!({"origin": a.url("/mail")});
    let f = failed(&g.call(json!(9), "knowledgePurge", bad.clone()));
    assert_eq!(f["kind"], "confirmationRequired", "{f}");
    let mut confirmed = bad;
    confirmed["confirmToken"] = f["confirmToken"].clone();
    let f = failed(&g.call(json!(10), "knowledgePurge", confirmed));
    assert_eq!(
        (f["kind"].as_str(), f["path"].as_str()),
        (Some("invalidArguments"), Some("origin")),
        "{f}"
    );
    assert_eq!(stored(&data).len(), 2);
    let good = json!({"origin": a.url("")});
    let f = failed(&g.call(json!(11), "knowledgePurge", good.clone()));
    assert_eq!(stored(&data).len(), 2, "nothing deleted before the token");
    let mut confirmed = good;
    confirmed["confirmToken"] = f["confirmToken"].clone();
    assert_eq!(
        ok(&g.call(json!(12), "knowledgePurge", confirmed))["deleted"],
        2
    );
    assert!(stored(&data).is_empty());
}

// Covers: K7 profileBound (a kept profile; the row says so), K34 outOfScope for a throwaway
// session, and such a record never weighs in there (considered 0).
#[test]
fn a_kept_profile_learns_profile_bound_records_a_throwaway_one_cannot_use() {
    let a = Server::start(vec![("/mail", Page::html(MAIL))]);
    let data = temp_dir("knowledge-profile");
    {
        let mut g = Glass::spawn_env(&["--mcp"], &[("GLASS_DATA_DIR", data.to_str().unwrap())]);
        g.initialize();
        nav(&mut g, &a, "/mail");
        assert_eq!(
            archive(&mut g, "Archived 1")["verification"]["satisfied"],
            true
        );
        let list = ok(&g.call(json!(1), "knowledgeList", json!({})));
        assert_eq!(list["records"][0]["profileScope"], "profileBound", "{list}");
    }
    let rows = stored(&data);
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0]["profileScope"], "profileBound");
    let mut h = glass_in(&data, &[]);
    nav(&mut h, &a, "/mail");
    let seen = ok(&h.call(json!(2), "observeKnowledge", json!({})));
    assert_eq!(seen["knowledge"]["outOfScope"], 1, "{seen}");
    assert_eq!(seen["knowledge"]["applies"], json!([]), "{seen}");
    let k = with_knowledge(&mut h);
    assert_eq!(k["knowledge"]["considered"], 0, "{k}");
    assert!(k["candidates"][0].get("historicalMatch").is_none(), "{k}");
}

/// Records learned before Glass opens the store: (intent, name, outcomes, when), clicks on
/// buttons of `origin` by an anonymous profile.
fn seed(data: &Path, records: &[(&str, &str, &[bool], u64)], origin: &str) {
    let store = glass::store::Store::open(&data.join(glass::store::FILE_NAME)).unwrap();
    for (intent, name, outcomes, at) in records {
        for worked in outcomes.iter() {
            let scope = glass::store::knowledge::Scope {
                origin: origin.to_owned(),
                profile_scope: "anonymous".into(),
                locale: String::new(),
                intent: (*intent).to_owned(),
                action: "click".into(),
                region: String::new(),
                role: "button".into(),
                name: (*name).to_owned(),
            };
            glass::store::knowledge::learn(&store, &scope, *worked, *at).unwrap();
        }
    }
}

/// Three buttons that log their own name.
const MAIL2: &str = r#"<title>Mail</title><script>window.log = [];</script><main><h1>Inbox</h1>
<button onclick="log.push(this.textContent)">Archive this message</button>
<button onclick="log.push(this.textContent)">Archive all messages</button>
<button onclick="log.push(this.textContent)">Delete this message</button></main>"#;

// Covers: K3 default limit 20, K15 a month unseen reads stale (the row still says fresh), K16
// contradicted, K33 stale listed by observeKnowledge, K37 the lift is min(1, live + 0.05 per
// success capped at 0.2), K38 considered/matched/notOnPage/contradicted, K39 no candidate added,
// K40 an exact live result unchanged, K42 only fresh records count, K44 executeIntent acts only
// where the live page points (the page's own log) — against records seeded into the store.
#[test]
fn history_weighs_live_candidates_only_and_never_overturns_the_page() {
    let web = Server::start(vec![("/mail", Page::html(MAIL2))]);
    let data = temp_dir("knowledge-seeded");
    let origin = glass::store::knowledge::origin_of(&web.url("/mail")).unwrap();
    let now = glass::store::knowledge::now();
    let month = 31 * 24 * 3600;
    seed(
        &data,
        &[
            (
                "archive conversation",
                "Archive all messages",
                &[true; 10] as &[bool],
                now,
            ),
            (
                "archive conversation",
                "Ghost button",
                &[true] as &[bool],
                now,
            ),
            (
                "delete this message",
                "Delete this message",
                &[true] as &[bool],
                now - month,
            ),
            (
                "delete this message",
                "Archive this message",
                &[true, false, false] as &[bool],
                now,
            ),
        ],
        &origin,
    );
    let extra_names: Vec<String> = (0..21).map(|i| format!("Extra {i}")).collect();
    let extra: Vec<(&str, &str, &[bool], u64)> = extra_names
        .iter()
        .map(|n| ("other intent", n.as_str(), &[true] as &[bool], now))
        .collect();
    seed(&data, &extra, "http://example.test");

    let mut g = glass_in(&data, &[]);
    nav(&mut g, &web, "/mail");
    let plain = ok(&g.call(json!(1), "resolveIntent", intent()));
    let k = with_knowledge(&mut g);
    let names = |r: &Value| {
        let mut v: Vec<String> = r["candidates"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["name"].as_str().unwrap().to_owned())
            .collect();
        v.sort();
        v
    };
    assert_eq!(names(&k), names(&plain), "history adds no candidate: {k}");
    assert!(!names(&k).contains(&"Ghost button".to_owned()), "{k}");
    assert_eq!(
        k["knowledge"],
        json!({"considered": 2, "matched": 1, "notOnPage": 1, "contradicted": 0}),
        "{k}"
    );
    let all = k["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "Archive all messages")
        .unwrap_or_else(|| panic!("{k}"));
    let live = all["confidence"].as_f64().unwrap();
    let want = (((live + 0.2) * 100.0).round() / 100.0).min(1.0);
    assert!(
        (all["knowledgeConfidence"].as_f64().unwrap() - want).abs() < 1e-9,
        "{k}"
    );
    assert_eq!(all["historicalMatch"]["successes"], 10, "{k}");
    // Whatever history says, an action goes only where the live page points.
    let chosen = k["candidates"][0]["candidateId"].clone();
    let top = k["candidates"][0]["name"].clone();
    let mut act = intent();
    act["candidateId"] = chosen.clone();
    let r = ok(&g.call(json!(2), "executeIntent", act));
    let executed = r["status"] == "executed";
    assert_eq!(executed, plain["selection"] == chosen, "{r}");
    let log = eval(&mut g, "log");
    assert_eq!(log, if executed { json!([top]) } else { json!([]) }, "{r}");
    // An exact live match stays as the page says, whatever the records of that intent say.
    let delete = json!({"schemaVersion": 1, "intent": "Delete this message", "action": "click",
                        "resolutionPolicy": "allowUniqueMediumConfidence"});
    let plain = ok(&g.call(json!(3), "resolveIntent", delete.clone()));
    let k = ok(&g.call(json!(4), "resolveIntentWithKnowledge", delete));
    assert_eq!(
        (
            &k["classification"],
            &k["selection"],
            &k["candidates"][0]["name"]
        ),
        (
            &plain["classification"],
            &plain["selection"],
            &plain["candidates"][0]["name"]
        ),
        "{k}"
    );
    assert_eq!(k["knowledge"]["matched"], 0, "{k}");
    assert!(
        k["candidates"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c.get("historicalMatch").is_none()),
        "{k}"
    );
    // The month-old record reads stale though its row says fresh; the other is contradicted.
    let stale = ok(&g.call(json!(5), "knowledgeList", json!({"state": "stale"})));
    assert_eq!(
        (&stale["total"], &stale["records"][0]["name"]),
        (&json!(1), &json!("Delete this message")),
        "{stale}"
    );
    let contradicted = ok(&g.call(json!(6), "knowledgeList", json!({"state": "contradicted"})));
    assert_eq!(contradicted["total"], 1, "{contradicted}");
    let raw: String = rusqlite::Connection::open(data.join("store.sqlite3"))
        .unwrap()
        .query_row(
            "SELECT state FROM knowledge WHERE name = 'Delete this message'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(raw, "fresh");
    let stats = ok(&g.call(json!(7), "knowledgeStats", json!({})));
    assert_eq!(
        (
            &stats["records"],
            &stats["fresh"],
            &stats["stale"],
            &stats["contradicted"],
            &stats["origins"]
        ),
        (&json!(25), &json!(23), &json!(1), &json!(1), &json!(2)),
        "{stats}"
    );
    // A stale record whose element is on the page is listed as stale, never as applicable.
    let seen = ok(&g.call(json!(8), "observeKnowledge", json!({})));
    let listed = |key: &str| {
        seen["knowledge"][key]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["name"].as_str().unwrap().to_owned())
            .collect::<Vec<_>>()
    };
    assert!(
        listed("stale").contains(&"Delete this message".to_owned()),
        "{seen}"
    );
    assert!(
        !listed("applies").contains(&"Delete this message".to_owned()),
        "{seen}"
    );
    // Twenty records at a time unless asked otherwise.
    let page = ok(&g.call(json!(9), "knowledgeList", json!({})));
    assert_eq!(
        (page["records"].as_array().unwrap().len(), &page["total"]),
        (20, &json!(25)),
        "{page}"
    );
}

// EXTEND tests/knowledge.rs `hardened_keeps_the_store_read_only`, at its end — Covers K12 (no row
// written, read on disk) and K29 (purge refused by the policy before any confirmation):
//
//     let rows: i64 = rusqlite::Connection::open(data.join("store.sqlite3"))
//         .unwrap()
//         .query_row("SELECT count(*) FROM knowledge", [], |r| r.get(0))
//         .unwrap();
//     assert_eq!(rows, 0);
//     let f = failed(&g.call(json!(4), "knowledgePurge", json!({"origin": a.url("")})));
//     assert_eq!(
//         (f["kind"].as_str(), f["capability"].as_str()),
//         (Some("policy"), Some("knowledge-store")),
//         "{f}"
//     );
