//! `glass demo`: the whole path on this machine in a few seconds, with nothing to set up.
//!
//! Glass serves a small built-in page on 127.0.0.1 itself (no network, no files), launches
//! Chrome, and runs a short session through the same call path an MCP client uses: navigate,
//! fill and submit a form, answer the confirm dialog it opens, wait for the result, observe,
//! and save a screenshot. Each step prints what a model would read, with its size and time;
//! the end says how to add Glass to Claude Code and Codex.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use serde_json::{Map, Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

use crate::cli::{ClientKind, SessionOptions};
use crate::tools::{self, Services, ToolOutcome};

/// The built-in page: a small order form whose submit asks for confirmation.
const PAGE: &str = r#"<!doctype html>
<html lang="en"><meta charset="utf-8"><title>Glass demo shop</title>
<style>body{font:16px system-ui,sans-serif;margin:2rem;max-width:36rem}label{display:block;margin:.6rem 0}#done{color:#176b2c;font-weight:600}</style>
<h1>Order a glass</h1>
<form id="order">
<label>Name <input name="name" autocomplete="name" required></label>
<label>Email <input name="email" type="email" required></label>
<label>Country <select name="country"><option value="">Choose one</option><option value="de">Germany</option><option value="jp">Japan</option><option value="nz">New Zealand</option></select></label>
<label><input type="checkbox" name="terms" required> I accept the terms</label>
<button type="submit">Place order</button>
</form>
<p id="done" role="status"></p>
<script>
document.getElementById('order').addEventListener('submit', (e) => {
  e.preventDefault();
  const f = e.target;
  if (!confirm('Send the order for ' + f.name.value + '?')) return;
  document.getElementById('done').textContent = 'Thank you, ' + f.name.value + '. Order 1001 is placed.';
  document.title = 'Order placed';
  f.hidden = true;
});
</script>
</html>
"#;

/// Run the demo with these session options (a throwaway profile unless one is named), saving
/// the screenshot to `screenshot` when one is given (otherwise only its size is shown, so the
/// demo leaves no file behind).
pub fn run(session: &SessionOptions, screenshot: Option<&Path>) -> ExitCode {
    let mut session = session.clone();
    if session.profile.is_none() && session.attach.is_none() {
        session.incognito = true;
    }
    if let Err(e) = session.check() {
        eprintln!("glass demo: {e}");
        return crate::exit::refused();
    }
    let chrome = if session.attach.is_none() {
        match crate::browser::launch::find_chrome(session.chrome_path.as_deref()) {
            Ok(path) => path.display().to_string(),
            Err(e) => {
                eprintln!("glass demo: {e}");
                return crate::exit::failed();
            }
        }
    } else {
        "attached".to_owned()
    };
    let services = match session.services() {
        Ok(s) => Arc::new(s),
        Err(e) => {
            eprintln!("glass demo: {e}");
            return crate::exit::refused();
        }
    };
    let Ok(runtime) = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    else {
        eprintln!("glass demo: cannot start the async runtime");
        return crate::exit::failed();
    };
    let code = runtime.block_on(async {
        let listener = match TcpListener::bind("127.0.0.1:0").await {
            Ok(l) => l,
            Err(e) => {
                eprintln!("glass demo: cannot serve the demo page on 127.0.0.1: {e}");
                return crate::exit::failed();
            }
        };
        let url = match listener.local_addr() {
            Ok(a) => format!("http://{a}/"),
            Err(_) => return crate::exit::failed(),
        };
        tokio::spawn(serve(listener));
        println!("glass demo: a built-in page at {url} (served by Glass: no network, no files)");
        println!("browser: {chrome}");
        println!();
        let code = session_steps(&services, &url, screenshot).await;
        services.session.shutdown().await;
        code
    });
    if code == ExitCode::SUCCESS {
        println!();
        println!("Glass works here. Add it to your MCP client:");
        let program = std::env::current_exe()
            .and_then(|p| p.canonicalize())
            .map(|p| p.to_string_lossy().into_owned())
            .unwrap_or_else(|_| "glass".to_owned());
        for (label, client) in [
            ("Claude Code", ClientKind::ClaudeCode),
            ("Codex", ClientKind::Codex),
        ] {
            let mut args = session_args_for(client);
            args.push("--mcp".to_owned());
            if let Some(line) = crate::client_config::add_command(client, &program, &args) {
                println!("  {label}: {line}");
            }
        }
        println!("  (or print a config file: glass mcp-config --client claude-code|codex|generic)");
    }
    code
}

/// The session flags a generated config would carry for `client` with default options.
fn session_args_for(client: ClientKind) -> Vec<String> {
    vec!["--profile".to_owned(), client.profile_name().to_owned()]
}

