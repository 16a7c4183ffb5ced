//! `cookies` and `storageState` through the real binary against real Chromium: a login's state
//! saved in one session and loaded in a fresh one signs that session in, checked on what the
//! page itself renders from its cookie and its local storage; cookie values are never shown.

mod common;

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
/// shows the saved theme; clearing and setting cookies change what the page renders.
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
    nav(&mut g, &web, "/account");
    assert!(text(&mut g).contains("Signed in as ada-7"));
    let listed = ok(&g.call(json!(1), "cookies", json!({"action": "list"})));
    assert_eq!(listed["cookies"][0]["name"], "session", "{listed}");
    assert_eq!(listed["cookies"][0]["valueBytes"], 5);
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
        (json!(1), json!(1)),
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
        (json!(1), json!(1)),
        "{loaded}"
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
    let list = g.request(json!(1), "tools/list", json!({}));
    let names = list["result"]["tools"].to_string();
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
