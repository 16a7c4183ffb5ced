//! The direct CLI and `glass demo` through the real binary against real Chromium. Each direct
//! command is a session of its own, so its answers must work in the next command: these
//! tests run one command after another, as a person would, and check what reached the page
//! on the test server's own request log.

use crate::common;

use std::process::{Command, Output};

use common::web::{Page, Server};
use serde_json::Value;

const PAGE: &str = r#"<title>Shop</title>
<button onclick="location.href='/saved'">Save</button>
<ul><li><button onclick="location.href='/deleted1'">Delete</button></li>
<li><button onclick="location.href='/deleted2'">Delete</button></li></ul>
<label>Password <input type="password" oninput="fetch('/typed-' + this.value.length)"></label>"#;

fn server() -> Server {
    Server::start(vec![
        ("/", Page::html(PAGE)),
        ("/saved", Page::html("<title>Saved</title>")),
        ("/deleted1", Page::html("<title>Deleted 1</title>")),
        ("/deleted2", Page::html("<title>Deleted 2</title>")),
        ("/typed-6", Page::html("")),
    ])
}

fn glass(args: &[&str]) -> Output {
    let mut all = vec!["--incognito"];
    all.extend_from_slice(args);
    Command::new(env!("CARGO_BIN_EXE_glass"))
        .args(&all)
        .output()
        .unwrap()
}

