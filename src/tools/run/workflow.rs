//! `workflow`: a Workflow v1 document run step by step through the one call path (each step is
//! a call of its tool, with its own journal entry and policy), with conditions before and
//! after each step, typed outputs read by its extractions, and a checkpoint on disk written
//! before and after every step.
//!
//! Everything decidable is decided before the first step: the document, the inputs, every
//! step's arguments against its tool's schema (inputs substituted), the host rules, denied
//! capabilities and one confirmation for the whole run (risky tasks included). A resumed run
//! (`resume`) runs only its safe suffix: done steps are skipped, an interrupted read runs
//! again, and a step whose input went out without a verified effect blocks until the caller
//! says what became of it. A failed effect is never undone or retried by Glass. Cancelled, a
//! run lets the step under way end (a read is abandoned) and stops before the next.

use std::collections::BTreeMap;
use std::sync::Arc;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::failure::{Failure, FailureKind, Kind};
use crate::policy::Capability;
use crate::tools::kernel::args;
use crate::tools::kernel::args::Document;
use crate::tools::kernel::call::{call, nested};
use crate::tools::kernel::effect::{Effect, Nav, When};
use crate::tools::kernel::gate::{Need, confirm_steps, with_grants};
use crate::tools::kernel::group::{Family, ToolGroup};
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::output::result_of;
use crate::tools::kernel::schema::input_schema;
use crate::tools::kernel::tool::{Call, Needs, RevisionRule, Services, Tool, ToolFuture};
use crate::tools::run::batch::step_need;
use crate::tools::run::checkpoint::{Store, new_run_id, policy_digest};
use crate::try_tool;
use crate::workflow::{self as wf, Checkpoint, Resolution, ResumeRefusal, StepState, Workflow};

/// The `workflow` tool.
pub const WORKFLOW: Tool = Tool {
    name: "workflow",
    title: "Run a workflow",
    description: "Run a Workflow v1 (docs/workflows.md): inputs, steps (action tools, executeTask, executeIntent, extractStructured, wait, verify) with pre/post checks, typed outputs; checkpointed, resumable.",
    group: ToolGroup::Standard,
    family: Family::Run,
    schema: input_schema::<WorkflowArgs>,
    output: result_of::<WorkflowResult>,
    effects: &[
        Effect::RunsSteps,
        Effect::Navigates(Nav::OnPage),
        Effect::ProducesText,
        Effect::Uploads(When::OnPage),
        Effect::ReadsFormValues(When::OnPage),
        Effect::Input,
        Effect::Persists(When::OnPage),
        Effect::Irreversible,
    ],
    idempotent: false,
    needs: Needs::Browser,
    revision: RevisionRule::Changes,
    run: crate::handler!(WorkflowArgs, run),
};

/// Arguments of `workflow`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct WorkflowArgs {
    /// The Workflow v1 document.
    workflow: Document,
    /// Its inputs' values.
    inputs: Option<Document>,
    /// A runId, or "latest" unfinished run.
    #[schemars(length(min = 1, max = 32))]
    resume: Option<String>,
    /// Resuming: step id -> "done" or "rerun".
    resolve: Option<Document>,
}

/// One trace entry: what became of one step, in order.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct TraceEntry {
    /// 1, 2, 3... in the order things happened.
    seq: usize,
    /// The step's id.
    step: String,
    /// done, skipped (done in an earlier run), preconditionFailed, failed, postconditionFailed,
    /// unverified, indeterminate or cancelled.
    outcome: &'static str,
    /// Its call's executionId.
    #[serde(skip_serializing_if = "Option::is_none")]
    execution_id: Option<String>,
    /// The page revision after it.
    #[serde(skip_serializing_if = "Option::is_none")]
    revision: Option<u64>,
}

/// The result of `workflow`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct WorkflowResult {
    /// The run's id: give it as `resume` to continue this run.
    run_id: String,
    /// The workflow's name.
    workflow: String,
    /// completed; preconditionFailed, failed (nothing unverified went out: resumable);
    /// postconditionFailed, unverified, indeterminate (input went out: resolve before resuming);
    /// cancelled; outputMissing.
    status: &'static str,
    /// Steps done, counting those done in an earlier run.
    completed: usize,
    /// Steps in the workflow.
    total: usize,
    /// Steps an earlier run did and this one did not repeat.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    skipped: Vec<String>,
    /// What happened, step by step.
    trace: Vec<TraceEntry>,
    /// The step the run stopped at.
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped_at: Option<String>,
    /// The declared outputs by name (null when not read).
    #[schemars(extend("x-glassPageContent" = true))]
    outputs: Map<String, Value>,
    /// The failing step's failure, or its unmet condition's evidence; bounded.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(extend("x-glassPageContent" = true))]
    failure: Option<Value>,
    /// The page revision at the end.
    #[serde(skip_serializing_if = "Option::is_none")]
    revision: Option<u64>,
}

