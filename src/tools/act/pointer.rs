//! Verified pointer actions: `click`, `doubleClick`, `hover`, `drag`; and `clickAt`, the one
//! pointer action with no element to verify, behind its own capability.

use std::sync::Arc;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::browser::Browser;
use crate::browser::agent_calls::{Arm, HitAt};
use crate::browser::input::{Button, Press};
use crate::browser::keys::Key;
use crate::browser::settle::{Caused, until_dialog};
use crate::failure::{Failure, FailureKind};
use crate::tools::kernel::args::Target;
use crate::tools::kernel::browser::session_for;
use crate::tools::kernel::effect::Effect;
use crate::tools::kernel::group::{Family, ToolGroup};
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::output::ActionResult;
use crate::tools::kernel::schema::input_schema;
use crate::tools::kernel::tool::{Call, Needs, RevisionRule, Services, Tool, ToolFuture};
use crate::try_tool;

/// `click`.
pub const CLICK: Tool = Tool {
    name: "click",
    title: "Click",
    description: "Click exactly one visible, enabled, unobstructed element; reports what it caused.",
    group: ToolGroup::Core,
    family: Family::Input,
    schema: input_schema::<ClickArgs>,
    output: crate::tools::kernel::output::result_of::<ActionResult>,
    effects: &[Effect::Input],
    idempotent: false,
    needs: Needs::Page,
    revision: RevisionRule::Guarded,
    run: crate::handler!(ClickArgs, run_click),
};

/// `doubleClick`.
pub const DOUBLE_CLICK: Tool = Tool {
    name: "doubleClick",
    title: "Double-click",
    description: "Double-click exactly one verified element.",
    group: ToolGroup::Standard,
    family: Family::Input,
    schema: input_schema::<PointerArgs>,
    output: crate::tools::kernel::output::result_of::<ActionResult>,
    effects: &[Effect::Input],
    idempotent: false,
    needs: Needs::Page,
    revision: RevisionRule::Guarded,
    run: crate::handler!(PointerArgs, run_double_click),
};

/// `hover`.
pub const HOVER: Tool = Tool {
    name: "hover",
    title: "Hover",
    description: "Move the pointer over exactly one verified element.",
    group: ToolGroup::Core,
    family: Family::Input,
    schema: input_schema::<PointerArgs>,
    output: crate::tools::kernel::output::result_of::<ActionResult>,
    effects: &[Effect::Input],
    idempotent: true,
    needs: Needs::Page,
    revision: RevisionRule::Guarded,
    run: crate::handler!(PointerArgs, run_hover),
};

/// Arguments of the single-target actions (`click`, `doubleClick`, `hover`, `clear`, `check`,
/// `uncheck`).
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct PointerArgs {
    // The element.
    pub target: Target,
    /// Else staleRevision.
    pub expected_revision: Option<u64>,
}

/// Arguments of `click`: the single-target ones, and how to press.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct ClickArgs {
    // The element.
    target: Target,
    /// Default left.
    button: Option<ButtonArg>,
    /// Keys held during the click.
    #[schemars(length(max = 4))]
    modifiers: Option<Vec<ModifierArg>>,
    /// Else staleRevision.
    #[allow(dead_code)] // checked by the call path as the page is acquired
    expected_revision: Option<u64>,
}

// The mouse buttons a click may press.
#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "camelCase")]
enum ButtonArg {
    Left,
    Right,
    Middle,
}

// The modifier keys a click may hold, by their DOM names.
#[derive(Deserialize, JsonSchema, Clone, Copy, PartialEq, Eq)]
enum ModifierArg {
    Shift,
    Control,
    Alt,
    Meta,
}

