//! `cookies` and `storageState` through the real binary against real Chromium: a login's state
//! saved in one session and loaded in a fresh one signs that session in, checked on what the
//! page itself renders from its cookie and its local storage; cookie values are never shown.

use crate::common;

use common::web::{Page, Server};
use common::{failed, nav, ok, temp_dir};
use serde_json::json;

const LOGIN: &str = r#"<title>Login</title><script>
document.cookie = 'session=ada-7; path=/'; localStorage.theme = 'dark';
</script><h1>Welcome</h1>"#;

const ACCOUNT: &str = r#"<title>Account</title><p id="who"></p><p id="theme"></p><script>
const s = document.cookie.match(/session=([^;]+)/);
document.getElementById('who').textContent = s ? 'Signed in as ' + s[1] : 'Signed out';
document.getElementById('theme').textContent = 'Theme ' + (localStorage.theme || 'light');
</script>"#;

/// An incognito session keeping Glass's files in `data`, initialized.
fn session_in(data: &std::path::Path, extra: &[&str]) -> common::Glass {
    let mut args = vec!["--incognito"];
    args.extend_from_slice(extra);
    args.push("--mcp");
    let mut g = common::Glass::spawn_env(&args, &[("GLASS_DATA_DIR", data.to_str().unwrap())]);
    g.initialize();
    g
}

fn text(g: &mut common::Glass) -> String {
    ok(&g.call(json!("t"), "getText", json!({})))["text"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// Signed in, saved, loaded into a fresh session: the page there says who is signed in and
/// shows the saved theme; a lasting cookie keeps its expiry and a session cookie stays one;
/// clearing and setting cookies change what the page renders.
#[test]
fn a_saved_login_signs_a_fresh_session_in() {
    let web = Server::start(vec![
        ("/login", Page::html(LOGIN)),
        ("/account", Page::html(ACCOUNT)),
    ]);
    // One user's Glass: both sessions keep their files in the same data directory (where the
    // key that signs saved states lives).
    let data = temp_dir("state-data");
    let mut g = session_in(&data, &[]);
    nav(&mut g, &web, "/login");
    // "Keep me signed in": a cookie that outlasts the browser.
    common::eval(
        &mut g,
        "document.cookie = 'remember=1; max-age=86400; path=/'",
    );
    nav(&mut g, &web, "/account");
    assert!(text(&mut g).contains("Signed in as ada-7"));
    let listed = ok(&g.call(json!(1), "cookies", json!({"action": "list"})));
    assert_eq!(
        listed_cookie(&listed, "session")["valueBytes"],
        5,
        "{listed}"
    );
    let lasting = listed_cookie(&listed, "remember")["expires"]
        .as_f64()
        .unwrap();
    assert!(lasting > 0.0, "{listed}");
    assert!(
        !listed.to_string().contains("ada-7"),
        "values are never shown: {listed}"
    );
    let dir = temp_dir("state");
    let file = dir.join("login.json");
    let saved = ok(&g.call(
        json!(2),
        "storageState",
        json!({"action": "save", "path": file.to_str().unwrap()}),
    ));
    assert_eq!(
        (saved["cookies"].clone(), saved["localStorageItems"].clone()),
        (json!(2), json!(1)),
        "{saved}"
    );
    assert!(!saved.to_string().contains("ada-7"));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "the saved state is the owner's only");
    }

    let mut fresh = session_in(&data, &[]);
    nav(&mut fresh, &web, "/account");
    assert!(text(&mut fresh).contains("Signed out"));
    let loaded = ok(&fresh.call(
        json!(3),
        "storageState",
        json!({"action": "load", "path": file.to_str().unwrap()}),
    ));
    assert_eq!(
        (
            loaded["cookies"].clone(),
            loaded["localStorageItems"].clone()
        ),
        (json!(2), json!(1)),
        "{loaded}"
    );
    let listed = ok(&fresh.call(json!(31), "cookies", json!({"action": "list"})));
    let expires = listed_cookie(&listed, "remember")["expires"]
        .as_f64()
        .unwrap();
    assert!(
        (expires - lasting).abs() <= 1.0,
        "{expires} against {lasting}"
    );
    assert_eq!(
        listed_cookie(&listed, "session")["expires"].as_f64(),
        Some(-1.0),
        "{listed}"
    );
    ok(&fresh.call(json!(4), "reload", json!({"observe": false})));
    let page = text(&mut fresh);
    assert!(
        page.contains("Signed in as ada-7") && page.contains("Theme dark"),
        "{page}"
    );

    let cleared = ok(&fresh.call(
        json!(5),
        "cookies",
        json!({"action": "clear", "name": "session"}),
    ));
    assert_eq!(cleared["deleted"], 1);
    ok(&fresh.call(json!(6), "reload", json!({"observe": false})));
    assert!(text(&mut fresh).contains("Signed out"));
    ok(&fresh.call(
        json!(7),
        "cookies",
        json!({"action": "set", "cookies": [{"name": "session", "value": "bob-2"}]}),
    ));
    ok(&fresh.call(json!(8), "reload", json!({"observe": false})));
    assert!(text(&mut fresh).contains("Signed in as bob-2"));
    // A file Glass did not save is refused; a path outside the allowed directories too.
    std::fs::write(dir.join("other.json"), "{}").unwrap();
    let f = failed(&fresh.call(
        json!(9),
        "storageState",
        json!({"action": "load", "path": dir.join("other.json").to_str().unwrap()}),
    ));
    assert_eq!(f["path"], "path", "{f}");
    let f = failed(&fresh.call(
        json!(10),
        "storageState",
        json!({"action": "save", "path": "/var/tmp/glass-state.json"}),
    ));
    assert_eq!(f["path"], "path", "{f}");
}

