//! Finding, starting, attaching to and stopping Chrome.
//!
//! A Chrome we launch speaks CDP over `--remote-debugging-pipe` (no port to race for, no
//! other local process can connect to it). It runs in its own process group, and on Linux
//! gets `PR_SET_PDEATHSIG(SIGKILL)`, so even a SIGKILLed Glass leaves no Chrome behind.
//! An attached Chrome (`--attach`) is never killed by us.

use std::collections::VecDeque;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use chromiumoxide_cdp::cdp::browser_protocol::browser::GetVersionParams;
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::task::JoinHandle;
use tracing::debug;

use super::cdp::{Cdp, CdpError, CdpOptions};

/// Errors of finding, starting and attaching to Chrome. Each says what to do next.
#[derive(Debug, thiserror::Error)]
pub enum LaunchError {
    /// No Chrome or Chromium anywhere we look.
    #[error("no Chrome or Chromium found; {}", install_hint())]
    NotFound,
    /// A path given explicitly (`--chrome-path` or `GLASS_CHROME`) is not an executable file.
    #[error("{} is not a Chrome executable file; fix --chrome-path or GLASS_CHROME", .0.display())]
    BadExecutable(PathBuf),
    /// Another Chrome holds this profile; Chrome would refuse or hand over to it.
    #[error(
        "the profile {} is in use by another Chrome ({owner}); close it, choose another profile, or use --incognito; if a `glass daemon` holds it, start clients as `glass --mcp --connect`",
        dir.display()
    )]
    ProfileInUse {
        /// The user-data-dir that is locked.
        dir: PathBuf,
        /// Who holds it, e.g. `pid 1234` or `host other, pid 1234`.
        owner: String,
    },
    /// Chrome could not be started at all (exec failed).
    #[error("could not start Chrome: {0}")]
    Spawn(std::io::Error),
    /// Chrome exited before answering its first CDP call.
    #[error("Chrome exited during start-up ({status}): {detail}")]
    Exited {
        /// Exit status as text, e.g. `exit status: 1`.
        status: String,
        /// The most useful line of Chrome's stderr, or a fixed note when there was none.
        detail: String,
    },
    /// Chrome did not answer within the start-up deadline.
    #[error("Chrome did not answer within {after:?} of start-up: {detail}")]
    StartTimeout {
        /// The deadline that passed.
        after: Duration,
        /// The most useful line of Chrome's stderr, or a fixed note when there was none.
        detail: String,
    },
    /// The `--attach` endpoint could not be used.
    #[error("cannot attach to {endpoint}: {reason}")]
    Attach {
        /// The endpoint as the user gave it.
        endpoint: String,
        /// A short reason.
        reason: String,
    },
    /// Launching is not implemented on this platform.
    #[error(
        "launching Chrome is not supported on this platform yet; start it yourself and use --attach"
    )]
    Unsupported,
    /// A CDP failure after the process started.
    #[error(transparent)]
    Cdp(#[from] CdpError),
    /// Preparing the profile directory failed.
    #[error("profile directory: {0}")]
    Io(#[from] std::io::Error),
}

/// Exactly how to install a browser on this platform, for the `NotFound` error and `doctor`.
pub fn install_hint() -> &'static str {
    if cfg!(target_os = "macos") {
        "install one with `brew install --cask chromium` (or Google Chrome), or set GLASS_CHROME / --chrome-path"
    } else if cfg!(windows) {
        "install one with `winget install Google.Chrome`, or set GLASS_CHROME / --chrome-path"
    } else {
        "install one (Debian/Ubuntu: `apt-get install -y chromium`; Fedora: `dnf install -y chromium`; \
         Arch: `pacman -S chromium`), or set GLASS_CHROME / --chrome-path"
    }
}

/// Executable names searched on PATH, in order of preference.
const PATH_NAMES: &[&str] = &[
    "chromium",
    "chromium-browser",
    "google-chrome",
    "google-chrome-stable",
    "chrome",
];

/// Finds Chrome: the explicit path, then `GLASS_CHROME`, then PATH, then the usual install
/// locations. An explicit path or `GLASS_CHROME` that is wrong is an error, not skipped,
/// because the user asked for exactly that browser.
pub fn find_chrome(explicit: Option<&Path>) -> Result<PathBuf, LaunchError> {
    find_chrome_in(
        explicit,
        std::env::var_os("GLASS_CHROME"),
        std::env::var_os("PATH"),
        &platform_locations(),
    )
}

/// The lookup with its inputs passed in, so it is testable without touching the process env.
fn find_chrome_in(
    explicit: Option<&Path>,
    glass_chrome: Option<OsString>,
    path_var: Option<OsString>,
    fixed: &[PathBuf],
) -> Result<PathBuf, LaunchError> {
    let chosen = explicit
        .map(Path::to_path_buf)
        .or_else(|| glass_chrome.filter(|v| !v.is_empty()).map(PathBuf::from));
    if let Some(p) = chosen {
        return if is_executable(&p) {
            Ok(p)
        } else {
            Err(LaunchError::BadExecutable(p))
        };
    }
    if let Some(path_var) = path_var {
        for dir in std::env::split_paths(&path_var) {
            for name in PATH_NAMES {
                let candidate = dir.join(exe_name(name));
                if is_executable(&candidate) {
                    return Ok(candidate);
                }
            }
        }
    }
    fixed
        .iter()
        .find(|p| is_executable(p))
        .cloned()
        .ok_or(LaunchError::NotFound)
}

