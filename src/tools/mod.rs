//! The tool catalog.
//!
//! A tool is one value: its name, description, input schema, MCP annotations and handler. The
//! server generates `tools/list` from this table and dispatches `tools/call` through it, so
//! cross-cutting rules (argument checks, failure traces, result shape) live once in the server
//! rather than in each tool.

pub mod args;
pub mod batch;
pub mod browser;
pub mod call;
pub mod checkpoint;
pub mod consent;
pub mod delta;
pub mod diagnostics;
pub mod dialogs;
pub mod effects;
pub mod emulate;
pub mod evaluate;
pub mod extract;
pub mod forms;
pub mod gate;
pub mod intent;
pub mod journal;
pub mod keyboard;
pub mod knowledge;
pub mod lease;
pub mod network;
pub mod output;
pub mod page;
pub mod perf;
pub mod pointer;
pub mod print;
pub mod progress;
pub mod schema;
pub mod snapshot;
pub mod state;
pub mod store;
pub mod task;
pub mod task_exec;
pub mod topology;
pub mod transfer;
pub mod verify;
pub mod wait;
pub mod webir;
pub mod workflow;

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use serde_json::{Map, Value, json};

/// What the manifest depends on: fixed at start-up.
#[derive(Clone, Debug)]
pub struct ServerFacts {
    /// The policy preset in force.
    pub policy: crate::policy::PolicyPreset,
    /// Whether Chrome runs headless.
    pub headless: bool,
    /// Whether Glass attaches to an existing Chrome instead of launching one.
    pub attach: bool,
    /// The policy's decision for each privileged capability (`allow`, `confirm`, `deny`).
    pub decisions: Vec<(&'static str, &'static str)>,
    /// How many allow and deny host rules are in force.
    pub host_rules: (usize, usize),
    /// Which tools `tools/list` offers.
    pub tools: ToolGroup,
    /// Whether the session browses with a throwaway profile (what Glass learns is then
    /// anonymous, not bound to a kept profile).
    pub incognito: bool,
    /// The session and policy options as flags (`glass daemon` tells its clients, which refuse
    /// to run under options other than their own).
    pub session_args: Vec<String>,
    /// Whether several clients share this browser (`glass daemon`): the lease tool is listed.
    pub daemon: bool,
}

/// Which tools `tools/list` offers (`--tools`): every client loads the list into every
/// conversation, so a smaller one costs a model less to read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ToolGroup {
    /// Navigate, observe, the verified actions, wait, screenshot, text, dialogs, tabs.
    Core,
    /// Core plus the semantic tools (intents, batch, extraction, tasks), frames, files,
    /// diagnostics and the rest of the browser tools.
    Standard,
    /// Every tool, the browser-free contract tools (Task Protocol, Web IR) included.
    #[default]
    Full,
}

/// The tools of the core group.
const CORE: &[&str] = &[
    "navigate",
    "observe",
    "click",
    "type",
    "clear",
    "check",
    "uncheck",
    "select",
    "key",
    "screenshot",
    "getText",
    "scroll",
    "wait",
    "acceptDialog",
    "dismissDialog",
    "listTargets",
    "selectTarget",
    "closeTarget",
    "lease",
];

/// The tools only the full group has: the browser-free contract tools and the low-level ones
/// a model rarely needs.
const FULL_ONLY: &[&str] = &[
    "keyDown",
    "keyUp",
    "getDOM",
    "validateTask",
    "compileTask",
    "validateWebIr",
    "inspectWebIr",
    "diffWebIr",
    "continuityWebIr",
    "extractWebIr",
    "findTarget",
    "reconcileReferences",
    "exportCheckpoint",
    "importCheckpoint",
    "sessionSnapshot",
    "cookies",
    "storageState",
    "knowledgeList",
    "knowledgeShow",
    "knowledgeStats",
    "knowledgeInvalidate",
    "knowledgePurge",
    "observeKnowledge",
    "resolveIntentWithKnowledge",
];

impl ToolGroup {
    /// The flag value.
    pub fn as_str(self) -> &'static str {
        match self {
            ToolGroup::Core => "core",
            ToolGroup::Standard => "standard",
            ToolGroup::Full => "full",
        }
    }

    /// Whether `tool` is in the group.
    pub fn contains(self, tool: &Tool) -> bool {
        match self {
            ToolGroup::Core => CORE.contains(&tool.name),
            ToolGroup::Standard => !FULL_ONLY.contains(&tool.name),
            ToolGroup::Full => true,
        }
    }
}

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
    facts.tools.contains(tool) && !denied && (facts.daemon || !effects::daemon_only(tool))
}