/// A step ready to run: its tool, its arguments with inputs substituted, its conditions.
struct Prepared {
    id: String,
    tool: &'static Tool,
    arguments: Map<String, Value>,
    pre: Option<Map<String, Value>>,
    post: Option<Map<String, Value>>,
    reads: bool,
    /// An intent step without `candidateId`: resolved on the page when it runs.
    resolves: bool,
}

fn invalid(path: &str, reason: &str) -> ToolOutcome {
    ToolOutcome::Failed(
        Failure::new(Kind::WorkflowValidation, reason)
            .with("path", crate::redact::bounded_text(path, 128)),
    )
}

impl From<wf::WorkflowError> for ToolOutcome {
    fn from(e: wf::WorkflowError) -> ToolOutcome {
        invalid(&e.path, &e.reason)
    }
}

/// Every step's arguments (inputs substituted) against its tool's schema, and its conditions
/// against `verify`'s; an `executeTask` step's task compiled.
fn prepare(
    services: &Services,
    w: &Workflow,
    inputs: &Map<String, Value>,
) -> Result<Vec<Prepared>, ToolOutcome> {
    let verify_schema =
        crate::tools::kernel::call::input_schema(&crate::tools::semantic::verify::TOOL);
    let mut out = Vec::with_capacity(w.steps.len());
    for (i, step) in w.steps.iter().enumerate() {
        let at = |p: &str| {
            if p == "$" {
                format!("workflow.steps[{i}]")
            } else {
                format!("workflow.steps[{i}].{p}")
            }
        };
        let Some(tool) = (services.find)(&step.action) else {
            return Err(invalid(&at("action"), "not a Glass tool"));
        };
        let mut arguments = match wf::substitute(&Value::Object(step.arguments.clone()), inputs) {
            Value::Object(m) => m,
            _ => Map::new(),
        };
        arguments.remove("id");
        arguments.remove("action");
        let intent = matches!(tool.name, "executeIntent" | "actAndVerify");
        // An intent step gives the intent's own verb as `intentAction`: `action` is the step's.
        if intent {
            if let Some(verb) = arguments.remove("intentAction") {
                arguments.insert("action".into(), verb);
            }
        }
        let resolves = intent && !arguments.contains_key("candidateId");
        let mut checked = arguments.clone();
        if resolves {
            checked.insert("candidateId".into(), json!("resolved-when-run"));
        }
        if let Err(e) = crate::tools::kernel::schema::check(
            crate::tools::kernel::call::input_schema(tool),
            &checked,
        ) {
            let path = match e.get("path").and_then(Value::as_str).unwrap_or("$") {
                "action" if intent => "intentAction",
                other => other,
            };
            let reason = e
                .get("reason")
                .and_then(Value::as_str)
                .unwrap_or("does not fit");
            return Err(invalid(&at(path), reason));
        }
        if tool.name == "executeTask" {
            let task = arguments["task"].clone();
            if let Err(e) = crate::task::compile(&task) {
                return Err(invalid(&at(&format!("task.{}", e.path)), &e.reason));
            }
        }
        let condition = |key: &str, c: &Option<Map<String, Value>>| {
            let Some(c) = c else {
                return Ok(None);
            };
            let c = match wf::substitute(&Value::Object(c.clone()), inputs) {
                Value::Object(m) => m,
                _ => Map::new(),
            };
            if let Err(e) = crate::tools::kernel::schema::check(verify_schema, &c) {
                let path = e.get("path").and_then(Value::as_str).unwrap_or("$");
                let reason = e
                    .get("reason")
                    .and_then(Value::as_str)
                    .unwrap_or("does not fit");
                return Err(invalid(&at(&format!("{key}.{path}")), reason));
            }
            Ok(Some(c))
        };
        let pre = condition("pre", &step.pre)?;
        let post = condition("post", &step.post)?;
        if tool.name == "navigate" && !arguments.contains_key("observe") {
            arguments.insert("observe".into(), Value::Bool(false));
        }
        out.push(Prepared {
            id: step.id.clone(),
            tool,
            arguments,
            pre,
            post,
            reads: step.reads(),
            resolves,
        });
    }
    Ok(out)
}

