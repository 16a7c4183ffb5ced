//! Keyboard tools: `key`, `keyDown`, `keyUp`, `shortcut`.

use std::sync::Arc;

use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value};

use crate::browser::Browser;
use crate::browser::agent_calls::{Arm, KeyGuardArm, KeyGuardRelease};
use crate::browser::keys::{self, Key};
use crate::browser::settle::until_dialog;
use crate::failure::{Failure, FailureKind};
use crate::policy::Capability;
use crate::tools::kernel::args;
use crate::tools::kernel::args::Target;
use crate::tools::kernel::browser::session_for;
use crate::tools::kernel::effect::Effect;
use crate::tools::kernel::group::{Family, ToolGroup};
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::output::KeysResult;
use crate::tools::kernel::schema::input_schema;
use crate::tools::kernel::tool::{Call, Needs, RevisionRule, Services, Tool, ToolFuture};
use crate::try_tool;

/// `key`.
pub const KEY: Tool = Tool {
    name: "key",
    title: "Press a key",
    description: "Press and release one key (Enter, Tab, Escape, ArrowDown, a, F5...), optionally after focusing a target.",
    group: ToolGroup::Core,
    family: Family::Input,
    schema: input_schema::<KeyArgs>,
    output: crate::tools::kernel::output::result_of::<KeysResult>,
    effects: &[Effect::Input, Effect::ProducesText],
    idempotent: false,
    needs: Needs::Page,
    revision: RevisionRule::Guarded,
    run: crate::handler!(KeyArgs, run_key),
};

/// `keyDown`.
pub const KEY_DOWN: Tool = Tool {
    name: "keyDown",
    title: "Key down",
    description: "Press one key without releasing it.",
    group: ToolGroup::Full,
    family: Family::Input,
    schema: input_schema::<KeyArgs>,
    output: crate::tools::kernel::output::result_of::<KeysResult>,
    effects: &[Effect::Input, Effect::ProducesText],
    idempotent: false,
    needs: Needs::Page,
    revision: RevisionRule::Guarded,
    run: crate::handler!(KeyArgs, run_key_down),
};

/// `keyUp`.
pub const KEY_UP: Tool = Tool {
    name: "keyUp",
    title: "Key up",
    description: "Release one key.",
    group: ToolGroup::Full,
    family: Family::Input,
    schema: input_schema::<KeyArgs>,
    output: crate::tools::kernel::output::result_of::<KeysResult>,
    effects: &[Effect::Input, Effect::ProducesText],
    idempotent: false,
    needs: Needs::Page,
    revision: RevisionRule::Guarded,
    run: crate::handler!(KeyArgs, run_key_up),
};

/// `shortcut`.
pub const SHORTCUT: Tool = Tool {
    name: "shortcut",
    title: "Keyboard shortcut",
    description: "Press a chord such as Control+A or Shift+Tab.",
    group: ToolGroup::Standard,
    family: Family::Input,
    schema: input_schema::<ShortcutArgs>,
    output: crate::tools::kernel::output::result_of::<KeysResult>,
    effects: &[Effect::Input, Effect::ProducesText],
    idempotent: false,
    needs: Needs::Page,
    revision: RevisionRule::Guarded,
    run: crate::handler!(ShortcutArgs, run_shortcut),
};

/// Arguments of `key`, `keyDown` and `keyUp`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct KeyArgs {
    /// Enter, Tab, a, F5...
    #[schemars(length(min = 1, max = 64))]
    key: String,
    /// Focused first.
    target: Option<Target>,
    /// Else staleRevision.
    #[allow(dead_code)] // checked by the call path as the page is acquired
    expected_revision: Option<u64>,
}

/// Arguments of `shortcut`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct ShortcutArgs {
    /// Control+A, Shift+Tab...
    #[schemars(length(min = 1, max = 64))]
    keys: String,
    /// Focused first.
    target: Option<Target>,
    /// Else staleRevision.
    #[allow(dead_code)] // checked by the call path as the page is acquired
    expected_revision: Option<u64>,
}

/// The `password-input` rule for every tool that sends keys, following the focused element
/// rather than the target: a page may move focus into a password field at any moment.
pub struct PasswordGuard {
    /// The page's guard is armed and must be read after the keys.
    armed: bool,
}

impl PasswordGuard {
    /// Before keys that type text go out: when focus is (or, inside a frame Glass cannot see
    /// into, may be) in a password field, ask the policy; otherwise arm the page's guard, which
    /// withholds every key once focus enters a password field.
    pub async fn before(
        services: &Services,
        b: &mut Browser,
        tool: &'static Tool,
        a: &Map<String, Value>,
    ) -> Result<PasswordGuard, ToolOutcome> {
        if crate::tools::kernel::effects::permits(services, tool, Capability::PasswordInput) {
            return Ok(PasswordGuard { armed: false });
        }
        let focus = b.agent().run(&KeyGuardArm()).await?;
        // Focus inside a closed shadow root: Chrome says what it is (unknown counts as secret).
        let sealed_secret =
            focus.sealed && b.agent().sealed_focus_is_secret().await.unwrap_or(true);
        if focus.password || focus.opaque || sealed_secret {
            b.agent().run(&KeyGuardRelease()).await?;
            crate::tools::kernel::effects::on_page(
                services,
                Capability::PasswordInput,
                tool,
                a,
                "type into a password field",
            )?;
            return Ok(PasswordGuard { armed: false });
        }
        Ok(PasswordGuard { armed: true })
    }

