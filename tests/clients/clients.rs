//! Generated configurations started by real clients: Claude Code's own `claude mcp list`
//! health check (the pinned `@anthropic-ai/claude-code` scripts/test installs under
//! target/clients), and the official MCP Python SDK starting two client kinds' configurations
//! at once, each driving Chrome on its own profile, checked on the test server's log.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::web::{Page, Server};
use serde_json::{Value, json};

/// The Claude Code CLI scripts/test installs once.
fn claude() -> PathBuf {
    let path = std::env::var_os("GLASS_CLAUDE")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            Path::new(env!("CARGO_MANIFEST_DIR")).join("target/clients/node_modules/.bin/claude")
        });
    assert!(
        path.exists(),
        "Claude Code is not installed at {}: run scripts/test (it installs it once)",
        path.display()
    );
    path
}

/// `glass mcp-config` with these arguments: its stdout, asserting success.
fn config(args: &[&str]) -> Vec<u8> {
    let out = Command::new(env!("CARGO_BIN_EXE_glass"))
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// Run Claude Code with a throwaway home, in `project`, without network traffic it can skip.
fn run_claude(home: &Path, project: &Path, args: &[&str]) -> Output {
    run_claude_with(home, project, args, &[])
}

/// [`run_claude`] with more environment (the servers it starts inherit it).
fn run_claude_with(home: &Path, project: &Path, args: &[&str], env: &[(&str, &Path)]) -> Output {
    let mut cmd = Command::new(claude());
    cmd.args(args)
        .current_dir(project)
        .env("HOME", home)
        .env("DISABLE_AUTOUPDATER", "1")
        .env("DISABLE_TELEMETRY", "1")
        .env("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1");
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().expect("run claude")
}

/// Register Glass for `home` with `claude mcp add-json glass "$(glass mcp-config --client
/// claude-code --entry)"`, asserting Claude Code took it.
fn add_glass_entry(home: &Path, project: &Path) {
    let entry = String::from_utf8(config(&[
        "mcp-config",
        "--client",
        "claude-code",
        "--entry",
    ]))
    .unwrap();
    let add = run_claude(home, project, &["mcp", "add-json", "glass", &entry]);
    assert!(
        add.status.success(),
        "{}{}",
        String::from_utf8_lossy(&add.stdout),
        String::from_utf8_lossy(&add.stderr)
    );
}

fn connected(out: &Output) -> bool {
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines()
        .any(|l| l.starts_with("glass: ") && l.contains("Connected") && !l.contains("Failed"))
}

/// `claude mcp add-json glass "$(glass mcp-config --client claude-code --entry)"` registers
/// Glass, and Claude Code's health check starts it and finds it connected.
#[test]
fn claude_code_connects_with_the_add_json_entry() {
    let home = common::temp_dir("claude-home");
    let project = common::temp_dir("claude-project");
    add_glass_entry(&home, &project);
    let list = run_claude(&home, &project, &["mcp", "list"]);
    assert!(
        connected(&list),
        "{}{}",
        String::from_utf8_lossy(&list.stdout),
        String::from_utf8_lossy(&list.stderr)
    );
    let _ = std::fs::remove_dir_all(home);
    let _ = std::fs::remove_dir_all(project);
}

/// `glass mcp-config --client claude-code > .mcp.json` is a project configuration Claude
/// Code reads; once the project is trusted and the server approved (as Claude Code asks a
/// person to), its health check finds Glass connected.
#[test]
fn claude_code_connects_with_the_generated_mcp_json() {
    let home = common::temp_dir("claude-home-json");
    let project = common::temp_dir("claude-project-json");
    std::fs::write(
        project.join(".mcp.json"),
        config(&["mcp-config", "--client", "claude-code"]),
    )
    .unwrap();
    let project_key = project
        .canonicalize()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    std::fs::write(
        home.join(".claude.json"),
        json!({"projects": {project_key: {"hasTrustDialogAccepted": true}}}).to_string(),
    )
    .unwrap();
    std::fs::create_dir_all(project.join(".claude")).unwrap();
    std::fs::write(
        project.join(".claude/settings.local.json"),
        json!({"enabledMcpjsonServers": ["glass"]}).to_string(),
    )
    .unwrap();
    let list = run_claude(&home, &project, &["mcp", "list"]);
    assert!(
        connected(&list),
        "{}{}",
        String::from_utf8_lossy(&list.stdout),
        String::from_utf8_lossy(&list.stderr)
    );
    let _ = std::fs::remove_dir_all(home);
    let _ = std::fs::remove_dir_all(project);
}

/// Two clients configured by `mcp-config` run at once: each entry names its own profile, so
/// both start Chrome and navigate (with a shared profile the second would fail on its lock).
/// The SDK starts them as a client does; the test server saw both visits.
#[test]
fn two_generated_configs_run_side_by_side_on_their_own_profiles() {
    let web = Server::start(vec![("/", Page::html("<title>Hello</title><p>hi</p>"))]);
    let data = common::temp_dir("clients-data");
    let generic: Value = serde_json::from_slice(&config(&["mcp-config"])).unwrap();
    let claude: Value = serde_json::from_slice(&config(&[
        "mcp-config",
        "--client",
        "claude-code",
        "--entry",
    ]))
    .unwrap();
    let python = std::env::var_os("GLASS_MCP_SDK")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target/mcp-sdk"))
        .join("bin/python");
    let out = Command::new(python)
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/sdk/connect.py"))
        .arg(json!([generic, claude]).to_string())
        .arg(web.url("/"))
        .env("GLASS_DATA_DIR", &data)
        .output()
        .expect("run the SDK script");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let results: Value = serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
    for r in results.as_array().unwrap() {
        assert_eq!(r["server"], "glass", "{results}");
        // The default lean list (docs/mcp.md, "Tool list").
        assert!(r["tools"].as_u64().unwrap() >= 20, "{results}");
        assert_eq!(r["isError"], false, "{results}");
        assert_eq!(r["outcome"], "loaded", "{results}");
        assert_eq!(r["title"], "Hello", "{results}");
    }
    let visits = web
        .hits
        .lock()
        .unwrap()
        .iter()
        .filter(|h| *h == "/")
        .count();
    assert_eq!(visits, 2);
    for profile in ["mcp", "claude-code"] {
        assert!(
            data.join("profiles").join(profile).is_dir(),
            "no profile {profile} under {}",
            data.display()
        );
    }
    let _ = std::fs::remove_dir_all(data);
}

/// #30: Claude Code, driven by a scripted model on 127.0.0.1 (tests/clients/scripted_model.py),
/// starts Glass from `glass mcp-config --client claude-code` with its default lean list; the
/// model calls `addTools` for devtools, Glass announces the change, Claude Code lists the tools
/// again before the call's answer, and the model's very next turn is offered the family's tools.
/// Checked on what Claude Code sent the model, not on Glass's answer.
#[test]
fn claude_code_relists_a_lean_list_and_offers_the_family_in_the_next_turn() {
    use std::io::BufRead;
    let home = common::temp_dir("claude-home-lean");
    let project = common::temp_dir("claude-project-lean");
    std::fs::write(
        project.join(".mcp.json"),
        config(&["mcp-config", "--client", "claude-code"]),
    )
    .unwrap();
    let mut model = Command::new("python3")
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/clients/scripted_model.py"
        ))
        .args(["mcp__glass__addTools", r#"{"families": ["devtools"]}"#, "1"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("start the scripted model");
    let mut lines = std::io::BufReader::new(model.stdout.take().unwrap()).lines();
    let port = lines.next().unwrap().unwrap();
    let requests = std::thread::spawn(move || lines.map_while(Result::ok).collect::<Vec<_>>());
    let out = Command::new(claude())
        .args([
            "-p",
            "List the devtools tools.",
            "--allowedTools",
            "mcp__glass__addTools",
            "--model",
            "claude-sonnet-4-5",
        ])
        .current_dir(&project)
        .env("HOME", &home)
        .env("ANTHROPIC_BASE_URL", format!("http://127.0.0.1:{port}"))
        .env("ANTHROPIC_API_KEY", "sk-scripted")
        .env("DISABLE_AUTOUPDATER", "1")
        .env("DISABLE_TELEMETRY", "1")
        .env("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1")
        .output()
        .expect("run claude");
    let _ = model.kill();
    let _ = model.wait();
    let requests: Vec<Value> = requests
        .join()
        .unwrap()
        .iter()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    let offered = |r: &Value, tool: &str| {
        r["tools"]
            .as_array()
            .is_some_and(|t| t.iter().any(|n| n == tool))
    };
    let report = format!(
        "{requests:?}\nclaude said: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let first = requests
        .iter()
        .find(|r| r["toolResult"] == 0 && offered(r, "mcp__glass__addTools"))
        .unwrap_or_else(|| panic!("the model was never offered addTools: {report}"));
    assert!(!offered(first, "mcp__glass__listRequests"), "{report}");
    let next = requests
        .iter()
        .find(|r| r["toolResult"] == 1)
        .unwrap_or_else(|| panic!("addTools never answered the model: {report}"));
    assert!(
        offered(next, "mcp__glass__listRequests") && offered(next, "mcp__glass__emulate"),
        "the turn after addTools lacks the devtools family: {report}"
    );
}

/// The pinned Claude Code declares the elicitation capability Glass puts confirmations to the
/// person through (`--confirm-by person` or `auto`): its `initialize`, as Glass's transcript
/// recorded it during the health check, asks for a revision that has elicitation and declares
/// it for forms.
#[test]
fn claude_code_declares_the_elicitation_glass_asks_the_person_through() {
    let home = common::temp_dir("claude-home-elicit");
    let project = common::temp_dir("claude-project-elicit");
    let transcript = project.join("transcript.jsonl");
    add_glass_entry(&home, &project);
    let list = run_claude_with(
        &home,
        &project,
        &["mcp", "list"],
        &[("GLASS_MCP_TRANSCRIPT", &transcript)],
    );
    assert!(
        connected(&list),
        "{}",
        String::from_utf8_lossy(&list.stdout)
    );
    let text = std::fs::read_to_string(&transcript).unwrap_or_default();
    let init = text
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .find(|l| l["dir"] == "in" && l["message"]["method"] == "initialize")
        .unwrap_or_else(|| panic!("no initialize in the transcript: {text}"));
    let params = &init["message"]["params"];
    assert!(
        params["protocolVersion"].as_str().unwrap_or("") >= "2025-06-18",
        "{params}"
    );
    let elicitation = &params["capabilities"]["elicitation"];
    assert!(
        elicitation
            .as_object()
            .is_some_and(|e| e.is_empty() || e.contains_key("form")),
        "Claude Code does not declare form elicitation: {params}"
    );
    let _ = std::fs::remove_dir_all(home);
    let _ = std::fs::remove_dir_all(project);
}
