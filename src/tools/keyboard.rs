//! Keyboard tools: `key`, `keyDown`, `keyUp`, `shortcut`.

use std::sync::Arc;

use serde_json::{Map, Value, json};

use super::browser::{page_session, target_schema};
use super::pointer::check_revision;
use super::{Annotations, Services, Tool, ToolFuture, ToolOutcome, args};
use crate::browser::Browser;
use crate::browser::act::until_dialog;
use crate::browser::keys::{self, Key};
use crate::failure::{Failure, FailureKind};
use crate::policy::{Capability, Decision};
use crate::try_tool;

const KEYS: Annotations = Annotations {
    read_only: false,
    destructive: false,
    idempotent: false,
    open_world: true,
};

/// `key`.
pub const KEY: Tool = Tool {
    name: "key",
    title: "Press a key",
    description: "Press and release one key (Enter, Tab, Escape, ArrowDown, a, F5...), optionally after focusing a target.",
    schema: key_schema,
    annotations: KEYS,
    browser: true,
    run: run_key,
};

/// `keyDown`.
pub const KEY_DOWN: Tool = Tool {
    name: "keyDown",
    title: "Key down",
    description: "Press one key without releasing it.",
    schema: key_schema,
    annotations: KEYS,
    browser: true,
    run: run_key_down,
};

/// `keyUp`.
pub const KEY_UP: Tool = Tool {
    name: "keyUp",
    title: "Key up",
    description: "Release one key.",
    schema: key_schema,
    annotations: KEYS,
    browser: true,
    run: run_key_up,
};

/// `shortcut`.
pub const SHORTCUT: Tool = Tool {
    name: "shortcut",
    title: "Keyboard shortcut",
    description: "Press a chord such as Control+A or Shift+Tab.",
    schema: shortcut_schema,
    annotations: KEYS,
    browser: true,
    run: run_shortcut,
};

fn key_schema() -> Value {
    args::confirmable(args::object_schema(
        json!({"key": {"type": "string"}, "target": target_schema(), "expectedRevision": {"type": "integer", "minimum": 0}}),
        &["key"],
    ))
}

fn shortcut_schema() -> Value {
    args::confirmable(args::object_schema(
        json!({"keys": {"type": "string", "description": "Modifiers and a key joined by +"}, "target": target_schema(), "expectedRevision": {"type": "integer", "minimum": 0}}),
        &["keys"],
    ))
}

/// The `password-input` rule for every tool that sends keys, following the focused element
/// rather than the target: a page may move focus into a password field at any moment.
pub(super) struct PasswordGuard {
    /// The page's guard is armed and must be read after the keys.
    armed: bool,
}

