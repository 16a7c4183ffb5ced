//! The one way Glass writes a file, for every tool that writes (screenshots, PDFs, traces,
//! storage states, checkpoints, downloads' folders, the transcript).
//!
//! A client names a path; Glass writes only inside the working directory, the temporary
//! directory or its data directory. The check and the write are one walk: the directory is
//! opened from `/` one component at a time without following any symbolic link, so a link
//! swapped in after the check cannot send the bytes elsewhere; the bytes go to a new file
//! (never an existing one, so never through a hard link) that is renamed into place. Files are
//! the owner's only (0600), and so are the directories Glass creates (0700).

use std::io::Write;
use std::os::fd::OwnedFd;
use std::path::{Component, Path, PathBuf};

use rustix::fs::{Mode, OFlags};

/// Why a path cannot be written; the reason names the rule, never the path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FileError {
    /// Not an absolute path.
    #[error("must be an absolute path")]
    NotAbsolute,
    /// No file name at its end.
    #[error("must name a file")]
    NoName,
    /// Outside the directories Glass may write.
    #[error(
        "must be under the working directory, the temporary directory or Glass's data directory"
    )]
    Outside,
    /// Its directory is missing, or a component is a symbolic link or not a directory.
    #[error("its directory must exist, with no symbolic link on the way")]
    NoDirectory,
    /// The name is taken by something that is not a regular file.
    #[error("must be a regular file or a new one")]
    NotRegular,
    /// The write itself failed.
    #[error("the file cannot be written")]
    Io,
}

/// The directories Glass may write under, as configured and as resolved (a root may itself be
/// reached through a link, such as a temporary directory on some systems): read once per write.
struct Roots {
    /// Resolved: where a real directory must lie.
    resolved: Vec<PathBuf>,
    /// Either spelling: where a path as written must lie, and below which no link is followed.
    spellings: Vec<PathBuf>,
}

impl Roots {
    fn now() -> Roots {
        let configured: Vec<PathBuf> = [
            working_dir(),
            Some(std::env::temp_dir()),
            Some(crate::paths::data_dir()),
        ]
        .into_iter()
        .flatten()
        .collect();
        let resolved: Vec<PathBuf> = configured
            .iter()
            .filter_map(|d| d.canonicalize().ok())
            .collect();
        let mut spellings = configured;
        spellings.extend(resolved.iter().cloned());
        Roots {
            resolved,
            spellings,
        }
    }

    /// A client's directory, checked and opened: under a root as written (so a refusal says
    /// nothing about what exists elsewhere), reached with no link below the root, and under a
    /// root once resolved. Its open handle and its real path.
    fn open_client_dir(&self, dir: &Path) -> Result<(OwnedFd, PathBuf), FileError> {
        if !dir.is_absolute() {
            return Err(FileError::NotAbsolute);
        }
        if dir.components().any(|c| c == Component::ParentDir)
            || !self.spellings.iter().any(|r| dir.starts_with(r))
        {
            return Err(FileError::Outside);
        }
        let fd = self.open_dir(dir)?;
        let real = dir.canonicalize().map_err(|_| FileError::NoDirectory)?;
        if !self.resolved.iter().any(|r| real.starts_with(r)) {
            return Err(FileError::Outside);
        }
        Ok((fd, real))
    }

    /// Open `dir` from `/`, one component at a time, following no symbolic link below a root
    /// (decided on the path as written).
    fn open_dir(&self, dir: &Path) -> Result<OwnedFd, FileError> {
        let flags = OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC | OFlags::RDONLY;
        let mut fd =
            rustix::fs::open("/", flags, Mode::empty()).map_err(|_| FileError::NoDirectory)?;
        let mut walked = PathBuf::from("/");
        for c in dir.components() {
            match c {
                Component::RootDir => {}
                Component::Normal(part) => {
                    walked.push(part);
                    let below_root = self
                        .spellings
                        .iter()
                        .any(|r| walked.starts_with(r) && walked != *r);
                    let f = if below_root {
                        flags
                    } else {
                        flags - OFlags::NOFOLLOW
                    };
                    fd = rustix::fs::openat(&fd, part, f, Mode::empty())
                        .map_err(|_| FileError::NoDirectory)?;
                }
                _ => return Err(FileError::Outside),
            }
        }
        Ok(fd)
    }
}

/// The working directory, unless it is `/` (a client started from there would otherwise
/// open the whole disk).
fn working_dir() -> Option<PathBuf> {
    std::env::current_dir()
        .ok()
        .filter(|d| d.parent().is_some())
}

/// The file a client names, as Glass will write it: an absolute path whose lexical parts hold
/// no `..`, under an allowed root, in an existing directory reached with no symbolic link, and
/// not a name taken by anything but a regular file. Nothing is created.
pub fn client_target(path: &str) -> Result<PathBuf, FileError> {
    let p = Path::new(path);
    if !p.is_absolute() {
        return Err(FileError::NotAbsolute);
    }
    let (Some(dir), Some(name)) = (p.parent(), p.file_name()) else {
        return Err(FileError::NoName);
    };
    let (dir_fd, real) = Roots::now().open_client_dir(dir)?;
    match rustix::fs::statat(&dir_fd, name, rustix::fs::AtFlags::SYMLINK_NOFOLLOW) {
        Ok(st)
            if rustix::fs::FileType::from_raw_mode(st.st_mode)
                != rustix::fs::FileType::RegularFile =>
        {
            Err(FileError::NotRegular)
        }
        _ => Ok(real.join(name)),
    }
}

