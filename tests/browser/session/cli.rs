//! The command-line surface: mcp-config, doctor, --version.

use crate::common;

use std::process::Command;

use serde_json::{Value, json};

fn glass(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_glass"))
        .args(args)
        .output()
        .unwrap()
}

fn exe() -> String {
    std::fs::canonicalize(env!("CARGO_BIN_EXE_glass"))
        .unwrap()
        .to_string_lossy()
        .into_owned()
}

#[test]
fn version_prints_the_package_version() {
    let out = glass(&["--version"]);
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        format!("glass {}", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn generic_config_names_the_absolute_executable_and_session_flags() {
    let out = glass(&[
        "--incognito",
        "--interaction",
        "human",
        "mcp-config",
        "--client",
        "generic",
    ]);
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        v,
        json!({"command": exe(), "args": ["--incognito", "--interaction", "human", "--mcp"]})
    );
    let hardened = glass(&[
        "--policy",
        "hardened",
        "--incognito",
        "--policy-allow-host",
        "example.com",
        "mcp-config",
    ]);
    let v: Value = serde_json::from_slice(&hardened.stdout).unwrap();
    assert_eq!(
        v["args"],
        json!([
            "--incognito",
            "--policy",
            "hardened",
            "--policy-allow-host",
            "example.com",
            "--mcp"
        ])
    );
}

/// Stdout is exactly the JSON Claude Code reads (so `> .mcp.json` works); the `claude mcp
/// add` line goes to stderr; `--entry` is the object `claude mcp add-json` takes.
#[test]
fn claude_code_config_is_json_only_with_the_cli_line_on_stderr() {
    let out = glass(&["mcp-config", "--client", "claude-code"]);
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).expect("stdout is one JSON document");
    assert_eq!(
        v,
        json!({"mcpServers": {"glass": {"command": exe(), "args": ["--profile", "claude-code", "--mcp"]}}})
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!(
            "claude mcp add glass -- {} --profile claude-code --mcp",
            exe()
        )),
        "{stderr}"
    );
    let entry = glass(&[
        "--incognito",
        "mcp-config",
        "--client",
        "claude-code",
        "--entry",
    ]);
    let v: Value = serde_json::from_slice(&entry.stdout).expect("stdout is one JSON document");
    assert_eq!(
        v,
        json!({"type": "stdio", "command": exe(), "args": ["--incognito", "--mcp"]})
    );
}

/// Codex's output is a TOML table Python's own TOML parser reads, with the session flags.
#[test]
fn codex_config_is_a_toml_table() {
    use std::io::Write;
    let out = glass(&["--headed", "mcp-config", "--client", "codex"]);
    assert!(out.status.success());
    let mut child = Command::new("python3")
        .args([
            "-c",
            "import sys, tomllib, json; print(json.dumps(tomllib.loads(sys.stdin.read())))",
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&out.stdout).unwrap();
    let parsed = child.wait_with_output().unwrap();
    assert!(parsed.status.success(), "stdout is TOML");
    let v: Value = serde_json::from_slice(&parsed.stdout).unwrap();
    assert_eq!(
        v,
        json!({"mcp_servers": {"glass": {"command": exe(), "args": ["--headed", "--profile", "codex", "--mcp"]}}})
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("codex mcp add glass -- "));
}

/// Each client kind gets its own profile, so two clients (or the CLI beside one) do not
/// share a profile lock; an explicit `--profile`, `--incognito` or `--attach` wins.
#[test]
fn each_client_kind_gets_its_own_profile() {
    let args = |extra: &[&str], client: &str| -> Value {
        let mut a: Vec<&str> = extra.to_vec();
        a.extend(["mcp-config", "--client", client, "--entry"]);
        let out = glass(&a);
        assert!(out.status.success());
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        v["args"].clone()
    };
    assert_eq!(args(&[], "generic"), json!(["--profile", "mcp", "--mcp"]));
    assert_eq!(
        args(&[], "claude-code"),
        json!(["--profile", "claude-code", "--mcp"])
    );
    assert_eq!(
        args(&["--profile", "work"], "claude-code"),
        json!(["--profile", "work", "--mcp"])
    );
    assert_eq!(
        args(&["--attach", "http://127.0.0.1:9222"], "generic"),
        json!(["--attach", "http://127.0.0.1:9222", "--mcp"])
    );
}

/// `--entry` is Claude Code's form; for Codex (whose configuration is a whole table) it is
/// refused with exit 2 and nothing on stdout, rather than silently ignored.
#[test]
fn codex_has_no_entry_form() {
    let out = glass(&["mcp-config", "--client", "codex", "--entry"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("--client claude-code"), "{stderr}");
}

/// `mcp-config --connect` writes a client of the running daemon: `--mcp --connect`, no
/// profile of the client's own (the daemon's is used), and the daemon's own start line.
#[test]
fn mcp_config_writes_a_daemon_client() {
    let out = glass(&[
        "mcp-config",
        "--client",
        "claude-code",
        "--entry",
        "--connect",
    ]);
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["args"], json!(["--mcp", "--connect"]));
    let out = glass(&[
        "--profile",
        "work",
        "--tools",
        "core",
        "mcp-config",
        "--connect",
    ]);
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        v["args"],
        json!(["--profile", "work", "--tools", "core", "--mcp", "--connect"])
    );
    let hint = String::from_utf8_lossy(&out.stderr);
    assert!(
        hint.contains(&format!("# {} --profile work daemon", exe())),
        "{hint}"
    );
}

