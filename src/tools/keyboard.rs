//! Keyboard tools: `key`, `keyDown`, `keyUp`, `shortcut`.

use std::sync::Arc;

use serde_json::{Map, Value, json};

use super::browser::{page_session, target_schema};
use super::pointer::check_revision;
use super::{Annotations, Services, Tool, ToolFuture, ToolOutcome, args};
use crate::browser::act::until_dialog;
use crate::browser::keys::{self, Key};
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
    args::object_schema(
        json!({"key": {"type": "string"}, "target": target_schema(), "expectedRevision": {"type": "integer", "minimum": 0}}),
        &["key"],
    )
}

fn shortcut_schema() -> Value {
    args::object_schema(
        json!({"keys": {"type": "string", "description": "Modifiers and a key joined by +"}, "target": target_schema(), "expectedRevision": {"type": "integer", "minimum": 0}}),
        &["keys"],
    )
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
    press(services, a, "key", Press::Both)
}

fn run_key_down(services: Arc<Services>, a: Map<String, Value>) -> ToolFuture {
    press(services, a, "key", Press::Down)
}

fn run_key_up(services: Arc<Services>, a: Map<String, Value>) -> ToolFuture {
    press(services, a, "key", Press::Up)
}

fn run_shortcut(services: Arc<Services>, a: Map<String, Value>) -> ToolFuture {
    press(services, a, "keys", Press::Both)
}
