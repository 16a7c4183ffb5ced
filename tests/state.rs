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
    let mut g = common::incognito(&[]);
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

    let mut fresh = common::incognito(&[]);
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
