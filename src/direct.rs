//! Direct commands for a person without an MCP client: one session per invocation, the same
//! tool handlers as MCP, JSON on stdout; or, when a `glass daemon` runs, the daemon's one
//! session (see [`via_daemon`]).
//!
//! Each command is a session of its own, so its answers must be usable by the next command:
//! elements and candidates are given as locators a person can type (refs die with the
//! session), a confirmation is given up front with `--confirm` (a token would die too), and a
//! command with no page to work on is refused instead of describing `about:blank`.

use std::collections::HashMap;
use std::process::ExitCode;
use std::sync::Arc;

use serde_json::{Map, Value, json};

use crate::browser::agent_calls::CssPaths;
use crate::browser::refs::is_ref;
use crate::cli::{Cli, Command};
use crate::failure::{Failure, Kind};
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
        Command::McpConfig { .. }
        | Command::Doctor
        | Command::Secrets { .. }
        | Command::Daemon
        | Command::Demo { .. } => {
            return None;
        }
    })
}

/// The target locator a command was given, if it takes one.
fn target_of(command: &Command) -> Option<&str> {
    match command {
        Command::Click { target, .. } | Command::Type { target, .. } => Some(target),
        _ => None,
    }
}

/// Why a command cannot run as given, before anything starts (exit code 2).
fn refusal(cli: &Cli, command: &Command, url: Option<&str>, tool: &str) -> Option<String> {
    let name = command.name();
    if let Some(target) = target_of(command) {
        if is_ref(target.trim()) {
            return Some(format!(
                "glass {name}: a ref names an element only inside the session that observed it, \
                 and each command is a session of its own; give a locator instead \
                 (role=button;name=Save, text=Save, css=#save; `glass observe URL` lists \
                 elements with their locators)"
            ));
        }
    }
    if url.is_none() && tool != "navigate" && cli.session.attach.is_none() {
        let how = if matches!(command, Command::Observe { .. }) {
            "glass observe URL"
        } else {
            "--url URL"
        };
        return Some(format!(
            "glass {name}: give the page to work on ({how}); each command starts its own \
             browser, which has no page yet (or --attach to a Chrome that has one)"
        ));
    }
    None
}

async fn call(services: &Arc<Services>, name: &str, args: &Value) -> ToolOutcome {
    let Some(tool) = tools::find(name) else {
        return ToolOutcome::Failed(Failure::new(
            Kind::Internal,
            "the tool is not in the catalog",
        ));
    };
    let mut map: Map<String, Value> = args.as_object().cloned().unwrap_or_default();
    map.retain(|_, v| !v.is_null());
    tools::call::call(services, tool, map).await
}

/// Run a call; with `--confirm`, answer a confirmation request at once with its token (the
/// person running the command confirmed it up front).
async fn call_confirmed(
    services: &Arc<Services>,
    name: &str,
    args: &Value,
    confirm: bool,
) -> ToolOutcome {
    let outcome = call(services, name, args).await;
    let token = match &outcome {
        ToolOutcome::Failed(e) if confirm && e.kind() == Kind::ConfirmationRequired => {
            e.get("confirmToken").cloned()
        }
        _ => None,
    };
    match token {
        Some(token) => {
            let mut args = args.clone();
            args["confirmToken"] = token;
            call(services, name, &args).await
        }
        None => outcome,
    }
}

