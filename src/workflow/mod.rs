//! Workflow v1: the browser-free half of the `workflow` tool. A workflow is a JSON document
//! of named inputs, steps (the action tools, tasks, intents, waits, checks and extractions)
//! with pre- and postconditions, and typed outputs read from its extractions. Everything here
//! is pure: the document is checked whole before anything is dispatched, inputs are checked
//! against their declared types and substituted, and a checkpoint of a partly run workflow is
//! reconciled into the step to resume from, so the rules that decide what may run again are
//! testable without Chrome. The tools layer checks each step's arguments against its tool's
//! schema and runs the steps.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

/// The only schema version.
pub const SCHEMA_VERSION: u64 = 1;
/// Most steps in one workflow.
pub const MAX_STEPS: usize = 32;
/// Most declared inputs, and most declared outputs.
pub const MAX_INPUTS: usize = 16;
/// Longest string input, in bytes.
pub const MAX_INPUT_BYTES: usize = 4096;

/// The step actions a workflow may use: each is a Glass tool of the same name. `evaluate` is
/// not among them: a workflow runs typed, verified actions only.
pub const ACTIONS: &[&str] = &[
    "navigate",
    "click",
    "doubleClick",
    "hover",
    "drag",
    "type",
    "clear",
    "check",
    "uncheck",
    "select",
    "fillForm",
    "key",
    "shortcut",
    "scroll",
    "upload",
    "acceptDialog",
    "dismissDialog",
    "wait",
    "verify",
    "executeIntent",
    "actAndVerify",
    "executeTask",
    "extractStructured",
];

/// Actions that only read the page: running one again changes nothing, so an interrupted one
/// is simply run again on resume, and a cancellation may stop one midway.
pub const READ_ACTIONS: &[&str] = &["wait", "verify", "extractStructured"];

/// Where a workflow is wrong, and why: `path` names the authored field to correct.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorkflowError {
    /// JSON path of the field, from the tool's arguments (`workflow.steps[1].id`).
    pub path: String,
    /// Why, in Glass's words (never a value from the document).
    pub reason: String,
}

fn err(path: impl Into<String>, reason: impl Into<String>) -> WorkflowError {
    WorkflowError {
        path: path.into(),
        reason: reason.into(),
    }
}

/// A declared input's type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum InputType {
    /// A string of at most 4 KiB.
    String,
    /// A JSON number.
    Number,
    /// true or false.
    Boolean,
}

/// A declared input.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct InputSpec {
    /// Its type.
    #[serde(rename = "type")]
    pub kind: InputType,
    /// Whether the caller must give it (default true).
    #[serde(default)]
    pub required: Option<bool>,
}

/// A typed output: one field of an extraction step (`from: "STEP.FIELD"`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct OutputSpec {
    /// The extraction kind the value has (that field's own `kind`).
    pub kind: String,
    /// `STEP.FIELD`: an `extractStructured` step's id and one of its field names.
    pub from: String,
    /// Whether the workflow fails without it (default false: the output is null).
    #[serde(default)]
    pub required: bool,
}

/// One step as authored: an id, the tool it calls, conditions, and that tool's arguments.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StepSpec {
    /// Unique in the workflow; what checkpoints and traces name.
    pub id: String,
    /// The tool the step calls (one of [`ACTIONS`]).
    pub action: String,
    /// `verify`'s arguments, checked before the step (once, unless it gives `timeoutMs`).
    #[serde(default)]
    pub pre: Option<Map<String, Value>>,
    /// `verify`'s arguments, checked after the step: the step is done only if they hold.
    #[serde(default)]
    pub post: Option<Map<String, Value>>,
    /// The tool's own arguments.
    #[serde(flatten)]
    pub arguments: Map<String, Value>,
}

impl StepSpec {
    /// Whether the step only reads the page.
    pub fn reads(&self) -> bool {
        READ_ACTIONS.contains(&self.action.as_str())
    }
}