/// The binary behind Debian's `chromium` launcher script, which greps /proc/cpuinfo, runs
/// findmnt and sources /etc/chromium.d before it execs `$LIBDIR/$APPNAME`: 25 to 40 ms of every
/// launch here, for flags Glass does not need. `None` for anything else.
pub fn launcher_target(exe: &Path) -> Option<PathBuf> {
    let resolved = std::fs::canonicalize(exe).ok()?;
    if std::fs::metadata(&resolved).ok()?.len() > 64 * 1024 {
        return None;
    }
    let script = std::fs::read_to_string(&resolved).ok()?;
    let target = debian_launcher_target(&script)?;
    is_executable(&target).then_some(target)
}

/// `$LIBDIR/$APPNAME` of a Debian Chromium launcher script's text.
fn debian_launcher_target(script: &str) -> Option<PathBuf> {
    if !script.starts_with("#!") || !script.contains("# Chromium launcher") {
        return None;
    }
    let value = |key: &str| {
        script
            .lines()
            .find_map(|l| l.trim().strip_prefix(key))
            .map(|v| v.trim().trim_matches('"').to_owned())
    };
    let app = value("APPNAME=")?;
    let libdir = value("LIBDIR=")?.replace("$APPNAME", &app);
    let ok = |s: &str| {
        !s.is_empty()
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || "/._-".contains(c))
    };
    (ok(&app) && ok(&libdir) && libdir.starts_with('/')).then(|| Path::new(&libdir).join(app))
}

fn exe_name(name: &str) -> String {
    if cfg!(windows) {
        format!("{name}.exe")
    } else {
        name.to_owned()
    }
}

fn is_executable(p: &Path) -> bool {
    let Ok(meta) = std::fs::metadata(p) else {
        return false;
    };
    if !meta.is_file() {
        return false;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        meta.permissions().mode() & 0o111 != 0
    }
    #[cfg(not(unix))]
    {
        true
    }
}

/// Well-known install locations, after PATH.
fn platform_locations() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = Vec::new();
    #[cfg(target_os = "linux")]
    v.extend(
        [
            "/usr/bin/chromium",
            "/usr/bin/chromium-browser",
            "/usr/bin/google-chrome",
            "/usr/bin/google-chrome-stable",
            "/usr/lib/chromium/chromium",
            "/snap/bin/chromium",
            "/opt/google/chrome/chrome",
        ]
        .map(PathBuf::from),
    );
    #[cfg(target_os = "macos")]
    {
        let apps = [
            "Google Chrome.app/Contents/MacOS/Google Chrome",
            "Chromium.app/Contents/MacOS/Chromium",
            "Google Chrome Canary.app/Contents/MacOS/Google Chrome Canary",
        ];
        for app in apps {
            v.push(Path::new("/Applications").join(app));
        }
        if let Some(home) = std::env::var_os("HOME") {
            for app in apps {
                v.push(Path::new(&home).join("Applications").join(app));
            }
        }
    }
    #[cfg(windows)]
    {
        for var in ["ProgramFiles", "ProgramFiles(x86)", "LocalAppData"] {
            if let Some(base) = std::env::var_os(var) {
                let base = PathBuf::from(base);
                v.push(base.join(r"Google\Chrome\Application\chrome.exe"));
                v.push(base.join(r"Chromium\Application\chrome.exe"));
            }
        }
    }
    v
}

/// How to start Chrome. `LaunchOptions::new` fills safe defaults.
#[derive(Debug, Clone)]
pub struct LaunchOptions {
    /// The browser binary, usually from [`find_chrome`].
    pub executable: PathBuf,
    /// `--headless=new` (plus `--disable-gpu`) when true; a visible window otherwise.
    pub headless: bool,
    /// The profile directory; created if missing. Use a fresh one for throwaway sessions.
    pub user_data_dir: PathBuf,
    /// Extra flags, appended after ours (e.g. `--incognito`, `--window-size=1280,720`).
    pub extra_args: Vec<String>,
    /// `--no-sandbox`; needed when running as root (Chrome refuses otherwise).
    pub no_sandbox: bool,
    /// Deadline for Chrome to answer its first CDP call.
    pub startup_timeout: Duration,
    /// Connection tunables.
    pub cdp: CdpOptions,
}

impl LaunchOptions {
    /// Headless, 20 s start-up deadline, and `--no-sandbox` only when running as root.
    pub fn new(executable: impl Into<PathBuf>, user_data_dir: impl Into<PathBuf>) -> Self {
        LaunchOptions {
            executable: executable.into(),
            headless: true,
            user_data_dir: user_data_dir.into(),
            extra_args: Vec::new(),
            no_sandbox: running_as_root(),
            startup_timeout: Duration::from_secs(20),
            cdp: CdpOptions::default(),
        }
    }