/// Run a direct command through a running `glass daemon`: its one session, so refs from one
/// command name elements in the next. The command holds the mutation lease while it runs (a
/// call is refused, saying who holds it, when another client does). `None` when no daemon
/// answers.
async fn via_daemon(
    cli: &Cli,
    command: &Command,
    url: Option<&str>,
    tool: &str,
    args: &Value,
) -> Option<ExitCode> {
    if let Err(why) = crate::daemon::session_matches(&cli.session).await {
        eprintln!("glass {}: {why}", command.name());
        return Some(crate::exit::refused());
    }
    let mut d = crate::daemon::DaemonClient::connect().await?;
    let lease = d.request("lease/acquire", json!({"ttlMs": 120_000})).await;
    let token = lease.and_then(|l| l["result"]["token"].as_str().map(str::to_owned));
    let mut call = async |name: &str, args: &Value| -> Option<Value> {
        let mut args = args.clone();
        if let Some(o) = args.as_object_mut() {
            o.retain(|_, v| !v.is_null());
            if let Some(t) = &token {
                o.insert("leaseToken".into(), json!(t));
            }
        }
        let mut r = d
            .request("tools/call", json!({"name": name, "arguments": args}))
            .await?;
        let asks = r["result"]["structuredContent"]["kind"] == "confirmationRequired";
        if cli.confirm && asks {
            args["confirmToken"] = r["result"]["structuredContent"]["confirmToken"].clone();
            r = d
                .request("tools/call", json!({"name": name, "arguments": args}))
                .await?;
        }
        Some(r["result"].clone())
    };
    if let Some(url) = url {
        let r = call("navigate", &json!({"url": url, "observe": false})).await?;
        if r["isError"] == true {
            println!("{}", r["structuredContent"]);
            return Some(crate::exit::failed());
        }
    }
    let r = call(tool, args).await?;
    let failed = r["isError"] == true;
    let mut body = r["structuredContent"].clone();
    confirm_with_the_flag(&mut body);
    let image = r["content"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|c| c["type"] == "image")
        .and_then(|c| c["data"].as_str())
        .map(str::to_owned);
    let code = match (command, image) {
        (Command::Screenshot { output, .. }, Some(data)) if !failed => {
            match crate::browser::decode_base64(&data).map(|bytes| std::fs::write(output, bytes)) {
                Some(Ok(())) => {
                    body["file"] = json!(output.to_string_lossy());
                    ExitCode::SUCCESS
                }
                _ => {
                    eprintln!("glass: cannot write {}", output.display());
                    return Some(crate::exit::failed());
                }
            }
        }
        _ if failed => crate::exit::failed(),
        _ => ExitCode::SUCCESS,
    };
    println!("{body}");
    if let Some(t) = token {
        let _ = d.request("lease/release", json!({"token": t})).await;
    }
    Some(code)
}

/// Run a direct command; `None` when `command` is not one.
pub fn run(cli: &Cli, command: &Command) -> Option<ExitCode> {
    let (url, tool, args) = plan(command)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .ok()?;
    if let Some(code) = runtime.block_on(via_daemon(cli, command, url, tool, &args)) {
        return Some(code);
    }
    if let Some(why) = refusal(cli, command, url, tool) {
        eprintln!("{why}");
        return Some(crate::exit::refused());
    }
    let services = match cli.session.services() {
        Ok(s) => Arc::new(s),
        Err(e) => {
            eprintln!("glass: {e}");
            return Some(crate::exit::refused());
        }
    };
    let code = runtime.block_on(async {
        if let Some(url) = url {
            let first = call_confirmed(
                &services,
                "navigate",
                &json!({"url": url, "observe": false}),
                cli.confirm,
            )
            .await;
            if let ToolOutcome::Failed(e) = first {
                println!("{}", for_the_cli(&services, ToolOutcome::Failed(e)).await);
                services.session.shutdown().await;
                return crate::exit::failed();
            }
        }
        let outcome = call_confirmed(&services, tool, &args, cli.confirm).await;
        let code = match outcome {
            ToolOutcome::WithImages(mut v, images) => match (command, images.first()) {
                (Command::Screenshot { output, .. }, Some((_, data))) => {
                    match crate::browser::decode_base64(data)
                        .map(|bytes| std::fs::write(output, bytes))
                    {
                        Some(Ok(())) => {
                            v["file"] = json!(output.to_string_lossy());
                            println!("{v}");
                            ExitCode::SUCCESS
                        }
                        _ => {
                            eprintln!("glass: cannot write {}", output.display());
                            crate::exit::failed()
                        }
                    }
                }
                _ => {
                    println!("{v}");
                    ExitCode::SUCCESS
                }
            },
            outcome => {
                let failed = matches!(outcome, ToolOutcome::Failed(_));
                println!("{}", for_the_cli(&services, outcome).await);
                if failed {
                    crate::exit::failed()
                } else {
                    ExitCode::SUCCESS
                }
            }
        };
        services.session.shutdown().await;
        code
    });
    Some(code)
}

/// A confirmation request as a person at a command line answers it: without the token (the
/// command cannot take one back; its call is over) and saying to run again with `--confirm`.
/// Both ways a command runs (its own session, a daemon's) pass their answer through here.
fn confirm_with_the_flag(body: &mut Value) {
    if body["kind"] != "confirmationRequired" {
        return;
    }
    if let Some(o) = body.as_object_mut() {
        o.remove("confirmToken");
        o.remove("expiresInMs");
        o.insert(
            "reason".into(),
            json!(
                "the policy asks to confirm this; run the command again with --confirm to go ahead"
            ),
        );
    }
}

