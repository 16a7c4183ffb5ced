//! Command-line interface: `glass --mcp`, `glass mcp-config`, `glass doctor`.
//!
//! Session and policy options are global so they can be given before `--mcp` in a client's
//! configuration; `mcp-config` re-emits them in canonical form so the printed configuration starts
//! exactly the session the user described.

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

use crate::policy::PolicyPreset;

/// Glass: a fast, safe MCP server that drives a real Chrome over the DevTools Protocol.
#[derive(Debug, Parser)]
#[command(name = "glass", version, about, long_about = None)]
pub struct Cli {
    /// Serve the Model Context Protocol on stdin/stdout (what MCP clients run).
    #[arg(long)]
    pub mcp: bool,

    /// With --mcp: speak MCP through the running `glass daemon` (its one shared browser)
    /// instead of starting a session of this process's own.
    #[arg(long, requires = "mcp")]
    pub connect: bool,

    /// Session and policy options, shared by every mode.
    #[command(flatten)]
    pub session: SessionOptions,

    /// Direct commands: confirm up front an action the policy asks to confirm (typing into
    /// a password field, an upload...). The person running the command is the one confirming;
    /// an MCP client confirms with the `confirmToken` of its answer instead.
    #[arg(long, global = true)]
    pub confirm: bool,

    /// A direct command, for a person without an MCP client.
    #[command(subcommand)]
    pub command: Option<Command>,
}

impl Cli {
    /// Parse the command line. The session options are global (they may follow a command),
    /// but a command's `--help` lists only its own options and points to `glass --help`
    /// for the rest, instead of repeating them under every command.
    pub fn parse_args() -> Cli {
        use clap::{CommandFactory, FromArgMatches};
        let mut command = Cli::command();
        let globals: Vec<clap::Arg> = command
            .get_arguments()
            .filter(|a| a.is_global_set())
            .map(|a| a.clone().hide(true))
            .collect();
        for sub in command.get_subcommands_mut() {
            let mut owned = std::mem::take(sub);
            for arg in &globals {
                owned = owned.arg(arg.clone());
            }
            *sub = owned.after_help(
                "Session and policy options (--policy, --profile, --attach, ...) go before or \
                 after the command; `glass --help` lists them.",
            );
        }
        let matches = command.get_matches();
        Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit())
    }
}

/// How the browser session is started and what it may do.
#[derive(Clone, Debug, Default, clap::Args)]
pub struct SessionOptions {
    /// Show the browser window (headless is the default).
    #[arg(long, global = true)]
    pub headed: bool,

    /// Use a throwaway profile that is deleted when the session ends.
    #[arg(long, global = true)]
    pub incognito: bool,

    /// Input style: `fast` (default) sends a person's events back to back; `human` moves the
    /// pointer in small steps and pauses between keys.
    #[arg(long, global = true, value_enum, default_value_t = Interaction::Fast)]
    pub interaction: Interaction,

    /// Attach to a running Chrome (ws://... or http://host:port) instead of launching one.
    #[arg(long, global = true, value_name = "ENDPOINT")]
    pub attach: Option<String>,

    /// The Chrome or Chromium executable to launch (default: discovered; see `glass doctor`).
    #[arg(long, global = true, value_name = "PATH")]
    pub chrome_path: Option<PathBuf>,

    /// Name of the persistent profile under Glass's data directory.
    #[arg(long, global = true, value_name = "NAME")]
    pub profile: Option<String>,

    /// Safety preset: `development` (default) or `hardened` (deny what is not allowed).
    #[arg(long, global = true, value_enum, default_value_t = PolicyPreset::Development)]
    pub policy: PolicyPreset,

    /// Allow this host (repeatable); with `hardened`, only allowed hosts are reachable.
    #[arg(long = "policy-allow-host", global = true, value_name = "HOST")]
    pub allow_hosts: Vec<String>,

    /// Deny this host (repeatable), whatever the preset.
    #[arg(long = "policy-deny-host", global = true, value_name = "HOST")]
    pub deny_hosts: Vec<String>,

