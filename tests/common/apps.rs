//! Real web apps nobody here wrote, for the real-app test tier: Datasette, JupyterLab and an
//! MkDocs-Material site from the pinned Python venv, the Wagtail CMS, the Prefect server and
//! Streamlit from venvs of their own, and the CodeMirror 5 and Monaco editors from the npm folder that
//! `scripts/test` prepares under `target/real-apps`. Each app is served on 127.0.0.1 only, in its
//! own process group, and stopped when dropped.
#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::TcpStream;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Where `scripts/test` put the apps. Fails loudly when they are missing: these tests never
/// skip.
pub fn apps_dir() -> PathBuf {
    let dir = std::env::var_os("GLASS_REAL_APPS")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target/real-apps"));
    assert!(
        dir.join("venv/bin/python").exists() && dir.join("npm/node_modules").exists(),
        "the real apps are not installed in {}: run scripts/test (it prepares them once)",
        dir.display()
    );
    dir
}

/// A program of the apps' venv.
pub fn venv_bin(name: &str) -> PathBuf {
    apps_dir().join("venv/bin").join(name)
}

/// A program of an app that has a venv of its own (`venv-NAME`, see `scripts/test`).
pub fn own_venv_bin(venv: &str, name: &str) -> PathBuf {
    let path = apps_dir().join(format!("venv-{venv}/bin")).join(name);
    assert!(
        path.exists(),
        "{} is missing: run scripts/test (it prepares the apps once)",
        path.display()
    );
    path
}

/// An installed npm package's folder.
pub fn npm_package(name: &str) -> PathBuf {
    apps_dir().join("npm/node_modules").join(name)
}

