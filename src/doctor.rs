//! `glass doctor`: what Glass would use on this machine, and what is missing.

use std::process::ExitCode;

use crate::browser::launch;
use crate::cli::SessionOptions;
use crate::mcp::negotiation;

/// Print the platform, the browser Glass would launch and the data directory; fail when no
/// browser is available (unless attaching to one).
pub fn run(session: &SessionOptions) -> ExitCode {
    println!("glass {}", env!("CARGO_PKG_VERSION"));
    println!("platform: {}", negotiation::platform());
    println!("data directory: {}", crate::paths::data_dir().display());
    println!("policy: {}", session.policy.as_str());
    if let Some(endpoint) = &session.attach {
        println!("browser: attaching to {endpoint} (no launch)");
        return ExitCode::SUCCESS;
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