/// The hardened preset denies cookie access: the tools are not listed and a call is refused.
#[test]
fn hardened_denies_cookie_access() {
    let web = Server::start(vec![("/account", Page::html(ACCOUNT))]);
    let mut g = common::hardened();
    // Not listed even with their family added (the lean list's growth keeps the policy's rule).
    ok(&g.call(json!(0), "addTools", json!({"families": ["devtools"]})));
    let list = g.request(json!(1), "tools/list", json!({}));
    let names = list["result"]["tools"].to_string();
    assert!(names.contains("\"listRequests\""), "{names}");
    assert!(!names.contains("\"cookies\"") && !names.contains("\"storageState\""));
    nav(&mut g, &web, "/account");
    let f = failed(&g.call(json!(2), "cookies", json!({"action": "list"})));
    assert_eq!(f["kind"], "policy", "{f}");
    assert_eq!(f["capability"], "cookie-access", "{f}");
}

/// #26 Part B 8: `storageState load` took a hand-written file that planted a cookie for a host
/// the rules do not allow, and `cookies set` took any domain. Only files this Glass saved load
/// (their MAC is keyed by a secret in the data directory: a forged or edited file is refused),
/// and a cookie is set only for a host the rules allow. Checked on what the page itself sees.
#[test]
fn only_saved_states_load_and_cookies_stay_within_the_host_rules() {
    let web = Server::start(vec![
        ("/login", Page::html(LOGIN)),
        ("/account", Page::html(ACCOUNT)),
    ]);
    let data = temp_dir("forged-data");
    let rules = ["--policy-allow-host", "127.0.0.1"];
    let mut g = session_in(&data, &rules);
    nav(&mut g, &web, "/login");
    let dir = temp_dir("forged");
    let file = dir.join("login.json");
    ok(&g.call(
        json!(1),
        "storageState",
        json!({"action": "save", "path": file}),
    ));
    // A hand-written state in the saved shape, and the saved one edited: both refused.
    let saved: serde_json::Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    let mut forged = saved.clone();
    forged["state"]["cookies"] =
        json!([{"name": "forged", "value": "ATTACKER", "domain": "127.0.0.1", "path": "/"}]);
    std::fs::write(dir.join("forged.json"), forged.to_string()).unwrap();
    let mut edited = saved.clone();
    edited["state"]["cookies"][0]["value"] = json!("mallory");
    std::fs::write(dir.join("edited.json"), edited.to_string()).unwrap();
    let mut fresh = session_in(&data, &rules);
    nav(&mut fresh, &web, "/account");
    for name in ["forged.json", "edited.json"] {
        let f = failed(&fresh.call(
            json!(2),
            "storageState",
            json!({"action": "load", "path": dir.join(name)}),
        ));
        assert_eq!(f["path"], "path", "{name}: {f}");
    }
    assert_eq!(
        common::eval(&mut fresh, "document.cookie"),
        "",
        "a refused file set a cookie"
    );
    // A cookie for a host the rules do not allow is refused; the page's own host works.
    let f = failed(&fresh.call(
        json!(3),
        "cookies",
        json!({"action": "set", "cookies": [{"name": "x", "value": "1", "domain": "bank.test"}]}),
    ));
    assert_eq!(f["failureKind"], "hostNotAllowed", "{f}");
    ok(&fresh.call(
        json!(4),
        "cookies",
        json!({"action": "set", "cookies": [{"name": "ok", "value": "1", "domain": "127.0.0.1"}]}),
    ));
    assert_eq!(common::eval(&mut fresh, "document.cookie"), "ok=1");
    // The state Glass saved loads in another session of the same data directory.
    ok(&fresh.call(
        json!(5),
        "storageState",
        json!({"action": "load", "path": file}),
    ));
    ok(&fresh.call(json!(6), "reload", json!({"observe": false})));
    assert!(text(&mut fresh).contains("Signed in as ada-7"));
}

