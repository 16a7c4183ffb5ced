//! `validateWebIr`, `inspectWebIr`, `diffWebIr`, `continuityWebIr`: browser-free Web IR tools.
//!
//! Thin wrappers over the pure `crate::webir` operations (`webIr.validate`, `webIr.inspect`,
//! `webIr.diff`, `webIr.continuity`). Responses carry counts and revisions only, never entity
//! payloads, relationships or page content.

use std::sync::Arc;

use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

use crate::tools::kernel::args;
use crate::tools::kernel::args::Document;
use crate::tools::kernel::group::{Family, ToolGroup};
use crate::tools::kernel::outcome::{ToolError, ToolOutcome};
use crate::tools::kernel::schema::input_schema;
use crate::tools::kernel::tool::{Call, Needs, RevisionRule, Services, Tool, ToolFuture};
use crate::webir::{self as ir, Draft};

/// `validateWebIr`.
pub const VALIDATE: Tool = Tool {
    name: "validateWebIr",
    title: "Validate a Web IR draft",
    description: "Validate a Web IR v1 draft's graph invariants without starting Chrome.",
    group: ToolGroup::Full,
    family: Family::Contracts,
    schema: input_schema::<OneDraft>,
    output: crate::tools::kernel::output::result_of::<crate::webir::ValidateResult>,
    effects: &[],
    idempotent: true,
    needs: Needs::Nothing,
    revision: RevisionRule::Reads,
    run: crate::handler!(OneDraft, run_validate),
};

/// `inspectWebIr`.
pub const INSPECT: Tool = Tool {
    name: "inspectWebIr",
    title: "Inspect a Web IR draft",
    description: "Summary counts of a Web IR v1 draft.",
    group: ToolGroup::Full,
    family: Family::Contracts,
    schema: input_schema::<OneDraft>,
    output: crate::tools::kernel::output::result_of::<crate::webir::InspectSummary<'static>>,
    effects: &[],
    idempotent: true,
    needs: Needs::Nothing,
    revision: RevisionRule::Reads,
    run: crate::handler!(OneDraft, run_inspect),
};

/// `diffWebIr`.
pub const DIFF: Tool = Tool {
    name: "diffWebIr",
    title: "Diff two Web IR drafts",
    description: "Revision-change counts between two Web IR drafts.",
    group: ToolGroup::Full,
    family: Family::Contracts,
    schema: input_schema::<TwoDrafts>,
    output: crate::tools::kernel::output::result_of::<crate::webir::DiffSummary>,
    effects: &[],
    idempotent: true,
    needs: Needs::Nothing,
    revision: RevisionRule::Reads,
    run: crate::handler!(TwoDrafts, run_diff),
};

/// `continuityWebIr`.
pub const CONTINUITY: Tool = Tool {
    name: "continuityWebIr",
    title: "Entity continuity",
    description: "Classify one entity across two Web IR drafts: unchanged, changed, rebound, removed or ambiguous.",
    group: ToolGroup::Full,
    family: Family::Contracts,
    schema: input_schema::<ContinuityArgs>,
    output: crate::tools::kernel::output::result_of::<crate::webir::Continuity>,
    effects: &[],
    idempotent: true,
    needs: Needs::Nothing,
    revision: RevisionRule::Reads,
    run: crate::handler!(ContinuityArgs, run_continuity),
};

/// Arguments of `validateWebIr` and `inspectWebIr`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct OneDraft {
    /// A Web IR v1 draft.
    draft: Document,
}

/// Arguments of `diffWebIr`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct TwoDrafts {
    /// The earlier Web IR v1 draft.
    before: Document,
    /// The later Web IR v1 draft.
    after: Document,
}

/// Arguments of `continuityWebIr`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct ContinuityArgs {
    /// The earlier Web IR v1 draft.
    before: Document,
    /// The later Web IR v1 draft.
    after: Document,
    /// The entity to follow from before to after.
    #[schemars(length(min = 1, max = 128))]
    entity_id: String,
}

/// Why a call failed: its arguments, or a draft that breaks the Web IR rules.
enum Failure {
    Args(ToolError),
    Draft(ir::WebIrError),
}

impl From<ToolError> for Failure {
    fn from(e: ToolError) -> Self {
        Failure::Args(e)
    }
}

impl From<ir::WebIrError> for Failure {
    fn from(e: ir::WebIrError) -> Self {
        Failure::Draft(e)
    }
}

fn draft(d: &Document) -> Result<Draft, Failure> {
    Ok(ir::parse_draft(&d.to_value())?)
}

/// Run a pure operation and wrap its result or failure.
fn finish<T: serde::Serialize>(result: Result<T, Failure>) -> ToolFuture {
    let outcome = match result {
        Ok(v) => ToolOutcome::ok(&v),
        Err(Failure::Args(e)) => e.into(),
        Err(Failure::Draft(e)) => ToolOutcome::failed(&e.response()),
    };
    Box::pin(std::future::ready(outcome))
}

fn run_validate(_: Arc<Services>, input: Call<OneDraft>) -> ToolFuture {
    finish((|| {
        let a = input.args;
        Ok(ir::validate_result(&draft(&a.draft)?))
    })())
}

fn run_inspect(_: Arc<Services>, input: Call<OneDraft>) -> ToolFuture {
    finish((|| {
        let a = input.args;
        let d = draft(&a.draft)?;
        Ok(serde_json::to_value(ir::inspect(&d)).unwrap_or(Value::Null))
    })())
}

fn run_diff(_: Arc<Services>, input: Call<TwoDrafts>) -> ToolFuture {
    finish((|| {
        let a = input.args;
        let (before, after) = (draft(&a.before)?, draft(&a.after)?);
        Ok(ir::diff(&before, &after)?)
    })())
}

fn run_continuity(_: Arc<Services>, input: Call<ContinuityArgs>) -> ToolFuture {
    finish((|| {
        let a = input.args;
        if a.entity_id.len() > ir::MAX_ENTITY_ID_BYTES {
            return Err(args::invalid("entityId", "is longer than an entity id can be").into());
        }
        let (before, after) = (draft(&a.before)?, draft(&a.after)?);
        Ok(ir::continuity(&before, &after, &a.entity_id)?)
    })())
}
