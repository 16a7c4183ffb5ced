//! Session modes through the real binary: attach, persistent profiles, human input, and the
//! direct CLI commands.

use crate::common;

use std::process::Command;
use std::time::Duration;

use common::web::{Page, Server};
use common::{Glass, eval, nav, ok, temp_dir, tool_json};
use serde_json::{Value, json};

fn server() -> Server {
    Server::start(vec![(
        "/form",
        Page::html(
            r#"<title>Form</title><label>City <input id="city"></label>
            <button onclick="window.clicks = (window.clicks || 0) + 1">Save</button>
            <input id="keys" aria-label="Keys" onkeydown="window.down = event.key" onkeyup="window.up = event.key">"#,
        ),
    )])
}

fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .map(|s| {
            !s.rsplit(')')
                .next()
                .unwrap_or("")
                .trim_start()
                .starts_with('Z')
        })
        .unwrap_or(false)
}

#[test]
fn attach_drives_a_running_chrome_and_never_closes_it() {
    let web = server();
    let (mut chrome, profile, endpoint) = common::external_chrome("attach");
    let mut g = Glass::spawn(&["--attach", &endpoint, "--mcp"]);
    g.initialize();
    let loaded = ok(&g.call(json!(1), "navigate", json!({"url": web.url("/form")})));
    assert_eq!(loaded["title"], "Form");
    ok(&g.call(
        json!(2),
        "click",
        json!({"target": "role=button;name=Save"}),
    ));
    assert_eq!(eval(&mut g, "window.clicks"), 1);
    g.close_stdin();
    assert!(g.wait_exit(Duration::from_secs(10)).unwrap().success());
    assert!(
        alive(chrome.id()),
        "an attached Chrome must never be closed"
    );
    chrome.kill().unwrap();
    chrome.wait().unwrap();
    let _ = std::fs::remove_dir_all(profile);
}

#[test]
fn a_persistent_profile_in_use_is_a_clear_error() {
    let web = server();
    let data = temp_dir("profile");
    let data_str = data.to_string_lossy().into_owned();
    let mut first = Glass::spawn_env(
        &["--profile", "work", "--mcp"],
        &[("GLASS_DATA_DIR", &data_str)],
    );
    first.initialize();
    ok(&first.call(
        json!(1),
        "navigate",
        json!({"url": web.url("/form"), "observe": false}),
    ));
    assert!(data.join("profiles/work").is_dir());
    let mut second = Glass::spawn_env(
        &["--profile", "work", "--mcp"],
        &[("GLASS_DATA_DIR", &data_str)],
    );
    second.initialize();
    let r = second.call(
        json!(1),
        "navigate",
        json!({"url": web.url("/form"), "observe": false}),
    );
    let e = tool_json(&r);
    assert_eq!(e["kind"], "browser");
    assert_eq!(e["failureKind"], "unavailable");
    assert!(e["reason"].as_str().unwrap().contains("--incognito"), "{e}");
    drop(second);
    first.close_stdin();
    first.wait_exit(Duration::from_secs(10));
    let _ = std::fs::remove_dir_all(data);
}

#[test]
fn human_interaction_moves_and_types_like_a_person() {
    let web = server();
    let mut g = Glass::spawn(&["--incognito", "--interaction", "human", "--mcp"]);
    g.initialize();
    nav(&mut g, &web, "/form");
    ok(&g.call(json!(2), "click", json!({"target": "text=Save"})));
    assert_eq!(eval(&mut g, "window.clicks"), 1);
    ok(&g.call(
        json!(3),
        "type",
        json!({"target": "name=City", "text": "Kota Kinabalu"}),
    ));
    assert_eq!(
        eval(&mut g, "document.querySelector('#city').value"),
        "Kota Kinabalu"
    );
    ok(&g.call(
        json!(4),
        "keyDown",
        json!({"key": "a", "target": "name=Keys"}),
    ));
    assert_eq!(eval(&mut g, "window.down"), "a");
    ok(&g.call(json!(5), "keyUp", json!({"key": "a"})));
    assert_eq!(eval(&mut g, "window.up"), "a");
    let bad = g.call(json!(6), "key", json!({"key": "NoSuchKey"}));
    assert_eq!(tool_json(&bad)["path"], "key");
}

#[test]
fn direct_commands_print_json_and_write_files() {
    let web = server();
    let glass = env!("CARGO_BIN_EXE_glass");
    let out = Command::new(glass)
        .args(["--incognito", "navigate", &web.url("/form")])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["title"], "Form");
    let out = Command::new(glass)
        .args(["--incognito", "text", "--url", &web.url("/form")])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["text"].as_str().unwrap().contains("City"));
    let dir = temp_dir("shot");
    let file = dir.join("page.png");
    let out = Command::new(glass)
        .args([
            "--incognito",
            "screenshot",
            "-o",
            file.to_str().unwrap(),
            "--url",
            &web.url("/form"),
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let png = std::fs::read(&file).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let out = Command::new(glass)
        .args([
            "--incognito",
            "click",
            "css=#nothing",
            "--url",
            &web.url("/form"),
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["failureKind"], "notFound");
    let _ = std::fs::remove_dir_all(dir);
}
