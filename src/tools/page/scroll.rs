//! `scroll`: the page or one scroll container, by an amount or to an element.

use std::sync::Arc;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::browser::agent_calls::Scroll;
use crate::failure::{Failure, FailureKind};
use crate::tools::kernel::args::Target;
use crate::tools::kernel::browser::{optional_ref, session_for};
use crate::tools::kernel::effect::Effect;
use crate::tools::kernel::group::{Family, ToolGroup};
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::schema::input_schema;
use crate::tools::kernel::tool::{Call, Needs, RevisionRule, Services, Tool, ToolFuture};
use crate::try_tool;

/// `scroll`.
pub const SCROLL: Tool = Tool {
    name: "scroll",
    title: "Scroll",
    description: "Scroll the page, or one target, by dx/dy CSS pixels.",
    group: ToolGroup::Core,
    family: Family::Page,
    schema: input_schema::<ScrollArgs>,
    output: crate::tools::kernel::output::result_of::<ScrollResult>,
    effects: &[Effect::Input],
    idempotent: false,
    needs: Needs::Page,
    revision: RevisionRule::Changes,
    run: crate::handler!(ScrollArgs, run_scroll),
};

/// Arguments of `scroll`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct ScrollArgs {
    /// Right by this many CSS px (default 0).
    #[schemars(range(min = -100_000, max = 100_000))]
    dx: Option<i64>,
    /// Down by this many CSS px (default 600).
    #[schemars(range(min = -100_000, max = 100_000))]
    dy: Option<i64>,
    /// Default the page.
    target: Option<Target>,
}

fn run_scroll(services: Arc<Services>, input: Call<ScrollArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        let dx = a.dx.unwrap_or(0);
        let dy = a.dy.unwrap_or(600);
        let mut b = try_tool!(session_for(&services, &SCROLL).await);
        let r = try_tool!(optional_ref(&mut b, a.target.as_ref()).await);
        let v = try_tool!(b.agent().run(&Scroll(r.as_deref(), dx, dy)).await);
        if v.status {
            return ToolOutcome::Failed(Failure::of(FailureKind::StaleRef, "the element is gone"));
        }
        let revision = b.bump_revision();
        ToolOutcome::ok(&ScrollResult {
            scroll_x: v.scroll_x,
            scroll_y: v.scroll_y,
            moved: v.moved,
            container: v
                .container
                .as_ref()
                .and_then(crate::browser::frames::element_summary),
            revision,
        })
    })
}

/// The result of `scroll`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScrollResult {
    /// Horizontal scroll offset, CSS px, of what scrolled (the page, or `container`).
    pub scroll_x: i64,
    /// Vertical scroll offset, CSS px, of what scrolled.
    pub scroll_y: i64,
    /// Whether anything moved: false at the end of the way asked or with nothing to scroll
    /// there, so a model knows it has seen all there is.
    pub moved: bool,
    /// The panel that scrolled, when not the page (an app's own scrolling pane, a dialog's
    /// body): the wheel's rule, from the target or the middle of the window or open modal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub container: Option<serde_json::Value>,
    /// The page revision after the call.
    pub revision: u64,
}
