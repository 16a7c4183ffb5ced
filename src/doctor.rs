//! `glass doctor`: whether the options given would start, what Glass would use on this
//! machine, and what is missing.

use std::process::ExitCode;

use crate::browser::launch;
use crate::cli::SessionOptions;
use crate::mcp::negotiation;

/// Check the session options (exit 2 when they cannot start a session, as `--mcp` would),
/// print the platform, data directory, policy and browser; with `--attach`, probe the
/// endpoint and say whether it is a DevTools endpoint (exit 1 when not, or when no browser
/// can be found to launch).
pub fn run(session: &SessionOptions) -> ExitCode {
    let policy = match session.check() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("glass doctor: {e}");
            return ExitCode::from(2);
        }
    };
    println!("glass {}", env!("CARGO_PKG_VERSION"));
    println!("platform: {}", negotiation::platform());
    println!("data directory: {}", crate::paths::data_dir().display());
    println!("policy: {}", session.policy.as_str());
    if !policy.allow_hosts().is_empty() {
        println!("allowed hosts: {}", list(policy.allow_hosts()));
    }
    if !policy.deny_hosts().is_empty() {
        println!("denied hosts: {}", list(policy.deny_hosts()));
    }
    if let Some(endpoint) = &session.attach {
        return probe(endpoint);
    }
    match (&session.profile, session.incognito) {
        (_, true) => println!("profile: throwaway (incognito)"),
        (Some(name), false) => println!("profile: {name}"),
        (None, false) => println!("profile: default"),
    }
    match launch::find_chrome(session.chrome_path.as_deref()) {
        Ok(path) => {
            match launch::launcher_target(&path) {
                Some(binary) => println!(
                    "chrome: {} (a launcher script; Glass runs {} directly)",
                    path.display(),
                    binary.display()
                ),
                None => println!("chrome: {}", path.display()),
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            println!("chrome: not found");
            eprintln!("glass doctor: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Connect to the `--attach` endpoint and report what answers there.
fn probe(endpoint: &str) -> ExitCode {
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("glass doctor: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(launch::probe(endpoint)) {
        Ok(product) => {
            println!("browser: {endpoint} is a DevTools endpoint ({product})");
            ExitCode::SUCCESS
        }
        Err(e) => {
            println!("browser: {endpoint} cannot be attached");
            eprintln!("glass doctor: {e}");
            ExitCode::FAILURE
        }
    }
}

fn list(rules: &[crate::policy::HostRule]) -> String {
    rules
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}