/// A directory a client names for Glass to save into (a download's folder): an existing one
/// under an allowed root, reached with no symbolic link below the root.
pub fn client_dir(path: &str) -> Result<PathBuf, FileError> {
    Roots::now()
        .open_client_dir(Path::new(path))
        .map(|(_, real)| real)
}

/// Open the directory of `path` (no link below a root), with the file name.
fn open_parent(path: &Path) -> Result<(OwnedFd, PathBuf), FileError> {
    let name = path.file_name().ok_or(FileError::NoName)?;
    let dir = path.parent().ok_or(FileError::NoName)?;
    Ok((Roots::now().open_dir(dir)?, PathBuf::from(name)))
}

/// Write `bytes` whole to the client's `path` (see [`client_target`]): a new owner-only file
/// beside it, renamed over the name. Returns the path written.
pub fn write_client_file(path: &str, bytes: &[u8]) -> Result<PathBuf, FileError> {
    let target = client_target(path)?;
    write_in_place(&target, bytes)?;
    Ok(target)
}

/// Write `bytes` whole to `target` (a path Glass chose, such as one in its data directory):
/// a new owner-only file in the same directory, reached with no symbolic link, renamed over
/// the name. Never writes through an existing file, link or hard link.
pub fn write_in_place(target: &Path, bytes: &[u8]) -> Result<(), FileError> {
    let (dir, name) = open_parent(target)?;
    let tmp = format!(
        ".{}.{}.tmp",
        name.to_string_lossy().chars().take(64).collect::<String>(),
        crate::confirm::random_bytes()
            .iter()
            .take(6)
            .map(|b| format!("{b:02x}"))
            .collect::<String>()
    );
    let fd = rustix::fs::openat(
        &dir,
        tmp.as_str(),
        OFlags::CREATE | OFlags::EXCL | OFlags::WRONLY | OFlags::NOFOLLOW | OFlags::CLOEXEC,
        Mode::from_raw_mode(0o600),
    )
    .map_err(|_| FileError::Io)?;
    let mut file = std::fs::File::from(fd);
    let written = file.write_all(bytes).and_then(|()| file.sync_all());
    if written.is_err() || rustix::fs::renameat(&dir, tmp.as_str(), &dir, &name).is_err() {
        let _ = rustix::fs::unlinkat(&dir, tmp.as_str(), rustix::fs::AtFlags::empty());
        return Err(FileError::Io);
    }
    Ok(())
}

/// Move the file at `source` (a file Glass made, such as a finished download in its staging
/// folder) to `dir/name`, a name not taken, through the same walk as any write: no symbolic
/// link on the way to `dir`, never over an existing entry, owner-only. Returns the path.
pub fn place(source: &Path, dir: &Path, name: &str) -> Result<PathBuf, FileError> {
    use std::os::unix::fs::PermissionsExt;
    let (dir_fd, _) = open_parent(&dir.join("x"))?;
    let (src_fd, src_name) = open_parent(source)?;
    let (stem, ext) = match name.rsplit_once('.') {
        Some((s, e)) if !s.is_empty() => (s.to_owned(), format!(".{e}")),
        _ => (name.to_owned(), String::new()),
    };
    let _ = std::fs::set_permissions(source, std::fs::Permissions::from_mode(0o600));
    for n in 0..10_000 {
        let candidate = if n == 0 {
            name.to_owned()
        } else {
            format!("{stem} ({n}){ext}")
        };
        // A link, not a rename: it fails on a taken name instead of replacing it.
        match rustix::fs::linkat(
            &src_fd,
            &src_name,
            &dir_fd,
            candidate.as_str(),
            rustix::fs::AtFlags::empty(),
        ) {
            Ok(()) => {
                let _ = rustix::fs::unlinkat(&src_fd, &src_name, rustix::fs::AtFlags::empty());
                return Ok(dir.join(candidate));
            }
            Err(rustix::io::Errno::EXIST) => continue,
            Err(rustix::io::Errno::XDEV) => {
                // Another file system: copy into a new file, then drop the source.
                let bytes = std::fs::read(source).map_err(|_| FileError::Io)?;
                let fd = match rustix::fs::openat(
                    &dir_fd,
                    candidate.as_str(),
                    OFlags::CREATE
                        | OFlags::EXCL
                        | OFlags::WRONLY
                        | OFlags::NOFOLLOW
                        | OFlags::CLOEXEC,
                    Mode::from_raw_mode(0o600),
                ) {
                    Ok(fd) => fd,
                    Err(rustix::io::Errno::EXIST) => continue,
                    Err(_) => return Err(FileError::Io),
                };
                let mut f = std::fs::File::from(fd);
                f.write_all(&bytes).map_err(|_| FileError::Io)?;
                let _ = std::fs::remove_file(source);
                return Ok(dir.join(candidate));
            }
            Err(_) => return Err(FileError::Io),
        }
    }
    Err(FileError::Io)
}

