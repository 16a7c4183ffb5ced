//! The catalog: every family's tools in `tools/list` order, looked up by name, and what this
//! server lists (the group, the policy and the daemon decide).

use std::sync::Arc;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::act::{consent, dialogs, forms, keyboard, pointer, secrets, transfer};
use super::contracts::{task, webir};
use super::devtools::{diagnostics, emulate, evaluate, network, perf, print, state};
use super::kernel::effects::Annotations;
use super::kernel::group::{ADDED, Families, Family, ToolGroup};
use super::kernel::outcome::ToolOutcome;
use super::kernel::tool::{Call, Needs, RevisionRule, ServerFacts, Services, Tool, ToolFuture};
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
    // A stored secret is named only where the person stored some (`glass secrets set`).
    if !facts.secrets {
        for at in ["/properties", "/properties/fields/items/properties"] {
            if let Some(Value::Object(props)) = listed.pointer_mut(at) {
                props.remove("secret");
            }
        }
    }
    listed
}

/// Whether this server offers `tool` (lists it now or once its family is added): reachable
/// (see [`reachable`]), not denied by its policy and the lease only under `glass daemon`.
pub fn offered(tool: &Tool, facts: &ServerFacts) -> bool {
    let denied = effects::required(tool).any(|cap| {
        facts
            .decisions
            .iter()
            .any(|(name, decision)| *name == cap.as_str() && *decision == "deny")
    });
    reachable(tool, facts)
        && !denied
        && (facts.daemon || !effects::daemon_only(tool))
        && (facts.secrets || tool.name != secrets::LIST_SECRETS.name)
}

/// Whether a call may name `tool` at all (a tool out of reach is unknown to this server): in
/// its group's reach, and `addTools` only where the list grows. A denied tool is reachable, so
/// its call gets the policy's answer.
pub fn reachable(tool: &Tool, facts: &ServerFacts) -> bool {
    facts.tools.reaches(tool.group) && (tool.family != Family::List || facts.tools.grows())
}

/// Whether a connection that added `added` lists `tool` (one this server offers).
pub fn listed(tool: &Tool, facts: &ServerFacts, added: Families) -> bool {
    facts.tools.lists(tool.group, tool.family, added)
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
        secrets::LIST_SECRETS,
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
        ADD_TOOLS,
    ];
    CATALOG
}

/// Look a tool up by name.
pub fn find(name: &str) -> Option<&'static Tool> {
    catalog().iter().find(|t| t.name == name)
}

/// Every tool this server offers with its `tools/list` entry, in catalog order: built once
/// per process (the facts are fixed), then filtered for each connection by what it added.
pub fn list_entries(facts: &ServerFacts) -> Vec<(&'static Tool, Value)> {
    catalog()
        .iter()
        .filter(|t| offered(t, facts))
        .map(|t| {
            let entry = json!({
                "name": t.name,
                "title": t.title,
                "description": t.description,
                "inputSchema": listed_schema(t, facts),
                "outputSchema": call::output_schema(t),
                "annotations": Annotations::of(t).to_json(),
            });
            (t, entry)
        })
        .collect()
}

/// The `tools` array of `tools/list` for a connection that added `added`.
pub fn list_json(
    entries: &[(&'static Tool, Value)],
    facts: &ServerFacts,
    added: Families,
) -> Value {
    Value::Array(
        entries
            .iter()
            .filter(|(t, _)| listed(t, facts, added))
            .map(|(_, entry)| entry.clone())
            .collect(),
    )
}

/// `addTools`: a lean list grows by the families a model asks for, in the same session.
pub const ADD_TOOLS: Tool = Tool {
    name: "addTools",
    title: "Add tools",
    description: "List more of Glass's tools in this session (the client re-lists them). Families: \
page (goForward, reload, raw DOM, Web IR, observeDelta: what changed since the last look), \
input (doubleClick, clickAt, drag, held keys, shortcuts, upload, download, consent banners), \
tabs (new tabs, popups, frames), devtools (console, network requests and bodies, emulation, \
cookies, storage, PDF, performance traces), semantic (intents, verify, preflight, \
extractStructured for tables and lists, inspectPage), run (batch, executeTask, workflow, \
checkpoints, recoverRun), contracts (Task Protocol and Web IR validators, no browser), store \
(session snapshots, site knowledge).",
    group: ToolGroup::Core,
    family: Family::List,
    schema: schema::input_schema::<AddToolsArgs>,
    output: crate::tools::kernel::output::result_of::<AddToolsResult>,
    effects: &[],
    idempotent: true,
    needs: Needs::Nothing,
    revision: RevisionRule::Reads,
    run: crate::handler!(AddToolsArgs, run_add_tools),
};

/// Arguments of `addTools`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct AddToolsArgs {
    /// The families to list.
    #[schemars(length(min = 1, max = 8))]
    families: Vec<FamilyName>,
}

/// A family of tools `addTools` can list.
#[derive(Clone, Copy, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum FamilyName {
    Page,
    Input,
    Tabs,
    DevTools,
    Semantic,
    Run,
    Contracts,
    Store,
}

impl FamilyName {
    fn family(self) -> Family {
        match self {
            FamilyName::Page => Family::Page,
            FamilyName::Input => Family::Input,
            FamilyName::Tabs => Family::Tabs,
            FamilyName::DevTools => Family::DevTools,
            FamilyName::Semantic => Family::Semantic,
            FamilyName::Run => Family::Run,
            FamilyName::Contracts => Family::Contracts,
            FamilyName::Store => Family::Store,
        }
    }
}

/// What `addTools` listed.
#[derive(Serialize, JsonSchema)]
struct AddToolsResult {
    /// The tools this call added to the list (empty when they were listed already).
    added: Vec<&'static str>,
    /// How many tools are listed now.
    listed: usize,
}

fn run_add_tools(services: Arc<Services>, input: Call<AddToolsArgs>) -> ToolFuture {
    let facts = &services.facts;
    // A caller outside a connection (`glass call`, the demo) has no list: everything this
    // server offers is reachable there, so nothing is added.
    let (before, after) = match ADDED.try_with(Arc::clone) {
        Ok(added) => {
            let before = added.get();
            for name in &input.args.families {
                added.add(name.family());
            }
            (before, added.get())
        }
        Err(_) => (Families::default(), Families::default()),
    };
    let (mut grew, mut listed_now) = (Vec::new(), 0);
    for t in catalog().iter().filter(|t| offered(t, facts)) {
        if listed(t, facts, after) {
            listed_now += 1;
            if !listed(t, facts, before) {
                grew.push(t.name);
            }
        }
    }
    Box::pin(std::future::ready(ToolOutcome::ok(&AddToolsResult {
        added: grew,
        listed: listed_now,
    })))
}
