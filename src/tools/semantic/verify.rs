//! The checks that never act: `verify` (typed predicates over the page, answered with
//! evidence, no JavaScript) and `preflight` (what an action on a target would meet).
//!
//! A model proves what an action did by asking a question the page answers: text present or
//! absent (in a region), an element's state, a count, the URL, a navigation since a revision,
//! a dialog, a form without visible errors. A predicate that does not hold within `timeoutMs`
//! is an answer (`satisfied: false` with what was seen), not a failure: verifying never acts.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::browser::Browser;
use crate::browser::act::ActError;
use crate::browser::agent_calls::{PageChanged, Preflight, VerifyChecks};
use crate::browser::{BrowserError, locator};
use crate::redact;
use crate::tools::kernel::args;
use crate::tools::kernel::args::{Ref, Target};
use crate::tools::kernel::browser::session_for;
use crate::tools::kernel::effect::Effect;
use crate::tools::kernel::group::{Family, ToolGroup};
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::output::result_of;
use crate::tools::kernel::schema::input_schema;
use crate::tools::kernel::tool::{Call, Needs, RevisionRule, Services, Tool, ToolFuture};
use crate::try_tool;

/// Longest `timeoutMs`.
pub const MAX_TIMEOUT_MS: u64 = 120_000;

/// Most predicates in one call.
pub const MAX_PREDICATES: usize = 8;

/// The longest a predicate that does not hold yet goes unchecked: the page's changes wake the
/// check sooner (see [`PageChanged`]), but CSS, layout and frames change without telling.
const POLL: Duration = Duration::from_millis(100);

/// The shortest gap between two checks, so a page that changes all the time is not checked
/// all the time.
const MIN_GAP: Duration = Duration::from_millis(20);

/// The `verify` tool.
pub const TOOL: Tool = Tool {
    name: "verify",
    title: "Verify the page",
    description: "Check typed predicates (text, element state, count, URL, navigation, dialog, form validation) until they hold or timeoutMs; answers satisfied with evidence. Never acts.",
    group: ToolGroup::Standard,
    family: Family::Semantic,
    schema: input_schema::<VerifyArgs>,
    output: result_of::<VerifyResult>,
    effects: &[Effect::ReadsPage],
    idempotent: true,
    needs: Needs::Dialog,
    revision: RevisionRule::Reads,
    run: crate::handler!(VerifyArgs, run),
};

/// Arguments of `verify`: up to 8 predicates that must all (or any) hold.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct VerifyArgs {
    /// The predicates.
    #[schemars(length(min = 1, max = 8))]
    predicates: Vec<Predicate>,
    /// all (default) or any.
    combine: Option<Combine>,
    /// Default 5000; 0 checks once.
    #[schemars(range(max = 120_000))]
    timeout_ms: Option<u64>,
}

// A kind and the fields it reads (a plain comment: the fields say it in the schema).
#[derive(Deserialize, JsonSchema, Clone)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct Predicate {
    // What to check (the enum names it).
    kind: PredicateKind,
    /// textPresent/Absent: the text (any case).
    #[schemars(length(min = 1, max = 1024))]
    text: Option<String>,
    /// textPresent/Absent: only inside this.
    region: Option<Ref>,
    /// elementState, count; validationClear: the form.
    target: Option<Target>,
    /// elementState: the state.
    state: Option<ElementState>,
    /// count: exactly this many visible matches.
    equals: Option<u32>,
    /// count: at least this many.
    at_least: Option<u32>,
    /// count: at most this many.
    at_most: Option<u32>,
    /// urlMatches: a substring or * pattern.
    #[schemars(length(min = 1, max = 4096))]
    url: Option<String>,
    /// navigationOccurred: the revision before.
    since_revision: Option<u64>,
}

// The kinds of predicate (the schema lists them).
#[derive(Deserialize, JsonSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
enum PredicateKind {
    TextPresent,
    TextAbsent,
    ElementState,
    Count,
    UrlMatches,
    NavigationOccurred,
    DialogOpen,
    DialogClosed,
    ValidationClear,
}

/// What `elementState` checks.
#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "camelCase")]
enum ElementState {
    Present,
    Absent,
    Visible,
    Hidden,
    Checked,
    Unchecked,
    Enabled,
    Disabled,
    Expanded,
    Collapsed,
    Empty,
    Filled,
    Focused,
}