    /// Allow one privileged capability the preset denies or confirms (repeatable).
    #[arg(
        long = "policy-allow",
        global = true,
        value_enum,
        value_name = "CAPABILITY"
    )]
    pub allow_capabilities: Vec<crate::policy::Capability>,

    /// Require a confirmation token for one capability (repeatable).
    #[arg(
        long = "policy-confirm",
        global = true,
        value_enum,
        value_name = "CAPABILITY"
    )]
    pub confirm_capabilities: Vec<crate::policy::Capability>,

    /// Who confirms what the policy confirms: `person` (only the person, asked through the
    /// client's own dialog; refused where the client cannot ask), `model` (the model repeats the
    /// call with the token it was given) or `auto` (the person where the client can ask, else
    /// the token). Default: `person` under `hardened`, `auto` under `development`.
    #[arg(long = "confirm-by", global = true, value_enum, value_name = "WHO")]
    pub confirm_by: Option<crate::policy::ConfirmBy>,

    /// Append one JSON line per call with an effect (navigation, input, files, cookies,
    /// confirmations and who gave them) to this file, created owner-only; never typed text,
    /// selectors or secrets (docs/policy.md gives the format).
    #[arg(long = "audit-log", global = true, value_name = "PATH")]
    pub audit_log: Option<PathBuf>,

    /// Which tools to list: `lean` (default: the everyday tools and `addTools`, which lists a
    /// family more in the same session; calling any tool lists its family too), `core` (only
    /// navigation, observation, the verified actions, waits, dialogs, tabs), `standard` (plus
    /// the semantic tools, frames, files, diagnostics) or `full` (every tool from the start);
    /// docs/mcp.md gives each one's size. A tool the policy denies outright (`evaluate`,
    /// `upload`, `download` under `hardened`) is never listed.
    #[arg(long, global = true, value_enum, default_value_t = crate::tools::ToolGroup::Lean)]
    pub tools: crate::tools::ToolGroup,

    /// Cancel a download once it passes this many MiB (its partial file is deleted), so a
    /// page cannot fill the disk.
    #[arg(
        long = "download-max-mb",
        global = true,
        value_name = "MIB",
        default_value_t = 1024,
        value_parser = clap::value_parser!(u64).range(1..=1_048_576)
    )]
    pub download_max_mb: u64,
}

pub use crate::browser::Interaction;

/// Options that cannot start a session together, said in Glass's words (exit code 2).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct OptionsError(pub String);

impl From<crate::policy::PolicyError> for OptionsError {
    fn from(e: crate::policy::PolicyError) -> Self {
        OptionsError(e.to_string())
    }
}

/// The MCP clients `mcp-config` knows how to configure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ClientKind {
    /// `{"command": ..., "args": [...]}`, for any MCP host.
    Generic,
    /// Claude Code's `.mcp.json` (`mcpServers`).
    ClaudeCode,
    /// Codex's `~/.codex/config.toml` block.
    Codex,
}

impl ClientKind {
    /// The persistent profile a generated config uses unless `--profile` or `--incognito`
    /// says otherwise: one per client kind, so two clients (or the CLI beside a client) do
    /// not fight over one profile's lock.
    pub fn profile_name(self) -> &'static str {
        match self {
            ClientKind::Generic => "mcp",
            ClientKind::ClaudeCode => "claude-code",
            ClientKind::Codex => "codex",
        }
    }
}

/// Direct commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print ready-to-paste MCP client configuration for this executable.
    McpConfig {
        /// Which client to configure.
        #[arg(long, value_enum, default_value_t = ClientKind::Generic)]
        client: ClientKind,
        /// Print only the server entry (what `claude mcp add-json glass` takes), not a whole
        /// `.mcp.json`: Claude Code and generic only (Codex reads a whole table).
        #[arg(long)]
        entry: bool,
        /// Start the client as `glass --mcp --connect`: it joins the running `glass daemon`'s
        /// one browser instead of starting its own (run `glass daemon` with the same options).
        #[arg(long)]
        connect: bool,
    },
    /// Check the platform, the Chrome Glass would use and its data directory.
    Doctor,
    /// Store, list or remove the secrets a model may have typed by name without seeing them
    /// (`type` and `fillForm` take `secret: NAME`), each bound to the hosts it may be typed on.
    Secrets {
        /// What to do.
        #[command(subcommand)]
        action: SecretsAction,
    },
    /// Keep one browser session and serve it to several clients (`glass --mcp --connect`,
    /// and the direct commands) on a socket in the data directory, until stopped.
    Daemon,
    /// See Glass work: a built-in page, Chrome, and a short session through the same calls a
    /// client makes, each with what the model reads.
    Demo {
        /// Save the screenshot here (by default it is only measured: the demo leaves no file).
        #[arg(long, value_name = "PATH")]
        screenshot: Option<PathBuf>,
    },
    /// Open a URL; print page state and the compact observation.
    Navigate {
        /// The URL.
        url: String,
    },
    /// Open URL and print its compact observation, each element with a locator to type.
    Observe {
        /// The page. Optional when there is a page already: with --attach (the attached tab)
        /// or while a `glass daemon` runs (its current page).
        url: Option<String>,
        /// summary, interactive, structured, detailed or raw.
        #[arg(long)]
        level: Option<String>,
    },
    /// Click one element (a ref, css=, text=, role=...;name=..., name=).
    Click {
        /// The target locator.
        target: String,
        /// Open this URL first.
        #[arg(long)]
        url: Option<String>,
    },
    /// Type text into one element.
    Type {
        /// The target locator.
        target: String,
        /// The text.
        text: String,
        /// Open this URL first.
        #[arg(long)]
        url: Option<String>,
    },
    /// Print the page's visible text.
    Text {
        /// Open this URL first.
        #[arg(long)]
        url: Option<String>,
    },
    /// Print the page's HTML.
    Dom {
        /// Open this URL first.
        #[arg(long)]
        url: Option<String>,
    },
    /// Save a PNG screenshot.
    Screenshot {
        /// Output file.
        #[arg(short, long, default_value = "screenshot.png")]
        output: PathBuf,
        /// Capture the full page.
        #[arg(long)]
        full_page: bool,
        /// Open this URL first.
        #[arg(long)]
        url: Option<String>,
    },
    /// Evaluate a JavaScript expression and print its JSON value.
    Evaluate {
        /// The expression.
        expression: String,
        /// Open this URL first.
        #[arg(long)]
        url: Option<String>,
    },
}

