//! Task Protocol v1 data model: vocabularies, the per-family tables, the task
//! document, the compiled plan and the error type.
//!
//! Every type serializes with its fields in wire order, so responses are
//! byte-for-byte stable without `serde_json`'s `preserve_order`.

use std::collections::BTreeMap;
use std::fmt;

use serde::Serialize;

use crate::webir::{EntityKind, wire_enum};

/// The only task schema version accepted.
pub const TASK_SCHEMA_VERSION: u32 = 1;
/// Schema version of the compiled plan.
pub const PLAN_SCHEMA_VERSION: u32 = 1;
/// Most inputs one task may carry.
pub const MAX_INPUTS: usize = 64;
/// Longest input name, in bytes.
pub const MAX_INPUT_NAME_BYTES: usize = 64;
/// Longest input value, in bytes.
pub const MAX_INPUT_VALUE_BYTES: usize = 4096;
/// Most postconditions one task may carry.
pub const MAX_POSTCONDITIONS: usize = 32;
/// Longest postcondition `expected` value, in bytes.
pub const MAX_EXPECTED_BYTES: usize = 256;
/// Longest `scope.regionName` / `scope.entityName`, in bytes.
pub const MAX_SCOPE_TEXT_BYTES: usize = 128;
/// Upper bound of `limits.maxActions` (lower bound 1).
pub const MAX_ACTIONS_BOUND: u32 = 256;
/// Upper bound of `limits.timeoutMs` (lower bound 1).
pub const MAX_TIMEOUT_MS: u64 = 120_000;
/// Upper bound of `limits.maxItems` (lower bound 1).
pub const MAX_ITEMS_BOUND: u32 = 4096;

wire_enum! {
    /// The task family: what the caller wants done, as a dotted name.
    pub enum TaskKind {
        FormInspect => "form.inspect",
        FormFill => "form.fill",
        FormValidate => "form.validate",
        FormSubmit => "form.submit",
        NavigationFollow => "navigation.follow",
        NavigationSelectTab => "navigation.selectTab",
        NavigationOpenMenu => "navigation.openMenu",
        TableExtract => "table.extract",
        CollectionExtract => "collection.extract",
        RegionExtract => "region.extract",
        FieldRead => "field.read",
        DialogInspect => "dialog.inspect",
        DialogConfirm => "dialog.confirm",
        DialogCancel => "dialog.cancel",
        PaginationNext => "pagination.next",
        PaginationCollect => "pagination.collect",
    }
}

wire_enum! {
    /// Declared risk class, in rank order: a later variant is riskier.
    pub enum RiskClass {
        ReadOnly => "readOnly",
        LocalMutation => "localMutation",
        RemoteReversible => "remoteReversible",
        RemoteIrreversible => "remoteIrreversible",
        Authentication => "authentication",
        DataDisclosure => "dataDisclosure",
        UnknownRisk => "unknownRisk",
    }
}

wire_enum! {
    /// What to do when the target cannot be identified uniquely.
    pub enum AmbiguityPolicy {
        Fail => "fail",
        RequireConfirmation => "requireConfirmation",
    }
}

wire_enum! {
    /// How strictly execution must stay on the compiled page revision.
    pub enum RevisionPolicy {
        Exact => "exact",
        Compatible => "compatible",
        Reextract => "reextract",
    }
}

wire_enum! {
    /// A checkable outcome the task expects after it runs.
    pub enum PostconditionKind {
        PageKind => "pageKind",
        RegionPresent => "regionPresent",
        EntityState => "entityState",
        NavigationOccurred => "navigationOccurred",
        DialogClosed => "dialogClosed",
        ValidationClear => "validationClear",
        RecordsExtracted => "recordsExtracted",
    }
}

wire_enum! {
    /// One step operation of a compiled plan.
    pub enum Operation {
        ObserveScope => "observeScope",
        InspectForm => "inspectForm",
        FillInputs => "fillInputs",
        ValidateForm => "validateForm",
        SubmitForm => "submitForm",
        FollowNavigation => "followNavigation",
        SelectTab => "selectTab",
        OpenMenu => "openMenu",
        ExtractTable => "extractTable",
        ExtractCollection => "extractCollection",
        ExtractRegion => "extractRegion",
        ReadField => "readField",
        InspectDialog => "inspectDialog",
        ConfirmDialog => "confirmDialog",
        CancelDialog => "cancelDialog",
        NextPage => "nextPage",
        CollectPages => "collectPages",
    }
}

