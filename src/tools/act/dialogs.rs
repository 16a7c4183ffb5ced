//! `acceptDialog` and `dismissDialog`: resolve the open JavaScript dialog.

use std::sync::Arc;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::failure::{Failure, Kind};
use crate::tools::kernel::args::NoArgs;
use crate::tools::kernel::browser::session_for;
use crate::tools::kernel::effect::Effect;
use crate::tools::kernel::group::{Family, ToolGroup};
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::output::CausedReport;
use crate::tools::kernel::schema::input_schema;
use crate::tools::kernel::tool::{Call, Needs, RevisionRule, Services, Tool, ToolFuture};
use crate::try_tool;

/// `acceptDialog`.
pub const ACCEPT: Tool = Tool {
    name: "acceptDialog",
    title: "Accept the dialog",
    description: "Accept the open alert, confirm, prompt (with promptText) or beforeunload dialog.",
    group: ToolGroup::Core,
    family: Family::Input,
    schema: input_schema::<AcceptArgs>,
    output: crate::tools::kernel::output::result_of::<DialogResult>,
    effects: &[Effect::Input],
    idempotent: false,
    needs: Needs::Dialog,
    revision: RevisionRule::Changes,
    run: crate::handler!(AcceptArgs, run_accept),
};

/// `dismissDialog`.
pub const DISMISS: Tool = Tool {
    name: "dismissDialog",
    title: "Dismiss the dialog",
    description: "Dismiss (cancel) the open JavaScript dialog.",
    group: ToolGroup::Core,
    family: Family::Input,
    schema: input_schema::<NoArgs>,
    output: crate::tools::kernel::output::result_of::<DialogResult>,
    effects: &[Effect::Input],
    idempotent: false,
    needs: Needs::Dialog,
    revision: RevisionRule::Changes,
    run: crate::handler!(NoArgs, run_dismiss),
};

/// Arguments of `acceptDialog`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct AcceptArgs {
    /// The answer to a prompt dialog.
    #[schemars(length(max = 65_536))]
    prompt_text: Option<String>,
}

fn resolve(services: Arc<Services>, text: Option<String>, tool: &'static Tool) -> ToolFuture {
    Box::pin(async move {
        let accept = tool.name == ACCEPT.name;
        let mut b = try_tool!(session_for(&services, tool).await);
        // A page opening dialogs one after another shows the next a moment after the last
        // closed: give it that moment before saying there is none.
        let events = Arc::clone(b.events());
        let open = tokio::time::timeout(NEXT_DIALOG_GRACE, events.dialog_opened()).await;
        let Ok(dialog) = open else {
            return ToolOutcome::Failed(Failure::new(
                Kind::NoDialog,
                "no JavaScript dialog is open",
            ));
        };
        let armed = b.actions().arm();
        try_tool!(b.dialogs().answer(&dialog, accept, text.as_deref()).await);
        // The page's script goes on from the dialog: what it then did is this answer's.
        let caused = try_tool!(b.actions().settle_answer(armed).await);
        let revision = b.bump_revision();
        ToolOutcome::ok(&DialogResult {
            ok: true,
            dialog: DialogKind { kind: dialog.kind },
            accepted: accept,
            revision,
            caused: CausedReport::of(&caused),
        })
    })
}

/// How long `acceptDialog` and `dismissDialog` wait for a dialog when none is open.
const NEXT_DIALOG_GRACE: std::time::Duration = std::time::Duration::from_millis(500);

fn run_accept(services: Arc<Services>, input: Call<AcceptArgs>) -> ToolFuture {
    resolve(services, input.args.prompt_text, &ACCEPT)
}

fn run_dismiss(services: Arc<Services>, _: Call<NoArgs>) -> ToolFuture {
    resolve(services, None, &DISMISS)
}

/// The result of `acceptDialog` and `dismissDialog`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DialogResult {
    /// The dialog was answered.
    pub ok: bool,
    /// Its type.
    pub dialog: DialogKind,
    /// Accepted rather than dismissed.
    pub accepted: bool,
    /// The page revision after the call.
    pub revision: u64,
    /// What the page did once its script went on (a navigation, the next dialog, a popup).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub caused: Option<CausedReport>,
}

/// A dialog's type.
#[derive(Debug, Serialize, JsonSchema)]
pub struct DialogKind {
    /// alert, confirm, prompt or beforeunload.
    #[serde(rename = "type")]
    pub kind: String,
}