impl ClickArgs {
    /// The press these arguments ask for.
    fn press(&self) -> Press {
        let button = match self.button {
            None | Some(ButtonArg::Left) => Button::Left,
            Some(ButtonArg::Right) => Button::Right,
            Some(ButtonArg::Middle) => Button::Middle,
        };
        let mut held: Vec<ModifierArg> = Vec::new();
        for m in self.modifiers.iter().flatten() {
            if !held.contains(m) {
                held.push(*m);
            }
        }
        let modifiers = held
            .iter()
            .filter_map(|m| {
                Key::named(match m {
                    ModifierArg::Shift => "Shift",
                    ModifierArg::Control => "Control",
                    ModifierArg::Alt => "Alt",
                    ModifierArg::Meta => "Meta",
                })
            })
            .collect();
        Press {
            button,
            count: 1,
            modifiers,
        }
    }
}

/// The small result of a successful action.
pub fn action_result(r: &str, revision: u64, caused: &Caused) -> ToolOutcome {
    ToolOutcome::ok(&ActionResult::new(r, revision, caused))
}

fn pointer(
    services: Arc<Services>,
    input: Call<PointerArgs>,
    tool: &'static Tool,
    clicks: u32,
) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        let press = (clicks > 0).then(|| Press::left(clicks));
        press_target(services, tool, a.target, press).await
    })
}

/// Resolve `target`, check it can take the action, then press it as `press` says (or only
/// move the pointer over it, for `None`), and report what that caused.
async fn press_target(
    services: Arc<Services>,
    tool: &'static Tool,
    target: Target,
    press: Option<Press>,
) -> ToolOutcome {
    let mut b = try_tool!(session_for(&services, tool).await);
    let resolved = try_tool!(b.actions().resolve(target.as_str()).await);
    let caused = try_tool!(press_ref(&mut b, &resolved.r, press.as_ref()).await);
    action_result(&resolved.r, b.revision(), &caused)
}

/// Press the element of ref `r` as `press` says (or only move the pointer over it, for
/// `None`), once it can take that, and let the page settle: where the input landed is checked
/// there (`missedTarget`). The one press of an element by ref, for every tool that presses one.
pub async fn press_ref(
    b: &mut Browser,
    r: &str,
    press: Option<&Press>,
) -> Result<Caused, ToolOutcome> {
    let action = if press.is_none() { "hover" } else { "click" };
    let (x, y) = b.actions().actionable(r, action).await?;
    let armed = b.actions().arm();
    let events = Arc::clone(b.events());
    match press {
        None => b.input().move_pointer(x, y).await?,
        Some(p) => until_dialog(&events, b.input().press_at(x, y, p)).await?,
    }
    Ok(b.actions().settle(armed).await?)
}

fn run_click(services: Arc<Services>, input: Call<ClickArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        let press = a.press();
        press_target(services, &CLICK, a.target, Some(press)).await
    })
}

fn run_double_click(services: Arc<Services>, input: Call<PointerArgs>) -> ToolFuture {
    pointer(services, input, &DOUBLE_CLICK, 2)
}

fn run_hover(services: Arc<Services>, input: Call<PointerArgs>) -> ToolFuture {
    pointer(services, input, &HOVER, 0)
}

/// `clickAt`.
pub const CLICK_AT: Tool = Tool {
    name: "clickAt",
    title: "Click at a point",
    description: "Click at x, y (viewport CSS px) on canvas or element-less pages: never retargeted, refused outside the viewport; says what was hit.",
    group: ToolGroup::Standard,
    family: Family::Input,
    schema: input_schema::<ClickAtArgs>,
    output: crate::tools::kernel::output::result_of::<ClickAtResult>,
    effects: &[Effect::ClicksCoordinate, Effect::Input],
    idempotent: false,
    needs: Needs::Page,
    revision: RevisionRule::Guarded,
    run: crate::handler!(ClickAtArgs, run_click_at),
};

/// Arguments of `clickAt`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct ClickAtArgs {
    /// CSS px from the left.
    #[schemars(range(min = 0.0, max = 100_000.0))]
    x: f64,
    /// CSS px from the top.
    #[schemars(range(min = 0.0, max = 100_000.0))]
    y: f64,
    /// 2: double-click.
    #[schemars(range(min = 1, max = 2))]
    click_count: Option<u32>,
    #[allow(dead_code)] // checked by the call path as the page is acquired
    expected_revision: Option<u64>,
}