/// `glass secrets ...`.
#[derive(Debug, Subcommand)]
pub enum SecretsAction {
    /// Store a secret: its value is read from stdin (one line), never from the command line.
    Set {
        /// The name a model gives (letters, digits, `_`, `-`, `.`).
        name: String,
        /// A host it may be typed on (repeatable): `accounts.example.com`, or `*.example.com`
        /// for the domain and its subdomains.
        #[arg(long = "host", required = true, value_name = "HOST")]
        hosts: Vec<String>,
    },
    /// List the stored secrets' names and hosts (never their values).
    List,
    /// Remove a stored secret.
    Remove {
        /// Its name.
        name: String,
    },
}

impl Command {
    /// The command's name as typed.
    pub fn name(&self) -> &'static str {
        match self {
            Command::McpConfig { .. } => "mcp-config",
            Command::Doctor => "doctor",
            Command::Secrets { .. } => "secrets",
            Command::Daemon => "daemon",
            Command::Demo { .. } => "demo",
            Command::Navigate { .. } => "navigate",
            Command::Observe { .. } => "observe",
            Command::Click { .. } => "click",
            Command::Type { .. } => "type",
            Command::Text { .. } => "text",
            Command::Dom { .. } => "dom",
            Command::Screenshot { .. } => "screenshot",
            Command::Evaluate { .. } => "evaluate",
        }
    }
}

impl SessionOptions {
    /// The policy these flags describe, checked against the session options.
    pub fn policy(&self) -> Result<crate::policy::Policy, crate::policy::PolicyError> {
        use crate::policy::{Capability, Decision, Policy, PolicyError};
        let policy = Policy::from_flags(
            self.policy,
            &self.allow_capabilities,
            &self.confirm_capabilities,
            &self.allow_hosts,
            &self.deny_hosts,
        )?;
        let policy = policy.confirmed_by(self.confirm_by);
        let policy = if self.incognito {
            policy.throwaway()
        } else {
            policy
        };
        if self.attach.is_some() && policy.decide(Capability::Attach) == Decision::Deny {
            return Err(PolicyError(
                "the policy denies --attach; add --policy-allow attach to drive a Chrome you started".into(),
            ));
        }
        if self.attach.is_none()
            && !self.incognito
            && policy.decide(Capability::PersistentProfile) == Decision::Deny
        {
            return Err(PolicyError(
                "the policy denies a persistent profile; add --incognito (or --policy-allow persistent-profile)".into(),
            ));
        }
        Ok(policy)
    }

    /// Check every option before anything starts: the policy flags together, the profile
    /// name, the `--attach` endpoint's form, the Chrome path. `--mcp`, `mcp-config` and
    /// `doctor` all run it, so a configuration that cannot start is refused when it is
    /// written, with Glass's own message, not when a client fails to connect.
    pub fn check(&self) -> Result<crate::policy::Policy, OptionsError> {
        let policy = self.policy()?;
        if let Some(name) = &self.profile {
            if !crate::browser::profile::valid_profile_name(name) {
                return Err(OptionsError(
                    "--profile takes a name of up to 64 letters, digits, - and _".into(),
                ));
            }
            if self.incognito {
                return Err(OptionsError(
                    "--incognito uses a throwaway profile; give --incognito or --profile, not both"
                        .into(),
                ));
            }
        }
        if let Some(endpoint) = &self.attach {
            crate::browser::launch::AttachEndpoint::parse(endpoint)
                .map_err(|reason| OptionsError(format!("--attach: {reason}")))?;
        }
        if let Some(path) = &self.chrome_path {
            if self.attach.is_none() && !path.is_file() {
                return Err(OptionsError(format!(
                    "--chrome-path {} is not a file",
                    path.display()
                )));
            }
        }
        Ok(policy)
    }