/// What every handler may use.
#[derive(Debug)]
pub struct Services {
    /// Start-up facts (policy, session mode).
    pub facts: ServerFacts,
    /// The browser session; started on the first browser tool.
    pub session: crate::browser::Session,
    /// The policy fixed at start-up.
    pub policy: crate::policy::Policy,
    /// Outstanding confirmation tokens.
    pub confirmations: crate::confirm::Confirmations,
    /// What became of each call that may change a page (`recoverRun`).
    pub journal: Arc<journal::Journal>,
    /// The last compact observation, for `observeDelta`.
    pub observed: delta::LastObservation,
    /// The local store, opened on first use.
    pub store: store::StoreHandle,
    /// Under `glass daemon`: its clients and their mutation lease (`None` for a stdio server,
    /// which has one client).
    pub leases: Option<Arc<lease::Leases>>,
}

/// The failure of a call that may change a page, refused for want of the lease.
pub fn lease_failure(refusal: lease::Refusal) -> crate::failure::Failure {
    use crate::failure::{Failure, FailureKind};
    let (kind, reason, status) = match refusal {
        lease::Refusal::Held(s) => (
            FailureKind::LeaseHeld,
            "another client of this browser holds the mutation lease; reads still work",
            s,
        ),
        lease::Refusal::Required(s) => (
            FailureKind::LeaseRequired,
            "several clients share this browser: take the lease first (the lease tool, action acquire); reads never need it",
            s,
        ),
        lease::Refusal::WrongToken(s) => (
            FailureKind::LeaseRequired,
            "this connection does not hold the lease",
            s,
        ),
    };
    let mut f = Failure::of(kind, reason);
    if let Some(h) = status.get("holder").filter(|h| !h.is_null()) {
        f = f.with("holder", h.clone());
    }
    if let Some(e) = status.get("expiresAt") {
        f = f.with("expiresAt", e.clone());
    }
    f
}

/// The boxed future a handler returns; dropping it cancels the call.
pub type ToolFuture = Pin<Box<dyn Future<Output = ToolOutcome> + Send>>;

/// A call's arguments as its handler receives them: read once, by the call path, into the
/// tool's own struct, so no handler parses its arguments again. `raw` is the same checked
/// object, for the rules that read an argument by name (the effects' "when given").
pub struct Call<A> {
    /// The arguments, typed.
    pub args: A,
    /// The same arguments as the client sent them (already checked against the schema).
    pub raw: Map<String, Value>,
}

/// A handler with its arguments read: the call path reads a call's arguments into the tool's
/// struct before the policy decides, and runs this once everything allowed it.
pub type Bound = Box<dyn FnOnce(Arc<Services>, Map<String, Value>) -> ToolFuture + Send>;

/// How a tool's handler is reached: read the checked arguments into its struct (an
/// `invalidArguments` failure if they do not read), giving the call ready to run.
pub type Handler = fn(&Map<String, Value>) -> Result<Bound, ToolError>;

/// A tool's result before it is wrapped in MCP's result envelope.
#[derive(Debug)]
pub enum ToolOutcome {
    /// Success: a JSON object, sent as text and, where the revision allows, as
    /// `structuredContent`.
    Ok(Value),
    /// Success with images: the JSON first, then each image (`mimeType`, base64 data).
    WithImages(Value, Vec<(&'static str, String)>),
    /// A tool-level failure (`isError: true`), named by the wire vocabulary.
    Failed(ToolError),
}

impl ToolOutcome {
    /// A success carrying any serializable result; fields keep their declared order.
    pub fn ok(result: &impl serde::Serialize) -> ToolOutcome {
        match serde_json::to_value(result) {
            Ok(v) => ToolOutcome::Ok(v),
            Err(_) => ToolOutcome::Failed(ToolError::new(
                crate::failure::Kind::Internal,
                "result could not be serialized",
            )),
        }
    }

    /// A failure from a pure module's serializable `{kind, ...}` body (task, Web IR).
    pub fn failed(error: &impl serde::Serialize) -> ToolOutcome {
        ToolOutcome::Failed(match serde_json::to_value(error) {
            Ok(body) => ToolError::from_body(body),
            Err(_) => ToolError::new(
                crate::failure::Kind::Internal,
                "error could not be serialized",
            ),
        })
    }
}

impl From<ToolError> for ToolOutcome {
    fn from(e: ToolError) -> Self {
        ToolOutcome::Failed(e)
    }
}

/// A bounded, client-safe tool failure, named by the wire vocabulary (`crate::failure`).
pub type ToolError = crate::failure::Failure;

/// MCP tool annotations, derived from a tool's effects (and whether repeating it changes
/// anything more): hints that let a client ask a person before mutations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Annotations {
    /// The tool does not change its environment.
    pub read_only: bool,
    /// The tool may destroy or irreversibly change something.
    pub destructive: bool,
    /// Repeating the call with the same arguments has no further effect.
    pub idempotent: bool,
    /// The tool reaches beyond the local process (web pages, the network).
    pub open_world: bool,
}

impl Annotations {
    /// The hints of `tool`, from its effects.
    pub fn of(tool: &Tool) -> Annotations {
        Annotations {
            read_only: effects::read_only(tool),
            destructive: effects::destructive(tool),
            idempotent: tool.idempotent,
            open_world: effects::open_world(tool),
        }
    }