/// The result of `clickAt`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ClickAtResult {
    /// The click ran.
    pub ok: bool,
    /// What the point held when clicked (role, name, tag), when the main frame is selected.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(extend("x-glassPageContent" = true))]
    pub hit: Option<Value>,
    /// The page revision after the click.
    pub revision: u64,
    /// The page went quiet after the click.
    pub settled: bool,
    /// What the click started: navigation, dialog, popups, download.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub caused: Option<crate::tools::kernel::output::CausedReport>,
}

fn run_click_at(services: Arc<Services>, input: Call<ClickAtArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        let mut b = try_tool!(session_for(&services, &CLICK_AT).await);
        let (width, height) = try_tool!(b.viewport_size().await);
        if a.x >= width || a.y >= height {
            return ToolOutcome::Failed(
                Failure::of(
                    FailureKind::OutsideViewport,
                    "the point is outside the viewport; nothing was clicked",
                )
                .with(
                    "viewport",
                    serde_json::json!({"width": width.round() as u64, "height": height.round() as u64}),
                ),
            );
        }
        let hit = if b.selected_frame().is_none() {
            let v = try_tool!(b.agent().run(&HitAt(a.x, a.y)).await);
            crate::browser::frames::element_summary(&v["hit"])
        } else {
            None
        };
        // Count the page's mutations from here. No watch judges this click (it is aimed at no
        // element): one an earlier call left armed (a drag refused at its destination) belongs
        // to that call's turn, and the agent dropped it when this call began.
        try_tool!(b.agent().run(&Arm()).await);
        let armed = b.actions().arm();
        let events = Arc::clone(b.events());
        let clicks = a.click_count.unwrap_or(1);
        try_tool!(until_dialog(&events, b.input().click_at(a.x, a.y, clicks)).await);
        let caused = try_tool!(b.actions().settle(armed).await);
        ToolOutcome::ok(&ClickAtResult {
            ok: true,
            hit,
            revision: b.revision(),
            settled: caused.settled,
            caused: crate::tools::kernel::output::CausedReport::of(&caused),
        })
    })
}

/// `drag`.
pub const DRAG: Tool = Tool {
    name: "drag",
    title: "Drag and drop",
    description: "Drag one verified element onto another (pointer drags and HTML5 drag and drop).",
    group: ToolGroup::Standard,
    family: Family::Input,
    schema: input_schema::<DragArgs>,
    output: crate::tools::kernel::output::result_of::<ActionResult>,
    effects: &[Effect::Input],
    idempotent: false,
    needs: Needs::Page,
    revision: RevisionRule::Guarded,
    run: crate::handler!(DragArgs, run_drag),
};

/// Arguments of `drag`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct DragArgs {
    /// The element to drag.
    source: Target,
    /// The element to drop it on.
    destination: Target,
    /// Else staleRevision.
    #[allow(dead_code)] // checked by the call path as the page is acquired
    expected_revision: Option<u64>,
}

fn run_drag(services: Arc<Services>, input: Call<DragArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        let mut b = try_tool!(session_for(&services, &DRAG).await);
        let from = try_tool!(b.actions().resolve(a.source.as_str()).await);
        let to = try_tool!(b.actions().resolve(a.destination.as_str()).await);
        let (x1, y1) = try_tool!(b.actions().actionable(&from.r, "drag").await);
        let (x2, y2) = try_tool!(b.actions().actionable(&to.r, "drop").await);
        let armed = b.actions().arm();
        let mark = armed.network_mark();
        try_tool!(b.input().drag((x1, y1), (x2, y2)).await);
        let caused = try_tool!(b.actions().settle(armed).await);
        try_tool!(b.actions().drop_taken(&caused, mark).await);
        let mut out = ActionResult::new(&from.r, b.revision(), &caused);
        out.destination = Some(to.r);
        ToolOutcome::ok(&out)
    })
}