    /// Arm the page's guard whatever is focused now, for a tool that focuses each field it
    /// types into itself and has already asked the policy about those fields (`fillForm`).
    pub async fn watch(
        services: &Services,
        tool: &'static Tool,
        b: &mut Browser,
    ) -> Result<PasswordGuard, ToolOutcome> {
        if crate::tools::kernel::effects::permits(services, tool, Capability::PasswordInput) {
            return Ok(PasswordGuard { armed: false });
        }
        b.agent().run(&KeyGuardArm()).await?;
        Ok(PasswordGuard { armed: true })
    }

    /// After the keys: a refusal when focus moved into a password field while they were sent
    /// (the page's guard cancelled the keys from then on).
    pub async fn after(self, b: &mut Browser) -> Result<(), ToolOutcome> {
        // A dialog the keys opened blocks the page; the action's result reports it, and the
        // guard is re-armed (and reset) before any later keys.
        if !self.armed || b.events().dialog().is_some() {
            return Ok(());
        }
        let r = b.agent().run(&KeyGuardRelease()).await?;
        if r.tripped || r.password || r.opaque {
            return Err(ToolOutcome::Failed(Failure::of(FailureKind::FocusMovedToPassword, "focus moved into a password field (or a frame or closed part of the page Glass cannot see into) while the keys were sent; the keys from then on were withheld. Check the page before typing again").with("capability", Capability::PasswordInput.as_str())));
        }
        Ok(())
    }
}

/// Which key events a tool sends.
#[derive(Clone, Copy)]
enum Press {
    Both,
    Down,
    Up,
}

fn press(
    services: Arc<Services>,
    (spec, target, raw): (String, Option<Target>, Map<String, Value>),
    field: &'static str,
    how: Press,
    tool: &'static Tool,
) -> ToolFuture {
    Box::pin(async move {
        let chord = if field == "keys" {
            keys::parse_shortcut(&spec)
        } else {
            Key::named(&spec).map(|key| keys::Shortcut {
                modifiers: 0,
                modifier_keys: Vec::new(),
                key,
            })
        };
        let Some(chord) = chord else {
            let reason = if field == "key"
                && spec.contains('+')
                && keys::parse_shortcut(&spec).is_some()
            {
                "is a chord, not one key: press it with `shortcut`, or hold its modifier with `keyDown`"
            } else {
                "is not a known key name"
            };
            return args::invalid(field, reason).into();
        };
        let mut b = try_tool!(session_for(&services, tool).await);
        let mut focused = None;
        if let Some(t) = target {
            let resolved = try_tool!(b.actions().resolve(t.as_str()).await);
            try_tool!(b.actions().focus_for_keys(&resolved.r).await);
            focused = Some(resolved.r);
        }
        if focused.is_none() {
            // Start counting the page's mutations (a targeted press did so when focusing).
            try_tool!(b.agent().run(&Arm()).await);
        }
        // Text-producing keys only: Tab, arrows, Enter and chords type nothing into a field.
        let types_text = !matches!(how, Press::Up)
            && chord.modifiers & (keys::CTRL | keys::ALT | keys::META) == 0
            && chord.key.text.as_deref().is_some_and(|t| t != "\r");
        let guard = if types_text {
            Some(try_tool!(
                PasswordGuard::before(&services, &mut b, tool, &raw).await
            ))
        } else {
            None
        };
        let armed = b.actions().arm();
        let events = Arc::clone(b.events());
        let send = async {
            let mut mods = 0;
            if !matches!(how, Press::Up) {
                for m in &chord.modifier_keys {
                    mods |= keys::modifier_bit(&m.key).unwrap_or(0);
                    b.input().key_event(m, true, mods).await?;
                }
                b.input()
                    .key_event(&chord.key, true, chord.modifiers)
                    .await?;
            }
            if !matches!(how, Press::Down) {
                b.input()
                    .key_event(&chord.key, false, chord.modifiers)
                    .await?;
                let mut mods = chord.modifiers;
                for m in chord.modifier_keys.iter().rev() {
                    mods &= !keys::modifier_bit(&m.key).unwrap_or(0);
                    b.input().key_event(m, false, mods).await?;
                }
            }
            Ok(())
        };
        try_tool!(until_dialog(&events, send).await);
        if let Some(guard) = guard {
            try_tool!(guard.after(&mut b).await);
        }
        let caused = try_tool!(b.actions().settle(armed).await);
        ToolOutcome::ok(&KeysResult::new(focused, b.revision(), &caused))
    })
}

fn run_key(services: Arc<Services>, input: Call<KeyArgs>) -> ToolFuture {
    press_key(services, input, Press::Both, &KEY)
}

fn run_key_down(services: Arc<Services>, input: Call<KeyArgs>) -> ToolFuture {
    press_key(services, input, Press::Down, &KEY_DOWN)
}

fn run_key_up(services: Arc<Services>, input: Call<KeyArgs>) -> ToolFuture {
    press_key(services, input, Press::Up, &KEY_UP)
}

/// `key`, `keyDown` and `keyUp`: one named key, pressed as `how` says.
fn press_key(
    services: Arc<Services>,
    input: Call<KeyArgs>,
    how: Press,
    tool: &'static Tool,
) -> ToolFuture {
    let Call { args, raw } = input;
    press(services, (args.key, args.target, raw), "key", how, tool)
}

fn run_shortcut(services: Arc<Services>, input: Call<ShortcutArgs>) -> ToolFuture {
    press(
        services,
        (input.args.keys, input.args.target, input.raw),
        "keys",
        Press::Both,
        &SHORTCUT,
    )
}