impl Default for AmbiguityPolicy {
    /// Fail closed when a target is ambiguous.
    fn default() -> Self {
        AmbiguityPolicy::Fail
    }
}

impl Default for RevisionPolicy {
    /// Bind to the exact compiled revision.
    fn default() -> Self {
        RevisionPolicy::Exact
    }
}

/// An input a family cannot run without: its name and the fixed reason used
/// when it is missing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RequiredInput {
    /// Input name (also the path suffix, `inputs.<name>`).
    pub name: &'static str,
    /// Reason reported when it is absent.
    pub reason: &'static str,
}

impl TaskKind {
    /// The Web IR entity kind the family acts on; `scope.entityKind`, when
    /// given, must equal it.
    pub const fn entity_kind(self) -> EntityKind {
        use TaskKind::*;
        match self {
            FormInspect | FormFill | FormValidate | FormSubmit => EntityKind::Form,
            FieldRead => EntityKind::Field,
            NavigationSelectTab => EntityKind::Tab,
            NavigationOpenMenu => EntityKind::NavigationItem,
            TableExtract => EntityKind::Table,
            CollectionExtract => EntityKind::Collection,
            RegionExtract => EntityKind::Region,
            DialogInspect | DialogConfirm | DialogCancel => EntityKind::Dialog,
            PaginationNext | PaginationCollect => EntityKind::PaginationControl,
            NavigationFollow => EntityKind::Link,
        }
    }

    /// The lowest risk the family can honestly carry; compilation raises the
    /// declared risk to it and never lowers it.
    pub const fn minimum_risk(self) -> RiskClass {
        use TaskKind::*;
        match self {
            FormFill => RiskClass::LocalMutation,
            FormSubmit => RiskClass::RemoteIrreversible,
            DialogConfirm | DialogCancel => RiskClass::RemoteReversible,
            NavigationFollow | NavigationSelectTab | NavigationOpenMenu | PaginationNext
            | PaginationCollect => RiskClass::LocalMutation,
            FormInspect | FormValidate | TableExtract | CollectionExtract | RegionExtract
            | FieldRead | DialogInspect => RiskClass::ReadOnly,
        }
    }

    /// The family's plan operation (step 2 of every plan).
    pub const fn operation(self) -> Operation {
        use TaskKind::*;
        match self {
            FormInspect => Operation::InspectForm,
            FormFill => Operation::FillInputs,
            FormValidate => Operation::ValidateForm,
            FormSubmit => Operation::SubmitForm,
            NavigationFollow => Operation::FollowNavigation,
            NavigationSelectTab => Operation::SelectTab,
            NavigationOpenMenu => Operation::OpenMenu,
            TableExtract => Operation::ExtractTable,
            CollectionExtract => Operation::ExtractCollection,
            RegionExtract => Operation::ExtractRegion,
            FieldRead => Operation::ReadField,
            DialogInspect => Operation::InspectDialog,
            DialogConfirm => Operation::ConfirmDialog,
            DialogCancel => Operation::CancelDialog,
            PaginationNext => Operation::NextPage,
            PaginationCollect => Operation::CollectPages,
        }
    }

    /// Whether a postcondition kind can be checked after this family runs.
    /// (`entityState` is accepted by no family in Task Protocol v1.)
    pub const fn allows_postcondition(self, kind: PostconditionKind) -> bool {
        use PostconditionKind as P;
        use TaskKind::*;
        match self {
            FormInspect | FormFill | FormValidate => {
                matches!(kind, P::ValidationClear | P::RegionPresent | P::PageKind)
            }
            FormSubmit => matches!(
                kind,
                P::NavigationOccurred
                    | P::ValidationClear
                    | P::RegionPresent
                    | P::PageKind
                    | P::DialogClosed
            ),
            NavigationFollow => {
                matches!(kind, P::NavigationOccurred | P::RegionPresent | P::PageKind)
            }
            NavigationSelectTab | NavigationOpenMenu | FieldRead => {
                matches!(kind, P::RegionPresent | P::PageKind)
            }
            TableExtract | CollectionExtract | RegionExtract | PaginationCollect => {
                matches!(kind, P::RecordsExtracted | P::RegionPresent | P::PageKind)
            }
            DialogInspect => matches!(kind, P::DialogClosed | P::RegionPresent | P::PageKind),
            DialogConfirm | DialogCancel => matches!(kind, P::DialogClosed | P::PageKind),
            PaginationNext => matches!(
                kind,
                P::NavigationOccurred | P::RecordsExtracted | P::RegionPresent | P::PageKind
            ),
        }
    }

