//! Finding, starting, attaching to and stopping Chrome.
//!
//! A Chrome we launch speaks CDP over `--remote-debugging-pipe` (no port to race for, no
//! other local process can connect to it). It runs in its own process group, and on Linux
//! gets `PR_SET_PDEATHSIG(SIGKILL)`, so even a SIGKILLed Glass leaves no Chrome behind.
//! An attached Chrome (`--attach`) is never killed by us.

use std::collections::VecDeque;

mod attach;
mod discovery;
mod error;

pub use self::attach::{AttachEndpoint, attach, probe};
pub use self::discovery::{find_chrome, launcher_target};
pub use self::error::{LaunchError, install_hint};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use chromiumoxide_cdp::cdp::browser_protocol::browser::GetVersionParams;
use serde_json::Value;
use tokio::io::AsyncReadExt;
use tokio::task::JoinHandle;
use tracing::debug;

use super::cdp::{Cdp, CdpError, CdpOptions};

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
        #[cfg(unix)]
        let crashed = {
            use std::os::unix::process::ExitStatusExt;
            status.is_some_and(|s| s.signal().is_some())
        };
        #[cfg(not(unix))]
        let crashed = false;
        LaunchError::Exited {
            status: status.map_or_else(|| "still running, killed".into(), |s| s.to_string()),
            detail: meaningful_stderr_line(&tail)
                .unwrap_or_else(|| "no error output from Chrome".into()),
            crashed,
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
/// the useful line of Chrome's stderr. A Chrome that crashes while starting (a signal, as a
/// busy or short-of-memory machine now and then sees) is started once more before the crash is
/// reported: a refusal (a bad flag, a locked profile) is reported at once.
#[cfg(unix)]
pub async fn launch(opts: LaunchOptions) -> Result<(ChromeProcess, Cdp), LaunchError> {
    match launch_once(&opts).await {
        Err(LaunchError::Exited {
            crashed: true,
            status,
            ..
        }) => {
            tracing::warn!(%status, "Chrome crashed while starting; starting it once more");
            launch_once(&opts).await
        }
        other => other,
    }
}

/// One start of Chrome (see [`launch`]).
#[cfg(unix)]
async fn launch_once(opts: &LaunchOptions) -> Result<(ChromeProcess, Cdp), LaunchError> {
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
            crashed: false,
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

#[cfg(test)]
mod tests;