/// An answer made true for a one-command session: refs become locators, and a confirmation
/// request says how to confirm from the command line.
async fn for_the_cli(services: &Arc<Services>, outcome: ToolOutcome) -> Value {
    match outcome {
        ToolOutcome::Ok(mut v) | ToolOutcome::WithImages(mut v, _) => {
            if v["elements"].is_array() {
                locate_elements(services, &mut v["elements"]).await;
            }
            if v["observation"]["elements"].is_array() {
                locate_elements(services, &mut v["observation"]["elements"]).await;
            }
            v
        }
        ToolOutcome::Failed(e) => {
            let mut body = e.to_json();
            confirm_with_the_flag(&mut body);
            if let Some(candidates) = body.get_mut("candidates").filter(|c| c.is_array()) {
                let refs: Vec<String> = list(candidates)
                    .iter()
                    .filter_map(|c| c["ref"].as_str().map(str::to_owned))
                    .collect();
                let paths = css_paths(services, &refs).await;
                for c in candidates.as_array_mut().into_iter().flatten() {
                    let path = c["ref"].as_str().and_then(|r| paths.get(r)).cloned();
                    if let Some(o) = c.as_object_mut() {
                        o.remove("ref");
                        if let Some(path) = path {
                            o.insert("locator".into(), json!(format!("css={path}")));
                        }
                    }
                }
                body["reason"] = json!(
                    "the target matches more than one element or none that can act; give one \
                     of the candidates' locators"
                );
            }
            body
        }
    }
}

fn list(v: &Value) -> &[Value] {
    v.as_array().map(Vec::as_slice).unwrap_or(&[])
}

/// Unique CSS selectors for `refs`, from the page while the session is still open.
async fn css_paths(services: &Arc<Services>, refs: &[String]) -> HashMap<String, String> {
    if refs.is_empty() {
        return HashMap::new();
    }
    let Ok(mut b) = services.session.acquire().await else {
        return HashMap::new();
    };
    let Ok(paths) = b.agent().run(&CssPaths(refs)).await else {
        return HashMap::new();
    };
    refs.iter()
        .zip(paths)
        .filter_map(|(r, p)| p.map(|p| (r.clone(), p)))
        .collect()
}

/// Replace each observed element's ref by a locator: `role=R;name=N` when no other observed
/// element has that role and name, else a unique CSS selector (none when neither is sure).
async fn locate_elements(services: &Arc<Services>, elements: &mut Value) {
    let mut all: Vec<Value> = Vec::new();
    flatten(elements, &mut all);
    let key = |e: &Value| {
        (
            e["role"].as_str().unwrap_or_default().to_owned(),
            e["name"].as_str().unwrap_or_default().to_lowercase(),
        )
    };
    let mut counts: HashMap<(String, String), usize> = HashMap::new();
    for e in &all {
        *counts.entry(key(e)).or_default() += 1;
    }
    let needs_css: Vec<String> = all
        .iter()
        .filter(|e| {
            let k = key(e);
            k.0.is_empty() || k.1.is_empty() || counts[&k] > 1
        })
        .filter_map(|e| e["ref"].as_str().map(str::to_owned))
        .collect();
    let paths = css_paths(services, &needs_css).await;
    relabel(elements, &counts, &paths);
}

/// Every element, nested ones too (regions hold theirs under `children`).
fn flatten(elements: &Value, out: &mut Vec<Value>) {
    for e in list(elements) {
        let mut shallow = e.clone();
        if let Some(o) = shallow.as_object_mut() {
            o.remove("children");
        }
        out.push(shallow);
        flatten(&e["children"], out);
    }
}

fn relabel(
    elements: &mut Value,
    counts: &HashMap<(String, String), usize>,
    paths: &HashMap<String, String>,
) {
    for e in elements.as_array_mut().into_iter().flatten() {
        let role = e["role"].as_str().unwrap_or_default().to_owned();
        let name = e["name"].as_str().unwrap_or_default().to_owned();
        let unique = !role.is_empty()
            && !name.is_empty()
            && counts.get(&(role.clone(), name.to_lowercase())) == Some(&1);
        let locator = if unique {
            Some(format!("role={role};name={name}"))
        } else {
            e["ref"]
                .as_str()
                .and_then(|r| paths.get(r))
                .map(|p| format!("css={p}"))
        };
        if let Some(o) = e.as_object_mut() {
            o.remove("ref");
            if let Some(l) = locator {
                o.insert("locator".into(), json!(l));
            }
        }
        if e["children"].is_array() {
            relabel(&mut e["children"], counts, paths);
        }
    }
}