    /// The full argument list we pass (transport flag first, `about:blank` last).
    pub fn args(&self) -> Vec<OsString> {
        let mut args: Vec<OsString> = [
            "--remote-debugging-pipe",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-quic",
        ]
        .map(OsString::from)
        .to_vec();
        let mut profile = OsString::from("--user-data-dir=");
        profile.push(&self.user_data_dir);
        args.push(profile);
        if self.no_sandbox {
            args.push("--no-sandbox".into());
        }
        if self.headless {
            args.push("--headless=new".into());
            args.push("--disable-gpu".into());
        }
        args.extend(self.extra_args.iter().map(OsString::from));
        args.push("about:blank".into());
        args
    }
}

fn running_as_root() -> bool {
    #[cfg(unix)]
    {
        rustix::process::geteuid().is_root()
    }
    #[cfg(not(unix))]
    {
        false
    }
}

/// How much of Chrome's stderr we keep for error messages.
const STDERR_TAIL_BYTES: usize = 4096;

/// The last few KiB of Chrome's stderr; older bytes fall off the front.
#[derive(Clone, Default)]
struct StderrTail(Arc<Mutex<VecDeque<u8>>>);

impl StderrTail {
    fn push(&self, bytes: &[u8]) {
        let mut q = self.0.lock().unwrap_or_else(|e| e.into_inner());
        q.extend(bytes);
        let excess = q.len().saturating_sub(STDERR_TAIL_BYTES);
        q.drain(..excess);
    }

    fn text(&self) -> String {
        let q = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let (a, b) = q.as_slices();
        let mut v = Vec::with_capacity(q.len());
        v.extend_from_slice(a);
        v.extend_from_slice(b);
        String::from_utf8_lossy(&v).into_owned()
    }
}

/// Lines Chrome (or Debian's wrapper script) prints on every start in containers; they
/// never explain a failure.
const STDERR_NOISE: &[&str] = &[
    "dbus/bus.cc",
    "Failed to connect to the bus",
    "zygote_linux.cc",
    "unexpected operator",
    "Fontconfig",
    "DevTools listening on",
];

/// Picks the line of Chrome's stderr that explains a failure: the last non-noise error
/// line, else the last non-noise line; Chrome's `[pid:tid:time:LEVEL:file]` prefix is cut.
fn meaningful_stderr_line(tail: &str) -> Option<String> {
    let lines: Vec<&str> = tail
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !STDERR_NOISE.iter().any(|n| l.contains(n)))
        .collect();
    let line = lines
        .iter()
        .rev()
        .find(|l| l.contains(":ERROR:") || l.contains(":FATAL:"))
        .or_else(|| lines.last())?;
    let text = match (line.starts_with('['), line.find("] ")) {
        (true, Some(end)) => &line[end + 2..],
        _ => line,
    };
    let mut out: String = text.chars().take(240).collect();
    if out.len() < text.len() {
        out.push('…');
    }
    Some(out)
}

/// Chrome's exit code for "profile in use" (`RESULT_CODE_PROFILE_IN_USE`).
const EXIT_PROFILE_IN_USE: i32 = 21;

/// A Chrome we started. Dropping it SIGKILLs Chrome's whole process group; prefer
/// [`ChromeProcess::shutdown`] for a clean exit that flushes the profile.
pub struct ChromeProcess {
    child: tokio::process::Child,
    pid: u32,
    cdp: Cdp,
    stderr: StderrTail,
    stderr_task: Option<JoinHandle<()>>,
    user_data_dir: PathBuf,
    finished: bool,
}

impl std::fmt::Debug for ChromeProcess {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ChromeProcess")
            .field("pid", &self.pid)
            .field("user_data_dir", &self.user_data_dir)
            .finish_non_exhaustive()
    }
}

impl ChromeProcess {
    /// The browser process id (also its process group id).
    pub fn pid(&self) -> u32 {
        self.pid
    }

    /// The profile directory this Chrome uses.
    pub fn user_data_dir(&self) -> &Path {
        &self.user_data_dir
    }

    /// The last few KiB of Chrome's stderr, for diagnostics (`doctor`, crash reports).
    pub fn stderr_tail(&self) -> String {
        self.stderr.text()
    }

    /// SIGKILLs the whole process group now, without waiting.
    pub fn kill(&mut self) {
        kill_group(self.pid);
    }

    /// Asks Chrome to close (`Browser.close`, which flushes the profile), waits briefly, then
    /// SIGKILLs whatever is left of the group and reaps the browser. Returns the exit status
    /// when it was collected.
    pub async fn shutdown(mut self) -> Option<std::process::ExitStatus> {
        const GRACE: Duration = Duration::from_secs(2);
        if !self.cdp.closed() {
            let _ = self
                .cdp
                .call_raw(None, "Browser.close", Value::Null, GRACE)
                .await;
        }
        let mut status = tokio::time::timeout(GRACE, self.child.wait()).await.ok();
        // Kill stragglers (helpers, or a Chrome that ignored Browser.close).
        kill_group(self.pid);
        if status.is_none() {
            status = tokio::time::timeout(GRACE, self.child.wait()).await.ok();
        }
        self.finished = true;
        self.cdp.close();
        status.and_then(Result::ok)
    }

