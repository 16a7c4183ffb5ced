//! `batch`: up to 32 steps of the action tools in one call, each through the same call path
//! as a call of its own (schema check, page needs, journal entry, policy), so a batch can do
//! nothing its steps could not do one by one.
//!
//! Everything that can be decided before input goes out is decided for the whole batch before
//! the first step runs: every step's arguments, the revision rules of the mode, the URLs and
//! capabilities the policy refuses, and one confirmation for all the steps that need one
//! (typing into a password field that is on the page now included). A step stops the batch at
//! its first failure, and a check (`wait`, `verify`) that does not hold is a failure. The
//! result stays small: it does not repeat the request, only where the batch stopped, the
//! revision after each step, which steps navigated, and the failing step's failure in full,
//! bounded, with that step's `executionId` (every step has its own journal entry).

use std::sync::Arc;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::policy::Capability;
use crate::tools::kernel::args;
use crate::tools::kernel::browser::session_for;
use crate::tools::kernel::effect::{Effect, Nav, When};
use crate::tools::kernel::gate::{Need, confirm_steps, with_grants};
use crate::tools::kernel::group::{Family, ToolGroup};
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::output::result_of;
use crate::tools::kernel::schema::input_schema;
use crate::tools::kernel::tool::{Call, Needs, RevisionRule, Services, Tool, ToolFuture};
use crate::try_tool;

/// Most steps in one batch.
pub const MAX_STEPS: usize = 32;

/// Longest failure, in bytes of JSON, a batch result carries whole; a longer one keeps only
/// its kind, reason and counts.
const MAX_FAILURE_BYTES: usize = 1024;

/// The `batch` tool.
pub const BATCH: Tool = Tool {
    name: "batch",
    title: "Run steps in one call",
    description: "Up to 32 action steps, all checked first, one confirmation; stops at the first failure or unmet wait/verify. mode: unguarded, fixed (each step's expectedRevision), chain (each at the last step's).",
    group: ToolGroup::Standard,
    family: Family::Run,
    schema: input_schema::<BatchArgs>,
    output: result_of::<BatchResult>,
    effects: &[
        Effect::RunsSteps,
        Effect::Navigates(Nav::OnPage),
        Effect::ProducesText,
        Effect::Uploads(When::OnPage),
        Effect::Input,
    ],
    idempotent: false,
    needs: Needs::Browser,
    revision: RevisionRule::Guarded,
    run: crate::handler!(BatchArgs, run),
};

/// Arguments of `batch`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct BatchArgs {
    /// In order.
    #[schemars(length(min = 1, max = 32))]
    steps: Vec<Step>,
    /// Default unguarded.
    mode: Option<Mode>,
    // Required by chain (see `Mode`); described once in the server's instructions.
    expected_revision: Option<u64>,
}

/// {action, ...that tool's arguments}.
#[derive(Deserialize, JsonSchema)]
struct Step {
    // The tool the step calls (the enum names it).
    action: StepAction,
    #[serde(flatten)]
    arguments: Map<String, Value>,
}

// The tools a step may call: those that act on the page, and the checks that prove what
// they did. Reading tools (observe, screenshot) would not fit a small result; `evaluate`
// is not a typed action. (A plain comment: the schema lists the names, and a model reads it.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
enum StepAction {
    Navigate,
    Click,
    DoubleClick,
    Hover,
    Drag,
    Type,
    Clear,
    Check,
    Uncheck,
    Select,
    FillForm,
    Key,
    Shortcut,
    Scroll,
    Upload,
    AcceptDialog,
    DismissDialog,
    Wait,
    Verify,
}

