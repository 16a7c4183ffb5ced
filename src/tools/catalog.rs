//! The catalog: every family's tools in `tools/list` order, looked up by name, and what this
//! server lists (the group, the policy and the daemon decide).

use serde_json::{Value, json};

use super::act::{consent, dialogs, forms, keyboard, pointer, transfer};
use super::contracts::{task, webir};
use super::devtools::{diagnostics, emulate, evaluate, network, perf, print, state};
use super::kernel::effects::Annotations;
use super::kernel::tool::{ServerFacts, Tool};
use super::kernel::{call, effects, schema};
use super::page::{capture, delta, navigate, observe, read, scroll};
use super::run::{batch, checkpoint, recover, task_exec, workflow};
use super::semantic::{extract, inspect, intent, verify, wait};
use super::store::{knowledge, snapshot};
use super::tabs::{lease, targets};

/// A tool's input schema as this server lists it: `confirmToken` only where a token can be
/// asked for (the policy confirms one of its capabilities, or the tool always confirms), so a
/// model does not read an argument it will never need. A call that gives one anyway is
/// checked against the full schema and accepted.
fn listed_schema(tool: &Tool, facts: &ServerFacts) -> Value {
    let schema = call::input_schema(tool);
    let confirms = effects::always_confirms(tool)
        || effects::capabilities(tool).iter().any(|c| {
            facts
                .decisions
                .iter()
                .any(|(name, decision)| *name == c.as_str() && *decision == "confirm")
        });
    let mut listed = schema.clone();
    schema::listed_form(tool.name, &mut listed);
    if !confirms {
        if let Some(Value::Object(props)) = listed.get_mut("properties") {
            props.remove("confirmToken");
        }
    }
    listed
}

/// Whether this server lists `tool`: in its group, and not denied by its policy (a call of a
/// denied one still gets the policy's answer).
pub fn offered(tool: &Tool, facts: &ServerFacts) -> bool {
    let denied = effects::required(tool).any(|cap| {
        facts
            .decisions
            .iter()
            .any(|(name, decision)| *name == cap.as_str() && *decision == "deny")
    });
    facts.tools.holds(tool.group) && !denied && (facts.daemon || !effects::daemon_only(tool))
}

/// The whole catalog, in `tools/list` order.
pub fn catalog() -> &'static [Tool] {
    static CATALOG: &[Tool] = &[
        navigate::NAVIGATE,
        navigate::GO_BACK,
        navigate::GO_FORWARD,
        navigate::RELOAD,
        observe::OBSERVE,
        pointer::CLICK,
        pointer::DOUBLE_CLICK,
        pointer::HOVER,
        forms::TYPE,
        forms::CLEAR,
        forms::CHECK,
        forms::UNCHECK,
        forms::SELECT,
        keyboard::KEY,
        keyboard::KEY_DOWN,
        keyboard::KEY_UP,
        keyboard::SHORTCUT,
        capture::SCREENSHOT,
        read::GET_DOM,
        read::GET_TEXT,
        evaluate::EVALUATE,
        scroll::SCROLL,
        dialogs::ACCEPT,
        dialogs::DISMISS,
        pointer::DRAG,
        forms::FILL_FORM,
        transfer::UPLOAD,
        transfer::DOWNLOAD,
        consent::DISMISS_CONSENT,
        targets::LIST,
        targets::CREATE,
        targets::SELECT,
        targets::CLOSE,
        targets::CLICK_EXPECT_POPUP,
        targets::LIST_FRAMES,
        targets::SELECT_FRAME,
        diagnostics::DIAGNOSTICS,
        diagnostics::CONSOLE_MESSAGES,
        network::LIST_REQUESTS,
        network::GET_REQUEST,
        emulate::EMULATE,
        pointer::CLICK_AT,
        print::PRINT_TO_PDF,
        perf::PERFORMANCE_TRACE,
        task::VALIDATE,
        task::COMPILE,
        webir::VALIDATE,
        webir::INSPECT,
        webir::DIFF,
        webir::CONTINUITY,
        read::EXTRACT_WEB_IR,
        wait::TOOL,
        verify::TOOL,
        verify::PREFLIGHT,
        recover::RECOVER_RUN,
        delta::OBSERVE_DELTA,
        delta::RECONCILE,
        inspect::INSPECT_PAGE,
        intent::RESOLVE_INTENT,
        intent::FIND_TARGET,
        intent::EXECUTE_INTENT,
        intent::ACT_AND_VERIFY,
        batch::BATCH,
        extract::EXTRACT,
        task_exec::EXECUTE_TASK,
        workflow::WORKFLOW,
        checkpoint::EXPORT,
        checkpoint::IMPORT,
        snapshot::SESSION_SNAPSHOT,
        state::COOKIES,
        state::STORAGE_STATE,
        knowledge::OBSERVE,
        intent::RESOLVE_WITH_KNOWLEDGE,
        knowledge::LIST,
        knowledge::SHOW,
        knowledge::STATS,
        knowledge::INVALIDATE,
        knowledge::PURGE,
        lease::TOOL,
    ];
    CATALOG
}

/// Look a tool up by name.
pub fn find(name: &str) -> Option<&'static Tool> {
    catalog().iter().find(|t| t.name == name)
}

/// The `tools` array of `tools/list`: the tools this server offers.
pub fn list_json(facts: &ServerFacts) -> Value {
    Value::Array(
        catalog()
            .iter()
            .filter(|t| offered(t, facts))
            .map(|t| {
                json!({
                    "name": t.name,
                    "title": t.title,
                    "description": t.description,
                    "inputSchema": listed_schema(t, facts),
                    "outputSchema": call::output_schema(t),
                    "annotations": Annotations::of(t).to_json(),
                })
            })
            .collect(),
    )
}
