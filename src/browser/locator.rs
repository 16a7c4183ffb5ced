//! The locator grammar shared by MCP tools and the CLI.
//!
//! `e12` or `ref=e12` (a ref from `observe`), `css=<selector>`, `text=<visible text>`,
//! `role=<role>;name=<accessible name>` (name optional), `name=<accessible name>`. A locator
//! must resolve to exactly one element; parsing here is pure and never echoes its input in
//! errors.

use serde_json::{Value, json};

use super::refs::is_ref;

/// Longest locator accepted, in bytes.
pub const MAX_LOCATOR_BYTES: usize = 2048;

/// A parsed locator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Locator {
    /// A ref from `observe`.
    Ref(String),
    /// A CSS selector.
    Css(String),
    /// Visible text.
    Text(String),
    /// A role, optionally with an accessible name.
    Role {
        /// ARIA role.
        role: String,
        /// Accessible name.
        name: Option<String>,
    },
    /// An accessible name.
    Name(String),
}

/// Why a locator string is not valid; the reason never quotes the input.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct LocatorError(pub &'static str);

fn non_empty(value: &str) -> Result<String, LocatorError> {
    let v = value.trim();
    if v.is_empty() {
        Err(LocatorError("the locator value is empty"))
    } else {
        Ok(v.to_owned())
    }
}

/// Parse a locator string.
pub fn parse(input: &str) -> Result<Locator, LocatorError> {
    if input.len() > MAX_LOCATOR_BYTES {
        return Err(LocatorError("the locator exceeds 2048 bytes"));
    }
    let s = input.trim();
    if s.is_empty() {
        return Err(LocatorError("the locator is empty"));
    }
    if is_ref(s) {
        return Ok(Locator::Ref(s.to_owned()));
    }
    let Some((kind, value)) = s.split_once('=') else {
        return Err(LocatorError(
            "use a ref (e12) or one of css=, text=, role=, name=",
        ));
    };
    match kind.trim() {
        "ref" => {
            let v = value.trim();
            if is_ref(v) {
                Ok(Locator::Ref(v.to_owned()))
            } else {
                Err(LocatorError("a ref looks like e12"))
            }
        }
        "css" => Ok(Locator::Css(non_empty(value)?)),
        "text" => Ok(Locator::Text(non_empty(value)?)),
        "name" => Ok(Locator::Name(non_empty(value)?)),
        "role" => {
            let (role, name) = match value.split_once(';') {
                Some((role, rest)) => {
                    let rest = rest.trim();
                    let Some(name) = rest.strip_prefix("name=") else {
                        return Err(LocatorError("after role=..., only ;name=... may follow"));
                    };
                    (role, Some(non_empty(name)?))
                }
                None => (value, None),
            };
            let role = non_empty(role)?;
            if !role.chars().all(|c| c.is_ascii_alphabetic()) || role.len() > 32 {
                return Err(LocatorError("a role is a single ARIA role word"));
            }
            Ok(Locator::Role {
                role: role.to_ascii_lowercase(),
                name,
            })
        }
        _ => Err(LocatorError(
            "use a ref (e12) or one of css=, text=, role=, name=",
        )),
    }
}

impl Locator {
    /// The locator as the page agent takes it.
    pub fn to_agent(&self) -> Value {
        match self {
            Locator::Ref(r) => json!({"kind": "ref", "value": r}),
            Locator::Css(v) => json!({"kind": "css", "value": v}),
            Locator::Text(v) => json!({"kind": "text", "value": v}),
            Locator::Name(v) => json!({"kind": "name", "value": v}),
            Locator::Role { role, name } => json!({"kind": "role", "role": role, "name": name}),
        }
    }

    /// The locator written in the grammar: it parses back to the same locator.
    pub fn to_source(&self) -> String {
        match self {
            Locator::Ref(r) => r.clone(),
            Locator::Css(v) => format!("css={v}"),
            Locator::Text(v) => format!("text={v}"),
            Locator::Name(v) => format!("name={v}"),
            Locator::Role { role, name: None } => format!("role={role}"),
            Locator::Role {
                role,
                name: Some(n),
            } => format!("role={role};name={n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_form() {
        assert_eq!(parse("e12"), Ok(Locator::Ref("e12".into())));
        assert_eq!(parse(" ref=e7 "), Ok(Locator::Ref("e7".into())));
        assert_eq!(parse("css=#a > b"), Ok(Locator::Css("#a > b".into())));
        assert_eq!(parse("text=Sign in"), Ok(Locator::Text("Sign in".into())));
        assert_eq!(parse("name=Email"), Ok(Locator::Name("Email".into())));
        assert_eq!(
            parse("role=Button;name=Save as"),
            Ok(Locator::Role {
                role: "button".into(),
                name: Some("Save as".into())
            })
        );
        assert_eq!(
            parse("role=link"),
            Ok(Locator::Role {
                role: "link".into(),
                name: None
            })
        );
        assert_eq!(parse("css=a=b"), Ok(Locator::Css("a=b".into())));
        for s in [
            "e3",
            "ref=e3",
            "css= div > a ",
            "text=Sign in",
            "name=x",
            "role=Tab",
            "role=tab;name=a;b",
        ] {
            let l = parse(s).unwrap();
            assert_eq!(parse(&l.to_source()), Ok(l), "{s}");
        }
    }

    #[test]
    fn rejects_without_echoing() {
        for bad in [
            "",
            "   ",
            "#submit",
            "css=",
            "role=",
            "role=but ton",
            "role=x;label=y",
            "ref=12",
            "xpath=//a",
        ] {
            let e = parse(bad).unwrap_err();
            assert!(bad.trim().is_empty() || !e.0.contains(bad.trim()), "{bad}");
        }
        assert!(parse(&"a".repeat(3000)).is_err());
    }

    #[test]
    fn limits_are_exact_and_every_kind_reaches_the_agent() {
        // 2048 bytes is the most a locator may have; a role word has at most 32 letters.
        let at_limit = format!("css={}", "a".repeat(MAX_LOCATOR_BYTES - 4));
        assert!(parse(&at_limit).is_ok());
        assert!(parse(&format!("{at_limit}a")).is_err());
        assert!(parse(&format!("role={}", "a".repeat(32))).is_ok());
        assert!(parse(&format!("role={}", "a".repeat(33))).is_err());
        assert_eq!(
            parse("e5").unwrap().to_agent(),
            json!({"kind": "ref", "value": "e5"})
        );
        assert_eq!(
            parse("css=#a").unwrap().to_agent(),
            json!({"kind": "css", "value": "#a"})
        );
        assert_eq!(
            parse("text=Hi").unwrap().to_agent(),
            json!({"kind": "text", "value": "Hi"})
        );
        assert_eq!(
            parse("name=N").unwrap().to_agent(),
            json!({"kind": "name", "value": "N"})
        );
        assert_eq!(
            parse("role=tab;name=A").unwrap().to_agent(),
            json!({"kind": "role", "role": "tab", "name": "A"})
        );
        assert_eq!(
            parse("role=tab").unwrap().to_agent(),
            json!({"kind": "role", "role": "tab", "name": null})
        );
    }
}
