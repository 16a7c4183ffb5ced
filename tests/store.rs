//! The local store through the real binary: `sessionSnapshot` keeps redacted page models in
//! SQLite and compares them; the store survives a restart and a killed process; a corrupt
//! store fails its own tools while browsing goes on; only `create` starts Chrome. Checked on
//! the database file's own bytes and on the page's state.

mod common;

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
