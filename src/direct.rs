//! Direct commands for a person without an MCP client: one session per invocation, the same
//! tool handlers as MCP, JSON on stdout.

use std::process::ExitCode;
use std::sync::Arc;

use serde_json::{Map, Value, json};

use crate::cli::{Cli, Command};
use crate::tools::{self, Services, ToolOutcome};

/// The tool calls a command stands for: an optional navigation first, then the tool.
fn plan(command: &Command) -> Option<(Option<&str>, &'static str, Value)> {
    Some(match command {
        Command::Navigate { url } => (None, "navigate", json!({"url": url})),
        Command::Observe { url, level } => (url.as_deref(), "observe", json!({"level": level})),
        Command::Click { target, url } => (url.as_deref(), "click", json!({"target": target})),
        Command::Type { target, text, url } => (
            url.as_deref(),
            "type",
            json!({"target": target, "text": text}),
        ),
        Command::Text { url } => (url.as_deref(), "getText", json!({})),
        Command::Dom { url } => (url.as_deref(), "getDOM", json!({})),
        Command::Screenshot { full_page, url, .. } => {
            (url.as_deref(), "screenshot", json!({"fullPage": full_page}))
        }
        Command::Evaluate { expression, url } => (
            url.as_deref(),
            "evaluate",
            json!({"expression": expression}),
        ),
        Command::McpConfig { .. } | Command::Doctor => return None,
    })
}

async fn call(services: &Arc<Services>, name: &str, args: Value) -> ToolOutcome {
    let Some(tool) = tools::find(name) else {
        return ToolOutcome::Failed(glass_failure());
    };
    let mut map: Map<String, Value> = args.as_object().cloned().unwrap_or_default();
    map.retain(|_, v| !v.is_null());
    tools::call::call(services, tool, map).await
}

/// Run a direct command; `None` when `command` is not one.
pub fn run(cli: &Cli, command: &Command) -> Option<ExitCode> {
    let (url, tool, args) = plan(command)?;
    let services = match cli.session.services() {
        Ok(s) => Arc::new(s),
        Err(e) => {
            eprintln!("glass: {e}");
            return Some(ExitCode::from(2));
        }
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .ok()?;
    let code = runtime.block_on(async {
        if let Some(url) = url {
            if let ToolOutcome::Failed(e) =
                call(&services, "navigate", json!({"url": url, "observe": false})).await
            {
                println!("{}", e.to_json());
                services.session.shutdown().await;
                return ExitCode::FAILURE;
            }
        }
        let outcome = call(&services, tool, args).await;
        let code = match outcome {
            ToolOutcome::Ok(v) => {
                println!("{v}");
                ExitCode::SUCCESS
            }
            ToolOutcome::WithImages(mut v, images) => match (command, images.first()) {
                (Command::Screenshot { output, .. }, Some((_, data))) => {
                    match decode_base64(data).map(|bytes| std::fs::write(output, bytes)) {
                        Some(Ok(())) => {
                            v["file"] = json!(output.to_string_lossy());
                            println!("{v}");
                            ExitCode::SUCCESS
                        }
                        _ => {
                            eprintln!("glass: cannot write {}", output.display());
                            ExitCode::FAILURE
                        }
                    }
                }
                _ => {
                    println!("{v}");
                    ExitCode::SUCCESS
                }
            },
            ToolOutcome::Failed(e) => {
                println!("{}", e.to_json());
                ExitCode::FAILURE
            }
        };
        services.session.shutdown().await;
        code
    });
    Some(code)
}

/// Standard base64 (as CDP sends PNGs) to bytes.
fn decode_base64(s: &str) -> Option<Vec<u8>> {
    fn val(c: u8) -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        } as u32)
    }
    let bytes: Vec<u8> = s.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    let mut out = Vec::with_capacity(bytes.len() / 4 * 3);
    for chunk in bytes.chunks(4) {
        let pad = chunk.iter().filter(|&&b| b == b'=').count();
        let mut n = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            let v = if c == b'=' { 0 } else { val(c)? };
            n |= v << (18 - 6 * i);
        }
        let b = n.to_be_bytes();
        out.extend_from_slice(&b[1..4 - pad.min(2)]);
    }
    Some(out)
}

/// The failure of a direct command whose tool is missing from the catalog (a build fault).
fn glass_failure() -> crate::failure::Failure {
    crate::failure::Failure::new(
        crate::failure::Kind::Internal,
        "the tool is not in the catalog",
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn base64_decodes() {
        assert_eq!(super::decode_base64("aGVsbG8=").unwrap(), b"hello");
        assert_eq!(super::decode_base64("aGk=").unwrap(), b"hi");
        assert_eq!(super::decode_base64("YWJj").unwrap(), b"abc");
        assert!(super::decode_base64("a$==").is_none());
    }
}
