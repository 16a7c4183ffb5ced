//! `glass mcp-config`: ready-to-use client configuration.
//!
//! Stdout carries exactly what the client reads (JSON, or TOML for Codex), so it can be
//! redirected to a file or passed to a client's own `add` command; how to install it goes to
//! stderr. Graphical clients do not inherit the shell's PATH, so the configuration always
//! names the absolute path of the running executable.

use serde_json::{Value, json};

use crate::cli::ClientKind;

/// A generated configuration: what a client reads, and how to install it.
pub struct Rendered {
    /// The configuration itself (stdout).
    pub config: String,
    /// One or two lines saying where it goes (stderr).
    pub hint: String,
}

/// How the configured client reaches a browser.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reach {
    /// `glass --mcp`: a session of the client's own.
    OwnSession,
    /// `glass --mcp --connect`: the running `glass daemon`'s one session, started with these
    /// session options (`SessionOptions::session_args`: the tool group is each client's own).
    Daemon(Vec<String>),
}

/// The configuration for `client`, starting `program` with `session_args` then `--mcp` (and
/// `--connect` to reach the daemon); with `entry`, only the server's entry (what `claude mcp
/// add-json` takes) rather than a whole `.mcp.json`.
pub fn render(
    client: ClientKind,
    entry: bool,
    program: &str,
    session_args: &[String],
    reach: Reach,
) -> Rendered {
    let mut args: Vec<String> = session_args.to_vec();
    args.push("--mcp".to_owned());
    if let Reach::Daemon(_) = reach {
        args.push("--connect".to_owned());
    }
    let server = json!({"command": program, "args": args});
    let command_line = || command_words(program, &args);
    let mut rendered = match client {
        ClientKind::Generic => Rendered {
            config: pretty(&server),
            hint: "# the server entry any MCP host takes: command and args\n".to_owned(),
        },
        ClientKind::ClaudeCode if entry => Rendered {
            config: pretty(&json!({"type": "stdio", "command": program, "args": args})),
            hint: "# the server entry: claude mcp add-json glass \"$(glass mcp-config --client claude-code --entry)\"\n".to_owned(),
        },
        ClientKind::ClaudeCode => Rendered {
            config: pretty(&json!({"mcpServers": {"glass": server}})),
            hint: format!(
                "# a project's .mcp.json; or add Glass for yourself with:\n\
                 # claude mcp add glass --{}\n",
                command_line()
            ),
        },
        ClientKind::Codex => {
            let args_toml: Vec<String> = args.iter().map(|a| toml_string(a)).collect();
            Rendered {
                config: format!(
                    "[mcp_servers.glass]\ncommand = {}\nargs = [{}]\n",
                    toml_string(program),
                    args_toml.join(", ")
                ),
                hint: format!(
                    "# append to ~/.codex/config.toml, or run:\n# codex mcp add glass --{}\n",
                    command_line()
                ),
            }
        }
    };
    if let Reach::Daemon(daemon_args) = &reach {
        rendered.hint.push_str(&format!(
            "# the client joins a running daemon; start it first with:\n# {} daemon\n",
            command_words(program, daemon_args).trim_start()
        ));
    }
    rendered
}

/// The client's own command that adds Glass (`claude mcp add ...`, `codex mcp add ...`),
/// with `args` (ending in `--mcp`); `None` for a generic host.
pub fn add_command(client: ClientKind, program: &str, args: &[String]) -> Option<String> {
    match client {
        ClientKind::Generic => None,
        ClientKind::ClaudeCode => Some(format!(
            "claude mcp add glass --{}",
            command_words(program, args)
        )),
        ClientKind::Codex => Some(format!(
            "codex mcp add glass --{}",
            command_words(program, args)
        )),
    }
}

/// ` program arg...`, each word quoted for a POSIX shell where needed.
fn command_words(program: &str, args: &[String]) -> String {
    let mut line = String::new();
    for word in std::iter::once(program).chain(args.iter().map(String::as_str)) {
        line.push(' ');
        line.push_str(&shell_quote(word));
    }
    line
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
        let out = render(
            ClientKind::Generic,
            false,
            "/opt/glass",
            &["--incognito".into()],
            Reach::OwnSession,
        );
        let v: Value = serde_json::from_str(&out.config).unwrap();
        assert_eq!(
            v,
            json!({"command": "/opt/glass", "args": ["--incognito", "--mcp"]})
        );
    }

    #[test]
    fn claude_code_is_json_only_and_the_cli_line_is_a_hint() {
        let out = render(
            ClientKind::ClaudeCode,
            false,
            "/a b/glass",
            &[],
            Reach::OwnSession,
        );
        let v: Value = serde_json::from_str(&out.config).unwrap();
        assert_eq!(v["mcpServers"]["glass"]["args"], json!(["--mcp"]));
        assert!(
            out.hint
                .contains("claude mcp add glass -- '/a b/glass' --mcp")
        );
        let entry = render(
            ClientKind::ClaudeCode,
            true,
            "/a b/glass",
            &[],
            Reach::OwnSession,
        );
        let v: Value = serde_json::from_str(&entry.config).unwrap();
        assert_eq!(
            v,
            json!({"type": "stdio", "command": "/a b/glass", "args": ["--mcp"]})
        );
    }

    #[test]
    fn codex_is_a_toml_table() {
        let out = render(
            ClientKind::Codex,
            false,
            "/opt/glass",
            &["--policy".into(), "hardened".into()],
            Reach::OwnSession,
        );
        assert_eq!(
            out.config,
            "[mcp_servers.glass]\ncommand = \"/opt/glass\"\nargs = [\"--policy\", \"hardened\", \"--mcp\"]\n"
        );
        assert!(
            out.hint
                .contains("codex mcp add glass -- /opt/glass --policy hardened --mcp")
        );
    }

    #[test]
    fn a_daemon_client_connects() {
        let out = render(
            ClientKind::Generic,
            false,
            "/opt/glass",
            &[],
            Reach::Daemon(Vec::new()),
        );
        let v: Value = serde_json::from_str(&out.config).unwrap();
        assert_eq!(v["args"], json!(["--mcp", "--connect"]));
        assert!(out.hint.contains("glass daemon"), "{}", out.hint);
    }
}