/// A configuration that cannot start is refused when it is written, with Glass's message and
/// exit code 2, and nothing on stdout (nothing to redirect into a client's config).
#[test]
fn mcp_config_and_doctor_refuse_options_that_cannot_start() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["--policy", "hardened", "--incognito"],
            "--policy-allow-host",
        ),
        (
            &["--policy", "hardened", "--policy-allow-host", "a.test"],
            "--incognito",
        ),
        (&["--profile", "../x"], "--profile"),
        (&["--profile", "x", "--incognito"], "not both"),
        (&["--attach", "ftp://x"], "--attach"),
        (&["--attach", "localhost"], "--attach"),
        (&["--chrome-path", "/nonexistent/chrome"], "--chrome-path"),
    ];
    for (options, says) in cases {
        for command in [
            &["mcp-config", "--client", "claude-code"][..],
            &["doctor"][..],
        ] {
            let mut args = options.to_vec();
            args.extend_from_slice(command);
            let out = glass(&args);
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
            assert!(out.stdout.is_empty(), "{args:?}");
            assert!(stderr.starts_with("glass "), "{args:?}: {stderr}");
            assert!(stderr.contains(says), "{args:?}: {stderr}");
        }
        // The server refuses the same options the same way.
        let mut args = options.to_vec();
        args.push("--mcp");
        let out = glass(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
    }
}

/// `--mcp` with a command is refused, not silently ignored.
#[test]
fn mcp_with_a_command_is_refused() {
    let out = glass(&["--mcp", "doctor"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("without --mcp"));
}

/// A command's help lists its own options once; the session options are in `glass --help`.
#[test]
fn command_help_does_not_repeat_the_session_options() {
    let top = String::from_utf8(glass(&["--help"]).stdout).unwrap();
    assert!(top.contains("--policy-allow-host"));
    for command in ["doctor", "mcp-config", "observe", "click"] {
        let out = glass(&[command, "--help"]);
        assert!(out.status.success());
        let help = String::from_utf8(out.stdout).unwrap();
        assert!(!help.contains("--policy-allow-host"), "{command}: {help}");
        assert!(help.contains("glass --help"), "{command}: {help}");
        assert!(help.lines().count() < 30, "{command}: {help}");
    }
    let help = String::from_utf8(glass(&["mcp-config", "--help"]).stdout).unwrap();
    assert!(
        help.contains("--client") && help.contains("--entry"),
        "{help}"
    );
    // Hidden from a command's help, still accepted after the command.
    let out = glass(&[
        "mcp-config",
        "--headed",
        "--policy",
        "hardened",
        "--policy-allow-host",
        "example.com",
        "--incognito",
    ]);
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        v["args"],
        json!([
            "--headed",
            "--incognito",
            "--policy",
            "hardened",
            "--policy-allow-host",
            "example.com",
            "--mcp"
        ])
    );
}

