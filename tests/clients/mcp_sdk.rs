//! The official MCP Python SDK as the client: every tool publishes an output schema, and the
//! SDK's own check of `structuredContent` against it passes for one call of every result shape
//! (tests/sdk/validate.py). The page's own log confirms the calls reached it.

use crate::common;

use std::process::Command;

use common::web::{Page, Server};
use serde_json::Value;

const FORM: &str = r#"<!doctype html><title>SDK form</title>
<script>window.log = {clicks: 0, dialogs: 0};</script>
<label>User <input id="u"></label>
<label><input type="checkbox" id="r"> Remember</label>
<label>Country <select id="c"><option value="fr">France</option><option value="de">Germany</option></select></label>
<button onclick="window.log.clicks++">Count</button>
<button onclick="window.log.dialogs++; alert('hi')">Alert</button>
<a href="/form" target="_blank">Open</a>
<form aria-label="Search" onsubmit="event.preventDefault()"><label>Query <input name="q"></label><button>Go</button></form>
<table aria-label="Prices"><tr><th>Item</th><th>Price</th></tr><tr><td>Tea</td><td>$3.50</td></tr><tr><td>Cake</td><td>n/a</td></tr></table>
<script>
  document.getElementById('u').addEventListener('input', e => window.log.user = e.target.value);
  document.getElementById('r').addEventListener('change', e => window.log.remember = e.target.checked);
  document.getElementById('c').addEventListener('change', e => window.log.country = e.target.value);
</script>"#;

/// The SDK's Python, from the venv scripts/test prepares once.
fn sdk_python() -> std::path::PathBuf {
    let dir = std::env::var_os("GLASS_MCP_SDK")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/mcp-sdk"));
    let python = dir.join("bin/python");
    assert!(
        python.exists(),
        "the MCP Python SDK is not installed in {}: run scripts/test (it prepares it once)",
        dir.display()
    );
    python
}

#[test]
fn the_official_sdk_validates_every_result_shape_against_its_output_schema() {
    let web = Server::start(vec![("/form", Page::html(FORM))]);
    let out = Command::new(sdk_python())
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/sdk/validate.py"
        ))
        .arg(env!("CARGO_BIN_EXE_glass"))
        .arg(web.url(""))
        .output()
        .expect("run the SDK script");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "the SDK refused a result:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: Value = serde_json::from_str(stdout.lines().last().unwrap_or("")).unwrap();
    // structuredContent exists only from 2025-06-18 on; the SDK must have negotiated such a
    // revision, or nothing was checked.
    assert!(
        report["revision"].as_str().unwrap_or("") >= "2025-06-18",
        "{report}"
    );
    assert!(report["tools"].as_u64().unwrap() >= 42, "{report}");
    assert!(
        report["validated"].as_array().unwrap().len() >= 30,
        "{report}"
    );
    // The page saw what the calls did.
    let page = &report["page"];
    // click, then executeIntent, actAndVerify and a batch on the same button.
    assert_eq!(page["clicks"], 4, "{report}");
    assert_eq!(report["dialogs"], 1, "{report}");
    assert_eq!(page["user"], "grace", "{report}");
    assert_eq!(page["remember"], true, "{report}");
    assert_eq!(page["country"], "de", "{report}");
}

/// #30: with Glass's default flags the SDK sees a lean list that grows: `tools.listChanged` is
/// declared, `addTools` and a call of an unlisted tool each deliver
/// `notifications/tools/list_changed` to the SDK's message handler, and the SDK's next
/// `list_tools` has the family (tests/sdk/grow.py).
#[test]
fn the_official_sdk_hears_a_lean_list_grow_and_relists_it() {
    let out = Command::new(sdk_python())
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/sdk/grow.py"))
        .arg(env!("CARGO_BIN_EXE_glass"))
        .output()
        .expect("run the SDK script");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "the SDK script failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: Value = serde_json::from_str(stdout.lines().last().unwrap_or("")).unwrap();
    let has = |list: &str, tool: &str| {
        report[list]
            .as_array()
            .is_some_and(|l| l.iter().any(|t| t == tool))
    };
    assert_eq!(report["listChanged"], true, "{report}");
    assert!(
        has("first", "addTools") && !has("first", "listRequests"),
        "{report}"
    );
    assert!(
        has("second", "listRequests") && !has("second", "compileTask"),
        "{report}"
    );
    assert_eq!(
        report["calledIsError"], true,
        "an empty task is invalid: {report}"
    );
    assert!(has("third", "compileTask"), "{report}");
    assert_eq!(report["seen"].as_array().map(Vec::len), Some(2), "{report}");
}

/// A sign-in page whose own record says what reached its password field, key by key.
const LOGIN: &str = r#"<!doctype html><title>Sign in</title><script>window.log = {pw: "", keys: 0};</script>
<label>User <input id="u"></label><label>Password <input id="pw" type="password"></label><button>Sign in</button>
<script>document.getElementById('pw').addEventListener('input', e => { window.log.pw = e.target.value; window.log.keys++; });</script>"#;

/// The secret tests/sdk/confirm.py types.
const SECRET: &str = "hunter2-correct-horse";

