//! Key names to CDP key events.
//!
//! Names follow the DOM `key` values (`Enter`, `ArrowDown`, `a`, `F5`), as Playwright and the
//! original Glass accept them; shortcuts join keys with `+` (`Control+Shift+A`).

/// Modifier bits as CDP numbers them.
pub const ALT: i64 = 1;
/// Control.
pub const CTRL: i64 = 2;
/// Meta (Command).
pub const META: i64 = 4;
/// Shift.
pub const SHIFT: i64 = 8;

/// One key, as CDP wants it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Key {
    /// DOM `key`.
    pub key: String,
    /// DOM `code`.
    pub code: String,
    /// Windows virtual key code.
    pub key_code: i64,
    /// Text the key produces, if any.
    pub text: Option<String>,
    /// 1 for left modifiers, 0 otherwise.
    pub location: i64,
}

fn key(key: &str, code: &str, key_code: i64, text: Option<&str>) -> Key {
    Key {
        key: key.to_owned(),
        code: code.to_owned(),
        key_code,
        text: text.map(str::to_owned),
        location: 0,
    }
}

/// The modifier bit of a modifier key name.
pub fn modifier_bit(name: &str) -> Option<i64> {
    match name {
        "Alt" => Some(ALT),
        "Control" | "Ctrl" => Some(CTRL),
        "Meta" | "Command" | "Cmd" => Some(META),
        "Shift" => Some(SHIFT),
        _ => None,
    }
}

impl Key {
    /// A named key (`Enter`, `Tab`, `a`, `F5`, `Control`), or `None` if unknown.
    pub fn named(name: &str) -> Option<Key> {
        let k = match name {
            "Enter" => key("Enter", "Enter", 13, Some("\r")),
            "Tab" => key("Tab", "Tab", 9, None),
            "Escape" | "Esc" => key("Escape", "Escape", 27, None),
            "Backspace" => key("Backspace", "Backspace", 8, None),
            "Delete" => key("Delete", "Delete", 46, None),
            "Space" | " " => key(" ", "Space", 32, Some(" ")),
            "ArrowUp" => key("ArrowUp", "ArrowUp", 38, None),
            "ArrowDown" => key("ArrowDown", "ArrowDown", 40, None),
            "ArrowLeft" => key("ArrowLeft", "ArrowLeft", 37, None),
            "ArrowRight" => key("ArrowRight", "ArrowRight", 39, None),
            "Home" => key("Home", "Home", 36, None),
            "End" => key("End", "End", 35, None),
            "PageUp" => key("PageUp", "PageUp", 33, None),
            "PageDown" => key("PageDown", "PageDown", 34, None),
            "Insert" => key("Insert", "Insert", 45, None),
            "Shift" => Key {
                location: 1,
                ..key("Shift", "ShiftLeft", 16, None)
            },
            "Control" | "Ctrl" => Key {
                location: 1,
                ..key("Control", "ControlLeft", 17, None)
            },
            "Alt" => Key {
                location: 1,
                ..key("Alt", "AltLeft", 18, None)
            },
            "Meta" | "Command" | "Cmd" => Key {
                location: 1,
                ..key("Meta", "MetaLeft", 91, None)
            },
            _ => {
                if let Some(n) = name.strip_prefix('F').and_then(|n| n.parse::<i64>().ok()) {
                    if (1..=12).contains(&n) {
                        return Some(key(name, name, 111 + n, None));
                    }
                }
                let mut chars = name.chars();
                let (Some(c), None) = (chars.next(), chars.next()) else {
                    return None;
                };
                return Some(Key::for_char(c));
            }
        };
        Some(k)
    }

    /// The key that types `c`.
    pub fn for_char(c: char) -> Key {
        let text = c.to_string();
        if c.is_ascii_alphabetic() {
            let upper = c.to_ascii_uppercase();
            return key(&text, &format!("Key{upper}"), upper as i64, Some(&text));
        }
        if c.is_ascii_digit() {
            return key(&text, &format!("Digit{c}"), c as i64, Some(&text));
        }
        match c {
            '\n' | '\r' => key("Enter", "Enter", 13, Some("\r")),
            ' ' => key(" ", "Space", 32, Some(" ")),
            _ => key(&text, "", 0, Some(&text)),
        }
    }
}

/// A parsed shortcut: modifier bits, the modifier keys in order, and the final key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shortcut {
    /// Combined modifier bits.
    pub modifiers: i64,
    /// Modifier keys, pressed in this order and released in reverse.
    pub modifier_keys: Vec<Key>,
    /// The main key.
    pub key: Key,
}

/// A chord Glass spells itself (`Backspace`, `Control+a`, `Escape`): always known, so a
/// misspelling is a bug caught by the first test that presses it.
pub fn chord(s: &str) -> Shortcut {
    parse_shortcut(s).expect("a chord Glass spells is known")
}

/// Parse `Control+Shift+A`; `None` when any part is unknown.
pub fn parse_shortcut(s: &str) -> Option<Shortcut> {
    if s.is_empty() || s.len() > 64 {
        return None;
    }
    let parts: Vec<&str> = if s == "+" {
        vec!["+"]
    } else {
        s.split('+').collect()
    };
    let (last, mods) = parts.split_last()?;
    let mut modifiers = 0;
    let mut modifier_keys = Vec::new();
    for m in mods {
        modifiers |= modifier_bit(m)?;
        modifier_keys.push(Key::named(m)?);
    }
    Some(Shortcut {
        modifiers,
        modifier_keys,
        key: Key::named(last)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_shortcuts() {
        assert_eq!(Key::named("Enter").unwrap().key_code, 13);
        assert_eq!(Key::named("a").unwrap().code, "KeyA");
        assert_eq!(Key::named("F5").unwrap().key_code, 116);
        assert!(Key::named("Hyper").is_none());
        let s = parse_shortcut("Control+Shift+a").unwrap();
        assert_eq!(s.modifiers, CTRL | SHIFT);
        assert_eq!(s.key.code, "KeyA");
        assert!(parse_shortcut("Control+Nope").is_none());
        assert!(parse_shortcut("").is_none());
    }
}