/// Run a Python snippet in the venv and return its stdout.
pub fn python(code: &str, args: &[&str]) -> String {
    let out = Command::new(venv_bin("python"))
        .arg("-c")
        .arg(code)
        .args(args)
        .output()
        .expect("run the venv's python");
    assert!(
        out.status.success(),
        "python failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).trim().to_owned()
}

/// A port free on 127.0.0.1 right now.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Whether an app's log says its port was taken (by another process, between the pick and the bind).
fn port_taken(log: &str) -> bool {
    let log = log.to_ascii_lowercase();
    ["already in use", "not available", "address in use"]
        .iter()
        .any(|w| log.contains(w))
}

/// A running app: its process group is stopped when this is dropped.
pub struct App {
    child: Child,
    /// The app's base URL, such as `http://127.0.0.1:41234`.
    pub base: String,
    log: PathBuf,
}

impl App {
    /// Start the app that `command` makes for a port (in its own process group, output to a log
    /// file) and wait until `ready_path` answers 200 on that port, at most `within`. The port is
    /// picked free, but another process may take it before the app binds it: an app that exits
    /// saying so is started again on a new port, up to three times.
    pub fn start(
        command: impl Fn(u16) -> Command,
        ready_path: &str,
        within: Duration,
        log: PathBuf,
    ) -> App {
        for attempt in 1..=3 {
            let port = free_port();
            match Self::try_start(command(port), port, ready_path, within, log.clone()) {
                Ok(app) => return app,
                Err(text) if attempt < 3 && port_taken(&text) => continue,
                Err(text) => panic!("{text}"),
            }
        }
        unreachable!("the last attempt returns or panics")
    }

    fn try_start(
        mut cmd: Command,
        port: u16,
        ready_path: &str,
        within: Duration,
        log: PathBuf,
    ) -> Result<App, String> {
        let file = std::fs::File::create(&log).unwrap();
        cmd.stdin(Stdio::null())
            .stdout(file.try_clone().unwrap())
            .stderr(file)
            .process_group(0);
        let child = cmd.spawn().expect("start the app");
        let mut app = App {
            child,
            base: format!("http://127.0.0.1:{port}"),
            log,
        };
        let end = Instant::now() + within;
        loop {
            if let Ok(Some(status)) = app.child.try_wait() {
                return Err(format!("the app exited ({status}): {}", app.log_text()));
            }
            if http_status(port, ready_path) == Some(200) {
                return Ok(app);
            }
            assert!(
                Instant::now() < end,
                "the app did not come up: {}",
                app.log_text()
            );
            // Polling a port that is not listening yet: nothing to wait on but the next try.
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    pub fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Drop for App {
    fn drop(&mut self) {
        let group = rustix::process::Pid::from_raw(self.child.id() as i32)
            .expect("a child's pid is positive");
        use rustix::process::{Signal, kill_process_group};
        let _ = kill_process_group(group, Signal::TERM);
        let end = Instant::now() + Duration::from_secs(5);
        while Instant::now() < end {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = kill_process_group(group, Signal::KILL);
        let _ = self.child.wait();
    }
}

/// The HTTP status of `GET path` on 127.0.0.1:port, or None when nothing answers.
fn http_status(port: u16, path: &str) -> Option<u16> {
    let mut s = TcpStream::connect(("127.0.0.1", port)).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
    write!(s, "GET {path} HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n").ok()?;
    let mut head = [0u8; 32];
    let n = s.read(&mut head).ok()?;
    std::str::from_utf8(&head[..n])
        .ok()?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

/// Datasette serving one SQLite file.
pub fn datasette(db: &Path, work: &Path) -> App {
    let command = |port: u16| {
        let mut cmd = Command::new(venv_bin("datasette"));
        cmd.arg("serve")
            .arg(db)
            .args(["-h", "127.0.0.1", "-p", &port.to_string()]);
        cmd
    };
    App::start(
        command,
        "/",
        Duration::from_secs(60),
        work.join("datasette.log"),
    )
}

/// JupyterLab on a notebook folder, with no token, and its settings, workspaces and runtime
/// files kept in `work` (a fresh workspace: the launcher shows).
pub fn jupyterlab(root: &Path, work: &Path) -> App {
    let command = |port: u16| {
        let mut cmd = Command::new(venv_bin("jupyter"));
        cmd.args(["lab", "--no-browser", "--allow-root"])
            .arg(format!("--port={port}"))
            .arg("--ServerApp.ip=127.0.0.1")
            .arg("--IdentityProvider.token=")
            .arg("--ServerApp.password=")
            .arg("--ServerApp.port_retries=0")
            .arg(format!("--ServerApp.root_dir={}", root.display()))
            .env("JUPYTER_CONFIG_DIR", work.join("config"))
            .env("JUPYTER_DATA_DIR", work.join("data"))
            .env("JUPYTER_RUNTIME_DIR", work.join("runtime"))
            .env("JUPYTERLAB_WORKSPACES_DIR", work.join("workspaces"))
            .env("JUPYTERLAB_SETTINGS_DIR", work.join("settings"))
            .env("IPYTHONDIR", work.join("ipython"));
        cmd
    };
    App::start(
        command,
        "/lab",
        Duration::from_secs(120),
        work.join("jupyter.log"),
    )
}

/// An MkDocs-Material site built from `docs` (a folder with mkdocs.yml), served statically.
pub fn docs_site(project: &Path, work: &Path) -> App {
    let site = work.join("site");
    let out = Command::new(venv_bin("mkdocs"))
        .arg("build")
        .arg("--quiet")
        .arg("-f")
        .arg(project.join("mkdocs.yml"))
        .arg("-d")
        .arg(&site)
        .env("NO_MKDOCS_2_WARNING", "1")
        .output()
        .expect("run mkdocs");
    assert!(
        out.status.success(),
        "mkdocs build failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let command = |port: u16| {
        let mut cmd = Command::new(venv_bin("python"));
        cmd.args([
            "-m",
            "http.server",
            &port.to_string(),
            "--bind",
            "127.0.0.1",
        ])
        .current_dir(&site);
        cmd
    };
    App::start(command, "/", Duration::from_secs(30), work.join("http.log"))
}

/// Run a program to the end; panics with its output when it fails.
fn run(cmd: &mut Command, what: &str) {
    let out = cmd.output().unwrap_or_else(|e| panic!("{what}: {e}"));
    assert!(
        out.status.success(),
        "{what} failed: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The CMS's administrator: (user name, password).
pub const CMS_ADMIN: (&str, &str) = ("editor", "glass-editor-passphrase");

/// The page types of the CMS site (`tests/fixtures/cms/models.py`, which `benchmarks/rivals`
/// uses too): the site's home page and a news page, each with a rich-text body (Wagtail's
/// Draftail editor), so "Add child page" offers a choice of types.
const CMS_MODELS: &str = include_str!("../fixtures/cms/models.py");

/// A Wagtail CMS site made the way its tutorial makes one (`wagtail start`, the page models,
/// migrations, one administrator), its SQLite database at `work/site/db.sqlite3`, served by
/// Django's development server.
pub fn wagtail(work: &Path) -> App {
    let site = work.join("site");
    std::fs::create_dir_all(&site).unwrap();
    run(
        Command::new(own_venv_bin("cms", "wagtail"))
            .args(["start", "mysite"])
            .arg(&site),
        "wagtail start",
    );
    std::fs::write(site.join("home/models.py"), CMS_MODELS).unwrap();
    let python = own_venv_bin("cms", "python");
    let manage = |args: &[&str]| {
        let mut cmd = Command::new(&python);
        cmd.arg("manage.py")
            .args(args)
            .current_dir(&site)
            .env("DJANGO_SUPERUSER_PASSWORD", CMS_ADMIN.1);
        cmd
    };
    run(
        &mut manage(&["makemigrations", "home", "-v0"]),
        "makemigrations",
    );
    run(&mut manage(&["migrate", "-v0"]), "migrate");
    run(
        &mut manage(&[
            "createsuperuser",
            "--noinput",
            "--username",
            CMS_ADMIN.0,
            "--email",
            "editor@example.com",
        ]),
        "createsuperuser",
    );
    let command = |port: u16| {
        let mut cmd = manage(&["runserver", &format!("127.0.0.1:{port}"), "--noreload"]);
        cmd.env("PYTHONUNBUFFERED", "1");
        cmd
    };
    App::start(
        command,
        "/admin/login/",
        Duration::from_secs(60),
        work.join("wagtail.log"),
    )
}

/// The Prefect server (its web UI is the Vue one it serves by default), its database in
/// `work/prefect`, with analytics off.
pub fn prefect(work: &Path) -> App {
    let command = |port: u16| {
        let mut cmd = Command::new(own_venv_bin("prefect", "prefect"));
        cmd.args(["server", "start", "--host", "127.0.0.1", "--port"])
            .arg(port.to_string())
            .env("PREFECT_HOME", work.join("prefect"))
            .env("PREFECT_SERVER_ANALYTICS_ENABLED", "false")
            .env("PREFECT_UI_API_URL", format!("http://127.0.0.1:{port}/api"));
        cmd
    };
    App::start(
        command,
        "/api/health",
        Duration::from_secs(120),
        work.join("prefect.log"),
    )
}

/// A Streamlit app: the script `script` served by `streamlit run` (headless, no usage
/// statistics, no file watcher), with its home in `work`.
pub fn streamlit(script: &Path, work: &Path) -> App {
    let command = |port: u16| {
        let mut cmd = Command::new(own_venv_bin("streamlit", "streamlit"));
        cmd.arg("run")
            .arg(script)
            .args(["--server.address", "127.0.0.1", "--server.port"])
            .arg(port.to_string())
            .args([
                "--server.headless",
                "true",
                "--server.fileWatcherType",
                "none",
                "--browser.gatherUsageStats",
                "false",
                "--global.developmentMode",
                "false",
            ])
            .env("HOME", work)
            .current_dir(work);
        cmd
    };
    App::start(
        command,
        "/_stcore/health",
        Duration::from_secs(60),
        work.join("streamlit.log"),
    )
}

/// TiddlyWiki (Node.js, from the npm folder): a wiki made in `work/wiki` from its server
/// edition and served by `tiddlywiki --listen`, which saves each tiddler as a `.tid` file in
/// `work/wiki/tiddlers`.
pub fn tiddlywiki(work: &Path) -> App {
    let main = npm_package("tiddlywiki").join("tiddlywiki.js");
    let wiki = work.join("wiki");
    let made = Command::new("node")
        .arg(&main)
        .arg(&wiki)
        .args(["--init", "server"])
        .output()
        .expect("run node");
    assert!(
        made.status.success(),
        "tiddlywiki --init failed: {}",
        String::from_utf8_lossy(&made.stderr)
    );
    let command = |port: u16| {
        let mut cmd = Command::new("node");
        cmd.arg(&main)
            .arg(&wiki)
            .args(["--listen", "host=127.0.0.1"])
            .arg(format!("port={port}"));
        cmd
    };
    App::start(
        command,
        "/",
        Duration::from_secs(60),
        work.join("tiddlywiki.log"),
    )
}

/// The status line and the body the helpers' Python prints.
fn status_and_body(out: &str) -> (u16, String) {
    let (status, body) = out.split_once('\n').unwrap_or((out, ""));
    (status.trim().parse().expect("a status"), body.to_owned())
}

/// `GET url`: (status, body), for reading an app's own records over its API.
pub fn http_get(url: &str) -> (u16, String) {
    let out = python(
        "import sys, urllib.request, urllib.error\n\
         try:\n    r = urllib.request.urlopen(sys.argv[1], timeout=10); print(r.status); print(r.read().decode())\n\
         except urllib.error.HTTPError as e:\n    print(e.code)",
        &[url],
    );
    status_and_body(&out)
}

/// `POST url` with a JSON body: (status, body), for setting up an app's records over its API
/// (what a test then reads through the app's own UI).
pub fn http_post(url: &str, body: &serde_json::Value) -> (u16, String) {
    let out = python(
        "import sys, urllib.request, urllib.error\n\
         q = urllib.request.Request(sys.argv[1], data=sys.argv[2].encode(), headers={'content-type': 'application/json'})\n\
         try:\n    r = urllib.request.urlopen(q, timeout=10); print(r.status); print(r.read().decode())\n\
         except urllib.error.HTTPError as e:\n    print(e.code)",
        &[url, &body.to_string()],
    );
    status_and_body(&out)
}