    /// Waits for the start-up failure's stderr to be complete (bounded) and builds the error.
    async fn start_failure(&mut self, status: Option<std::process::ExitStatus>) -> LaunchError {
        kill_group(self.pid);
        if let Some(task) = self.stderr_task.take() {
            // Helpers may hold stderr open a little longer; don't wait for them long.
            let _ = tokio::time::timeout(Duration::from_millis(500), task).await;
        }
        let tail = self.stderr.text();
        let code = status.and_then(|s| s.code());
        // Code 21 / ProcessSingleton: Chrome refused the locked profile. "Opening in existing
        // browser session": it handed our command line to the Chrome holding it and exited.
        if code == Some(EXIT_PROFILE_IN_USE)
            || tail.contains("ProcessSingleton")
            || tail.contains("Opening in existing browser session")
        {
            return LaunchError::ProfileInUse {
                dir: self.user_data_dir.clone(),
                owner: "reported by Chrome".into(),
            };
        }
        LaunchError::Exited {
            status: status.map_or_else(|| "still running, killed".into(), |s| s.to_string()),
            detail: meaningful_stderr_line(&tail)
                .unwrap_or_else(|| "no error output from Chrome".into()),
        }
    }
}

impl Drop for ChromeProcess {
    fn drop(&mut self) {
        if !self.finished {
            kill_group(self.pid);
            // The tokio runtime reaps the killed child in the background.
        }
    }
}

/// SIGKILLs a process group; errors (already gone) are ignored.
fn kill_group(pgid: u32) {
    #[cfg(unix)]
    {
        let pgid = i32::try_from(pgid).ok().filter(|p| *p > 1);
        if let Some(group) = pgid.and_then(rustix::process::Pid::from_raw) {
            // A stale group yields ESRCH, which is ignored.
            let _ = rustix::process::kill_process_group(group, rustix::process::Signal::KILL);
        }
    }
    #[cfg(not(unix))]
    let _ = pgid;
}

/// Starts Chrome with `--remote-debugging-pipe` and waits (up to `startup_timeout`) until it
/// answers `Browser.getVersion`. On failure no Chrome is left running and the error carries
/// the useful line of Chrome's stderr.
#[cfg(unix)]
pub async fn launch(opts: LaunchOptions) -> Result<(ChromeProcess, Cdp), LaunchError> {
    use std::os::fd::AsRawFd;
    use tokio::net::unix::pipe;

    std::fs::create_dir_all(&opts.user_data_dir)?;
    if let Some(owner) = profile_lock_owner(&opts.user_data_dir) {
        return Err(LaunchError::ProfileInUse {
            dir: opts.user_data_dir.clone(),
            owner,
        });
    }

    // Two pipes: we write `to_chrome`, Chrome reads fd 3; Chrome writes fd 4, we read
    // `from_chrome`. Chrome's ends are moved to fds >= 10 so dup2 onto 3/4 can't clobber them.
    let (to_chrome, chrome_in) = pipe::pipe().map_err(LaunchError::Spawn)?;
    let (chrome_out, from_chrome) = pipe::pipe().map_err(LaunchError::Spawn)?;
    let chrome_in = high_cloexec(chrome_in.into_blocking_fd().map_err(LaunchError::Spawn)?)?;
    let chrome_out = high_cloexec(chrome_out.into_blocking_fd().map_err(LaunchError::Spawn)?)?;
    let (in_fd, out_fd) = (chrome_in.as_raw_fd(), chrome_out.as_raw_fd());

    // Debian's launcher script costs tens of ms per launch; run its binary directly, with the
    // one launcher flag that matters in containers (a small /dev/shm).
    let (executable, mut args) = match launcher_target(&opts.executable) {
        Some(binary) => (binary, vec![OsString::from("--disable-dev-shm-usage")]),
        None => (opts.executable.clone(), Vec::new()),
    };
    args.extend(opts.args());
    let mut cmd = tokio::process::Command::new(&executable);
    cmd.args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .kill_on_drop(false)
        .process_group(0);
    let parent = rustix::process::getpid();
    // SAFETY: the closure runs between fork and exec and only makes raw system calls
    // (prctl, getppid, dup2) through rustix, which neither allocates nor takes locks.
    unsafe {
        cmd.pre_exec(move || {
            #[cfg(target_os = "linux")]
            {
                rustix::process::set_parent_process_death_signal(Some(
                    rustix::process::Signal::KILL,
                ))?;
                // Glass died between fork and prctl: the signal will never come, so stop.
                if rustix::process::getppid() != Some(parent) {
                    return Err(std::io::Error::from_raw_os_error(
                        rustix::io::Errno::SRCH.raw_os_error(),
                    ));
                }
            }
            #[cfg(not(target_os = "linux"))]
            let _ = parent;
            use std::os::fd::{BorrowedFd, FromRawFd, OwnedFd};
            for (from, to) in [(in_fd, 3), (out_fd, 4)] {
                // The child's descriptors 3 and 4 become the pipe's ends; they must outlive
                // this closure, so the handles are never dropped (closed) here.
                let mut target = std::mem::ManuallyDrop::new(OwnedFd::from_raw_fd(to));
                rustix::io::dup2(BorrowedFd::borrow_raw(from), &mut target)?;
            }
            Ok(())
        });
    }

    let started = Instant::now();
    let mut child = spawn_on_spawner_thread(cmd)
        .await
        .map_err(LaunchError::Spawn)?;
    // Our copies of Chrome's ends must close, or we would never see EOF when Chrome dies.
    drop((chrome_in, chrome_out));
    let Some(pid) = child.id() else {
        return Err(LaunchError::Exited {
            status: "exited immediately".into(),
            detail: "no error output from Chrome".into(),
        });
    };
    let stderr = StderrTail::default();
    let stderr_task = child.stderr.take().map(|mut pipe| {
        let tail = stderr.clone();
        tokio::spawn(async move {
            let mut buf = [0u8; 4096];
            while let Ok(n) = pipe.read(&mut buf).await {
                if n == 0 {
                    break;
                }
                tail.push(&buf[..n]);
            }
        })
    });
    let cdp = Cdp::from_pipe(from_chrome, to_chrome, &opts.cdp);
    // From here on, any early return drops `process`, which kills the group.
    let mut process = ChromeProcess {
        child,
        pid,
        cdp: cdp.clone(),
        stderr,
        stderr_task,
        user_data_dir: opts.user_data_dir.clone(),
        finished: false,
    };

    enum Outcome {
        Answered(Result<String, CdpError>),
        Exited(std::io::Result<std::process::ExitStatus>),
    }
    let outcome = tokio::select! {
        r = cdp.call(None, GetVersionParams::default(), opts.startup_timeout) => {
            Outcome::Answered(r.map(|v| v.product))
        }
        s = process.child.wait() => Outcome::Exited(s),
    };
    match outcome {
        Outcome::Answered(Ok(product)) => {
            debug!(
                pid,
                %product,
                ms = started.elapsed().as_millis() as u64,
                "Chrome answered"
            );
            Ok((process, cdp))
        }
        Outcome::Answered(Err(CdpError::Timeout { .. })) => {
            kill_group(pid);
            let detail = meaningful_stderr_line(&process.stderr.text())
                .unwrap_or_else(|| "no error output from Chrome".into());
            Err(LaunchError::StartTimeout {
                after: opts.startup_timeout,
                detail,
            })
        }
        Outcome::Answered(Err(_)) => {
            // The pipe broke: Chrome is exiting. Collect its status briefly.
            let status = tokio::time::timeout(Duration::from_secs(2), process.child.wait())
                .await
                .ok()
                .and_then(Result::ok);
            Err(process.start_failure(status).await)
        }
        Outcome::Exited(status) => {
            let status = status.ok();
            Err(process.start_failure(status).await)
        }
    }
}