impl PasswordGuard {
    /// Before keys that type text go out: when focus is (or, inside a frame Glass cannot see
    /// into, may be) in a password field, ask the policy; otherwise arm the page's guard, which
    /// withholds every key once focus enters a password field.
    pub(super) async fn before(
        services: &Services,
        b: &mut Browser,
        tool: &'static str,
        a: &Map<String, Value>,
    ) -> Result<PasswordGuard, ToolOutcome> {
        if services.policy.decide(Capability::PasswordInput) == Decision::Allow {
            return Ok(PasswordGuard { armed: false });
        }
        let focus = b.agent_call("keyGuardArm", &[]).await?;
        if focus["password"] == true || focus["opaque"] == true {
            b.agent_call("keyGuardRelease", &[]).await?;
            super::browser::gate(
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
    pub(super) async fn watch(
        services: &Services,
        b: &mut Browser,
    ) -> Result<PasswordGuard, ToolOutcome> {
        if services.policy.decide(Capability::PasswordInput) == Decision::Allow {
            return Ok(PasswordGuard { armed: false });
        }
        b.agent_call("keyGuardArm", &[]).await?;
        Ok(PasswordGuard { armed: true })
    }

    /// After the keys: a refusal when focus moved into a password field while they were sent
    /// (the page's guard cancelled the keys from then on).
    pub(super) async fn after(self, b: &mut Browser) -> Result<(), ToolOutcome> {
        // A dialog the keys opened blocks the page; the action's result reports it, and the
        // guard is re-armed (and reset) before any later keys.
        if !self.armed || b.events.dialog().is_some() {
            return Ok(());
        }
        let r = b.agent_call("keyGuardRelease", &[]).await?;
        if r["tripped"] == true || r["password"] == true || r["opaque"] == true {
            return Err(ToolOutcome::Failed(Failure::of(FailureKind::FocusMovedToPassword, "focus moved into a password field (or a frame Glass cannot see into) while the keys were sent; the keys from then on were withheld. Check the page before typing again").with("capability", Capability::PasswordInput.as_str())));
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
    a: Map<String, Value>,
    field: &'static str,
    how: Press,
    tool: &'static str,
) -> ToolFuture {
    Box::pin(async move {
        try_tool!(args::only(&a, &[field, "target", "expectedRevision"]));
        let spec = try_tool!(args::string(&a, field, 64));
        let chord = if field == "keys" {
            keys::parse_shortcut(spec)
        } else {
            Key::named(spec).map(|key| keys::Shortcut {
                modifiers: 0,
                modifier_keys: Vec::new(),
                key,
            })
        };
        let Some(chord) = chord else {
            return args::invalid(field, "is not a known key name").into();
        };
        let mut b = try_tool!(page_session(&services).await);
        try_tool!(check_revision(&b, &a));
        let mut focused = None;
        if a.get("target").is_some_and(|t| !t.is_null()) {
            let t = try_tool!(super::browser::target(&a));
            let resolved = try_tool!(b.resolve(t).await);
            try_tool!(b.agent_call("focus", &[json!(resolved.r)]).await);
            focused = Some(resolved.r);
        }
        if focused.is_none() {
            // Start counting the page's mutations (a targeted press did so when focusing).
            try_tool!(b.agent_call("arm", &[]).await);
        }
        // Text-producing keys only: Tab, arrows, Enter and chords type nothing into a field.
        let types_text = !matches!(how, Press::Up)
            && chord.modifiers & (keys::CTRL | keys::ALT | keys::META) == 0
            && chord.key.text.as_deref().is_some_and(|t| t != "\r");
        let guard = if types_text {
            Some(try_tool!(
                PasswordGuard::before(&services, &mut b, tool, &a).await
            ))
        } else {
            None
        };
        let armed = b.arm();
        let events = Arc::clone(&b.events);
        let send = async {
            let mut mods = 0;
            if !matches!(how, Press::Up) {
                for m in &chord.modifier_keys {
                    mods |= keys::modifier_bit(&m.key).unwrap_or(0);
                    b.key_event(m, true, mods).await?;
                }
                b.key_event(&chord.key, true, chord.modifiers).await?;
            }
            if !matches!(how, Press::Down) {
                b.key_event(&chord.key, false, chord.modifiers).await?;
                let mut mods = chord.modifiers;
                for m in chord.modifier_keys.iter().rev() {
                    mods &= !keys::modifier_bit(&m.key).unwrap_or(0);
                    b.key_event(m, false, mods).await?;
                }
            }
            Ok(())
        };
        try_tool!(until_dialog(&events, send).await);
        if let Some(guard) = guard {
            try_tool!(guard.after(&mut b).await);
        }
        let caused = try_tool!(b.settle(armed).await);
        let mut out = json!({"ok": true, "revision": b.revision(), "settled": caused.settled});
        if let Some(r) = focused {
            out["ref"] = json!(r);
        }
        caused.attach_to(&mut out);
        ToolOutcome::Ok(out)
    })
}

fn run_key(services: Arc<Services>, a: Map<String, Value>) -> ToolFuture {
    press(services, a, "key", Press::Both, "key")
}

fn run_key_down(services: Arc<Services>, a: Map<String, Value>) -> ToolFuture {
    press(services, a, "key", Press::Down, "keyDown")
}

fn run_key_up(services: Arc<Services>, a: Map<String, Value>) -> ToolFuture {
    press(services, a, "key", Press::Up, "keyUp")
}

fn run_shortcut(services: Arc<Services>, a: Map<String, Value>) -> ToolFuture {
    press(services, a, "keys", Press::Both, "shortcut")
}