    /// The hints that differ from MCP's defaults (readOnly false, destructive true, idempotent
    /// false, openWorld true): a client reads the same answer, in fewer bytes per tool.
    pub fn to_json(self) -> Value {
        let mut hints = Map::new();
        if self.read_only {
            hints.insert("readOnlyHint".into(), Value::Bool(true));
        } else if !self.destructive {
            hints.insert("destructiveHint".into(), Value::Bool(false));
        }
        // Idempotence means something only for a tool that changes things (MCP).
        if self.idempotent && !self.read_only {
            hints.insert("idempotentHint".into(), Value::Bool(true));
        }
        if !self.open_world {
            hints.insert("openWorldHint".into(), Value::Bool(false));
        }
        Value::Object(hints)
    }
}

/// What a tool needs before its handler may act: the rule lives here, once, and
/// [`browser::session_for`] applies it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Needs {
    /// Nothing: a browser-free tool; Chrome never starts for it.
    Nothing,
    /// The browser (tabs), not a particular page.
    Browser,
    /// A selected page with no open JavaScript dialog and a renderer that answers.
    Page,
    /// A selected page, even while a dialog is open (the dialog tools resolve it).
    Dialog,
    /// A selected page, even with a hung or crashed renderer (`navigate` replaces it).
    Navigate,
}

impl RevisionRule {
    /// Whether the tool takes `expectedRevision`.
    pub fn takes_expected(self) -> bool {
        matches!(self, RevisionRule::Guarded | RevisionRule::Reports)
    }
}

impl Needs {
    /// Whether the tool works on the browser (its results then carry the event header).
    pub fn browser(self) -> bool {
        self != Needs::Nothing
    }
}

/// How a tool treats the page revision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RevisionRule {
    /// It only reads: the page revision is what it was.
    Reads,
    /// It may change the page and takes `expectedRevision`: a stale one fails before any input
    /// (the call path checks it as the tool acquires the page; no handler does).
    Guarded,
    /// It takes `expectedRevision` and answers a stale one as a result of its own (an intent
    /// not executed, with why), never acting on it.
    Reports,
    /// It may change the page (or which page is current) and has no revision guard.
    Changes,
}

/// One tool of the catalog: everything the call path and `tools/list` need to know about it.
pub struct Tool {
    /// The MCP tool name.
    pub name: &'static str,
    /// A short human title.
    pub title: &'static str,
    /// What the tool does, for the model; kept short because every client loads it.
    pub description: &'static str,
    /// Builds the JSON Schema of the tool's arguments (published, and checked on every call).
    pub schema: fn() -> Value,
    /// What it does: its policy capabilities, confirmation, lease and annotations all derive
    /// from this list (see [`effects`]).
    pub effects: &'static [effects::Effect],
    /// Repeating a call with the same arguments changes nothing more (MCP's
    /// `idempotentHint`).
    pub idempotent: bool,
    /// What it needs from the browser before acting.
    pub needs: Needs,
    /// What it does to the page revision.
    pub revision: RevisionRule,
    /// Builds the JSON Schema of its successful result, page-derived fields marked.
    pub output: fn() -> Value,
    /// Reads the (checked) arguments into the tool's struct and binds them to its handler
    /// (built by [`crate::handler!`]).
    pub run: Handler,
}

/// The whole catalog, in `tools/list` order.
pub fn catalog() -> &'static [Tool] {
    static CATALOG: &[Tool] = &[
        page::NAVIGATE,
        page::GO_BACK,
        page::GO_FORWARD,
        page::RELOAD,
        page::OBSERVE,
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
        page::SCREENSHOT,
        page::GET_DOM,
        page::GET_TEXT,
        evaluate::EVALUATE,
        page::SCROLL,
        dialogs::ACCEPT,
        dialogs::DISMISS,
        pointer::DRAG,
        forms::FILL_FORM,
        transfer::UPLOAD,
        transfer::DOWNLOAD,
        consent::DISMISS_CONSENT,
        topology::LIST,
        topology::CREATE,
        topology::SELECT,
        topology::CLOSE,
        topology::CLICK_EXPECT_POPUP,
        topology::LIST_FRAMES,
        topology::SELECT_FRAME,
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
        page::EXTRACT_WEB_IR,
        wait::TOOL,
        verify::TOOL,
        verify::PREFLIGHT,
        journal::RECOVER_RUN,
        delta::OBSERVE_DELTA,
        delta::RECONCILE,
        intent::INSPECT_PAGE,
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