/// Launching over a pipe needs fd inheritance; not written for this platform yet.
#[cfg(not(unix))]
pub async fn launch(opts: LaunchOptions) -> Result<(ChromeProcess, Cdp), LaunchError> {
    let _ = opts;
    Err(LaunchError::Unsupported)
}

/// Duplicates `fd` to a close-on-exec descriptor >= 10 and closes the original.
#[cfg(unix)]
fn high_cloexec(fd: std::os::fd::OwnedFd) -> std::io::Result<std::os::fd::OwnedFd> {
    Ok(rustix::io::fcntl_dupfd_cloexec(&fd, 10)?)
}

/// Runs `Command::spawn` on one dedicated thread that lives as long as the process.
///
/// Why: `PR_SET_PDEATHSIG` fires when the *thread* that forked the child exits, not the
/// process. Tokio's blocking-pool threads exit after 10 s idle, and a worker thread that ran
/// `block_in_place` can become one; spawning from such a thread would kill Chrome at a random
/// moment. The spawner thread blocks on a channel forever and is never joined, so the
/// signal fires only when the whole process dies.
#[cfg(unix)]
async fn spawn_on_spawner_thread(
    mut cmd: tokio::process::Command,
) -> std::io::Result<tokio::process::Child> {
    use std::sync::OnceLock;
    use std::sync::mpsc;
    type Job = Box<dyn FnOnce() + Send>;
    static SPAWNER: OnceLock<Result<mpsc::Sender<Job>, String>> = OnceLock::new();

    let spawner = SPAWNER.get_or_init(|| {
        let (tx, rx) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("glass-chrome-spawner".into())
            .spawn(move || {
                while let Ok(job) = rx.recv() {
                    job();
                }
            })
            .map(|_| tx)
            .map_err(|e| e.to_string())
    });
    let spawner = spawner
        .as_ref()
        .map_err(|e| std::io::Error::other(format!("spawner thread: {e}")))?;
    let runtime = tokio::runtime::Handle::current();
    let (tx, rx) = tokio::sync::oneshot::channel();
    let job: Job = Box::new(move || {
        // Register the child with the caller's runtime (for wait and the stderr pipe).
        let _guard = runtime.enter();
        let _ = tx.send(cmd.spawn());
    });
    spawner
        .send(job)
        .map_err(|_| std::io::Error::other("spawner thread is gone"))?;
    rx.await
        .map_err(|_| std::io::Error::other("spawner thread dropped the request"))?
}