impl ElementState {
    fn as_str(self) -> &'static str {
        match self {
            ElementState::Present => "present",
            ElementState::Absent => "absent",
            ElementState::Visible => "visible",
            ElementState::Hidden => "hidden",
            ElementState::Checked => "checked",
            ElementState::Unchecked => "unchecked",
            ElementState::Enabled => "enabled",
            ElementState::Disabled => "disabled",
            ElementState::Expanded => "expanded",
            ElementState::Collapsed => "collapsed",
            ElementState::Empty => "empty",
            ElementState::Filled => "filled",
            ElementState::Focused => "focused",
        }
    }
}

impl PredicateKind {
    fn as_str(self) -> &'static str {
        match self {
            PredicateKind::TextPresent => "textPresent",
            PredicateKind::TextAbsent => "textAbsent",
            PredicateKind::ElementState => "elementState",
            PredicateKind::Count => "count",
            PredicateKind::UrlMatches => "urlMatches",
            PredicateKind::NavigationOccurred => "navigationOccurred",
            PredicateKind::DialogOpen => "dialogOpen",
            PredicateKind::DialogClosed => "dialogClosed",
            PredicateKind::ValidationClear => "validationClear",
        }
    }
}

impl Predicate {
    /// The predicate as the page agent checks it; `None` for those the browser answers. The
    /// fields its kind needs are checked here, before the browser is asked.
    fn for_agent(&self, path: &str) -> Result<Option<Value>, ToolOutcome> {
        let needs = |field: &str| -> ToolOutcome {
            args::invalid(&format!("{path}.{field}"), "is required for this kind").into()
        };
        let locator = |t: Option<&Target>| -> Result<Option<Value>, ToolOutcome> {
            t.map(|t| {
                locator::parse(t.as_str())
                    .map(|l| l.to_agent())
                    .map_err(|e| args::invalid(&format!("{path}.target"), e.0).into())
            })
            .transpose()
        };
        let kind = self.kind.as_str();
        Ok(match self.kind {
            PredicateKind::TextPresent | PredicateKind::TextAbsent => {
                let text = self.text.as_deref().ok_or_else(|| needs("text"))?;
                let region = self.region.as_ref().map(Ref::as_str);
                Some(json!({"kind": kind, "text": text, "region": region}))
            }
            PredicateKind::ElementState => {
                let target = locator(self.target.as_ref())?.ok_or_else(|| needs("target"))?;
                let state = self.state.ok_or_else(|| needs("state"))?;
                Some(json!({"kind": kind, "locator": target, "state": state.as_str()}))
            }
            PredicateKind::Count => {
                let target = locator(self.target.as_ref())?.ok_or_else(|| needs("target"))?;
                if self.equals.is_none() && self.at_least.is_none() && self.at_most.is_none() {
                    return Err(args::invalid(
                        &format!("{path}.equals"),
                        "count needs equals, atLeast or atMost",
                    )
                    .into());
                }
                Some(
                    json!({"kind": kind, "locator": target, "equals": self.equals,
                    "atLeast": self.at_least, "atMost": self.at_most}),
                )
            }
            PredicateKind::ValidationClear => {
                let form = locator(self.target.as_ref())?.unwrap_or(Value::Null);
                Some(json!({"kind": kind, "locator": form}))
            }
            PredicateKind::UrlMatches => {
                self.url.as_ref().ok_or_else(|| needs("url"))?;
                None
            }
            PredicateKind::NavigationOccurred => {
                self.since_revision.ok_or_else(|| needs("sinceRevision"))?;
                None
            }
            PredicateKind::DialogOpen | PredicateKind::DialogClosed => None,
        })
    }
}

/// How the predicates combine.
#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub enum Combine {
    #[default]
    All,
    Any,
}

/// Check `verify` arguments completely (schema and each predicate's fields) without the
/// browser, so a caller that acts first (`actAndVerify`) refuses a bad predicate before acting.
pub fn validate(a: &Map<String, Value>) -> Result<(), ToolOutcome> {
    crate::tools::kernel::schema::check(crate::tools::kernel::call::input_schema(&TOOL), a)
        .map_err(ToolOutcome::Failed)?;
    let a: VerifyArgs = args::read(a).map_err(ToolOutcome::Failed)?;
    for (i, p) in a.predicates.iter().enumerate() {
        p.for_agent(&format!("predicates[{i}]"))?;
    }
    Ok(())
}