/// `doctor --attach` says whether the endpoint is a DevTools endpoint: a plain web server is
/// not, and the message says how to start Chrome for attaching; nothing listening says so.
#[test]
fn doctor_probes_the_attach_endpoint() {
    let web = common::web::Server::start(vec![("/", common::web::Page::html("<p>hi</p>"))]);
    let url = web.url("/");
    let out = glass(&["doctor", "--attach", url.trim_end_matches('/')]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("not a Chrome DevTools endpoint"),
        "{stderr}"
    );
    assert!(stderr.contains("--remote-debugging-port"), "{stderr}");
    let port = common::apps::free_port();
    let out = glass(&["doctor", "--attach", &format!("http://127.0.0.1:{port}")]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("nothing is listening"));
}

/// `doctor --attach` to a real Chrome started with `--remote-debugging-port` names it.
#[test]
fn doctor_recognizes_a_real_devtools_endpoint() {
    let (mut chrome, dir, endpoint) = common::external_chrome("cli-doctor");
    let out = glass(&["doctor", "--attach", &endpoint]);
    let _ = chrome.kill();
    let _ = chrome.wait();
    let _ = std::fs::remove_dir_all(dir);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains("is a DevTools endpoint (") && stdout.contains("Chrome/"),
        "{stdout}"
    );
}

/// With every Chrome of the machine hidden (a private mount namespace covers each place Glass
/// looks with /dev/null), `doctor` fails and says how to install one.
#[test]
fn doctor_without_any_chrome_says_how_to_install_one() {
    let none = common::glass_without_any_chrome("doctor");
    let stdout = String::from_utf8_lossy(&none.stdout);
    assert!(stdout.contains("chrome: not found"), "{stdout}");
    assert!(!none.status.success());
    assert!(String::from_utf8_lossy(&none.stderr).contains("apt-get install -y chromium"));
}

/// The doctor starts the browser it found and asks its version: the machine's Chromium
/// answers (exit 0, its version shown); a file that is not a Chrome is named, then fails the
/// doctor (exit 1) instead of passing it and failing every navigation later.
#[test]
fn doctor_starts_the_chrome_it_would_use() {
    let out = glass(&["doctor"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.lines().any(|l| l.starts_with("browser: ")
            && (l.contains("Chrome/") || l.contains("Chromium/"))
            && l.contains("started and answered")),
        "{stdout}"
    );
    let out = glass(&["doctor", "--chrome-path", "/bin/true"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("chrome: /bin/true"), "{stdout}");
    assert!(stdout.contains("browser: did not start"), "{stdout}");
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("glass doctor: "), "{stderr}");
}

#[test]
fn doctor_sees_through_a_debian_style_launcher_script() {
    use std::os::unix::fs::PermissionsExt;
    let dir = common::temp_dir("cli-launcher");
    let lib = dir.join("lib");
    std::fs::create_dir_all(&lib).unwrap();
    let binary = lib.join("chromium");
    std::fs::write(&binary, "#!/bin/sh\nexit 0\n").unwrap();
    let script = dir.join("chromium");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\n\n# Chromium launcher\n\nAPPNAME=chromium\nLIBDIR={}\nexec $LIBDIR/$APPNAME \"$@\"\n",
            lib.display()
        ),
    )
    .unwrap();
    for f in [&binary, &script] {
        std::fs::set_permissions(f, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let out = glass(&["doctor", "--chrome-path", script.to_str().unwrap()]);
    // The "binary" behind the script exits at once: named, then not passed.
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        text.contains(&format!("Glass runs {} directly", binary.display())),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn unknown_options_are_rejected() {
    let out = glass(&["--interaction", "instant", "--mcp"]);
    assert!(!out.status.success());
    assert!(out.stdout.is_empty());
}
