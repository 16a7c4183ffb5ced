//! `glass mcp-config`: ready-to-paste client configuration.
//!
//! Graphical clients do not inherit the shell's PATH, so the configuration always names the
//! absolute path of the running executable.

use serde_json::{Value, json};

use crate::cli::ClientKind;

/// The configuration text for `client`, starting `program` with `session_args` then `--mcp`.
pub fn render(client: ClientKind, program: &str, session_args: &[String]) -> String {
    let mut args: Vec<String> = session_args.to_vec();
    args.push("--mcp".to_owned());
    let server = json!({"command": program, "args": args});
    match client {
        ClientKind::Generic => pretty(&server),
        ClientKind::ClaudeCode => {
            let config = json!({"mcpServers": {"glass": server}});
            let mut line = String::from("claude mcp add glass --");
            for word in std::iter::once(program.to_owned()).chain(args) {
                line.push(' ');
                line.push_str(&shell_quote(&word));
            }
            format!(
                "{}\n\n# or, with the Claude Code CLI:\n{line}\n",
                pretty(&config)
            )
        }
        ClientKind::Codex => {
            let args_toml: Vec<String> = args.iter().map(|a| toml_string(a)).collect();
            format!(
                "# ~/.codex/config.toml\n[mcp_servers.glass]\ncommand = {}\nargs = [{}]\n",
                toml_string(program),
                args_toml.join(", ")
            )
        }
    }
}

fn pretty(v: &Value) -> String {
    let mut s = serde_json::to_string_pretty(v).unwrap_or_default();
    s.push('\n');
    s
}

/// A TOML basic string; JSON string escapes are valid TOML escapes.
fn toml_string(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| "\"\"".to_owned())
}

/// Quote a word for POSIX shells unless it is plainly safe.
fn shell_quote(s: &str) -> String {
    let safe = !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./:=@,+%".contains(c));
    if safe {
        s.to_owned()
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generic_is_command_and_args() {
        let out = render(ClientKind::Generic, "/opt/glass", &["--incognito".into()]);
        let v: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(
            v,
            json!({"command": "/opt/glass", "args": ["--incognito", "--mcp"]})
        );
    }

    #[test]
    fn claude_code_has_json_and_cli_line() {
        let out = render(ClientKind::ClaudeCode, "/a b/glass", &[]);
        let (json_part, rest) = out.split_once("\n\n").unwrap();
        let v: Value = serde_json::from_str(json_part).unwrap();
        assert_eq!(v["mcpServers"]["glass"]["args"], json!(["--mcp"]));
        assert!(rest.contains("claude mcp add glass -- '/a b/glass' --mcp"));
    }

    #[test]
    fn codex_is_toml() {
        let out = render(
            ClientKind::Codex,
            "/opt/glass",
            &["--policy".into(), "hardened".into()],
        );
        assert!(out.contains("[mcp_servers.glass]\ncommand = \"/opt/glass\"\nargs = [\"--policy\", \"hardened\", \"--mcp\"]\n"));
    }
}