/// A checked workflow.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Workflow {
    /// Always 1.
    pub schema_version: u64,
    /// A short name, reported back (letters, digits, `-`, `_`, `.`, space).
    pub name: String,
    /// Declared inputs by name.
    #[serde(default)]
    pub inputs: BTreeMap<String, InputSpec>,
    /// The steps, in order.
    pub steps: Vec<StepSpec>,
    /// Typed outputs by name.
    #[serde(default)]
    pub outputs: BTreeMap<String, OutputSpec>,
}

/// Identifiers: a letter, then letters, digits, `_` or `-`; at most 32 bytes.
fn identifier(s: &str) -> bool {
    let mut b = s.bytes();
    s.len() <= 32
        && b.next().is_some_and(|c| c.is_ascii_alphabetic())
        && b.all(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b'-')
}

/// Read and check a workflow document whole: its shape, names, step ids, actions, condition
/// shapes, the inputs its placeholders name and the outputs' sources. Step arguments are
/// checked by the tools layer against each tool's own schema.
pub fn parse(document: &Value) -> Result<Workflow, WorkflowError> {
    let root = "workflow";
    let Some(obj) = document.as_object() else {
        return Err(err(root, "must be an object"));
    };
    match obj.get("schemaVersion").and_then(Value::as_u64) {
        Some(SCHEMA_VERSION) => {}
        Some(_) => return Err(err("workflow.schemaVersion", "only version 1 exists")),
        None => return Err(err("workflow.schemaVersion", "is required (1)")),
    }
    let steps = obj.get("steps").and_then(Value::as_array);
    match steps.map(Vec::len) {
        None => return Err(err("workflow.steps", "is required: an array of steps")),
        Some(0) => return Err(err("workflow.steps", "needs at least one step")),
        Some(n) if n > MAX_STEPS => {
            return Err(err("workflow.steps", format!("at most {MAX_STEPS} steps")));
        }
        _ => {}
    }
    // Each step on its own first, so an error names the step.
    for (i, step) in steps.into_iter().flatten().enumerate() {
        let at = format!("workflow.steps[{i}]");
        let Some(s) = step.as_object() else {
            return Err(err(at, "must be an object"));
        };
        for key in ["id", "action"] {
            if !s.get(key).is_some_and(Value::is_string) {
                return Err(err(format!("{at}.{key}"), "is required: a string"));
            }
        }
        for key in ["pre", "post"] {
            if s.get(key).is_some_and(|v| !v.is_object()) {
                return Err(err(
                    format!("{at}.{key}"),
                    "must be verify's arguments: {predicates, combine?, timeoutMs?}",
                ));
            }
        }
    }
    let wf: Workflow = serde_json::from_value(document.clone()).map_err(|e| {
        // serde's message names the field, never a value of the document.
        let msg = e.to_string();
        let field = msg
            .split('`')
            .nth(1)
            .filter(|f| identifier(f) || *f == "type")
            .map(|f| format!("workflow.{f}"))
            .unwrap_or_else(|| root.to_owned());
        err(
            field,
            "does not fit Workflow v1 (schemaVersion, name, inputs, steps, outputs)",
        )
    })?;
    check(&wf)?;
    Ok(wf)
}