fn run(services: Arc<Services>, input: Call<VerifyArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        let combine = a.combine.unwrap_or_default();
        let predicates = a.predicates;
        // Check every predicate's fields before touching the browser.
        let mut agent_checks = Vec::with_capacity(predicates.len());
        for (i, p) in predicates.iter().enumerate() {
            agent_checks.push(try_tool!(p.for_agent(&format!("predicates[{i}]"))));
        }
        let timeout = Duration::from_millis(a.timeout_ms.unwrap_or(5_000));
        let started = Instant::now();
        let mut b = try_tool!(session_for(&services, &TOOL).await);
        loop {
            let checks = try_tool!(check_once(&mut b, &predicates, &agent_checks).await);
            let satisfied = match combine {
                Combine::All => checks.iter().all(|c| c.holds),
                Combine::Any => checks.iter().any(|c| c.holds),
            };
            let elapsed = started.elapsed();
            if satisfied || elapsed >= timeout {
                return ToolOutcome::ok(&VerifyResult {
                    satisfied,
                    elapsed_ms: elapsed.as_millis() as u64,
                    revision: b.revision(),
                    checks,
                });
            }
            crate::tools::kernel::progress::report(
                elapsed.as_millis() as u64,
                Some(timeout.as_millis() as u64),
                "waiting for the predicates (milliseconds)",
            );
            next_check(&mut b, POLL.min(timeout - elapsed)).await;
        }
    })
}

/// Wait until the page changes (or `most` passes), so the next check sees a change within a
/// round trip instead of at the next tick: the document's own changes, or a navigation or dialog
/// the browser reports. When the page cannot be asked (a dialog is open, the document is going),
/// the rest of `most` is slept instead: never a busy loop.
async fn next_check(b: &mut Browser, most: Duration) {
    let started = Instant::now();
    let least = MIN_GAP.min(most);
    let events = Arc::clone(b.events());
    let browser_reported = events.changed.notified();
    let call = PageChanged(most.as_millis() as u64, least.as_millis() as u64);
    let mut agent = b.agent();
    tokio::select! {
        asked = agent.run_within(&call, most + Duration::from_secs(2)) => {
            if asked.is_err() {
                tokio::time::sleep(most.saturating_sub(started.elapsed())).await;
            }
        }
        _ = browser_reported => {
            tokio::time::sleep(least.saturating_sub(started.elapsed())).await;
        }
    }
}

/// Check every predicate once: the page's in one agent call, the browser's here.
async fn check_once(
    b: &mut Browser,
    predicates: &[Predicate],
    agent_checks: &[Option<Value>],
) -> Result<Vec<CheckOutcome>, BrowserError> {
    let dialog = b.events().dialog();
    let page: Vec<Value> = agent_checks.iter().flatten().cloned().collect();
    // An open dialog blocks the page: its predicates cannot be read until it is answered.
    let mut answers = if page.is_empty() || dialog.is_some() {
        Vec::new()
    } else {
        match b.agent().run(&VerifyChecks(&page)).await {
            Ok(a) => a,
            Err(BrowserError::DialogOpen(_)) => Vec::new(),
            Err(e) => return Err(e),
        }
    }
    .into_iter();
    let mut out = Vec::with_capacity(predicates.len());
    for (p, agent) in predicates.iter().zip(agent_checks) {
        let kind = p.kind.as_str();
        let (holds, observed) = if agent.is_some() {
            match answers.next() {
                Some(a) => (a.holds, Some(a.observed)),
                None => (false, Some(json!({"dialogOpen": true}))),
            }
        } else {
            match p.kind {
                PredicateKind::UrlMatches => {
                    let now = b.pages().location().await?.0;
                    let pattern = p.url.as_deref().unwrap_or_default();
                    (
                        crate::tools::semantic::wait::url_matches(pattern, &now),
                        Some(json!({"url": redact::url_without_query(&now)})),
                    )
                }
                PredicateKind::NavigationOccurred => {
                    let at = b.events().navigated_at.load(Ordering::SeqCst);
                    let since = p.since_revision.unwrap_or(u64::MAX);
                    (at > since, Some(json!({"navigatedAtRevision": at})))
                }
                PredicateKind::DialogOpen | PredicateKind::DialogClosed => {
                    let open = dialog.is_some();
                    let holds = (p.kind == PredicateKind::DialogOpen) == open;
                    let seen = dialog.as_ref().map(|d| json!({"type": d.kind}));
                    (holds, Some(json!({"dialog": seen})))
                }
                _ => (false, None),
            }
        };
        out.push(CheckOutcome {
            kind,
            holds,
            observed,
        });
    }
    Ok(out)
}

/// The result of `verify`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct VerifyResult {
    /// The predicates hold (all of them, or any for `any`).
    pub satisfied: bool,
    /// How long the check took.
    pub elapsed_ms: u64,
    /// The page revision.
    pub revision: u64,
    /// Each predicate's own answer, in the order given.
    pub checks: Vec<CheckOutcome>,
}