impl StepAction {
    /// The catalog tool the step calls.
    fn tool(self) -> &'static Tool {
        use crate::tools::act::dialogs;
        use crate::tools::act::forms;
        use crate::tools::act::keyboard;
        use crate::tools::act::pointer;
        use crate::tools::act::transfer;
        use crate::tools::page::{navigate, scroll};
        use crate::tools::semantic::verify;
        use crate::tools::semantic::wait;
        match self {
            StepAction::Navigate => &navigate::NAVIGATE,
            StepAction::Click => &pointer::CLICK,
            StepAction::DoubleClick => &pointer::DOUBLE_CLICK,
            StepAction::Hover => &pointer::HOVER,
            StepAction::Drag => &pointer::DRAG,
            StepAction::Type => &forms::TYPE,
            StepAction::Clear => &forms::CLEAR,
            StepAction::Check => &forms::CHECK,
            StepAction::Uncheck => &forms::UNCHECK,
            StepAction::Select => &forms::SELECT,
            StepAction::FillForm => &forms::FILL_FORM,
            StepAction::Key => &keyboard::KEY,
            StepAction::Shortcut => &keyboard::SHORTCUT,
            StepAction::Scroll => &scroll::SCROLL,
            StepAction::Upload => &transfer::UPLOAD,
            StepAction::AcceptDialog => &dialogs::ACCEPT,
            StepAction::DismissDialog => &dialogs::DISMISS,
            StepAction::Wait => &wait::TOOL,
            StepAction::Verify => &verify::TOOL,
        }
    }
}

/// How a batch guards its steps with the page revision (the tool's description says how
/// each mode does; variants are undocumented so the schema stays a plain `enum`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
enum Mode {
    #[default]
    Unguarded,
    Fixed,
    Chain,
}

/// Events (popups, downloads, dialogs) a step's call reported.
#[derive(Debug, Serialize, JsonSchema)]
struct StepEvents {
    /// The step's index.
    step: usize,
    /// What its call's event header said.
    #[schemars(extend("x-glassPageContent" = true))]
    events: Value,
}

/// The result of `batch`: each step's outcome without repeating what the request says. Steps
/// before `failedAt` (all of them when `ok`) succeeded, the one at it failed as `failure`
/// says, and the ones after it did not run.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct BatchResult {
    /// Every step ran and succeeded.
    ok: bool,
    /// The mode the batch ran in.
    mode: Mode,
    /// Steps that succeeded.
    completed: usize,
    /// Steps in the batch.
    total: usize,
    /// The failing step's index; the steps after it did not run.
    #[serde(skip_serializing_if = "Option::is_none")]
    failed_at: Option<usize>,
    /// The page revision before the first step (none when no page was open).
    #[serde(skip_serializing_if = "Option::is_none")]
    initial_revision: Option<u64>,
    /// The page revision after each step that succeeded, in order.
    revisions: Vec<u64>,
    /// The page revision at the end.
    #[serde(skip_serializing_if = "Option::is_none")]
    final_revision: Option<u64>,
    /// Steps that started a main-frame navigation.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    navigated: Vec<usize>,
    /// Steps that opened a JavaScript dialog.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    dialogs: Vec<usize>,
    /// The failing step's failure as its tool gave it (for a check that did not hold, its
    /// result), with that step's own `executionId`; bounded.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(extend("x-glassPageContent" = true))]
    failure: Option<Value>,
    /// The events steps reported, by step.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    step_events: Vec<StepEvents>,
}

fn run(services: Arc<Services>, input: Call<BatchArgs>) -> ToolFuture {
    Box::pin(async move {
        let Call { args: a, raw } = input;
        let mode = a.mode.unwrap_or_default();
        try_tool!(check_steps(&a.steps, mode, a.expected_revision));
        let mut needs = try_tool!(static_needs(&services, &a.steps));
        // What the page now says: its revision, and which typed-into targets are passwords.
        let initial_revision = {
            let mut b = try_tool!(session_for(&services, &BATCH).await);
            let revision = b.page().is_ok().then(|| b.revision());
            // A stale or page-less expectedRevision was refused as the page was acquired.
            if revision.is_some()
                && b.events().dialog().is_none()
                && !crate::tools::kernel::effects::permits(
                    &services,
                    &BATCH,
                    Capability::PasswordInput,
                )
            {
                for (i, step) in a.steps.iter().enumerate() {
                    if password_target(&mut b, step).await {
                        if let Err(refused) = crate::tools::kernel::effects::judge(
                            &services,
                            &BATCH,
                            Capability::PasswordInput,
                        ) {
                            let name = step.action.tool().name;
                            return match refused {
                                ToolOutcome::Failed(f) => {
                                    ToolOutcome::Failed(f.with("step", i).with("action", name))
                                }
                                other => other,
                            };
                        }
                        needs.push(Need {
                            step: Some(i),
                            cap: Capability::PasswordInput,
                            what: "type into a password field".into(),
                        });
                    }
                }
            }
            revision
        };
        let grants = try_tool!(confirm_steps(&services, &BATCH, &raw, needs, None));
        with_grants(grants, run_steps(&services, &a, mode, initial_revision)).await
    })
}

