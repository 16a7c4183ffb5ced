//! `glass doctor`: whether the options given would start, what Glass would use on this
//! machine, and what is missing.

use std::process::ExitCode;

use crate::browser::launch;
use crate::cli::SessionOptions;
use crate::mcp::negotiation;

/// Check the session options (exit 2 when they cannot start a session, as `--mcp` would),
/// print the platform, data directory, policy and browser, then start that browser and ask
/// its version; with `--attach`, probe the endpoint instead. Exit 1 when no browser answers
/// (the rule of [`crate::exit`]).
pub fn run(session: &SessionOptions) -> ExitCode {
    let policy = match session.check() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("glass doctor: {e}");
            return crate::exit::refused();
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
    let path = match launch::find_chrome(session.chrome_path.as_deref()) {
        Ok(path) => path,
        Err(e) => {
            println!("chrome: not found");
            eprintln!("glass doctor: {e}");
            return crate::exit::failed();
        }
    };
    match launch::launcher_target(&path) {
        Some(binary) => println!(
            "chrome: {} (a launcher script; Glass runs {} directly)",
            path.display(),
            binary.display()
        ),
        None => println!("chrome: {}", path.display()),
    }
    start_chrome(session)
}

/// Start the browser the way a session would (with a throwaway profile, so a profile in use
/// by a daemon or another Chrome is not touched) and ask it its version: a file that is not a
/// Chrome, or a Chrome that cannot start here, fails the doctor instead of every navigation.
fn start_chrome(session: &SessionOptions) -> ExitCode {
    let Ok(runtime) = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    else {
        eprintln!("glass doctor: cannot start the async runtime");
        return crate::exit::failed();
    };
    let mut config = session.session_config();
    config.profile = crate::browser::ProfileChoice::Incognito;
    let browser = crate::browser::Session::new(config);
    let started = std::time::Instant::now();
    let answer = runtime.block_on(async {
        let answer = match browser.acquire().await {
            Ok(mut b) => b.health().product().await,
            Err(e) => Err(e),
        };
        browser.shutdown().await;
        answer
    });
    match answer {
        Ok(product) => {
            println!(
                "browser: {product} started and answered in {} ms",
                started.elapsed().as_millis()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            println!("browser: did not start");
            eprintln!("glass doctor: {e}");
            crate::exit::failed()
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
            return crate::exit::failed();
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
            crate::exit::failed()
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