/// One predicate's answer.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CheckOutcome {
    /// The predicate's kind.
    pub kind: &'static str,
    /// It holds.
    pub holds: bool,
    /// What was seen: counts, states, the element's role and name, invalid fields, messages.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(extend("x-glassPageContent" = true))]
    pub observed: Option<Value>,
}

/// The `preflight` tool.
pub const PREFLIGHT: Tool = Tool {
    name: "preflight",
    title: "Preflight an action",
    description: "What an action on a target would meet, without acting: unique, visible, enabled, editable, what covers it, likely navigation, popup or submit.",
    group: ToolGroup::Standard,
    family: Family::Semantic,
    schema: input_schema::<PreflightArgs>,
    output: result_of::<PreflightResult>,
    effects: &[Effect::ReadsPage],
    idempotent: true,
    needs: Needs::Page,
    revision: RevisionRule::Reads,
    run: crate::handler!(PreflightArgs, run_preflight),
};

/// Arguments of `preflight`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct PreflightArgs {
    // The element.
    target: Target,
    /// The action to check for (default click).
    action: Option<PreflightAction>,
}

/// The actions `preflight` checks for.
#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "camelCase")]
enum PreflightAction {
    Click,
    Hover,
    Type,
    Check,
    Select,
}

impl PreflightAction {
    fn as_str(self) -> &'static str {
        match self {
            PreflightAction::Click => "click",
            PreflightAction::Hover => "hover",
            PreflightAction::Type => "type",
            PreflightAction::Check => "check",
            PreflightAction::Select => "select",
        }
    }
}

fn run_preflight(services: Arc<Services>, input: Call<PreflightArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        let action = a.action.unwrap_or(PreflightAction::Click).as_str();
        let mut b = try_tool!(session_for(&services, &PREFLIGHT).await);
        let resolved = match b.actions().resolve(a.target.as_str()).await {
            Ok(r) => r,
            // Not one element: that is the answer, with the candidates when there are some.
            Err(ActError::Targeting(f)) => {
                return ToolOutcome::ok(&PreflightResult {
                    action,
                    unique: false,
                    count: f.get("count").and_then(Value::as_u64).unwrap_or(0),
                    actionable: false,
                    reason: f.failure_kind().map(|k| k.as_str()),
                    element: None,
                    candidates: f.get("candidates").cloned(),
                    facts: None,
                    revision: b.revision(),
                });
            }
            Err(ActError::Browser(e)) => return e.into(),
        };
        let mut facts = try_tool!(b.agent().run(&Preflight(&resolved.r, action)).await);
        if facts["status"] == "stale" {
            return ToolOutcome::Failed(crate::failure::Failure::of(
                crate::failure::FailureKind::StaleRef,
                "the element is gone",
            ));
        }
        let actionable = facts["actionable"] == true;
        let reason = facts["reason"]
            .as_str()
            .and_then(crate::failure::FailureKind::from_agent)
            .map(|k| k.as_str());
        if let Some(f) = facts.as_object_mut() {
            f.remove("actionable");
            f.remove("reason");
        }
        ToolOutcome::ok(&PreflightResult {
            action,
            unique: true,
            count: 1,
            actionable,
            reason,
            element: Some(PreflightElement {
                element: resolved.r,
                role: resolved.role,
                name: resolved.name,
            }),
            candidates: None,
            facts: Some(facts),
            revision: b.revision(),
        })
    })
}

/// The result of `preflight`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PreflightResult {
    /// The action checked for.
    pub action: &'static str,
    /// The target is exactly one element.
    pub unique: bool,
    /// How many elements it matches (0 when none, or unknown).
    pub count: u64,
    /// The action would find the element visible, enabled and uncovered.
    pub actionable: bool,
    /// Why not: a targeting failure kind (ambiguous, notFound, notVisible, disabled, blocked...).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<&'static str>,
    // The element.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub element: Option<PreflightElement>,
    /// An ambiguous target: the elements it could mean.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(extend("x-glassPageContent" = true))]
    pub candidates: Option<Value>,
    /// visible, enabled, editable (type), inViewport, coveredBy (role, name), and hints:
    /// likelyNavigation, likelyPopup, likelyFormSubmit.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(extend("x-glassPageContent" = true))]
    pub facts: Option<Value>,
    /// The page revision (unchanged: preflight never acts).
    pub revision: u64,
}

/// The element a preflight is about.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PreflightElement {
    /// Its ref.
    #[serde(rename = "ref")]
    pub element: String,
    /// Its role.
    pub role: String,
    /// Its accessible name.
    #[schemars(extend("x-glassPageContent" = true))]
    pub name: String,
}