fn check(wf: &Workflow) -> Result<(), WorkflowError> {
    let name_ok = !wf.name.trim().is_empty()
        && wf.name.len() <= 64
        && wf
            .name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || " -_.".contains(c));
    if !name_ok {
        return Err(err(
            "workflow.name",
            "1 to 64 letters, digits, spaces, '-', '_' or '.'",
        ));
    }
    if wf.inputs.len() > MAX_INPUTS {
        return Err(err("workflow.inputs", "at most 16 inputs"));
    }
    for name in wf.inputs.keys() {
        if !identifier(name) {
            return Err(err(
                format!("workflow.inputs.{}", crate::redact::bounded_text(name, 32)),
                "an input name is a letter then letters, digits, '_' or '-' (at most 32)",
            ));
        }
    }
    let mut ids: Vec<&str> = Vec::new();
    for (i, step) in wf.steps.iter().enumerate() {
        let at = format!("workflow.steps[{i}]");
        if !identifier(&step.id) {
            return Err(err(
                format!("{at}.id"),
                "a step id is a letter then letters, digits, '_' or '-' (at most 32)",
            ));
        }
        if ids.contains(&step.id.as_str()) {
            return Err(err(format!("{at}.id"), "another step has this id"));
        }
        ids.push(&step.id);
        if !ACTIONS.contains(&step.action.as_str()) {
            return Err(err(
                format!("{at}.action"),
                "not a workflow action (the action tools, wait, verify, executeIntent, actAndVerify, executeTask, extractStructured)",
            ));
        }
        for key in ["confirmToken", "includeTrace", "expectedRevision"] {
            if step.arguments.contains_key(key) {
                return Err(err(
                    format!("{at}.{key}"),
                    "is not a step argument: a workflow is confirmed as a whole, and conditions guard its steps",
                ));
            }
        }
        let mut names = Vec::new();
        placeholders(&Value::Object(step.arguments.clone()), &mut names);
        for c in [&step.pre, &step.post].into_iter().flatten() {
            placeholders(&Value::Object(c.clone()), &mut names);
        }
        for name in names {
            match name {
                Some(n) if wf.inputs.contains_key(&n) => {}
                _ => {
                    return Err(err(
                        at.clone(),
                        "a ${inputs.NAME} placeholder names no declared input",
                    ));
                }
            }
        }
    }
    if wf.outputs.len() > MAX_INPUTS {
        return Err(err("workflow.outputs", "at most 16 outputs"));
    }
    for (name, out) in &wf.outputs {
        let at = format!("workflow.outputs.{}", crate::redact::bounded_text(name, 32));
        if !identifier(name) {
            return Err(err(
                at,
                "an output name is a letter then letters, digits, '_' or '-' (at most 32)",
            ));
        }
        let (step_id, field) = out.from.split_once('.').unwrap_or((&out.from, ""));
        let Some(step) = wf.steps.iter().find(|s| s.id == step_id) else {
            return Err(err(format!("{at}.from"), "STEP.FIELD: no step has this id"));
        };
        if step.action != "extractStructured" {
            return Err(err(
                format!("{at}.from"),
                "outputs come from extractStructured steps",
            ));
        }
        let declared = step.arguments["fields"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|f| f["name"] == field);
        match declared {
            None => {
                return Err(err(
                    format!("{at}.from"),
                    "the step has no field of this name",
                ));
            }
            Some(f) if f["kind"] != out.kind.as_str() => {
                return Err(err(
                    format!("{at}.kind"),
                    "differs from the kind the step extracts",
                ));
            }
            _ => {}
        }
    }
    Ok(())
}

/// The input names of `${inputs.NAME}` placeholders in the strings of `v` (None for a
/// malformed one).
fn placeholders(v: &Value, out: &mut Vec<Option<String>>) {
    match v {
        Value::String(s) => {
            let mut rest = s.as_str();
            while let Some(start) = rest.find("${") {
                let after = &rest[start + 2..];
                match after.find('}') {
                    Some(end) => {
                        let inner = &after[..end];
                        out.push(inner.strip_prefix("inputs.").map(str::to_owned));
                        rest = &after[end + 1..];
                    }
                    None => {
                        out.push(None);
                        break;
                    }
                }
            }
        }
        Value::Array(a) => a.iter().for_each(|x| placeholders(x, out)),
        Value::Object(m) => m.values().for_each(|x| placeholders(x, out)),
        _ => {}
    }
}

/// Check the caller's input values against the declarations: every required one given, none
/// undeclared, each of its type and bounded. Errors name the input, never its value.
pub fn check_inputs(wf: &Workflow, given: &Map<String, Value>) -> Result<(), WorkflowError> {
    for name in given.keys() {
        if !wf.inputs.contains_key(name) {
            return Err(err(
                format!("inputs.{}", crate::redact::bounded_text(name, 32)),
                "the workflow declares no input of this name",
            ));
        }
    }
    for (name, spec) in &wf.inputs {
        let at = format!("inputs.{name}");
        match given.get(name) {
            None | Some(Value::Null) => {
                if spec.required.unwrap_or(true) {
                    return Err(err(at, "is required"));
                }
            }
            Some(v) => {
                let fits = match spec.kind {
                    InputType::String => v.as_str().is_some_and(|s| s.len() <= MAX_INPUT_BYTES),
                    InputType::Number => v.is_number(),
                    InputType::Boolean => v.is_boolean(),
                };
                if !fits {
                    return Err(err(
                        at,
                        match spec.kind {
                            InputType::String => "must be a string of at most 4096 bytes",
                            InputType::Number => "must be a number",
                            InputType::Boolean => "must be true or false",
                        },
                    ));
                }
            }
        }
    }
    Ok(())
}