fn json_out(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|_| {
        panic!(
            "stdout is not JSON: {} / {}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

fn hits(web: &Server, path: &str) -> usize {
    web.hits
        .lock()
        .unwrap()
        .iter()
        .filter(|h| *h == path)
        .count()
}

/// `glass observe URL` gives each element a locator instead of a ref (refs die with the
/// session): unique role and name where that is enough, a CSS path where it is not. Both
/// work in the next command.
#[test]
fn observe_gives_locators_the_next_command_can_use() {
    let web = server();
    let out = glass(&["observe", &web.url("/")]);
    assert!(out.status.success());
    let v = json_out(&out);
    let all = common::all_elements(&v["elements"]);
    assert!(all.iter().all(|e| e.get("ref").is_none()), "{v}");
    let locator = |name: &str, nth: usize| -> String {
        all.iter()
            .filter(|e| e["name"] == name)
            .nth(nth)
            .and_then(|e| e["locator"].as_str())
            .unwrap_or_else(|| panic!("{name} #{nth} has a locator: {v}"))
            .to_owned()
    };
    assert_eq!(locator("Save", 0), "role=button;name=Save");
    let second = locator("Delete", 1);
    assert!(second.starts_with("css="), "{second}");
    let out = glass(&["click", &second, "--url", &web.url("/")]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert_eq!(hits(&web, "/deleted2"), 1);
    assert_eq!(hits(&web, "/deleted1"), 0);
    let out = glass(&["click", &locator("Save", 0), "--url", &web.url("/")]);
    assert!(out.status.success());
    assert_eq!(hits(&web, "/saved"), 1);
}

/// An ambiguous target lists its candidates with locators a person can type, no refs; the
/// chosen one then clicks exactly that element.
#[test]
fn an_ambiguous_target_lists_candidate_locators() {
    let web = server();
    let out = glass(&["click", "role=button;name=Delete", "--url", &web.url("/")]);
    assert!(!out.status.success());
    let e = json_out(&out);
    assert_eq!(e["failureKind"], "ambiguous", "{e}");
    let candidates = e["candidates"].as_array().unwrap();
    assert_eq!(candidates.len(), 2, "{e}");
    assert!(candidates.iter().all(|c| c.get("ref").is_none()), "{e}");
    assert!(!e["reason"].as_str().unwrap().contains("ref"), "{e}");
    assert_eq!(hits(&web, "/deleted1") + hits(&web, "/deleted2"), 0);
    let first = candidates[0]["locator"].as_str().unwrap();
    let out = glass(&["click", first, "--url", &web.url("/")]);
    assert!(out.status.success());
    assert_eq!(hits(&web, "/deleted1"), 1);
    assert_eq!(hits(&web, "/deleted2"), 0);
}

/// A ref is refused before anything starts (it cannot name anything in a fresh session),
/// and so is a command with no page to work on.
#[test]
fn refs_and_missing_pages_are_refused_up_front() {
    let web = server();
    let out = glass(&["click", "e4", "--url", &web.url("/")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("locator"), "{stderr}");
    assert_eq!(hits(&web, "/"), 0, "nothing was loaded");
    for args in [&["observe"][..], &["text"][..], &["click", "text=Save"][..]] {
        let out = glass(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("give the page"),
            "{args:?}"
        );
    }
}

/// A password field asks for confirmation; the CLI answer says to run again with `--confirm`
/// (a token would die with the session) and nothing is typed; with `--confirm` the text
/// reaches the page.
#[test]
fn confirmation_is_given_with_the_confirm_flag() {
    let web = server();
    let out = glass(&[
        "type",
        "role=textbox;name=Password",
        "secret",
        "--url",
        &web.url("/"),
    ]);
    assert!(!out.status.success());
    let e = json_out(&out);
    assert_eq!(e["kind"], "confirmationRequired", "{e}");
    assert!(e.get("confirmToken").is_none(), "{e}");
    assert!(e["reason"].as_str().unwrap().contains("--confirm"), "{e}");
    assert!(!out.stdout.windows(6).any(|w| w == b"secret"));
    assert_eq!(hits(&web, "/typed-6"), 0);
    let out = glass(&[
        "--confirm",
        "type",
        "role=textbox;name=Password",
        "secret",
        "--url",
        &web.url("/"),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert_eq!(hits(&web, "/typed-6"), 1);
    let out = Command::new(env!("CARGO_BIN_EXE_glass"))
        .args(["--confirm", "--mcp"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// `glass demo` runs the whole path on its own page: every step prints what the model reads,
/// the order really went through (the page's own answer is read back), the screenshot is a
/// PNG on disk, and it ends with the commands that add Glass to Claude Code and Codex.
#[test]
fn the_demo_runs_the_whole_path() {
    let dir = common::temp_dir("demo");
    let shot = dir.join("demo.png");
    let out = Command::new(env!("CARGO_BIN_EXE_glass"))
        .args(["demo", "--screenshot", shot.to_str().unwrap()])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for step in ["1. ", "2. ", "3. ", "4. ", "5. ", "6. ", "7. "] {
        assert!(text.contains(step), "{text}");
    }
    assert!(text.contains("\"type\":\"confirm\""), "{text}");
    assert!(text.contains("Thank you, Ada Lovelace"), "{text}");
    assert!(text.contains(" bytes]"), "{text}");
    assert!(text.contains("claude mcp add glass -- "), "{text}");
    assert!(text.contains("codex mcp add glass -- "), "{text}");
    let png = std::fs::read(&shot).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let _ = std::fs::remove_dir_all(dir);
}

/// Without `--screenshot` the demo only measures the image: no PNG is left in the temporary
/// directory (it used to leave one per run).
#[test]
fn the_demo_leaves_no_file_unless_asked() {
    let tmp = common::temp_dir("demo-tmp");
    let out = Command::new(env!("CARGO_BIN_EXE_glass"))
        .arg("demo")
        .env("TMPDIR", &tmp)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{text}");
    assert!(text.contains("--screenshot FILE saves it"), "{text}");
    let pngs: Vec<_> = std::fs::read_dir(&tmp)
        .unwrap()
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "png"))
        .collect();
    assert!(pngs.is_empty(), "{pngs:?}");
    let _ = std::fs::remove_dir_all(tmp);
}

/// Without any Chrome, `glass demo` stops at once and says how to get one.
#[test]
fn the_demo_without_chrome_says_how_to_install_one() {
    let out = Command::new(env!("CARGO_BIN_EXE_glass"))
        .args(["demo", "--chrome-path", "/nonexistent/chrome"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--chrome-path"));
    let none = common::glass_without_any_chrome("demo");
    assert_eq!(none.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&none.stderr).contains("apt-get install -y chromium"),
        "{}",
        String::from_utf8_lossy(&none.stderr)
    );
}