/// Issue 28: `cookies list` says which cookies the page's scripts cannot read: a cookie the
/// server set `HttpOnly` is listed `httpOnly: true` (and the page itself cannot see it), one the
/// page's script set is listed `httpOnly: false`.
#[test]
fn cookies_list_says_which_cookies_scripts_cannot_read() {
    let web = Server::start(vec![(
        "/login",
        Page::html("<title>Login</title><script>document.cookie = 'theme=dark; path=/';</script>")
            .header("Set-Cookie", "session=abc; Path=/; HttpOnly"),
    )]);
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/login");
    assert_eq!(
        common::eval(&mut g, "document.cookie"),
        "theme=dark",
        "the page reads only its own cookie"
    );
    let listed = ok(&g.call(json!(1), "cookies", json!({"action": "list"})));
    let flag = |name: &str| {
        listed["cookies"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == name)
            .map(|c| c["httpOnly"].clone())
    };
    assert_eq!(flag("session"), Some(json!(true)), "{listed}");
    assert_eq!(flag("theme"), Some(json!(false)), "{listed}");
}

// [S1] cookies: set `path`, `httpOnly`, `set` count; list = the cookies the server is sent for
// the page's URL (path scoping), with `domain`, `path`, `expires` (session -1, and what the page
// set), `valueBytes`; clear without a name (only this URL's cookies) and by name, checked on the
// Cookie header the server receives; `secure` (answer-level: 127.0.0.1 is a trustworthy origin,
// so a Secure cookie behaves the same there).

const JAR: &str = r#"<title>Jar</title><link rel="icon" href="data:,"><p>jar</p>"#;

/// The names of the cookies the last request for `path` carried, sorted; `None` when no
/// request for it came.
fn cookie_names(rec: &common::web::Recorder, path: &str) -> Option<Vec<String>> {
    rec.headers_of(path).map(|h| {
        let mut names: Vec<String> = h
            .iter()
            .filter(|(k, _)| k == "cookie")
            .flat_map(|(_, v)| {
                v.split(';')
                    .map(|c| c.trim().split('=').next().unwrap_or("").to_owned())
                    .collect::<Vec<_>>()
            })
            .filter(|n| !n.is_empty())
            .collect();
        names.sort();
        names
    })
}