/// tests/sdk/confirm.py: one session that types the secret into the password field, the
/// person answering `answer` (`none`: a client without elicitation), in `mode`.
fn confirm_run(web: &Server, mode: &str, answer: &str, flags: &[&str]) -> Value {
    let out = Command::new(sdk_python())
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/sdk/confirm.py"))
        .arg(env!("CARGO_BIN_EXE_glass"))
        .arg(web.url("/login"))
        .arg(mode)
        .arg(answer)
        .arg(serde_json::to_string(flags).unwrap())
        .args(flags.contains(&"--confirm-by").then_some("--with-token"))
        .output()
        .expect("run the SDK script");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{mode} {answer}:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_str(stdout.lines().last().unwrap_or("")).unwrap()
}

/// Confirmation by the person (issue 31), with the official SDK's elicitation callback as the
/// person, in both revisions: the handshake's `elicitation/create` while the call waits, and
/// the stateless revision's `input_required` round. The person is asked in Glass's words (the
/// host, the action, never the typed text); only `accept` lets the keys reach the page, and the
/// model never sees a token. `--confirm-by person` refuses where the client cannot ask, and
/// refuses a token the model makes up; the default still hands a client without elicitation
/// the token, and `--confirm-by model` never asks.
#[test]
fn the_person_confirms_through_the_client_and_only_their_accept_types_the_password() {
    let web = Server::start(vec![("/login", Page::html(LOGIN))]);
    let dir = common::temp_dir("sdk-audit");
    for mode in ["legacy", "auto"] {
        let log = dir.join(format!("{mode}.jsonl"));
        let audit = ["--audit-log", log.to_str().unwrap()];
        let accepted = confirm_run(&web, mode, "accept", &audit);
        let asked = accepted["asked"].as_array().unwrap();
        assert_eq!(asked.len(), 1, "{mode}: {accepted}");
        let question = asked[0]["message"].as_str().unwrap();
        assert!(
            question.contains("127.0.0.1") && question.contains("password field"),
            "{question}"
        );
        assert!(!question.contains(SECRET), "{question}");
        assert_eq!(accepted["isError"], false, "{mode}: {accepted}");
        assert_eq!(accepted["page"]["pw"], SECRET, "{mode}: {accepted}");
        assert!(
            !accepted["text"].as_str().unwrap().contains("confirmToken"),
            "{accepted}"
        );
        let revision = accepted["protocol"].as_str().unwrap();
        assert_eq!(revision == "2026-07-28", mode == "auto", "{accepted}");
        for (answer, kind) in [("decline", "declined"), ("cancel", "dismissed")] {
            let r = confirm_run(&web, mode, answer, &audit);
            assert_eq!(r["asked"].as_array().unwrap().len(), 1, "{r}");
            assert_eq!(r["isError"], true, "{mode} {answer}: {r}");
            assert_eq!(r["typed"]["kind"], "notConfirmed", "{r}");
            assert_eq!(r["typed"]["failureKind"], kind, "{r}");
            // Nothing reached the field.
            assert_eq!(r["page"], serde_json::json!({"pw": "", "keys": 0}), "{r}");
        }
        // The audit log says who confirmed each type call, and never what was typed.
        let text = std::fs::read_to_string(&log).unwrap();
        let answers: Vec<Value> = text
            .lines()
            .filter_map(|l| serde_json::from_str::<Value>(l).ok())
            .filter(|l| l["tool"] == "type" && l.get("confirmation").is_some())
            .map(|l| l["confirmation"].clone())
            .collect();
        assert_eq!(
            answers,
            ["accept", "decline", "cancel"]
                .map(|a| serde_json::json!({"by": "person", "answer": a})),
            "{mode}: {text}"
        );
        assert!(!text.contains(SECRET), "{text}");
    }
    let _ = std::fs::remove_dir_all(dir);
    // Only the person: a client that cannot ask gets a refusal, and a token the model makes
    // up is not taken; nothing reached the field either way.
    let person = confirm_run(&web, "legacy", "none", &["--confirm-by", "person"]);
    assert_eq!(person["typed"]["failureKind"], "noPersonToAsk", "{person}");
    assert!(
        !person["text"].as_str().unwrap().contains("confirmToken"),
        "{person}"
    );
    assert_eq!(
        person["withToken"]["failureKind"], "personConfirms",
        "{person}"
    );
    assert_eq!(person["page"]["keys"], 0, "{person}");
    // The default asks the model where the client cannot ask the person (today's tokens).
    let model = confirm_run(&web, "legacy", "none", &[]);
    assert_eq!(model["typed"]["kind"], "confirmationRequired", "{model}");
    assert!(model["typed"]["confirmToken"].is_string(), "{model}");
    assert_eq!(model["page"]["keys"], 0, "{model}");
    // --confirm-by model never asks the person, even where the client could.
    let never = confirm_run(&web, "legacy", "accept", &["--confirm-by", "model"]);
    assert!(never["asked"].as_array().unwrap().is_empty(), "{never}");
    assert_eq!(never["typed"]["kind"], "confirmationRequired", "{never}");
    assert_eq!(never["page"]["keys"], 0, "{never}");
}