/// `v` with its placeholders replaced by the inputs: a string that is exactly one placeholder
/// takes the input's own JSON value (a number stays a number); inside a longer string the
/// input is written as text. An input not given is the empty string.
pub fn substitute(v: &Value, inputs: &Map<String, Value>) -> Value {
    let text = |name: &str| match inputs.get(name) {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Null) | None => String::new(),
        Some(other) => other.to_string(),
    };
    match v {
        Value::String(s) => {
            if let Some(name) = s
                .strip_prefix("${inputs.")
                .and_then(|r| r.strip_suffix('}'))
                .filter(|n| !n.contains('}'))
            {
                return inputs
                    .get(name)
                    .cloned()
                    .unwrap_or(Value::String(String::new()));
            }
            let mut out = String::with_capacity(s.len());
            let mut rest = s.as_str();
            while let Some(start) = rest.find("${inputs.") {
                out.push_str(&rest[..start]);
                let after = &rest[start + 9..];
                match after.find('}') {
                    Some(end) => {
                        out.push_str(&text(&after[..end]));
                        rest = &after[end + 1..];
                    }
                    None => {
                        out.push_str(&rest[start..]);
                        rest = "";
                    }
                }
            }
            out.push_str(rest);
            Value::String(out)
        }
        Value::Array(a) => Value::Array(a.iter().map(|x| substitute(x, inputs)).collect()),
        Value::Object(m) => Value::Object(
            m.iter()
                .map(|(k, x)| (k.clone(), substitute(x, inputs)))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// The sha256 of a JSON value with its object keys in sorted order, hex: the same document
/// hashes the same however its keys were written.
pub fn digest(v: &Value) -> String {
    fn canonical(v: &Value, out: &mut String) {
        match v {
            Value::Object(m) => {
                let mut keys: Vec<&String> = m.keys().collect();
                keys.sort();
                out.push('{');
                for (i, k) in keys.into_iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    out.push_str(&Value::String(k.clone()).to_string());
                    out.push(':');
                    canonical(&m[k], out);
                }
                out.push('}');
            }
            Value::Array(a) => {
                out.push('[');
                for (i, x) in a.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    canonical(x, out);
                }
                out.push(']');
            }
            other => out.push_str(&other.to_string()),
        }
    }
    let mut s = String::new();
    canonical(v, &mut s);
    hex(&Sha256::digest(s.as_bytes()))
}

/// A keyed digest (sha256 over the key then the canonical value), so a checkpoint can tell the
/// same inputs again without holding them, and a guess at a short secret input cannot be
/// checked against the file without the key.
pub fn keyed_digest(key: &[u8], v: &Value) -> String {
    let mut h = Sha256::new();
    h.update(key);
    h.update(digest(v).as_bytes());
    hex(&h.finalize())
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Where one step of a run stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum StepState {
    /// Not started.
    Pending,
    /// Started and not known to have ended (the process stopped midway, or it is running).
    Running,
    /// Ran, and its postconditions held: its effect is verified.
    Done,
    /// Ended without sending anything to the page: safe to run again.
    Failed,
    /// Input went out and the step then failed or its postconditions did not hold: never run
    /// again without the caller's word (a failed effect is not reversible).
    Unverified,
    /// Input went out and what it did is unknown.
    Indeterminate,
}

/// One step's record in a checkpoint.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StepRecord {
    /// The step's id.
    pub id: String,
    /// Where it stands.
    pub state: StepState,
    /// The journal id of its last call, for `recoverRun` in the same process.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub execution_id: Option<String>,
    /// The page revision when it ended.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub revision: Option<u64>,
    /// The page it left when it ended: a resume reopens the one the last done step (or the
    /// last step resolved as done) left, not where a later unverified step went.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
}

