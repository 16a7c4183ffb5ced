//! `glass daemon`: one browser session shared by several clients. It listens on a Unix socket
//! in Glass's data directory (owner-only, and a peer of another user is refused), and serves
//! each connection the same MCP as `glass --mcp` does on stdio; `glass --mcp --connect` is
//! that connection for an MCP client, and the direct commands use it when a daemon runs, so
//! refs from `glass observe` still name elements in `glass click e4`. While more than one
//! client is connected, a call that may change a page needs the mutation lease
//! (the `lease` tool, or `lease/acquire`); reads never do.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{UnixListener, UnixStream};

use crate::cli::SessionOptions;
use crate::tools::lease::Leases;

/// Where the daemon listens.
pub fn socket_path() -> PathBuf {
    crate::paths::data_dir().join("daemon.sock")
}

/// Resolves on SIGTERM or SIGINT.
pub async fn shutdown_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let (Ok(mut term), Ok(mut int)) = (
            signal(SignalKind::terminate()),
            signal(SignalKind::interrupt()),
        ) else {
            return std::future::pending().await;
        };
        tokio::select! {
            _ = term.recv() => {}
            _ = int.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

fn runtime() -> Option<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| tracing::error!(error = %e, "cannot start the async runtime"))
        .ok()
}

/// Bind the socket: refused when a daemon already answers there; a stale file is replaced.
async fn bind(path: &Path) -> Result<UnixListener, String> {
    if let Some(dir) = path.parent() {
        let mut b = std::fs::DirBuilder::new();
        b.recursive(true);
        #[cfg(unix)]
        std::os::unix::fs::DirBuilderExt::mode(&mut b, 0o700);
        b.create(dir)
            .map_err(|_| "cannot create the data directory".to_owned())?;
    }
    if path.exists() {
        if UnixStream::connect(path).await.is_ok() {
            return Err(format!("a daemon already serves {}", path.display()));
        }
        let _ = std::fs::remove_file(path);
    }
    let listener = UnixListener::bind(path)
        .map_err(|e| format!("cannot listen on {}: {e}", path.display()))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600));
    }
    Ok(listener)
}

/// Run the daemon until SIGTERM/SIGINT: one session (started on the first call that needs
/// Chrome), one MCP server per connection.
pub fn run(session: &SessionOptions) -> ExitCode {
    let mut services = match session.services() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("glass daemon: {e}");
            return crate::exit::refused();
        }
    };
    let leases = Arc::new(Leases::default());
    services.leases = Some(Arc::clone(&leases));
    services.facts.daemon = true;
    let services = Arc::new(services);
    let Some(rt) = runtime() else {
        return crate::exit::failed();
    };
    let path = socket_path();
    let code = rt.block_on(async {
        let listener = match bind(&path).await {
            Ok(l) => l,
            Err(e) => {
                eprintln!("glass daemon: {e}");
                return crate::exit::failed();
            }
        };
        eprintln!("glass daemon: serving on {}", path.display());
        #[cfg(unix)]
        let own_uid = rustix::process::getuid().as_raw();
        let stop = shutdown_signal();
        tokio::pin!(stop);
        loop {
            tokio::select! {
                _ = &mut stop => break,
                accepted = listener.accept() => {
                    let Ok((stream, _)) = accepted else { continue };
                    #[cfg(unix)]
                    if stream.peer_cred().map(|c| c.uid()) .ok() != Some(own_uid) {
                        tracing::warn!("refused a connection from another user");
                        continue;
                    }
                    let client = leases.connect();
                    let services = Arc::clone(&services);
                    tokio::spawn(async move {
                        let (read, write) = stream.into_split();
                        let _ = crate::mcp::server::serve_client(
                            services,
                            client,
                            read,
                            write,
                            std::future::pending(),
                        )
                        .await;
                    });
                }
            }
        }
        let _ = std::fs::remove_file(&path);
        let _ = tokio::time::timeout(Duration::from_secs(8), services.session.shutdown()).await;
        ExitCode::SUCCESS
    });
    // Connections still open are ended with the process.
    rt.shutdown_timeout(Duration::from_millis(200));
    code
}

