//! The `glass` executable: parse the command line and run one mode.

use std::process::ExitCode;

use glass::cli::{Cli, Command};
use glass::{client_config, mcp};

fn main() -> ExitCode {
    let cli = Cli::parse_args();
    init_tracing();
    if cli.mcp {
        if let Some(command) = &cli.command {
            eprintln!(
                "glass: --mcp runs the MCP server and takes no command; run `glass {}` without --mcp",
                command.name()
            );
            return glass::exit::refused();
        }
        if cli.confirm {
            eprintln!(
                "glass: --confirm is for direct commands; an MCP client confirms with the confirmToken of its answer"
            );
            return glass::exit::refused();
        }
        if cli.connect {
            return glass::daemon::connect_stdio(&cli.session);
        }
        return run_mcp(&cli);
    }
    match &cli.command {
        Some(Command::McpConfig {
            client,
            entry,
            connect,
        }) => {
            if let Err(e) = cli.session.check() {
                eprintln!("glass mcp-config: {e}");
                return glass::exit::refused();
            }
            if *entry && *client == glass::cli::ClientKind::Codex {
                eprintln!(
                    "glass mcp-config: --entry is for --client claude-code; Codex reads the \
                     [mcp_servers.glass] table printed without it"
                );
                return glass::exit::refused();
            }
            let mut session = cli.session.clone();
            // A daemon's client joins the daemon's profile; its own client gets one of its own.
            if !connect
                && session.profile.is_none()
                && !session.incognito
                && session.attach.is_none()
            {
                session.profile = Some(client.profile_name().to_owned());
            }
            let reach = if *connect {
                client_config::Reach::Daemon(session.session_args())
            } else {
                client_config::Reach::OwnSession
            };
            let program = std::env::current_exe()
                .and_then(|p| p.canonicalize())
                .map(|p| p.to_string_lossy().into_owned())
                .unwrap_or_else(|_| "glass".to_owned());
            let out = client_config::render(*client, *entry, &program, &session.to_args(), reach);
            print!("{}", out.config);
            eprint!("{}", out.hint);
            ExitCode::SUCCESS
        }
        Some(Command::Doctor) => glass::doctor::run(&cli.session),
        Some(Command::Secrets { action }) => secrets(action),
        Some(Command::Daemon) => glass::daemon::run(&cli.session),
        Some(Command::Demo { screenshot }) => {
            let screenshot = match screenshot.as_deref().map(glass::demo::screenshot_path) {
                Some(Err(e)) => {
                    eprintln!("glass demo: {e}");
                    return glass::exit::refused();
                }
                Some(Ok(p)) => Some(p),
                None => None,
            };
            glass::demo::run(&cli.session, screenshot.as_deref())
        }
        Some(command) => glass::direct::run(&cli, command).unwrap_or(glass::exit::failed()),
        None => {
            eprintln!(
                "glass: nothing to do. Run `glass --mcp` from an MCP client (see `glass mcp-config`), \
                 or `glass --help`."
            );
            glass::exit::refused()
        }
    }
}

/// `glass secrets set|list|remove`: the value comes from stdin only (never argv, which other
/// users' `ps` shows), and nothing printed holds it.
fn secrets(action: &glass::cli::SecretsAction) -> ExitCode {
    use glass::cli::SecretsAction;
    match action {
        SecretsAction::Set { name, hosts } => {
            let mut line = String::new();
            if std::io::stdin().read_line(&mut line).is_err() {
                eprintln!("glass secrets: cannot read the value from stdin");
                return glass::exit::failed();
            }
            let value = line.trim_end_matches(['\n', '\r']);
            match glass::secrets::set(name, hosts, value) {
                Ok(()) => {
                    eprintln!("glass secrets: stored {name} for {}", hosts.join(", "));
                    ExitCode::SUCCESS
                }
                Err(e @ glass::secrets::SecretError::Io) => {
                    eprintln!("glass secrets: {e}");
                    glass::exit::failed()
                }
                Err(e) => {
                    eprintln!("glass secrets: {e}");
                    glass::exit::refused()
                }
            }
        }
        SecretsAction::List => {
            for s in glass::secrets::load() {
                println!("{}\t{}", s.name, s.hosts.join(","));
            }
            ExitCode::SUCCESS
        }
        SecretsAction::Remove { name } => match glass::secrets::remove(name) {
            Ok(true) => ExitCode::SUCCESS,
            Ok(false) => {
                eprintln!("glass secrets: no secret is named so");
                glass::exit::failed()
            }
            Err(e) => {
                eprintln!("glass secrets: {e}");
                glass::exit::failed()
            }
        },
    }
}

/// Diagnostics go to stderr only; stdout is reserved for protocol messages. `GLASS_LOG` (or
/// `RUST_LOG`) is a level (`debug`) or targets with levels (`glass=debug,warn`): all Glass's
/// logs need, without the env filter's span and regex directives.
fn init_tracing() {
    use tracing_subscriber::filter::{LevelFilter, Targets};
    use tracing_subscriber::layer::SubscriberExt;
    use tracing_subscriber::util::SubscriberInitExt;
    let spec = std::env::var("GLASS_LOG")
        .or_else(|_| std::env::var("RUST_LOG"))
        .unwrap_or_default();
    let warn = || Targets::new().with_default(LevelFilter::WARN);
    let filter = if spec.trim().is_empty() {
        warn()
    } else {
        spec.trim().parse::<Targets>().unwrap_or_else(|_| warn())
    };
    tracing_subscriber::registry()
        .with(
            tracing_subscriber::fmt::layer()
                .with_writer(std::io::stderr)
                .with_ansi(false)
                .with_target(false),
        )
        .with(filter)
        .init();
}

fn run_mcp(cli: &Cli) -> ExitCode {
    let services = match cli.session.services() {
        Ok(s) => std::sync::Arc::new(s),
        Err(e) => {
            eprintln!("glass: {e}");
            return glass::exit::refused();
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            tracing::error!(error = %e, "cannot start the async runtime");
            return glass::exit::failed();
        }
    };
    let result = runtime.block_on(async {
        mcp::server::serve(
            services,
            tokio::io::stdin(),
            tokio::io::stdout(),
            glass::daemon::shutdown_signal(),
        )
        .await
    });
    // Exit at once: a blocking stdin read must not hold the process open.
    let code = match result {
        Ok(()) => 0,
        Err(e) => {
            tracing::warn!(error = %e, "stdout closed");
            0
        }
    };
    std::process::exit(code)
}