/// Create `dir` and its missing parents, owner-only (0700); an existing directory Glass made
/// earlier with wider bits is narrowed.
pub fn private_dir(dir: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true).mode(0o700);
    builder.create(dir)?;
    let meta = std::fs::symlink_metadata(dir)?;
    if !meta.is_dir() {
        return Err(std::io::Error::other("not a directory"));
    }
    if meta.permissions().mode() & 0o077 != 0 {
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))?;
    }
    Ok(())
}

/// Open `path` for appending, owner-only, never through a symbolic link (the transcript, the
/// audit log).
pub fn append_private(path: &Path) -> std::io::Result<std::fs::File> {
    use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .mode(0o600)
        .custom_flags(libc_nofollow())
        .open(path)?;
    file.set_permissions(std::fs::Permissions::from_mode(0o600))?;
    Ok(file)
}

fn libc_nofollow() -> i32 {
    OFlags::NOFOLLOW.bits() as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("glass-files-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn a_write_is_owner_only_and_replaces_links_instead_of_following_them() {
        let d = scratch("links");
        let victim = d.join("victim");
        std::fs::write(&victim, b"keep").unwrap();
        // A symbolic link at the name is refused; one swapped in after the check is replaced
        // (the rename takes the name), and so is a hard link: the victim is kept either way.
        let link = d.join("out.png");
        std::os::unix::fs::symlink(&victim, &link).unwrap();
        assert_eq!(
            write_client_file(link.to_str().unwrap(), b"new"),
            Err(FileError::NotRegular)
        );
        write_in_place(&link, b"new").unwrap();
        assert_eq!(std::fs::read(&victim).unwrap(), b"keep");
        assert_eq!(std::fs::read(&link).unwrap(), b"new");
        let written = link;
        let hard = d.join("hard.png");
        std::fs::hard_link(&victim, &hard).unwrap();
        write_client_file(hard.to_str().unwrap(), b"new").unwrap();
        assert_eq!(std::fs::read(&victim).unwrap(), b"keep");
        let mode = std::fs::metadata(&written).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
        // A link on the way to the directory is refused.
        let outside = scratch("outside-target");
        let via = d.join("via");
        std::os::unix::fs::symlink(&outside, &via).unwrap();
        assert_eq!(
            write_client_file(via.join("x.png").to_str().unwrap(), b"x"),
            Err(FileError::NoDirectory)
        );
        assert!(!outside.join("x.png").exists());
    }

    #[test]
    fn paths_outside_the_roots_are_refused_alike_whether_they_exist_or_not() {
        for p in ["/root/.ssh/x", "/nonexistent/x", "/root", "/etc/x"] {
            assert_eq!(client_target(p), Err(FileError::Outside), "{p}");
        }
        assert_eq!(client_target("relative/x"), Err(FileError::NotAbsolute));
        let d = scratch("dotdot");
        assert_eq!(
            client_target(d.join("../../etc/x").to_str().unwrap()),
            Err(FileError::Outside)
        );
        assert_eq!(
            client_target(d.to_str().unwrap()),
            Err(FileError::NotRegular)
        );
    }

    #[test]
    fn a_placed_file_never_takes_a_name_nor_follows_a_link() {
        let d = scratch("place");
        let dest = d.join("out");
        std::fs::create_dir_all(&dest).unwrap();
        std::fs::write(dest.join("a.bin"), b"old").unwrap();
        let src = d.join("guid1");
        std::fs::write(&src, b"new").unwrap();
        let placed = place(&src, &dest, "a.bin").unwrap();
        assert_eq!(placed, dest.join("a (1).bin"));
        assert_eq!(std::fs::read(dest.join("a.bin")).unwrap(), b"old");
        assert!(!src.exists());
        assert_eq!(
            std::fs::metadata(&placed).unwrap().permissions().mode() & 0o777,
            0o600
        );
        let outside = scratch("place-outside");
        std::os::unix::fs::symlink(&outside, d.join("via")).unwrap();
        std::fs::write(&src, b"x").unwrap();
        assert_eq!(
            place(&src, &d.join("via"), "b.bin"),
            Err(FileError::NoDirectory)
        );
        assert_eq!(std::fs::read_dir(&outside).unwrap().count(), 0);
    }

    #[test]
    fn private_directories_are_narrowed_to_the_owner() {
        let d = scratch("private").join("a/b");
        private_dir(&d).unwrap();
        assert_eq!(
            std::fs::metadata(&d).unwrap().permissions().mode() & 0o777,
            0o700
        );
        std::fs::set_permissions(&d, std::fs::Permissions::from_mode(0o755)).unwrap();
        private_dir(&d).unwrap();
        assert_eq!(
            std::fs::metadata(&d).unwrap().permissions().mode() & 0o777,
            0o700
        );
    }
}
