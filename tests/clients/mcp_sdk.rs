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