/// Who holds `dir`'s `SingletonLock`, if a live Chrome does.
///
/// Chrome makes `SingletonLock` a symlink to `<hostname>-<pid>`. A lock from this host whose
/// pid is alive means the profile is in use: a second Chrome would exit with code 21 (or hand
/// over its command line). A lock from another host cannot be checked, and Chrome refuses
/// it too, so it counts as in use. A dead pid is a stale lock that Chrome clears itself.
#[cfg(unix)]
fn profile_lock_owner(dir: &Path) -> Option<String> {
    let target = std::fs::read_link(dir.join("SingletonLock")).ok()?;
    let target = target.to_string_lossy();
    let (host, pid) = target.rsplit_once('-')?;
    let pid: i32 = pid.parse().ok()?;
    if host != hostname()? {
        return Some(format!("host {host}, pid {pid}"));
    }
    super::profile::process_alive(pid).then(|| format!("pid {pid}"))
}

#[cfg(unix)]
fn hostname() -> Option<String> {
    let name = rustix::system::uname();
    Some(name.nodename().to_string_lossy().into_owned())
}

/// How to start a Chrome that Glass can attach to, said in every attach failure.
const HOW_TO_ATTACH: &str =
    "start Chrome with --remote-debugging-port=9222 and attach to http://127.0.0.1:9222";

/// Where an `--attach` endpoint points: a WebSocket URL as given, or the `host:port` of a
/// DevTools HTTP server (`http://host:port`, a bare `host:port`). Checked before anything
/// starts (`mcp-config`, `doctor`, `--mcp`), so a config never carries an endpoint that
/// cannot work.
#[derive(Debug, PartialEq, Eq)]
pub enum AttachEndpoint<'a> {
    /// `ws://…` or `wss://…`: the browser's own WebSocket.
    WebSocket(&'a str),
    /// `host:port`, asked for its WebSocket at `/json/version`.
    Http(&'a str),
}

impl<'a> AttachEndpoint<'a> {
    /// Parse an `--attach` value; the error says what is wrong in a few words.
    pub fn parse(endpoint: &'a str) -> Result<AttachEndpoint<'a>, &'static str> {
        if endpoint.starts_with("ws://") || endpoint.starts_with("wss://") {
            return Ok(AttachEndpoint::WebSocket(endpoint));
        }
        let rest = match endpoint.strip_prefix("http://") {
            Some(rest) => rest,
            None if endpoint.contains("://") => return Err("use ws://… or http://host:port"),
            None => endpoint,
        };
        let authority = rest.split('/').next().unwrap_or_default();
        match authority.rsplit_once(':') {
            Some((host, port)) if !host.is_empty() && port.parse::<u16>().is_ok_and(|p| p > 0) => {
                Ok(AttachEndpoint::Http(authority))
            }
            _ => Err("give http://host:port (the port of --remote-debugging-port) or ws://…"),
        }
    }
}

/// Connects to a Chrome someone else started: `ws://…` directly, or `http://host:port`
/// (the port of `--remote-debugging-port`; a bare `host:port` works too) via its
/// `/json/version`. Checks the endpoint answers `Browser.getVersion`. Never kills that Chrome.
pub async fn attach(endpoint: &str) -> Result<Cdp, LaunchError> {
    Ok(connect_attached(endpoint).await?.0)
}

/// Whether `endpoint` is a DevTools endpoint: the browser's product and version
/// (`Chrome/…`) when it is, else why not and how to start one (for `glass doctor`).
pub async fn probe(endpoint: &str) -> Result<String, LaunchError> {
    let (cdp, product) = connect_attached(endpoint).await?;
    drop(cdp);
    Ok(product)
}

async fn connect_attached(endpoint: &str) -> Result<(Cdp, String), LaunchError> {
    const T: Duration = Duration::from_secs(10);
    let fail = |reason: String| LaunchError::Attach {
        endpoint: endpoint.to_owned(),
        reason,
    };
    let not_devtools = |what: &str| {
        fail(format!(
            "it is not a Chrome DevTools endpoint ({what}); {HOW_TO_ATTACH}"
        ))
    };
    let ws_url = match AttachEndpoint::parse(endpoint).map_err(|r| fail(r.to_owned()))? {
        AttachEndpoint::WebSocket(url) => url.to_owned(),
        AttachEndpoint::Http(authority) => {
            let body = tokio::time::timeout(T, http_get(authority, "/json/version"))
                .await
                .map_err(|_| not_devtools("/json/version did not answer"))?
                .map_err(|e| match e.kind() {
                    std::io::ErrorKind::ConnectionRefused => {
                        fail(format!("nothing is listening there; {HOW_TO_ATTACH}"))
                    }
                    std::io::ErrorKind::Other => not_devtools(&format!("/json/version: {e}")),
                    _ => fail(format!("cannot connect ({}); {HOW_TO_ATTACH}", e.kind())),
                })?;
            let v: Value = serde_json::from_slice(&body)
                .map_err(|_| not_devtools("/json/version is not JSON"))?;
            v.get("webSocketDebuggerUrl")
                .and_then(Value::as_str)
                .ok_or_else(|| not_devtools("/json/version names no webSocketDebuggerUrl"))?
                .to_owned()
        }
    };
    let cdp = Cdp::connect_ws(&ws_url, &CdpOptions::default(), T)
        .await
        .map_err(|_| not_devtools("its WebSocket did not accept a DevTools connection"))?;
    let version = cdp
        .call(None, GetVersionParams::default(), T)
        .await
        .map_err(|_| not_devtools("it did not answer Browser.getVersion"))?;
    Ok((cdp, version.product.clone()))
}

/// Largest `/json/version` answer we read; the real one is under 1 KiB.
const HTTP_MAX: usize = 64 * 1024;

/// One HTTP/1.1 GET returning the body of a 200 answer. Chrome's DevTools server keeps
/// the connection open despite `Connection: close`, so we stop at Content-Length.
async fn http_get(authority: &str, path: &str) -> std::io::Result<Vec<u8>> {
    let mut stream = tokio::net::TcpStream::connect(authority).await?;
    let request = format!(
        "GET {path} HTTP/1.1\r\nHost: {authority}\r\nConnection: close\r\nAccept: application/json\r\n\r\n"
    );
    stream.write_all(request.as_bytes()).await?;
    let mut response = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        let n = stream.read(&mut chunk).await?;
        response.extend_from_slice(&chunk[..n]);
        if response.len() > HTTP_MAX {
            return Err(std::io::Error::other("answer too large"));
        }
        if let Some(body) = parse_http_response(&response, n == 0)? {
            return Ok(body);
        }
    }
}