    /// Whether the family acts inside a page region and so needs
    /// `scope.regionName`; link following and dialogs are page-level.
    pub const fn requires_region(self) -> bool {
        !matches!(
            self,
            TaskKind::NavigationFollow
                | TaskKind::DialogInspect
                | TaskKind::DialogConfirm
                | TaskKind::DialogCancel
        )
    }

    /// The input naming the family's semantic target, when it has one.
    pub const fn required_input(self) -> Option<RequiredInput> {
        let (name, reason) = match self {
            TaskKind::FormSubmit => (
                "submit",
                "form.submit requires the semantic submit target in inputs.submit",
            ),
            TaskKind::NavigationOpenMenu => {
                ("menu", "navigation.openMenu requires a bounded menu input")
            }
            TaskKind::NavigationSelectTab => {
                ("tab", "navigation.selectTab requires a bounded tab input")
            }
            TaskKind::PaginationNext => ("next", "pagination.next requires a bounded next input"),
            TaskKind::PaginationCollect => {
                ("next", "pagination.collect requires a bounded next input")
            }
            TaskKind::NavigationFollow => ("url", "navigation.follow requires a bounded url input"),
            TaskKind::FieldRead => (
                "field",
                "field.read requires the semantic field name in inputs.field",
            ),
            _ => return None,
        };
        Some(RequiredInput { name, reason })
    }
}

/// Where on the page the task applies. At least one field is required.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Scope {
    /// Semantic region name, e.g. "Shipping address".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub region_name: Option<String>,
    /// Web IR entity kind of the target; must match the family.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entity_kind: Option<EntityKind>,
    /// Accessible name of the target; needs `entity_kind`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entity_name: Option<String>,
}

/// Named input values, sorted by name.
///
/// Values can be secrets (passwords, personal data), so `Debug` prints only
/// the names, and no plan or response ever contains a value.
#[derive(Clone, Default, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(transparent)]
pub struct Inputs(pub BTreeMap<String, String>);

impl Inputs {
    /// Number of inputs.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// True when there are no inputs.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// True when an input of this name exists.
    pub fn contains(&self, name: &str) -> bool {
        self.0.contains_key(name)
    }

    /// The value of one input, for the execution layer that must type it.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.get(name).map(String::as_str)
    }

    /// Input names in sorted order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.0.keys().map(String::as_str)
    }
}

impl fmt::Debug for Inputs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map()
            .entries(self.0.keys().map(|k| (k, "<redacted>")))
            .finish()
    }
}

/// Execution budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Limits {
    /// Most plan steps / browser actions, 1..=256.
    pub max_actions: u32,
    /// Overall deadline in milliseconds, 1..=120000.
    pub timeout_ms: u64,
    /// Most items an extraction may return, 1..=4096.
    pub max_items: u32,
}

impl Default for Limits {
    /// The original's defaults (16 actions, 15 s, 128 items), for callers
    /// building tasks in code; the wire field itself is required.
    fn default() -> Self {
        Limits {
            max_actions: 16,
            timeout_ms: 15_000,
            max_items: 128,
        }
    }
}

/// An expected outcome.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Postcondition {
    /// What to check.
    pub kind: PostconditionKind,
    /// Optional expected value (for `recordsExtracted`, a count ≤ maxItems).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<String>,
}

/// A structurally parsed task document, not yet checked against the rules.
///
/// Serializes to the canonical task JSON (empty `inputs` and
/// `postconditions` omitted), so a validated task round-trips.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Task {
    /// Must be [`TASK_SCHEMA_VERSION`].
    pub schema_version: u32,
    /// Task family.
    pub task: TaskKind,
    /// Semantic scope.
    pub scope: Scope,
    /// Named inputs.
    #[serde(skip_serializing_if = "Inputs::is_empty")]
    pub inputs: Inputs,
    /// Budget.
    pub limits: Limits,
    /// Declared risk.
    pub risk: RiskClass,
    /// Ambiguity policy.
    pub ambiguity: AmbiguityPolicy,
    /// Revision policy.
    pub revision: RevisionPolicy,
    /// Expected outcomes.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub postconditions: Vec<Postcondition>,
}