/// Whether a client with `mine` as its session and policy options may use the running daemon:
/// a client that gave none joins it as it is; one that gave any must give the daemon's own, so
/// it never runs silently under a policy or profile it did not ask for. The refusal names the
/// daemon's options. `Ok` too when no daemon answers (the caller says so itself).
pub async fn session_matches(mine: &SessionOptions) -> Result<(), String> {
    let wanted = mine.session_args();
    if wanted.is_empty() {
        return Ok(());
    }
    // A bare connection that never initializes: the daemon does not count it as a client.
    let Some(mut d) = DaemonClient::bare().await else {
        return Ok(());
    };
    let answer = d.request("glass/session", json!({})).await;
    let theirs: Vec<String> = answer
        .as_ref()
        .and_then(|a| a["result"]["args"].as_array())
        .map(|a| {
            a.iter()
                .filter_map(|s| s.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default();
    if theirs == wanted {
        return Ok(());
    }
    let policy = answer
        .as_ref()
        .and_then(|a| a["result"]["policy"].as_str().map(str::to_owned))
        .unwrap_or_else(|| "unknown".into());
    let shown = |a: &[String]| {
        if a.is_empty() {
            "no options".to_owned()
        } else {
            a.join(" ")
        }
    };
    Err(format!(
        "the running daemon serves the {policy} policy with {}; this client asked for {}. A \
         client never runs under another session's options: stop the daemon and start it as \
         `glass {} daemon`, or connect with no session options to use the daemon's",
        shown(&theirs),
        shown(&wanted),
        wanted.join(" ")
    ))
}

/// `glass --mcp --connect`: this process's stdin and stdout become a connection to the
/// daemon, byte for byte, once its session and policy are the ones this client asked for.
pub fn connect_stdio(mine: &SessionOptions) -> ExitCode {
    let Some(rt) = runtime() else {
        return crate::exit::failed();
    };
    let path = socket_path();
    let code = rt.block_on(async {
        if let Err(why) = session_matches(mine).await {
            eprintln!("glass: {why}");
            return crate::exit::REFUSED;
        }
        let stream = match UnixStream::connect(&path).await {
            Ok(s) => s,
            Err(_) => {
                eprintln!(
                    "glass: no daemon answers at {}; start one with `glass daemon`",
                    path.display()
                );
                return crate::exit::FAILED;
            }
        };
        let (mut from_daemon, mut to_daemon) = stream.into_split();
        // Requests go up until stdin ends (then the write half closes); the client is done
        // when the daemon has answered and closed its side.
        tokio::spawn(async move {
            let _ = tokio::io::copy(&mut tokio::io::stdin(), &mut to_daemon).await;
            let _ = to_daemon.shutdown().await;
        });
        let mut out = tokio::io::stdout();
        let _ = tokio::io::copy(&mut from_daemon, &mut out).await;
        let _ = out.flush().await;
        0
    });
    // Exit at once: a blocking stdin read must not hold the process open.
    std::process::exit(i32::from(code))
}

/// A client of a running daemon, for the direct commands: newline-delimited JSON-RPC.
pub struct DaemonClient {
    reader: BufReader<tokio::net::unix::OwnedReadHalf>,
    writer: tokio::net::unix::OwnedWriteHalf,
    next: u64,
}

impl DaemonClient {
    /// Connect without initializing (enough for the `glass/session` probe), when a daemon
    /// answers at its socket.
    async fn bare() -> Option<DaemonClient> {
        let stream = UnixStream::connect(socket_path()).await.ok()?;
        let (read, writer) = stream.into_split();
        Some(DaemonClient {
            reader: BufReader::new(read),
            writer,
            next: 0,
        })
    }

    /// Connect and initialize, when a daemon answers at its socket.
    pub async fn connect() -> Option<DaemonClient> {
        let mut c = DaemonClient::bare().await?;
        c.request(
            "initialize",
            json!({"protocolVersion": "2025-06-18", "capabilities": {},
                   "clientInfo": {"name": "glass-cli", "version": env!("CARGO_PKG_VERSION")}}),
        )
        .await?;
        c.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}))
            .await?;
        Some(c)
    }

    async fn send(&mut self, message: &Value) -> Option<()> {
        let mut line = serde_json::to_vec(message).ok()?;
        line.push(b'\n');
        self.writer.write_all(&line).await.ok()
    }

    /// One request and its answer (notifications before it are skipped).
    pub async fn request(&mut self, method: &str, params: Value) -> Option<Value> {
        self.next += 1;
        let id = self.next;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}))
            .await?;
        loop {
            let mut line = String::new();
            if self.reader.read_line(&mut line).await.ok()? == 0 {
                return None;
            }
            let v: Value = serde_json::from_str(&line).ok()?;
            if v.get("id") == Some(&json!(id)) {
                return Some(v);
            }
        }
    }
}