/// The cookies a `cookies list` answer names, sorted.
fn listed_names(listed: &serde_json::Value) -> Vec<String> {
    let mut names: Vec<String> = listed["cookies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap().to_owned())
        .collect();
    names.sort();
    names
}

/// The cookie named `name` in a `cookies list` answer.
fn listed_cookie(listed: &serde_json::Value, name: &str) -> serde_json::Value {
    listed["cookies"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == name)
        .cloned()
        .unwrap_or_else(|| panic!("{name} not listed: {listed}"))
}

#[test]
fn cookies_set_list_and_clear_are_what_the_server_is_sent() {
    let rec = common::web::Recorder::start("text/html; charset=utf-8", JAR, "");
    let mut g = common::incognito(&[]);
    let go = |g: &mut common::Glass, path: &str| {
        ok(&g.call(
            json!("go"),
            "navigate",
            json!({"url": rec.url(path), "observe": false}),
        ));
    };
    let names = |v: &[&str]| Some(v.iter().map(|s| s.to_string()).collect::<Vec<_>>());
    go(&mut g, "/top");
    let set = ok(&g.call(
        json!(1),
        "cookies",
        json!({"action": "set", "cookies": [
            {"name": "visible", "value": "v-1"},
            {"name": "hidden", "value": "h-22", "httpOnly": true},
            {"name": "scoped", "value": "s-333", "path": "/sub"},
        ]}),
    ));
    assert_eq!(set["set"], 3, "{set}");
    assert_eq!(
        common::eval(&mut g, "document.cookie"),
        "visible=v-1",
        "an httpOnly cookie and a /sub cookie stay out of this page's reach"
    );
    go(&mut g, "/top2");
    assert_eq!(cookie_names(&rec, "/top2"), names(&["hidden", "visible"]));
    go(&mut g, "/sub/page");
    assert_eq!(
        cookie_names(&rec, "/sub/page"),
        names(&["hidden", "scoped", "visible"])
    );

    // list: the cookies this URL is sent, with their domain, path and size.
    let listed = ok(&g.call(json!(2), "cookies", json!({"action": "list"})));
    assert_eq!(
        Some(listed_names(&listed)),
        cookie_names(&rec, "/sub/page"),
        "{listed}"
    );
    let scoped = listed_cookie(&listed, "scoped");
    assert_eq!(
        (
            scoped["domain"].as_str(),
            scoped["path"].as_str(),
            scoped["valueBytes"].as_u64(),
            scoped["expires"].as_f64()
        ),
        (Some("127.0.0.1"), Some("/sub"), Some(5), Some(-1.0)),
        "{scoped}"
    );
    let hidden = listed_cookie(&listed, "hidden");
    assert_eq!(
        (hidden["httpOnly"].as_bool(), hidden["path"].as_str()),
        (Some(true), Some("/")),
        "{hidden}"
    );
    go(&mut g, "/top3");
    let listed = ok(&g.call(json!(3), "cookies", json!({"action": "list"})));
    assert_eq!(
        Some(listed_names(&listed)),
        cookie_names(&rec, "/top3"),
        "{listed}"
    );

    // expires: what the page itself set (a day from now, whole seconds).
    let expires = common::eval(
        &mut g,
        "(() => { const e = new Date(Date.now() + 86400000); document.cookie = 'kept=1; expires=' + e.toUTCString() + '; path=/'; return Math.floor(e.getTime() / 1000); })()",
    );
    let listed = ok(&g.call(json!(4), "cookies", json!({"action": "list"})));
    let kept = listed_cookie(&listed, "kept");
    assert!(
        (kept["expires"].as_f64().unwrap() - expires.as_f64().unwrap()).abs() <= 1.0,
        "{kept} against {expires}"
    );

    // clear without a name: every cookie of this URL, and only those.
    let cleared = ok(&g.call(json!(5), "cookies", json!({"action": "clear"})));
    assert_eq!(cleared["deleted"], 3, "visible, hidden, kept: {cleared}");
    go(&mut g, "/sub/after");
    assert_eq!(cookie_names(&rec, "/sub/after"), names(&["scoped"]));
    let cleared = ok(&g.call(
        json!(6),
        "cookies",
        json!({"action": "clear", "name": "scoped"}),
    ));
    assert_eq!(cleared["deleted"], 1);
    go(&mut g, "/sub/last");
    assert_eq!(cookie_names(&rec, "/sub/last"), names(&[]));

    // secure: listed as such (answer-level; see the note above).
    ok(&g.call(
        json!(7),
        "cookies",
        json!({"action": "set", "cookies": [{"name": "sec", "value": "1", "secure": true}]}),
    ));
    let listed = ok(&g.call(json!(8), "cookies", json!({"action": "list"})));
    assert_eq!(listed_cookie(&listed, "sec")["secure"], true, "{listed}");
}

// [S2] storageState: result `path`; the file holds the values; the signing key (32 bytes,
// 0600, storage-state.key); relative and outside paths write nothing; pendingOrigins (loaded on
// another origin, the storage waits; loaded again there it lands); a file from another data
// directory is refused; a signed file over 1 MiB is refused (the same file unpadded loads).

#[test]
fn storage_states_wait_for_their_origin_and_load_only_where_they_were_saved() {
    let a = Server::start(vec![
        ("/login", Page::html(LOGIN)),
        ("/account", Page::html(ACCOUNT)),
    ]);
    let b = Server::start(vec![("/account", Page::html(ACCOUNT))]);
    let data = temp_dir("edge-data");
    let dir = temp_dir("edge");
    let file = dir.join("login.json");
    let mut g = session_in(&data, &[]);
    nav(&mut g, &a, "/login");
    let saved = ok(&g.call(
        json!(1),
        "storageState",
        json!({"action": "save", "path": file}),
    ));
    assert_eq!(
        saved["path"],
        file.canonicalize().unwrap().to_str().unwrap(),
        "{saved}"
    );
    assert!(
        String::from_utf8_lossy(&std::fs::read(&file).unwrap()).contains("ada-7"),
        "a saved login holds its values"
    );
    let key = data.join("storage-state.key");
    assert_eq!(std::fs::read(&key).unwrap().len(), 32);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(
            std::fs::metadata(&key).unwrap().permissions().mode() & 0o777,
            0o600
        );
    }
    let stamp = std::process::id();
    for p in [
        format!("glass-audit-state-{stamp}.json"),
        format!("/var/tmp/glass-audit-state-{stamp}.json"),
    ] {
        let f = failed(&g.call(
            json!(2),
            "storageState",
            json!({"action": "save", "path": p}),
        ));
        assert_eq!(f["path"], "path", "{f}");
        assert!(!std::path::Path::new(&p).exists(), "{p} was written");
    }
    drop(g);

    // Loaded on another origin: the cookie now, the local storage once a page of its own is open.
    let mut fresh = session_in(&data, &[]);
    nav(&mut fresh, &b, "/account");
    let loaded = ok(&fresh.call(
        json!(3),
        "storageState",
        json!({"action": "load", "path": file}),
    ));
    assert_eq!(
        (
            &loaded["cookies"],
            &loaded["localStorageItems"],
            &loaded["pendingOrigins"]
        ),
        (&json!(1), &json!(0), &json!([a.url("")])),
        "{loaded}"
    );
    nav(&mut fresh, &a, "/account");
    assert!(
        text(&mut fresh).contains("Theme light"),
        "the waiting origin's storage was written before a page of it was open"
    );
    let again = ok(&fresh.call(
        json!(4),
        "storageState",
        json!({"action": "load", "path": file}),
    ));
    assert_eq!(again["localStorageItems"], 1, "{again}");
    assert!(again.get("pendingOrigins").is_none(), "{again}");
    ok(&fresh.call(json!(5), "reload", json!({"observe": false})));
    let page = text(&mut fresh);
    assert!(
        page.contains("Signed in as ada-7") && page.contains("Theme dark"),
        "{page}"
    );
    drop(fresh);

    // Another data directory's Glass does not take the file: nothing of it reaches the page.
    let mut stranger = session_in(&temp_dir("edge-other"), &[]);
    nav(&mut stranger, &a, "/account");
    let f = failed(&stranger.call(
        json!(6),
        "storageState",
        json!({"action": "load", "path": file}),
    ));
    assert_eq!(f["path"], "path", "{f}");
    assert_eq!(
        common::eval(
            &mut stranger,
            "document.cookie + '|' + (localStorage.theme || '')"
        ),
        "|"
    );
    drop(stranger);

    // Over 1 MiB: refused though its signature still holds (whitespace after the JSON); the
    // same file unpadded loads.
    let mut padded = std::fs::read(&file).unwrap();
    padded.extend(std::iter::repeat_n(b' ', 1024 * 1024));
    let big = dir.join("padded.json");
    std::fs::write(&big, &padded).unwrap();
    let mut third = session_in(&data, &[]);
    nav(&mut third, &a, "/account");
    let f = failed(&third.call(
        json!(7),
        "storageState",
        json!({"action": "load", "path": big}),
    ));
    assert_eq!(f["path"], "path", "{f}");
    assert_eq!(common::eval(&mut third, "document.cookie"), "");
    ok(&third.call(
        json!(8),
        "storageState",
        json!({"action": "load", "path": file}),
    ));
    assert_eq!(
        common::eval(&mut third, "document.cookie"),
        "session=ada-7",
        "the unpadded file loads: only the size was refused"
    );
}