/// Every step's arguments, checked against its tool's schema, and the mode's revision rules:
/// all before anything runs.
fn check_steps(steps: &[Step], mode: Mode, expected: Option<u64>) -> Result<(), ToolOutcome> {
    if mode == Mode::Chain && expected.is_none() {
        return Err(args::invalid(
            "expectedRevision",
            "is required in chain mode (the revision the first step runs at)",
        )
        .into());
    }
    for (i, step) in steps.iter().enumerate() {
        let tool = step.action.tool();
        let at = |path: &str| format!("steps[{i}].{path}");
        if step.arguments.contains_key("confirmToken") {
            return Err(args::invalid(
                &at("confirmToken"),
                "a batch is confirmed as a whole: give confirmToken to the batch",
            )
            .into());
        }
        if let Err(e) = crate::tools::kernel::schema::check(
            crate::tools::kernel::call::input_schema(tool),
            &step.arguments,
        ) {
            let path = e.get("path").and_then(Value::as_str).unwrap_or("$");
            let path = if path == "$" {
                format!("steps[{i}]")
            } else {
                at(path)
            };
            return Err(ToolOutcome::Failed(e.with("path", path)));
        }
        let own = step
            .arguments
            .get("expectedRevision")
            .is_some_and(|v| !v.is_null());
        if tool.revision.takes_expected() {
            match mode {
                Mode::Fixed if !own => {
                    return Err(args::invalid(
                        &at("expectedRevision"),
                        "is required for every guarded step in fixed mode",
                    )
                    .into());
                }
                Mode::Chain if own => {
                    return Err(args::invalid(
                        &at("expectedRevision"),
                        "is given by the batch in chain mode; leave it out",
                    )
                    .into());
                }
                _ => {}
            }
        }
    }
    Ok(())
}

/// What the steps' own arguments show they need from the policy: URLs are checked here, and
/// a capability it refuses fails the batch, naming the step.
fn static_needs(services: &Services, steps: &[Step]) -> Result<Vec<Need>, ToolOutcome> {
    let mut needs = Vec::new();
    for (i, step) in steps.iter().enumerate() {
        needs.extend(step_need(
            services,
            i,
            step.action.tool().name,
            &step.arguments,
        )?);
    }
    Ok(needs)
}

/// What one step's own arguments show it needs from the policy, judged by its tool's effects
/// as a call of its own would be (`effects::settle`): `Err` with the policy's refusal, naming
/// the step, when the policy denies it or the host rules refuse its URL.
pub fn step_need(
    services: &Services,
    i: usize,
    action: &str,
    arguments: &Map<String, Value>,
) -> Result<Vec<Need>, ToolOutcome> {
    let in_step = |outcome: ToolOutcome| match outcome {
        ToolOutcome::Failed(f) => ToolOutcome::Failed(f.with("step", i).with("action", action)),
        other => other,
    };
    let Some(tool) = (services.find)(action) else {
        return Ok(Vec::new());
    };
    let needs =
        crate::tools::kernel::effects::settle(services, tool, arguments).map_err(in_step)?;
    Ok(needs
        .into_iter()
        .map(|(cap, what)| Need {
            step: Some(i),
            cap,
            what,
        })
        .collect())
}