/// The caller's `resolve` map, read.
fn resolutions(given: Option<&Document>) -> Result<BTreeMap<String, Resolution>, ToolOutcome> {
    let mut out = BTreeMap::new();
    for (k, v) in given.map(|d| d.0.iter()).into_iter().flatten() {
        let r = match v.as_str() {
            Some("done") => Resolution::Done,
            Some("rerun") => Resolution::Rerun,
            _ => {
                return Err(args::invalid(
                    &format!("resolve.{}", crate::redact::bounded_text(k, 32)),
                    "must be \"done\" or \"rerun\"",
                )
                .into());
            }
        };
        out.insert(k.clone(), r);
    }
    Ok(out)
}

fn run(services: Arc<Services>, input: Call<WorkflowArgs>) -> ToolFuture {
    Box::pin(async move {
        let Call { args: a, raw } = input;
        let document = a.workflow.to_value();
        let w = try_tool!(wf::parse(&document));
        let inputs = a.inputs.as_ref().map(|d| d.0.clone()).unwrap_or_default();
        try_tool!(wf::check_inputs(&w, &inputs));
        let steps = try_tool!(prepare(&services, &w, &inputs));
        let resolve = try_tool!(resolutions(a.resolve.as_ref()));
        if a.resume.is_none() && !resolve.is_empty() {
            return args::invalid("resolve", "is only for resuming a run (give resume)").into();
        }
        // Under a policy that keeps nothing of the page after the session, checkpoints stay in
        // this process.
        let store = if crate::tools::kernel::effects::permits(
            &services,
            &WORKFLOW,
            Capability::PersistPageData,
        ) {
            try_tool!(Store::open())
        } else {
            Store::in_memory()
        };
        let key = try_tool!(store.key());
        let definition = wf::digest(&document);
        let inputs_digest = wf::keyed_digest(&key, &Value::Object(inputs.clone()));
        let policy = policy_digest(&services);
        // A new run, or the safe suffix of an earlier one.
        let (mut cp, start) = match a.resume.as_deref() {
            None => (
                Checkpoint::new(
                    new_run_id(),
                    &w,
                    definition.clone(),
                    inputs_digest.clone(),
                    policy.clone(),
                ),
                0,
            ),
            Some(id) => {
                let id = if id == "latest" {
                    match store.latest(&definition, &inputs_digest) {
                        Some(id) => id,
                        None => {
                            return ToolOutcome::Failed(Failure::of(
                                FailureKind::UnknownRun,
                                "no unfinished run of this workflow with these inputs is kept",
                            ));
                        }
                    }
                } else {
                    id.to_owned()
                };
                let cp = try_tool!(store.load(&id));
                let mismatch = if cp.definition != definition {
                    Some("the checkpoint is of another workflow document")
                } else if cp.inputs != inputs_digest {
                    Some("the checkpoint's run had other inputs")
                } else if cp.policy != policy {
                    Some("the checkpoint's run ran under another policy")
                } else {
                    None
                };
                if let Some(reason) = mismatch {
                    return ToolOutcome::Failed(
                        Failure::of(FailureKind::CheckpointMismatch, reason).with("runId", id),
                    );
                }
                match wf::resume_from(&cp, &w, &resolve) {
                    Ok(start) => (cp, start),
                    Err(ResumeRefusal::Complete) => {
                        return ToolOutcome::Failed(
                            Failure::of(FailureKind::RunComplete, "every step of the run is done")
                                .with("runId", id),
                        );
                    }
                    Err(ResumeRefusal::Mismatch(reason)) => {
                        return ToolOutcome::Failed(
                            Failure::of(FailureKind::CheckpointMismatch, reason).with("runId", id),
                        );
                    }
                    Err(ResumeRefusal::Blocked { step, state }) => {
                        return ToolOutcome::Failed(
                            Failure::of(
                                FailureKind::ResumeBlocked,
                                "this step's input went out and its effect is not verified: check the page, then resume with resolve: {STEP: \"done\"} if it took effect or \"rerun\" if it did not",
                            )
                            .with("runId", id)
                            .with("step", step)
                            .with("state", json!(state)),
                        );
                    }
                }
            }
        };
        // The policy, for the steps that will run: denials first, then one confirmation.
        let mut needs: Vec<Need> = Vec::new();
        for (i, s) in steps.iter().enumerate().skip(start) {
            needs.extend(try_tool!(step_need(
                &services,
                i,
                s.tool.name,
                &s.arguments
            )));
        }
        let restore = cp.resume_url(start);
        if let Some(url) = &restore {
            needs.extend(try_tool!(step_need(
                &services,
                start,
                "navigate",
                &json!({"url": url}).as_object().cloned().unwrap_or_default()
            )));
        }
        let risky: Vec<String> = steps
            .iter()
            .enumerate()
            .skip(start)
            .filter(|(_, s)| s.tool.name == "executeTask")
            .filter_map(|(i, s)| {
                let plan = crate::task::compile(&s.arguments["task"]).ok()?;
                plan.confirmation_required
                    .then(|| format!("step {i}: {} ({})", plan.task.as_str(), plan.risk.as_str()))
            })
            .collect();
        let risk = (!risky.is_empty()).then(|| risky.join("; "));
        let grants = try_tool!(confirm_steps(&services, &WORKFLOW, &raw, needs, risk));
        try_tool!(store.save(&cp));
        store.prune();
        crate::tools::kernel::progress::stop_between_steps();
        let run = Run {
            services: &services,
            store: &store,
            workflow: &w,
            steps: &steps,
        };
        with_grants(grants, run.go(&mut cp, start, restore)).await
    })
}