/// Parses an HTTP/1.x response read so far: `Ok(None)` means "need more bytes". Returns the
/// body of a 200 answer, honouring Content-Length (else the body ends at EOF); chunked
/// bodies are rejected (Chrome never sends them here).
fn parse_http_response(response: &[u8], eof: bool) -> std::io::Result<Option<Vec<u8>>> {
    let bad = |m: &str| std::io::Error::other(m.to_owned());
    let Some(split) = response.windows(4).position(|w| w == b"\r\n\r\n") else {
        return if eof {
            Err(bad("malformed HTTP answer"))
        } else {
            Ok(None)
        };
    };
    let head = String::from_utf8_lossy(&response[..split]);
    let body = &response[split + 4..];
    let mut lines = head.split("\r\n");
    let status = lines.next().unwrap_or_default();
    let code = status.split_whitespace().nth(1).unwrap_or_default();
    if code != "200" {
        let code: String = code.chars().take(3).collect();
        return Err(bad(&format!("HTTP status {code}")));
    }
    let mut length = None;
    for line in lines {
        let Some((name, value)) = line.split_once(':') else {
            continue;
        };
        let (name, value) = (name.trim(), value.trim());
        if name.eq_ignore_ascii_case("transfer-encoding") && value.eq_ignore_ascii_case("chunked") {
            return Err(bad("chunked HTTP answer not supported"));
        }
        if name.eq_ignore_ascii_case("content-length") {
            length = value.parse::<usize>().ok();
        }
    }
    match length {
        Some(n) if n <= body.len() => Ok(Some(body[..n].to_vec())),
        Some(_) if eof => Err(bad("truncated HTTP answer")),
        Some(_) => Ok(None),
        None if eof => Ok(Some(body.to_vec())),
        None => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debian_launcher_scripts_are_seen_through_and_nothing_else() {
        let debian = "#!/bin/sh\n\n# Chromium launcher\n\nAPPNAME=chromium\n\nGDB=/usr/bin/gdb\nLIBDIR=/usr/lib/$APPNAME\nCHROMIUM_FLAGS=\"\"\nexec $LIBDIR/$APPNAME $CHROMIUM_FLAGS \"$@\"\n";
        assert_eq!(
            debian_launcher_target(debian),
            Some(PathBuf::from("/usr/lib/chromium/chromium"))
        );
        assert_eq!(
            debian_launcher_target("#!/bin/sh\nexec /opt/chrome \"$@\"\n"),
            None
        );
        assert_eq!(debian_launcher_target("\u{7f}ELF binary"), None);
        let odd = debian.replace("LIBDIR=/usr/lib/$APPNAME", "LIBDIR=$(mktemp)");
        assert_eq!(debian_launcher_target(&odd), None);
        let relative = debian.replace("LIBDIR=/usr/lib/$APPNAME", "LIBDIR=lib");
        assert_eq!(debian_launcher_target(&relative), None);
    }

    #[test]
    fn stderr_line_skips_noise_and_prefix() {
        let tail = "/usr/bin/chromium: 9: [: 2527: unexpected operator\n\
            [1:2:1130/051354.38:ERROR:dbus/bus.cc:405] Failed to connect to the bus: x\n\
            [8689:8689:1130/051354.846711:ERROR:content/browser/zygote_host/zygote_host_impl_linux.cc:103] Running as root without --no-sandbox is not supported. See https://crbug.com/638180.\n\
            [8678:8678:0100/000000.736378:ERROR:content/zygote/zygote_linux.cc:662] write: Broken pipe (32)\n";
        assert_eq!(
            meaningful_stderr_line(tail).as_deref(),
            Some(
                "Running as root without --no-sandbox is not supported. See https://crbug.com/638180."
            )
        );
        assert_eq!(
            meaningful_stderr_line("plain failure\n\n").as_deref(),
            Some("plain failure")
        );
        assert_eq!(meaningful_stderr_line("  \n"), None);
        let long = "x".repeat(1000);
        assert!(meaningful_stderr_line(&long).unwrap().chars().count() <= 241);
    }

    #[test]
    fn stderr_tail_keeps_last_bytes() {
        let t = StderrTail::default();
        t.push(&vec![b'a'; 5000]);
        t.push(b"end");
        let s = t.text();
        assert_eq!(s.len(), STDERR_TAIL_BYTES);
        assert!(s.ends_with("aend"));
    }

    #[test]
    fn http_response_parsing() {
        let ok = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 7\r\n\r\n{\"a\":1}trailing";
        assert_eq!(
            parse_http_response(ok, false).unwrap().unwrap(),
            b"{\"a\":1}"
        );
        assert_eq!(parse_http_response(&ok[..20], false).unwrap(), None);
        assert_eq!(parse_http_response(&ok[..70], false).unwrap(), None);
        assert!(parse_http_response(&ok[..70], true).is_err());
        assert!(parse_http_response(b"HTTP/1.1 404 Not Found\r\n\r\n", false).is_err());
        assert!(parse_http_response(b"garbage", true).is_err());
        let no_length = b"HTTP/1.0 200 OK\r\n\r\n{}";
        assert_eq!(parse_http_response(no_length, false).unwrap(), None);
        assert_eq!(
            parse_http_response(no_length, true).unwrap().unwrap(),
            b"{}"
        );
        let chunked = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n";
        assert!(parse_http_response(chunked, false).is_err());
    }

    fn scratch_dir(name: &str) -> PathBuf {
        let d =
            std::env::temp_dir().join(format!("glass-launch-unit-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[cfg(unix)]
    fn make_exe(path: &Path) {
        use std::os::unix::fs::PermissionsExt;
        std::fs::write(path, "#!/bin/sh\n").unwrap();
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn lookup_order() {
        let d = scratch_dir("lookup");
        let (a, b) = (d.join("a"), d.join("b"));
        std::fs::create_dir_all(&a).unwrap();
        std::fs::create_dir_all(&b).unwrap();
        let explicit = d.join("my-chrome");
        make_exe(&explicit);
        make_exe(&b.join("google-chrome"));
        make_exe(&a.join("chrome"));
        let fixed = d.join("fixed-chrome");
        make_exe(&fixed);
        let not_exec = d.join("plain");
        std::fs::write(&not_exec, "").unwrap();
        let path_var = std::env::join_paths([&a, &b]).unwrap();
        let env = Some(OsString::from(explicit.as_os_str()));

        // Explicit wins, even over GLASS_CHROME; a bad explicit path is an error.
        assert_eq!(
            find_chrome_in(Some(&explicit), None, None, &[]).unwrap(),
            explicit
        );
        assert!(matches!(
            find_chrome_in(Some(&not_exec), env.clone(), None, &[]),
            Err(LaunchError::BadExecutable(_))
        ));
        assert!(matches!(
            find_chrome_in(Some(&d), None, None, &[]),
            Err(LaunchError::BadExecutable(_))
        ));
        // GLASS_CHROME before PATH; empty GLASS_CHROME is ignored.
        assert_eq!(
            find_chrome_in(None, env, Some(path_var.clone()), &[]).unwrap(),
            explicit
        );
        // PATH: directory order first, then name order within a directory.
        assert_eq!(
            find_chrome_in(None, Some(OsString::new()), Some(path_var), &[]).unwrap(),
            a.join("chrome")
        );
        // Fixed locations last.
        assert_eq!(
            find_chrome_in(None, None, None, &[not_exec.clone(), fixed.clone()]).unwrap(),
            fixed
        );
        assert!(matches!(
            find_chrome_in(None, None, None, &[not_exec]),
            Err(LaunchError::NotFound)
        ));
        let _ = std::fs::remove_dir_all(&d);
    }

    #[cfg(unix)]
    #[test]
    fn singleton_lock_detection() {
        let d = scratch_dir("lock");
        assert_eq!(profile_lock_owner(&d), None);
        let host = hostname().unwrap();
        let lock = d.join("SingletonLock");
        std::os::unix::fs::symlink(format!("{host}-{}", std::process::id()), &lock).unwrap();
        assert_eq!(
            profile_lock_owner(&d),
            Some(format!("pid {}", std::process::id()))
        );
        std::fs::remove_file(&lock).unwrap();
        // A pid that cannot exist (above pid_max) is a stale lock.
        std::os::unix::fs::symlink(format!("{host}-2147483000"), &lock).unwrap();
        assert_eq!(profile_lock_owner(&d), None);
        std::fs::remove_file(&lock).unwrap();
        std::os::unix::fs::symlink("elsewhere-42", &lock).unwrap();
        assert_eq!(
            profile_lock_owner(&d),
            Some("host elsewhere, pid 42".into())
        );
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn args_always_carry_the_safety_flags() {
        let mut o = LaunchOptions::new("/x/chrome", "/tmp/p");
        o.extra_args.push("--incognito".into());
        let a: Vec<String> = o
            .args()
            .iter()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        for f in [
            "--remote-debugging-pipe",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-quic",
            "--headless=new",
            "--disable-gpu",
            "--user-data-dir=/tmp/p",
            "--incognito",
        ] {
            assert!(a.iter().any(|x| x == f), "{f}");
        }
        assert_eq!(a.last().map(String::as_str), Some("about:blank"));
        o.headless = false;
        assert!(
            !o.args()
                .iter()
                .any(|x| x.to_string_lossy().starts_with("--headless"))
        );
    }
}
