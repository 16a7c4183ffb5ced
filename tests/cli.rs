//! The command-line surface: mcp-config, doctor, --version.

mod common;

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

#[test]
fn claude_code_config_is_mcp_servers_json_plus_the_cli_line() {
    let out = glass(&["mcp-config", "--client", "claude-code"]);
    let text = String::from_utf8(out.stdout).unwrap();
    let (json_part, rest) = text.split_once("\n\n").unwrap();
    let v: Value = serde_json::from_str(json_part).unwrap();
    assert_eq!(
        v,
        json!({"mcpServers": {"glass": {"command": exe(), "args": ["--mcp"]}}})
    );
    assert!(rest.contains(&format!("claude mcp add glass -- {} --mcp", exe())));
}

#[test]
fn codex_config_is_a_toml_block() {
    let out = glass(&["--headed", "mcp-config", "--client", "codex"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("[mcp_servers.glass]\n"));
    assert!(text.contains(&format!("command = \"{}\"\n", exe())));
    assert!(text.contains("args = [\"--headed\", \"--mcp\"]\n"));
}

#[test]
fn doctor_fails_clearly_without_a_usable_chrome() {
    let out = glass(&["doctor", "--chrome-path", "/nonexistent/chrome"]);
    assert!(!out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("platform: "));
    assert!(stdout.contains("data directory: "));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--chrome-path"));
}

/// With every Chrome of the machine hidden (a private mount namespace covers each place Glass
/// looks with /dev/null), `doctor` fails and says how to install one.
#[test]
fn doctor_without_any_chrome_says_how_to_install_one() {
    let script = format!(
        "for f in /usr/bin/chromium /usr/bin/chromium-browser /usr/bin/google-chrome \
         /usr/bin/google-chrome-stable /usr/lib/chromium/chromium /snap/bin/chromium \
         /opt/google/chrome/chrome; do [ -e \"$f\" ] && /usr/bin/mount --bind /dev/null \"$f\"; done; \
         exec /usr/bin/env -u GLASS_CHROME PATH=/nonexistent {} doctor",
        env!("CARGO_BIN_EXE_glass")
    );
    let none = Command::new("unshare")
        .args([
            "--user",
            "--map-root-user",
            "--mount",
            "/bin/sh",
            "-c",
            &script,
        ])
        .output()
        .expect("util-linux's unshare runs");
    let stdout = String::from_utf8_lossy(&none.stdout);
    assert!(stdout.contains("chrome: not found"), "{stdout}");
    assert!(!none.status.success());
    assert!(String::from_utf8_lossy(&none.stderr).contains("apt-get install -y chromium"));
}

#[test]
fn doctor_reports_the_chrome_it_would_use() {
    let out = glass(&["doctor", "--chrome-path", "/bin/sh"]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("chrome: /bin/sh"));
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
    assert!(out.status.success());
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
