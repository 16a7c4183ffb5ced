//! What a tool is and what every handler may use: the `Tool` value (its schema, effects,
//! group, needs and handler), its outcome, the services and the start-up facts. Every family
//! builds its tools from these; the call path and `tools/list` read nothing else.

use super::group::{Family, ToolGroup};
pub use super::outcome::{ToolError, ToolOutcome};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use serde_json::{Map, Value};

use super::{effect, journal, lease, observed, store};

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
    /// The smallest group that lists it (`--tools`): a group holds the tools of the groups
    /// before it.
    pub group: ToolGroup,
    /// The family a lean list adds it with (`addTools`), named for what a model reaches for it
    /// to do.
    pub family: Family,
    /// Builds the JSON Schema of the tool's arguments (published, and checked on every call).
    pub schema: fn() -> Value,
    /// What it does: its policy capabilities, confirmation, lease and annotations all derive
    /// from this list (see [`effects`]).
    pub effects: &'static [effect::Effect],
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

impl std::fmt::Debug for Tool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Tool").field(&self.name).finish()
    }
}

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
    /// Who confirms what the policy confirms (`--confirm-by`, or the preset's default).
    pub confirm_by: crate::policy::ConfirmBy,
    /// The person stored secrets when the server started: `listSecrets` is offered and `type`
    /// and `fillForm` publish their `secret` argument.
    pub secrets: bool,
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
    pub observed: observed::LastObservation,
    /// The local store, opened on first use.
    pub store: store::StoreHandle,
    /// Under `glass daemon`: its clients and their mutation lease (`None` for a stdio server,
    /// which has one client).
    pub leases: Option<Arc<lease::Leases>>,
    /// Looks a tool up by name (the catalog's `find`): how a batch, a task or a workflow reaches
    /// the tools its steps name, without the families reaching up to the catalog.
    pub find: fn(&str) -> Option<&'static Tool>,
    /// Every offered tool's `tools/list` entry, built once: it depends only on the facts, which
    /// are fixed, so every connection (a daemon's clients too) filters this one by what it
    /// added.
    pub listing: std::sync::OnceLock<Vec<(&'static Tool, Value)>>,
    /// The audit log (`--audit-log`), when one is kept.
    pub audit: Option<crate::tools::kernel::audit::AuditLog>,
}