/// The steps, each printed with what the model reads; the first failure ends the demo.
async fn session_steps(services: &Arc<Services>, url: &str, shot: Option<&Path>) -> ExitCode {
    let fields = json!([
        {"target": "role=textbox;name=Name", "value": "Ada Lovelace"},
        {"target": "role=textbox;name=Email", "value": "ada@example.test"},
        {"target": "role=combobox;name=Country", "value": "Germany"},
        {"target": "role=checkbox;name=I accept the terms", "value": true},
    ]);
    let steps: Vec<(&str, &str, Value)> = vec![
        (
            "open the page (starts Chrome)",
            "navigate",
            json!({"url": url}),
        ),
        (
            "fill the form in one call",
            "fillForm",
            json!({"fields": fields}),
        ),
        (
            "submit it (the page asks to confirm)",
            "click",
            json!({"target": "role=button;name=Place order"}),
        ),
        ("answer the dialog", "acceptDialog", json!({})),
        (
            "wait for the page's answer",
            "wait",
            json!({"kind": "textPresent", "text": "Thank you"}),
        ),
        ("read what the page says now", "getText", json!({})),
        ("take a screenshot", "screenshot", json!({})),
    ];
    let started = Instant::now();
    let mut total_bytes = 0usize;
    for (i, (what, tool, args)) in steps.into_iter().enumerate() {
        let Some(t) = tools::find(tool) else {
            return crate::exit::failed();
        };
        let args: Map<String, Value> = args.as_object().cloned().unwrap_or_default();
        let shown = Value::Object(args.clone());
        let t0 = Instant::now();
        let outcome = tools::call::call(services, t, args).await;
        let ms = t0.elapsed().as_secs_f64() * 1000.0;
        let (text, failed, image) = match outcome {
            ToolOutcome::Ok(v) => (v.to_string(), false, None),
            ToolOutcome::WithImages(v, images) => (
                v.to_string(),
                false,
                images.into_iter().next().map(|(_, data)| data),
            ),
            ToolOutcome::Failed(e) => (e.to_json().to_string(), true, None),
        };
        total_bytes += text.len();
        println!(
            "{}. {what}: {tool} {shown}  [{ms:.0} ms, {} bytes]",
            i + 1,
            text.len()
        );
        println!("   {text}");
        match (image, shot) {
            (Some(data), Some(shot)) => match save_png(&data, shot) {
                Ok(bytes) => println!(
                    "   + a PNG of {bytes} bytes (an image item for the model), saved to {}",
                    shot.display()
                ),
                Err(e) => {
                    eprintln!("glass demo: cannot save {}: {e}", shot.display());
                    return crate::exit::failed();
                }
            },
            (Some(data), None) => println!(
                "   + a PNG of {} bytes (an image item for the model; --screenshot FILE saves it)",
                crate::browser::decode_base64(&data).map_or(0, |png| png.len())
            ),
            (None, _) => {}
        }
        if failed {
            eprintln!(
                "glass demo: step {} ({tool}) failed; see its answer above",
                i + 1
            );
            return crate::exit::failed();
        }
    }
    println!();
    println!(
        "done: 7 calls, {total_bytes} bytes of JSON for the model, {:.1} s in all (Chrome's start included)",
        started.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}

/// Write the screenshot's PNG; its size in bytes.
fn save_png(base64: &str, path: &Path) -> std::io::Result<usize> {
    let bytes = crate::browser::decode_base64(base64)
        .ok_or_else(|| std::io::Error::other("the screenshot is not base64"))?;
    std::fs::write(path, &bytes)?;
    Ok(bytes.len())
}

/// Serve the page to whoever asks, until the demo ends (only on 127.0.0.1).
async fn serve(listener: TcpListener) {
    while let Ok((mut stream, _)) = listener.accept().await {
        tokio::spawn(async move {
            let mut request = Vec::new();
            let mut buf = [0u8; 2048];
            while !request.windows(4).any(|w| w == b"\r\n\r\n") && request.len() < 16 * 1024 {
                match stream.read(&mut buf).await {
                    Ok(0) | Err(_) => return,
                    Ok(n) => request.extend_from_slice(&buf[..n]),
                }
            }
            let root = request.starts_with(b"GET / ") || request.starts_with(b"GET /? ");
            let (status, body) = if root {
                ("200 OK", PAGE)
            } else {
                ("404 Not Found", "")
            };
            let head = format!(
                "HTTP/1.1 {status}\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                body.len()
            );
            let _ = stream.write_all(head.as_bytes()).await;
            let _ = stream.write_all(body.as_bytes()).await;
        });
    }
}

/// Where `glass demo --screenshot` points, checked for a usable parent directory.
pub fn screenshot_path(path: &Path) -> Result<PathBuf, String> {
    let parent = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    if parent.is_dir() {
        Ok(path.to_path_buf())
    } else {
        Err(format!(
            "--screenshot: {} is not a directory",
            parent.display()
        ))
    }
}