// [S3] cookie-access denied (hardened, evaluate given back to read the page): cookies set and
// clear and storageState save change nothing (page cookie, no file); host rules: a batch with
// one refused domain sets none of its cookies (hostNotAllowed, deniedHost); storageState load
// of a state whose cookie is for a denied host is refused (answer-level only: the refusing
// session cannot visit that host to see the cookie).

#[test]
fn refused_cookie_calls_change_nothing() {
    let web = Server::start(vec![
        ("/login", Page::html(LOGIN)),
        ("/account", Page::html(ACCOUNT)),
    ]);
    let dir = temp_dir("refused-state");
    let file = dir.join("state.json");
    let mut h = common::Glass::spawn(&[
        "--incognito",
        "--policy",
        "hardened",
        "--policy-allow-host",
        "127.0.0.1",
        "--policy-allow",
        "evaluate",
        "--mcp",
    ]);
    h.initialize();
    nav(&mut h, &web, "/login");
    for (tool, args) in [
        (
            "cookies",
            json!({"action": "set", "cookies": [{"name": "planted", "value": "x"}]}),
        ),
        ("cookies", json!({"action": "clear"})),
        ("storageState", json!({"action": "save", "path": file})),
    ] {
        let f = failed(&h.call(json!(1), tool, args));
        assert_eq!(
            (f["kind"].as_str(), f["capability"].as_str()),
            (Some("policy"), Some("cookie-access")),
            "{tool}: {f}"
        );
    }
    assert_eq!(
        common::eval(&mut h, "document.cookie"),
        "session=ada-7",
        "a denied call changed the cookies"
    );
    assert!(!file.exists(), "a denied save wrote its file");
    drop(h);

    // A state saved on localhost, by a session without rules.
    let data = temp_dir("refused-data");
    let local = dir.join("local.json");
    let mut a = session_in(&data, &[]);
    ok(&a.call(
        json!(2),
        "navigate",
        json!({"url": format!("http://localhost:{}/login", web.port), "observe": false}),
    ));
    ok(&a.call(
        json!(3),
        "storageState",
        json!({"action": "save", "path": local}),
    ));
    drop(a);
    let mut g = session_in(
        &data,
        &[
            "--policy-allow-host",
            "127.0.0.1",
            "--policy-deny-host",
            "localhost",
        ],
    );
    nav(&mut g, &web, "/account");
    for (domain, kind) in [("bank.test", "hostNotAllowed"), ("localhost", "deniedHost")] {
        let f = failed(&g.call(
            json!(4),
            "cookies",
            json!({"action": "set", "cookies": [
                {"name": "mine", "value": "1"},
                {"name": "theirs", "value": "1", "domain": domain},
            ]}),
        ));
        assert_eq!(
            (f["kind"].as_str(), f["failureKind"].as_str()),
            (Some("policy"), Some(kind)),
            "{f}"
        );
    }
    assert_eq!(
        common::eval(&mut g, "document.cookie"),
        "",
        "a refused batch set part of itself"
    );
    let f = failed(&g.call(
        json!(5),
        "storageState",
        json!({"action": "load", "path": local}),
    ));
    assert_eq!(
        (f["kind"].as_str(), f["failureKind"].as_str()),
        (Some("policy"), Some("deniedHost")),
        "{f}"
    );
    assert_eq!(common::eval(&mut g, "document.cookie"), "");
}