/// A task that passed every Task Protocol v1 rule.
///
/// Only [`crate::task::validate`] and [`crate::task::validate_task`] build
/// one, so holding it proves the rules held.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(transparent)]
pub struct ValidatedTask(pub(super) Task);

impl ValidatedTask {
    /// Task schema version (always 1).
    pub fn schema_version(&self) -> u32 {
        self.0.schema_version
    }

    /// The family's wire name, e.g. `form.fill`.
    pub fn task_name(&self) -> &'static str {
        self.0.task.as_str()
    }

    /// The validated document.
    pub fn task(&self) -> &Task {
        &self.0
    }

    /// Gives back the document.
    pub fn into_inner(self) -> Task {
        self.0
    }

    /// Canonical task JSON.
    pub fn to_canonical_json(&self) -> String {
        // Plain strings, numbers and enums: serialization cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// `validateTask` success body: `{"valid":true,"schemaVersion":1,"task":"form.fill"}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ValidationResult {
    /// Always true: failures are errors.
    pub valid: bool,
    /// Task schema version.
    pub schema_version: u32,
    /// Task family.
    pub task: TaskKind,
}

/// One plan step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlanStep {
    /// 1-based position.
    pub ordinal: u32,
    /// What the step does.
    pub operation: Operation,
    /// Names (never values) of the inputs the step consumes; present only for
    /// `fillInputs` and `submitForm`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input_names: Option<Vec<String>>,
}

/// A browser-free execution plan, fields in the spec's order.
///
/// It is not an action result: an execution layer must still reconcile it
/// against a current Web IR revision and apply policy and confirmation gates.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Plan {
    /// The plan schema version ([`PLAN_SCHEMA_VERSION`], 1).
    pub schema_version: u32,
    /// Schema version of the source task.
    pub task_schema_version: u32,
    /// Task family.
    pub task: TaskKind,
    /// Scope, copied from the task.
    pub scope: Scope,
    /// Limits, copied from the task.
    pub limits: Limits,
    /// Ambiguity policy.
    pub ambiguity: AmbiguityPolicy,
    /// Revision policy.
    pub revision: RevisionPolicy,
    /// Effective risk: the declared risk raised to the family minimum.
    pub risk: RiskClass,
    /// Whether execution must ask the user before the family operation.
    pub confirmation_required: bool,
    /// `observeScope` then the family operation.
    pub steps: Vec<PlanStep>,
    /// Postconditions, copied from the task; omitted when empty.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub postconditions: Vec<Postcondition>,
}

impl Plan {
    /// Canonical plan JSON (without the `{"plan": …}` wrapper).
    pub fn to_canonical_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// `compileTask` success body `{"plan": …}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct PlanResponse<'a> {
    /// The compiled plan.
    pub plan: &'a Plan,
}

/// A task failed to parse, failed a rule, or cannot be compiled.
///
/// `path` names the authored field to correct; `reason` is a fixed sentence
/// that is safe to display because it never contains input values.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema, thiserror::Error)]
#[error("{path}: {reason}")]
pub struct TaskError {
    /// Task field path, e.g. `inputs`, `postconditions[0].kind`, `$`.
    pub path: String,
    /// Fixed, display-safe explanation.
    pub reason: String,
}

impl TaskError {
    /// Builds an error from a path and one of this module's fixed reasons.
    pub(crate) fn new(path: impl Into<String>, reason: &str) -> Self {
        TaskError {
            path: path.into(),
            reason: reason.to_owned(),
        }
    }

    /// The MCP error body `{"kind":…,"path":…,"reason":…}`.
    pub fn response(&self, kind: TaskErrorKind) -> TaskErrorResponse<'_> {
        TaskErrorResponse {
            kind,
            path: &self.path,
            reason: &self.reason,
        }
    }
}

wire_enum! {
    /// Which operation failed, as reported in the error body's `kind`.
    pub enum TaskErrorKind {
        Validation => "taskValidation",
        Compilation => "taskCompilation",
    }
}

/// Serialized error body for `isError: true` tool results, fields in wire order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct TaskErrorResponse<'a> {
    /// `taskValidation` or `taskCompilation`.
    pub kind: TaskErrorKind,
    /// See [`TaskError::path`].
    pub path: &'a str,
    /// See [`TaskError::reason`].
    pub reason: &'a str,
}
