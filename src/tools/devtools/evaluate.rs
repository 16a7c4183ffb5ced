//! `evaluate`: run JavaScript in the page when policy permits.
//!
//! The source is never echoed, in results or errors; an exception reports only its class.

use std::sync::Arc;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::browser::script::Evaluated;
use crate::failure::{Failure, FailureKind};
use crate::tools::kernel::browser::session_for;
use crate::tools::kernel::effect::Effect;
use crate::tools::kernel::group::{Family, ToolGroup};
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::output::DialogSeen;
use crate::tools::kernel::schema::input_schema;
use crate::tools::kernel::tool::{Call, Needs, RevisionRule, Services, Tool, ToolFuture};
use crate::try_tool;

/// Largest serialized result returned.
pub const MAX_RESULT_BYTES: usize = 64 * 1024;

/// `evaluate`.
pub const EVALUATE: Tool = Tool {
    name: "evaluate",
    title: "Evaluate JavaScript",
    description: "Evaluate a JavaScript expression in the page (promises awaited): its JSON value.",
    group: ToolGroup::Core,
    family: Family::DevTools,
    schema: input_schema::<EvaluateArgs>,
    output: crate::tools::kernel::output::result_of::<EvaluateResult>,
    effects: &[Effect::Evaluates],
    idempotent: false,
    needs: Needs::Page,
    revision: RevisionRule::Changes,
    run: crate::handler!(EvaluateArgs, run),
};

/// Arguments of `evaluate`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct EvaluateArgs {
    /// A JavaScript expression; never echoed.
    #[schemars(length(min = 1, max = 65_536))]
    expression: String,
    /// Default 10000.
    #[schemars(range(min = 1, max = 60_000))]
    timeout_ms: Option<u64>,
}

fn run(services: Arc<Services>, input: Call<EvaluateArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        let expression = a.expression;
        let timeout = a.timeout_ms.unwrap_or(10_000);
        let mut b = try_tool!(session_for(&services, &EVALUATE).await);
        let answer = try_tool!(
            b.script()
                .evaluate(&expression, std::time::Duration::from_millis(timeout))
                .await
        );
        let revision = b.bump_revision();
        let (value, kind) = match answer {
            Evaluated::Dialog(d) => {
                return ToolOutcome::ok(&EvaluateResult {
                    value: Value::Null,
                    kind: None,
                    truncated: false,
                    bytes: None,
                    dialog: Some(DialogSeen::of(&d)),
                    revision,
                });
            }
            // Only the language's and the DOM's own error classes are named: a page can define
            // a class whose name carries text of its choosing (or the evaluated source's names).
            Evaluated::Threw(class) => {
                let class = BUILT_IN_ERRORS
                    .iter()
                    .find(|c| **c == class)
                    .copied()
                    .unwrap_or("Error");
                return ToolOutcome::Failed(
                    Failure::of(FailureKind::Exception, "the expression threw")
                        .with("exception", class)
                        .with("revision", revision),
                );
            }
            Evaluated::Value { value, kind } => (value, kind),
        };
        let size = value.to_string().len();
        let truncated = size > MAX_RESULT_BYTES;
        ToolOutcome::ok(&EvaluateResult {
            value: if truncated { Value::Null } else { value },
            kind: Some(kind),
            truncated,
            bytes: truncated.then_some(size),
            dialog: None,
            revision,
        })
    })
}

/// Error classes that JavaScript and the DOM define, the only ones reported by name.
const BUILT_IN_ERRORS: &[&str] = &[
    "Error",
    "AggregateError",
    "EvalError",
    "RangeError",
    "ReferenceError",
    "SyntaxError",
    "TypeError",
    "URIError",
    "SuppressedError",
    "DOMException",
];

/// The result of `evaluate`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct EvaluateResult {
    /// The expression's JSON value (null when truncated or a dialog opened).
    #[schemars(extend("x-glassPageContent" = true))]
    pub value: Value,
    /// Its JavaScript type.
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// Past 64 KiB: the value is left out.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub truncated: bool,
    /// The value's size, when truncated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bytes: Option<usize>,
    /// A dialog the expression opened.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dialog: Option<DialogSeen>,
    /// The page revision after the call.
    pub revision: u64,
}