/// The persisted record of one run: enough to resume its safe suffix, nothing the caller
/// typed (inputs only as a keyed digest).
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Checkpoint {
    /// Always 1.
    pub schema_version: u64,
    /// The run's id.
    pub run_id: String,
    /// The workflow's name.
    pub workflow: String,
    /// [`digest`] of the workflow document.
    pub definition: String,
    /// [`keyed_digest`] of the inputs.
    pub inputs: String,
    /// The policy the run ran under (a digest of its rules).
    pub policy: String,
    /// Every step, in order.
    pub steps: Vec<StepRecord>,
    /// The page the run left after the last step that ran (a resume's fallback when no done
    /// step recorded its own).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// Whether the run ended with every step done.
    pub complete: bool,
    /// Output values read by done steps (kept until the run completes, for its outputs).
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    pub values: Map<String, Value>,
}

impl Checkpoint {
    /// The page a resume from step `start` reopens: the one the step before it left (done, or
    /// resolved as done), else the nearest earlier step's, else the run's last.
    pub fn resume_url(&self, start: usize) -> Option<String> {
        if start == 0 {
            return None;
        }
        self.steps[..start.min(self.steps.len())]
            .iter()
            .rev()
            .find_map(|s| s.url.clone())
            .or_else(|| self.url.clone())
    }

    /// The checkpoint of a run not started yet: every step pending.
    pub fn new(
        run_id: String,
        wf: &Workflow,
        definition: String,
        inputs: String,
        policy: String,
    ) -> Checkpoint {
        Checkpoint {
            schema_version: SCHEMA_VERSION,
            run_id,
            workflow: wf.name.clone(),
            definition,
            inputs,
            policy,
            steps: wf
                .steps
                .iter()
                .map(|s| StepRecord {
                    id: s.id.clone(),
                    state: StepState::Pending,
                    execution_id: None,
                    revision: None,
                    url: None,
                })
                .collect(),
            url: None,
            complete: false,
            values: Map::new(),
        }
    }
}

/// The caller's word on a step that blocks resumption.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Resolution {
    /// Its effect happened (the caller checked): skip it.
    Done,
    /// Its effect did not happen (the caller checked): run it again.
    Rerun,
}

/// Why a checkpoint cannot be resumed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResumeRefusal {
    /// It was made for another workflow document, other inputs or another policy.
    Mismatch(&'static str),
    /// Every step is done.
    Complete,
    /// A step's effect is unknown or failed after dispatch; the caller must resolve it.
    Blocked {
        /// The step's id.
        step: String,
        /// Its state.
        state: StepState,
    },
}

/// What a resume runs: the index of the first step to run; the steps before it are skipped.
pub fn resume_from(
    checkpoint: &Checkpoint,
    wf: &Workflow,
    resolve: &BTreeMap<String, Resolution>,
) -> Result<usize, ResumeRefusal> {
    if checkpoint.complete {
        return Err(ResumeRefusal::Complete);
    }
    if checkpoint.steps.len() != wf.steps.len()
        || checkpoint
            .steps
            .iter()
            .zip(&wf.steps)
            .any(|(r, s)| r.id != s.id)
    {
        return Err(ResumeRefusal::Mismatch(
            "the checkpoint's steps are not this workflow's",
        ));
    }
    for (i, (record, step)) in checkpoint.steps.iter().zip(&wf.steps).enumerate() {
        let verdict = resolve.get(&record.id).copied();
        match record.state {
            StepState::Done => continue,
            StepState::Pending | StepState::Failed => return Ok(i),
            // A read interrupted midway changed nothing.
            StepState::Running if step.reads() => return Ok(i),
            StepState::Running | StepState::Unverified | StepState::Indeterminate => {
                match verdict {
                    Some(Resolution::Done) => continue,
                    Some(Resolution::Rerun) => return Ok(i),
                    None => {
                        let state = if record.state == StepState::Running {
                            StepState::Indeterminate
                        } else {
                            record.state
                        };
                        return Err(ResumeRefusal::Blocked {
                            step: record.id.clone(),
                            state,
                        });
                    }
                }
            }
        }
    }
    Err(ResumeRefusal::Complete)
}

#[cfg(test)]
mod tests;