/// One run under way.
struct Run<'a> {
    services: &'a Arc<Services>,
    store: &'a Store,
    workflow: &'a Workflow,
    steps: &'a [Prepared],
}

/// How one step's call ended.
struct Ended {
    body: Value,
    ok: bool,
    execution_id: Option<String>,
    /// Known to have sent nothing (an intent that resolved to no candidate); otherwise a
    /// step without a journal entry counts as dispatched.
    sent_nothing: bool,
}

impl Run<'_> {
    async fn go(&self, cp: &mut Checkpoint, start: usize, restore: Option<String>) -> ToolOutcome {
        let total = self.steps.len();
        let mut result = WorkflowResult {
            run_id: cp.run_id.clone(),
            workflow: self.workflow.name.clone(),
            status: "completed",
            completed: start,
            total,
            skipped: Vec::new(),
            trace: Vec::new(),
            stopped_at: None,
            outputs: Map::new(),
            failure: None,
            revision: None,
        };
        for (i, record) in cp.steps.iter_mut().enumerate().take(start) {
            // Steps before the start are done, or resolved as done by the caller.
            record.state = StepState::Done;
            result.skipped.push(self.steps[i].id.clone());
            result.trace.push(TraceEntry {
                seq: result.trace.len() + 1,
                step: self.steps[i].id.clone(),
                outcome: "skipped",
                execution_id: None,
                revision: record.revision,
            });
        }
        crate::tools::kernel::progress::report(
            start as u64,
            Some(total as u64),
            &format!(
                "run {}: starting at step {} of {total}",
                cp.run_id,
                start + 1
            ),
        );
        // A resumed run goes back to the page its last done step left.
        if let Some(url) = restore {
            let here = self.location().await;
            let shown = |u: &str| crate::redact::url_with_query_names(u, false);
            // A checkpoint from another process keeps the page's URL without its query values
            // (`…`): the tab already there is fine, any other page cannot be opened again.
            let kept_whole = !url.contains('…');
            let there = here.as_deref() == Some(url.as_str())
                || (!kept_whole && here.as_deref().map(shown).as_deref() == Some(url.as_str()));
            if !there && !kept_whole {
                result.status = "failed";
                result.stopped_at = Some(self.steps[start].id.clone());
                result.failure = Some(crate::tools::run::batch::bounded_failure(json!({
                    "kind": "resumeBlocked",
                    "reason": "the page to go back to had query values, which a checkpoint never keeps: open that page, then resume",
                })));
                return self.finish(cp, result).await;
            }
            if !there {
                let args = json!({"url": url, "observe": false});
                let (body, ok) = nested(
                    call(
                        self.services,
                        &crate::tools::page::navigate::NAVIGATE,
                        args.as_object().cloned().unwrap_or_default(),
                    )
                    .await,
                );
                if !ok {
                    result.status = "failed";
                    result.stopped_at = Some(self.steps[start].id.clone());
                    result.failure = Some(crate::tools::run::batch::bounded_failure(
                        json!({"restoringPage": body}),
                    ));
                    return self.finish(cp, result).await;
                }
            }
        }
        for i in start..total {
            let step = &self.steps[i];
            if crate::tools::kernel::progress::cancelled() {
                result.status = "cancelled";
                result.stopped_at = Some(step.id.clone());
                break;
            }
            crate::tools::kernel::progress::report(
                i as u64,
                Some(total as u64),
                &format!(
                    "run {}: step {} of {total}: {}",
                    cp.run_id,
                    i + 1,
                    step.tool.name
                ),
            );
            let (outcome, state, stop) = self.step(cp, i, &mut result).await;
            let revision = self.revision().await;
            cp.steps[i].state = state;
            cp.steps[i].revision = revision;
            // Where this step left the page: a resume reopens the one the last done step
            // left (a step that failed or is unverified may have left it anywhere).
            let left = self.location().await;
            cp.steps[i].url = left.clone();
            cp.url = left.or(cp.url.take());
            if state == StepState::Done {
                result.completed += 1;
            }
            result.trace.push(TraceEntry {
                seq: result.trace.len() + 1,
                step: step.id.clone(),
                outcome,
                execution_id: cp.steps[i].execution_id.clone(),
                revision,
            });
            if let Err(f) = self.store.save(cp) {
                result.status = "failed";
                result.stopped_at = Some(step.id.clone());
                result.failure = Some(f.to_json());
                break;
            }
            if let Some(status) = stop {
                result.status = status;
                result.stopped_at = Some(step.id.clone());
                break;
            }
        }
        self.finish(cp, result).await
    }

    /// Run step `i`: its precondition, its call (the checkpoint says `running` while it
    /// runs), its postcondition. Returns the trace outcome, the step's new state, and the
    /// run's status when the run stops here.
    async fn step(
        &self,
        cp: &mut Checkpoint,
        i: usize,
        result: &mut WorkflowResult,
    ) -> (&'static str, StepState, Option<&'static str>) {
        let step = &self.steps[i];
        if let Some(pre) = &step.pre {
            let mut pre = pre.clone();
            pre.entry("timeoutMs").or_insert(json!(0));
            let (body, holds) = self.check(pre).await;
            if !holds {
                result.failure = Some(crate::tools::run::batch::bounded_failure(
                    json!({"precondition": body}),
                ));
                return (
                    "preconditionFailed",
                    StepState::Failed,
                    Some("preconditionFailed"),
                );
            }
        }
        cp.steps[i].state = StepState::Running;
        cp.steps[i].execution_id = None;
        if let Err(f) = self.store.save(cp) {
            result.failure = Some(f.to_json());
            return ("failed", StepState::Failed, Some("failed"));
        }
        let ended = if step.reads {
            tokio::select! {
                e = self.call_step(step) => Some(e),
                _ = crate::tools::kernel::progress::cancellation() => None,
            }
        } else {
            Some(self.call_step(step).await)
        };
        let Some(ended) = ended else {
            // A read abandoned midway changed nothing.
            return ("cancelled", StepState::Failed, Some("cancelled"));
        };
        cp.steps[i].execution_id = ended.execution_id.clone();
        let dispatched = !step.reads
            && !ended.sent_nothing
            && ended
                .execution_id
                .as_deref()
                .and_then(|id| self.services.journal.dispatched(id))
                .unwrap_or(true);
        if !ended.ok {
            result.failure = Some(crate::tools::run::batch::bounded_failure(
                ended.body.clone(),
            ));
            return match (ended.body["status"].as_str(), dispatched) {
                (Some("indeterminate"), _) => (
                    "indeterminate",
                    StepState::Indeterminate,
                    Some("indeterminate"),
                ),
                (Some("postconditionFailed"), true) => (
                    "postconditionFailed",
                    StepState::Unverified,
                    Some("postconditionFailed"),
                ),
                (_, true) => ("unverified", StepState::Unverified, Some("unverified")),
                (_, false) => ("failed", StepState::Failed, Some("failed")),
            };
        }
        if let Some(post) = &step.post {
            let (body, holds) = self.check(post.clone()).await;
            if !holds {
                result.failure = Some(crate::tools::run::batch::bounded_failure(
                    json!({"postcondition": body}),
                ));
                let state = if dispatched {
                    StepState::Unverified
                } else {
                    StepState::Failed
                };
                return ("postconditionFailed", state, Some("postconditionFailed"));
            }
        }
        // Values the outputs take from this step, kept until the run completes.
        if step.tool.name == "extractStructured" {
            for out in self.workflow.outputs.values() {
                if let Some(field) = out.from.strip_prefix(&format!("{}.", step.id)) {
                    let v = ended.body["values"]
                        .get(field)
                        .cloned()
                        .unwrap_or(Value::Null);
                    cp.values.insert(out.from.clone(), v);
                }
            }
        }
        ("done", StepState::Done, None)
    }

    /// One step's call (an intent step without a candidate resolved first).
    async fn call_step(&self, step: &Prepared) -> Ended {
        let mut arguments = step.arguments.clone();
        if step.resolves {
            let mut ask = arguments.clone();
            for k in ["value", "predicates", "combine", "timeoutMs"] {
                ask.remove(k);
            }
            let (r, ok) = nested(
                call(
                    self.services,
                    &crate::tools::semantic::intent::RESOLVE_INTENT,
                    ask,
                )
                .await,
            );
            let Some(selected) = r["selection"].as_str().filter(|_| ok) else {
                let failure = Failure::of(
                    FailureKind::NotFound,
                    "the intent did not resolve to one candidate the resolution policy selects; nothing was sent",
                )
                .with("classification", r["classification"].clone());
                return Ended {
                    body: failure.to_json(),
                    ok: false,
                    execution_id: None,
                    sent_nothing: true,
                };
            };
            arguments.insert("candidateId".into(), json!(selected));
            arguments.insert("expectedRevision".into(), r["revision"].clone());
        }
        let (body, ok) = nested(call(self.services, step.tool, arguments).await);
        let unmet = body.get("ok") == Some(&Value::Bool(false))
            || body.get("satisfied") == Some(&Value::Bool(false))
            || matches!(
                body["status"].as_str(),
                Some("not_executed" | "failed" | "postconditionFailed" | "indeterminate")
            )
            || body["verification"].get("satisfied") == Some(&Value::Bool(false));
        let execution_id = body["executionId"].as_str().map(str::to_owned);
        Ended {
            ok: ok && !unmet,
            body,
            execution_id,
            sent_nothing: false,
        }
    }

    /// Check a condition (`verify`'s arguments): its answer and whether it holds.
    async fn check(&self, c: Map<String, Value>) -> (Value, bool) {
        let (body, ok) =
            nested(call(self.services, &crate::tools::semantic::verify::TOOL, c).await);
        let holds = ok && body["satisfied"] == true;
        (body, holds)
    }

    async fn revision(&self) -> Option<u64> {
        let b = self.services.session.acquire().await.ok()?;
        b.page().is_ok().then(|| b.revision())
    }

    async fn location(&self) -> Option<String> {
        let mut b = self.services.session.acquire().await.ok()?;
        b.page().ok()?;
        b.pages().location().await.ok().map(|(url, _)| url)
    }

    /// The outputs, the final checkpoint, the answer.
    async fn finish(&self, cp: &mut Checkpoint, mut result: WorkflowResult) -> ToolOutcome {
        for (name, out) in &self.workflow.outputs {
            let v = cp.values.get(&out.from).cloned().unwrap_or(Value::Null);
            if v.is_null() && out.required && result.status == "completed" {
                result.status = "outputMissing";
            }
            result.outputs.insert(name.clone(), v);
        }
        if result.status == "completed" {
            cp.complete = true;
            // A finished run keeps no page values.
            cp.values.clear();
        }
        let _ = self.store.save(cp);
        result.revision = self.revision().await;
        crate::tools::kernel::progress::report(
            total_u64(&result),
            Some(result.total as u64),
            &format!("run {}: {}", result.run_id, result.status),
        );
        ToolOutcome::ok(&result)
    }
}

fn total_u64(r: &WorkflowResult) -> u64 {
    if r.status == "completed" {
        r.total as u64
    } else {
        r.completed as u64
    }
}
