use super::attach::parse_http_response;
use super::discovery::{debian_launcher_target, find_chrome_in};
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
    let d = std::env::temp_dir().join(format!("glass-launch-unit-{}-{name}", std::process::id()));
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
