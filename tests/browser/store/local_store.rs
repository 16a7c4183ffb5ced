//! The local store through the real binary: `sessionSnapshot` keeps redacted page models in
//! SQLite and compares them; the store survives a restart and a killed process; a corrupt
//! store fails its own tools while browsing goes on; only `create` starts Chrome. Checked on
//! the database file's own bytes and on the page's state.

use crate::common;

use std::path::Path;

use common::web::{Page, Server};
use common::{Glass, failed, nav, ok, temp_dir};
use serde_json::{Value, json};

const FORM: &str = r#"<title>Account</title><main><h1>Account</h1>
<form><label>Email <input name="email"></label><button type="button" onclick="more()">Add a row</button></form>
<ul aria-label="Rows"><li>First</li></ul></main>
<script>function more() { const li = document.createElement('li'); li.textContent = 'Row ' + document.querySelectorAll('li').length; document.querySelector('ul').append(li); }</script>"#;

fn glass_in(data: &Path, extra: &[(&str, &str)]) -> Glass {
    let mut env = vec![("GLASS_DATA_DIR", data.to_str().unwrap())];
    env.extend_from_slice(extra);
    // A throwaway profile keeps page data only when the user allows it.
    let mut g = Glass::spawn_env(
        &[
            "--incognito",
            "--policy-allow",
            "persist-page-data",
            "--mcp",
        ],
        &env,
    );
    g.initialize();
    g
}

fn snap(g: &mut Glass, args: Value) -> Value {
    g.call(json!("s"), "sessionSnapshot", args)
}

