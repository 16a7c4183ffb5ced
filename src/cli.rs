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

    /// Session and policy options, shared by every mode.
    #[command(flatten)]
    pub session: SessionOptions,

    /// A direct command, for a person without an MCP client.
    #[command(subcommand)]
    pub command: Option<Command>,
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

/// The MCP clients `mcp-config` knows how to configure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ClientKind {
    /// `{"command": ..., "args": [...]}`, for any MCP host.
    Generic,
    /// Claude Code's `mcpServers` JSON.
    ClaudeCode,
    /// Codex's `~/.codex/config.toml` block.
    Codex,
}

/// Direct commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print ready-to-paste MCP client configuration for this executable.
    McpConfig {
        /// Which client to configure.
        #[arg(long, value_enum, default_value_t = ClientKind::Generic)]
        client: ClientKind,
    },
    /// Check the platform, the Chrome Glass would use and its data directory.
    Doctor,
    /// Open a URL; print page state and the compact observation.
    Navigate {
        /// The URL.
        url: String,
    },
    /// Print the compact observation (of URL, if given).
    Observe {
        /// Open this URL first.
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

    /// The services a server or a direct command runs with; fails when the policy flags are
    /// inconsistent.
    pub fn services(&self) -> Result<crate::tools::Services, crate::policy::PolicyError> {
        let policy = self.policy()?;
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
            },
            session: crate::browser::Session::new(self.session_config()),
            policy,
            confirmations: Default::default(),
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
        }
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
        args
    }
}