/// Whether a `type` or `fillForm` step types into a password field that is on the page now.
/// A target that does not resolve now (it may appear after an earlier step) is left to the
/// step itself, which refuses it if it turns out to be one.
async fn password_target(b: &mut crate::browser::Browser, step: &Step) -> bool {
    let targets: Vec<&str> = match step.action {
        StepAction::Type => step.arguments["target"].as_str().into_iter().collect(),
        StepAction::FillForm => step.arguments["fields"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|f| f["value"].is_string())
            .filter_map(|f| f["target"].as_str())
            .collect(),
        _ => return false,
    };
    for target in targets {
        if b.actions().resolve(target).await.is_ok_and(|r| r.password) {
            return true;
        }
    }
    false
}

/// Run the checked steps in order until one fails.
async fn run_steps(
    services: &Arc<Services>,
    a: &BatchArgs,
    mode: Mode,
    initial_revision: Option<u64>,
) -> ToolOutcome {
    let mut carried = a.expected_revision.or(initial_revision);
    let mut result = BatchResult {
        ok: true,
        mode,
        completed: 0,
        total: a.steps.len(),
        failed_at: None,
        initial_revision,
        revisions: Vec::with_capacity(a.steps.len()),
        final_revision: None,
        navigated: Vec::new(),
        dialogs: Vec::new(),
        failure: None,
        step_events: Vec::new(),
    };
    let total = a.steps.len() as u64;
    for (i, step) in a.steps.iter().enumerate() {
        let tool = step.action.tool();
        crate::tools::kernel::progress::report(
            i as u64,
            Some(total),
            &format!("step {} of {total}: {}", i + 1, tool.name),
        );
        let mut call = step.arguments.clone();
        if mode == Mode::Chain && tool.revision.takes_expected() {
            if let Some(r) = carried {
                call.insert("expectedRevision".into(), json!(r));
            }
        }
        // The batch never returns a step's observation: do not take one.
        if step.action == StepAction::Navigate && !call.contains_key("observe") {
            call.insert("observe".into(), Value::Bool(false));
        }
        let (mut body, ok) = crate::tools::kernel::call::nested(
            crate::tools::kernel::call::call(services, tool, call).await,
        );
        // A check that did not hold, or a fillForm that filled only some fields, fails the step.
        let failed = !ok
            || body.get("ok") == Some(&Value::Bool(false))
            || body.get("satisfied") == Some(&Value::Bool(false));
        if let Some(caused) = body.get("caused") {
            if caused.get("navigation").is_some() {
                result.navigated.push(i);
            }
            if caused.get("dialog").is_some() {
                result.dialogs.push(i);
            }
        }
        if let Some(events) = body.as_object_mut().and_then(|m| m.remove("events")) {
            result.step_events.push(StepEvents { step: i, events });
        }
        if failed {
            result.ok = false;
            result.failed_at = Some(i);
            result.failure = Some(bounded_failure(body));
            break;
        }
        result.completed += 1;
        let after = match body.get("revision").and_then(Value::as_u64) {
            Some(r) => Some(r),
            None => live_revision(services).await,
        };
        if let Some(r) = after {
            result.revisions.push(r);
            carried = Some(r);
        }
    }
    result.final_revision = live_revision(services).await;
    crate::tools::kernel::progress::report(total, Some(total), "done");
    ToolOutcome::ok(&result)
}

/// The selected page's revision now, if a page is selected.
async fn live_revision(services: &Services) -> Option<u64> {
    let b = services.session.acquire().await.ok()?;
    b.page().is_ok().then(|| b.revision())
}

/// A step's failure for a batch or workflow result (its events are reported apart), cut to
/// its kind, reason and scalar fields (its executionId among them, and those of an object it
/// holds, such as a condition's answer) when long.
pub fn bounded_failure(body: Value) -> Value {
    if body.to_string().len() <= MAX_FAILURE_BYTES {
        return body;
    }
    let mut short = Map::new();
    let mut keep = |m: &Map<String, Value>| {
        for (k, v) in m {
            let scalar = !(v.is_object() || v.is_array());
            if scalar && v.to_string().len() <= 256 {
                short.entry(k.clone()).or_insert_with(|| v.clone());
            }
        }
    };
    if let Value::Object(m) = &body {
        keep(m);
        for inner in m.values().filter_map(Value::as_object) {
            keep(inner);
        }
    }
    short.insert("truncated".into(), Value::Bool(true));
    Value::Object(short)
}