/// A snapshot is the page's model without what was typed or the query string: the canaries
/// never reach the database file; two snapshots diff with the Web IR diff (the added row is
/// counted); list, inspect and purge answer from the store.
#[test]
fn snapshots_are_redacted_listed_and_compared() {
    let web = Server::start(vec![("/account", Page::html(FORM))]);
    let data = temp_dir("store-snap");
    let mut g = glass_in(&data, &[]);
    nav(&mut g, &web, "/account?session=canary-query-7");
    ok(&g.call(
        json!(1),
        "type",
        json!({"target": "role=textbox;name=Email", "text": "canary-typed-9"}),
    ));
    let first = ok(&snap(&mut g, json!({"action": "create"})));
    let a = first["snapshot"].clone();
    assert_eq!(a["url"], web.url("/account"), "{first}");
    assert!(a["id"].as_str().unwrap().starts_with("snap-"), "{first}");
    ok(&g.call(
        json!(2),
        "click",
        json!({"target": "role=button;name=Add a row"}),
    ));
    assert_eq!(
        common::eval(&mut g, "document.querySelectorAll('li').length"),
        2
    );
    let second = ok(&snap(&mut g, json!({"action": "create"})))["snapshot"].clone();
    assert_ne!(a["id"], second["id"]);

    let bytes = common::store_bytes(&data);
    assert!(bytes.contains("Account"), "the store holds the page model");
    assert!(
        !bytes.contains("canary-query-7"),
        "no query string in the store"
    );
    assert!(
        !bytes.contains("canary-typed-9"),
        "no form value in the store"
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(data.join("store.sqlite3"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
    }

    let list = ok(&snap(&mut g, json!({"action": "list"})));
    let ids: Vec<&Value> = list["snapshots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| &s["id"])
        .collect();
    assert_eq!(ids, vec![&second["id"], &a["id"]], "newest first: {list}");
    let inspected = ok(&snap(&mut g, json!({"action": "inspect", "id": a["id"]})));
    assert_eq!(inspected["snapshot"], a);
    assert!(inspected["summary"].is_object(), "{inspected}");
    let d = ok(&snap(
        &mut g,
        json!({"action": "diff", "from": a["id"], "to": second["id"]}),
    ));
    assert_eq!(d["diff"]["sameUrl"], true, "{d}");
    assert!(d["diff"]["revisionDelta"].as_i64().unwrap() > 0, "{d}");
    assert!(d["diff"]["changes"].is_object(), "{d}");
    assert_ne!(
        d["diff"]["changes"]["entityAddedCount"], 0,
        "the added row is counted: {d}"
    );
    let f = failed(&snap(
        &mut g,
        json!({"action": "inspect", "id": "snap-1-000000000000"}),
    ));
    assert_eq!(f["failureKind"], "unknownSnapshot", "{f}");
    let f = failed(&snap(&mut g, json!({"action": "diff", "from": a["id"]})));
    assert_eq!(f["path"], "to", "{f}");
    assert_eq!(ok(&snap(&mut g, json!({"action": "purge"})))["deleted"], 2);
    assert_eq!(
        ok(&snap(&mut g, json!({"action": "list"})))["snapshots"],
        json!([])
    );
}

/// The store survives a clean restart and a killed process (WAL): what was created before is
/// listed after.
#[test]
fn the_store_survives_a_restart_and_a_kill() {
    let web = Server::start(vec![("/account", Page::html(FORM))]);
    let data = temp_dir("store-kill");
    let mut g = glass_in(&data, &[]);
    nav(&mut g, &web, "/account");
    let one = ok(&snap(&mut g, json!({"action": "create"})))["snapshot"]["id"].clone();
    g.close_stdin();
    g.wait_exit(std::time::Duration::from_secs(20)).unwrap();
    let mut g = glass_in(&data, &[]);
    nav(&mut g, &web, "/account");
    ok(&g.call(
        json!(1),
        "click",
        json!({"target": "role=button;name=Add a row"}),
    ));
    let two = ok(&snap(&mut g, json!({"action": "create"})))["snapshot"]["id"].clone();
    g.child.kill().unwrap();
    g.child.wait().unwrap();
    let mut g = glass_in(&data, &[]);
    let list = ok(&snap(&mut g, json!({"action": "list"})));
    let ids: Vec<Value> = list["snapshots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].clone())
        .collect();
    assert_eq!(ids, vec![two, one], "{list}");
}

/// A corrupt store file: the store's tools fail with a clear error naming it corrupt, and
/// browsing (navigate, click) goes on. Only `create` starts Chrome: list, inspect, diff and
/// purge on a fresh store never run it.
#[test]
fn a_corrupt_store_fails_its_tools_only_and_reads_never_start_chrome() {
    let web = Server::start(vec![("/account", Page::html(FORM))]);
    let data = temp_dir("store-corrupt");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(data.join("store.sqlite3"), vec![b'#'; 16384]).unwrap();
    let mut g = glass_in(&data, &[]);
    let f = failed(&snap(&mut g, json!({"action": "list"})));
    assert_eq!(f["kind"], "store", "{f}");
    assert_eq!(f["failureKind"], "storeUnavailable", "{f}");
    assert_eq!(f["store"], "corrupt", "{f}");
    nav(&mut g, &web, "/account");
    ok(&g.call(
        json!(1),
        "click",
        json!({"target": "role=button;name=Add a row"}),
    ));
    assert_eq!(
        common::eval(&mut g, "document.querySelectorAll('li').length"),
        2
    );
    let f = failed(&snap(&mut g, json!({"action": "create"})));
    assert_eq!(f["store"], "corrupt", "{f}");

    // A Chrome that only says it was started.
    let fresh = temp_dir("store-nochrome");
    std::fs::create_dir_all(&fresh).unwrap();
    let marker = fresh.join("chrome-started");
    let fake = fresh.join("fake-chrome");
    std::fs::write(
        &fake,
        format!("#!/bin/sh\ntouch {}\nexit 1\n", marker.display()),
    )
    .unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let mut h = glass_in(&fresh, &[("GLASS_CHROME", fake.to_str().unwrap())]);
    ok(&snap(&mut h, json!({"action": "list"})));
    failed(&snap(
        &mut h,
        json!({"action": "inspect", "id": "snap-1-aaaaaaaaaaaa"}),
    ));
    failed(&snap(
        &mut h,
        json!({"action": "diff", "from": "snap-1-a", "to": "snap-2-b"}),
    ));
    ok(&snap(&mut h, json!({"action": "purge"})));
    assert!(!marker.exists(), "a read of the store started Chrome");
    failed(&snap(&mut h, json!({"action": "create"})));
    assert!(marker.exists(), "create uses the browser");
}

/// The store's database, read directly beside the running Glass (WAL lets a reader in).
fn db(data: &Path) -> rusqlite::Connection {
    rusqlite::Connection::open(data.join("store.sqlite3")).unwrap()
}

/// Every snapshot row, newest first: its metadata in the tool's field names, and its draft.
fn snapshot_rows(data: &Path) -> Vec<(Value, String)> {
    let c = db(data);
    let mut q = c
        .prepare(
            "SELECT id, created, url, title, revision, entities, bytes, draft FROM snapshots
             ORDER BY created DESC, rowid DESC",
        )
        .unwrap();
    q.query_map([], |r| {
        let (id, created, url, title): (String, i64, String, String) =
            (r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?);
        let (revision, entities, bytes, draft): (i64, i64, i64, String) =
            (r.get(4)?, r.get(5)?, r.get(6)?, r.get(7)?);
        Ok((
            json!({"id": id, "created": created, "url": url, "title": title,
                   "revision": revision, "entities": entities, "bytes": bytes}),
            draft,
        ))
    })
    .unwrap()
    .collect::<Result<_, _>>()
    .unwrap()
}

fn now_secs() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

/// A page with a query-bearing link, a secret-naming text, a text outside a named region, and
/// a form field.
const NOTES: &str = r#"<title>Notes</title><main><h1>Notes page</h1>
<p>OUTSIDETEXT stays out of the region</p>
<p>Your password is SECRETWORD</p>
<a href="/x?token=LINKQ#FRAG">Next page</a>
<section aria-label="Notes"><p>NOTEONE is kept</p><button>Save note</button></section>
<label>Email <input name="email"></label></main>"#;

// Covers: S2 create with region (only its part stored), S3 list = rows newest first, S4 inspect =
// row, S5 diff from/to/revisionDelta vs rows, S6 purge (rows gone), S7 id snap-REVISION-HASH,
// S8 created, S10 title, S11 revision, S12 entities, S13 bytes — each against the row read with
// SQLite; S17 WAL; S19 no query/fragment of a link, S21 secret text replaced — in the rows.
#[test]
fn snapshot_rows_are_what_the_answers_say_and_a_region_keeps_only_itself() {
    let web = Server::start(vec![("/notes", Page::html(NOTES))]);
    let data = temp_dir("store-rows");
    let mut g = glass_in(&data, &[]);
    nav(&mut g, &web, "/notes?session=QUERYCANARY#frag");
    ok(&g.call(
        json!(1),
        "type",
        json!({"target": "role=textbox;name=Email", "text": "TYPEDCANARY"}),
    ));
    let before = now_secs();
    let a = ok(&snap(&mut g, json!({"action": "create"})))["snapshot"].clone();
    ok(&g.call(
        json!(2),
        "click",
        json!({"target": "role=button;name=Save note"}),
    ));
    let b = ok(&snap(&mut g, json!({"action": "create"})))["snapshot"].clone();
    let seen = common::observe(&mut g, json!({}));
    let notes = common::ref_of(&seen["elements"], "region", "Notes");
    let part = ok(&snap(&mut g, json!({"action": "create", "region": notes})))["snapshot"].clone();
    let after = now_secs();
    let rows = snapshot_rows(&data);
    let metas: Vec<Value> = rows.iter().map(|(m, _)| m.clone()).collect();
    assert_eq!(metas, vec![part.clone(), b.clone(), a.clone()]);
    for (meta, draft) in &rows {
        let id = meta["id"].as_str().unwrap();
        let head = format!("snap-{}-", meta["revision"]);
        assert!(id.starts_with(&head) && id.len() == head.len() + 12, "{id}");
        assert_eq!(
            meta["bytes"].as_u64().unwrap() as usize,
            draft.len(),
            "{meta}"
        );
        let parsed: Value = serde_json::from_str(draft).unwrap();
        assert_eq!(
            meta["entities"].as_u64().unwrap() as usize,
            parsed["entities"].as_array().map_or(0, Vec::len),
            "{meta}"
        );
        assert!(
            (before..=after).contains(&meta["created"].as_u64().unwrap()),
            "{meta}"
        );
        assert_eq!(
            (&meta["url"], &meta["title"]),
            (&json!(web.url("/notes")), &json!("Notes"))
        );
        for secret in [
            "QUERYCANARY",
            "TYPEDCANARY",
            "SECRETWORD",
            "LINKQ",
            "FRAG",
            "#frag",
        ] {
            assert!(!draft.contains(secret), "{secret} stored: {draft}");
        }
    }
    let (whole, region) = (&rows[2].1, &rows[0].1);
    assert!(
        whole.contains("NOTEONE") && whole.contains("OUTSIDETEXT") && whole.contains("[REDACTED]"),
        "{whole}"
    );
    assert!(
        region.contains("NOTEONE") && !region.contains("OUTSIDETEXT"),
        "{region}"
    );
    // list, diff, inspect answer from those rows.
    let list = ok(&snap(&mut g, json!({"action": "list"})));
    let listed: Vec<&Value> = list["snapshots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| &s["id"])
        .collect();
    let ids: Vec<&Value> = metas.iter().map(|m| &m["id"]).collect();
    assert_eq!(listed, ids);
    let d = ok(&snap(
        &mut g,
        json!({"action": "diff", "from": a["id"], "to": b["id"]}),
    ));
    assert_eq!(
        (&d["diff"]["from"], &d["diff"]["to"]),
        (&a["id"], &b["id"]),
        "{d}"
    );
    assert_eq!(
        d["diff"]["revisionDelta"].as_i64().unwrap(),
        metas[1]["revision"].as_i64().unwrap() - metas[2]["revision"].as_i64().unwrap(),
        "{d}"
    );
    let inspected = ok(&snap(
        &mut g,
        json!({"action": "inspect", "id": part["id"]}),
    ));
    assert_eq!(inspected["snapshot"], metas[0]);
    let mode: String = db(&data)
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .unwrap();
    assert_eq!(mode.to_lowercase(), "wal");
    assert_eq!(ok(&snap(&mut g, json!({"action": "purge"})))["deleted"], 3);
    let left: i64 = db(&data)
        .query_row("SELECT count(*) FROM snapshots", [], |r| r.get(0))
        .unwrap();
    assert_eq!(left, 0);
}

// Covers: S23 at most 128 KiB: an oversized page model is refused (invalidArguments, region) and
// no row is written.
#[test]
fn an_oversized_page_model_is_refused_and_nothing_is_stored() {
    let links: String = (1..=3000)
        .map(|i| format!("<p><a href=\"/item/{i}\">Item number {i} with a fairly long descriptive name to fill the model</a></p>"))
        .collect();
    let web = Server::start(vec![(
        "/big",
        Page::html(&format!("<title>Big</title>{links}")),
    )]);
    let data = temp_dir("store-big");
    let mut g = glass_in(&data, &[]);
    nav(&mut g, &web, "/big");
    let f = failed(&snap(&mut g, json!({"action": "create"})));
    assert_eq!(
        (f["kind"].as_str(), f["path"].as_str()),
        (Some("invalidArguments"), Some("region")),
        "{f}"
    );
    assert!(f["reason"].as_str().unwrap().contains("128 KiB"), "{f}");
    let rows: i64 = db(&data)
        .query_row("SELECT count(*) FROM snapshots", [], |r| r.get(0))
        .unwrap();
    assert_eq!(rows, 0);
}

// Covers: S26 store/storeUnavailable `tooNew` (snapshot and knowledge tools; the file left as it
// was), `io` (browsing goes on; once repaired the next call serves: a failed open is not kept),
// `locked` (another process holds the database; after its commit the call serves).
#[test]
fn a_store_that_cannot_serve_says_why_and_serves_again_once_repaired() {
    let web = Server::start(vec![("/account", Page::html(FORM))]);
    let newer = temp_dir("store-newer");
    rusqlite::Connection::open(newer.join("store.sqlite3"))
        .unwrap()
        .execute_batch("CREATE TABLE t (x); PRAGMA user_version = 99;")
        .unwrap();
    let mut g = glass_in(&newer, &[]);
    for (tool, args) in [
        ("sessionSnapshot", json!({"action": "list"})),
        ("knowledgeList", json!({})),
        ("knowledgeStats", json!({})),
    ] {
        let f = failed(&g.call(json!(1), tool, args));
        assert_eq!(
            (f["failureKind"].as_str(), f["store"].as_str()),
            (Some("storeUnavailable"), Some("tooNew")),
            "{tool}: {f}"
        );
    }
    let version: i64 = db(&newer)
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(version, 99);
    drop(g);

    let taken = temp_dir("store-io");
    std::fs::create_dir_all(taken.join("store.sqlite3")).unwrap();
    let mut g = glass_in(&taken, &[]);
    let f = failed(&snap(&mut g, json!({"action": "list"})));
    assert_eq!(f["store"], "io", "{f}");
    nav(&mut g, &web, "/account");
    ok(&g.call(
        json!(2),
        "click",
        json!({"target": "role=button;name=Add a row"}),
    ));
    assert_eq!(
        common::eval(&mut g, "document.querySelectorAll('li').length"),
        2
    );
    std::fs::remove_dir(taken.join("store.sqlite3")).unwrap();
    assert_eq!(
        ok(&snap(&mut g, json!({"action": "list"})))["snapshots"],
        json!([])
    );
    assert!(taken.join("store.sqlite3").is_file());
    drop(g);

    let held = temp_dir("store-locked");
    let mut g = glass_in(&held, &[]);
    ok(&snap(&mut g, json!({"action": "list"})));
    let other = db(&held);
    other.execute_batch("BEGIN EXCLUSIVE").unwrap();
    let f = failed(&snap(&mut g, json!({"action": "purge"})));
    assert_eq!(f["store"], "locked", "{f}");
    other.execute_batch("COMMIT").unwrap();
    assert_eq!(ok(&snap(&mut g, json!({"action": "purge"})))["deleted"], 0);
}