    /// The services a server or a direct command runs with; fails when the options are
    /// inconsistent (see [`SessionOptions::check`]).
    pub fn services(&self) -> Result<crate::tools::Services, OptionsError> {
        let policy = self.check()?;
        let audit =
            match &self.audit_log {
                Some(path) => Some(crate::tools::kernel::audit::AuditLog::open(path).map_err(
                    |e| OptionsError(format!("--audit-log cannot be opened for appending: {e}")),
                )?),
                None => None,
            };
        Ok(crate::tools::Services {
            facts: crate::tools::ServerFacts {
                policy: self.policy,
                headless: !self.headed,
                attach: self.attach.is_some(),
                decisions: crate::policy::Capability::ALL
                    .iter()
                    .map(|c| (c.as_str(), policy.decide(*c).as_str()))
                    .collect(),
                host_rules: (policy.allow_hosts().len(), policy.deny_hosts().len()),
                tools: self.tools,
                incognito: self.incognito,
                session_args: self.session_args(),
                daemon: false,
                confirm_by: policy.confirm_by(),
                // Loading also registers the values for scrubbing from the first answer on.
                secrets: !crate::secrets::load().is_empty(),
            },
            session: crate::browser::Session::new(self.session_config()),
            policy,
            confirmations: Default::default(),
            journal: Default::default(),
            observed: Default::default(),
            store: Default::default(),
            leases: None,
            find: crate::tools::find,
            listing: Default::default(),
            audit,
        })
    }

    /// How the browser session should start.
    pub fn session_config(&self) -> crate::browser::SessionConfig {
        use crate::browser::{ProfileChoice, SessionConfig};
        SessionConfig {
            chrome_path: self.chrome_path.clone(),
            headless: !self.headed,
            profile: if self.incognito {
                ProfileChoice::Incognito
            } else {
                ProfileChoice::Persistent(self.profile.clone().unwrap_or_else(|| "default".into()))
            },
            attach: self.attach.clone(),
            interaction: self.interaction,
            host_rules: self.policy().ok().filter(|p| p.has_host_rules()),
            download_max_bytes: self.download_max_mb * 1024 * 1024,
            downloads_denied: self.policy().map_or(true, |p| {
                p.decide(crate::policy::Capability::Download) == crate::policy::Decision::Deny
            }),
            keep_bodies: self.policy().is_ok_and(|p| {
                p.decide(crate::policy::Capability::NetworkDetails) != crate::policy::Decision::Deny
            }),
        }
    }

    /// What a daemon's session is, as flags: the session and policy options a client of it
    /// must share (the tool group is each client's own choice, so it is left out). Empty for
    /// a client that gave none: it joins the daemon's session as it is.
    pub fn session_args(&self) -> Vec<String> {
        let mut args = self.to_args();
        if let Some(i) = args.iter().position(|a| a == "--tools") {
            args.drain(i..(i + 2).min(args.len()));
        }
        args
    }

    /// The session flags in canonical form, as they must precede `--mcp` in a client config.
    pub fn to_args(&self) -> Vec<String> {
        let mut args = Vec::new();
        if self.headed {
            args.push("--headed".to_owned());
        }
        if self.incognito {
            args.push("--incognito".to_owned());
        }
        if self.interaction != Interaction::default() {
            args.extend(["--interaction".to_owned(), self.interaction.as_str().into()]);
        }
        if let Some(endpoint) = &self.attach {
            args.extend(["--attach".to_owned(), endpoint.clone()]);
        }
        if let Some(path) = &self.chrome_path {
            args.extend([
                "--chrome-path".to_owned(),
                path.to_string_lossy().into_owned(),
            ]);
        }
        if let Some(profile) = &self.profile {
            args.extend(["--profile".to_owned(), profile.clone()]);
        }
        if self.policy != PolicyPreset::default() {
            args.extend(["--policy".to_owned(), self.policy.as_str().into()]);
        }
        for host in &self.allow_hosts {
            args.extend(["--policy-allow-host".to_owned(), host.clone()]);
        }
        for host in &self.deny_hosts {
            args.extend(["--policy-deny-host".to_owned(), host.clone()]);
        }
        for cap in &self.allow_capabilities {
            args.extend(["--policy-allow".to_owned(), cap.as_str().to_owned()]);
        }
        for cap in &self.confirm_capabilities {
            args.extend(["--policy-confirm".to_owned(), cap.as_str().to_owned()]);
        }
        if let Some(who) = self.confirm_by {
            args.extend(["--confirm-by".to_owned(), who.as_str().to_owned()]);
        }
        if let Some(path) = &self.audit_log {
            args.extend([
                "--audit-log".to_owned(),
                path.to_string_lossy().into_owned(),
            ]);
        }
        if self.tools != crate::tools::ToolGroup::default() {
            args.extend(["--tools".to_owned(), self.tools.as_str().to_owned()]);
        }
        args
    }
}
