//! The local store: one SQLite database (bundled, WAL) in Glass's data directory, owner-only,
//! with versioned migrations and bounded tables. It keeps what outlives a call (redacted page
//! snapshots, knowledge records). Nothing in it authorizes an action, and a store that
//! is locked or corrupt fails the store's own tools with a clear error while browsing goes on:
//! it is opened on first use, never at start-up.

pub mod knowledge;
pub mod snapshots;

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use rusqlite::{Connection, ErrorCode};

/// The database file under the data directory.
pub const FILE_NAME: &str = "store.sqlite3";

/// How long a write waits for another process holding the database.
const BUSY_WAIT: Duration = Duration::from_millis(2000);

/// Why the store cannot serve; the reasons are Glass's words, never SQLite's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StoreError {
    /// Another process holds the database for longer than Glass waits.
    #[error("the store is locked by another process; try again")]
    Locked,
    /// The file is not a SQLite database, or its pages are damaged.
    #[error("the store file is corrupt; move it aside (Glass then makes a new one)")]
    Corrupt,
    /// It was written by a newer Glass.
    #[error("the store was written by a newer Glass")]
    TooNew,
    /// The file or its directory cannot be created, read or written.
    #[error("the store file cannot be opened or written")]
    Io,
}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        match e.sqlite_error_code() {
            Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => StoreError::Locked,
            Some(ErrorCode::NotADatabase | ErrorCode::DatabaseCorrupt) => StoreError::Corrupt,
            _ => StoreError::Io,
        }
    }
}

/// The migrations, in order: the database's `user_version` is how many have run.
const MIGRATIONS: &[&str] = &[
    // 1: redacted page snapshots.
    "CREATE TABLE snapshots (
        id TEXT PRIMARY KEY,
        created INTEGER NOT NULL,
        url TEXT NOT NULL,
        title TEXT NOT NULL,
        revision INTEGER NOT NULL,
        entities INTEGER NOT NULL,
        bytes INTEGER NOT NULL,
        draft TEXT NOT NULL
    );
    CREATE INDEX snapshots_created ON snapshots (created);",
    // 2: knowledge records learned from verified executions.
    "CREATE TABLE knowledge (
        id INTEGER PRIMARY KEY,
        origin TEXT NOT NULL,
        profile_scope TEXT NOT NULL,
        locale TEXT NOT NULL,
        intent TEXT NOT NULL,
        action TEXT NOT NULL,
        region TEXT NOT NULL,
        role TEXT NOT NULL,
        name TEXT NOT NULL,
        successes INTEGER NOT NULL,
        failures INTEGER NOT NULL,
        first_seen INTEGER NOT NULL,
        last_seen INTEGER NOT NULL,
        state TEXT NOT NULL,
        UNIQUE (origin, profile_scope, locale, intent, action, region, role, name)
    );
    CREATE INDEX knowledge_origin ON knowledge (origin);",
    // 3: listings newest first, over all origins or one.
    "CREATE INDEX knowledge_seen ON knowledge (last_seen, id);
    CREATE INDEX knowledge_origin_seen ON knowledge (origin, last_seen, id);",
];

/// An open store. One connection, used one call at a time.
pub struct Store {
    conn: Mutex<Connection>,
    path: PathBuf,
}

/// Make `path` readable and writable by its owner only (the database and its WAL files).
fn owner_only(path: &Path) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        if path.exists() {
            let _ = std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600));
        }
    }
    #[cfg(not(unix))]
    let _ = path;
}

impl Store {
    /// Open (creating if missing) the store at `path`: owner-only, WAL, migrated, checked.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        if let Some(dir) = path.parent() {
            let mut b = std::fs::DirBuilder::new();
            b.recursive(true);
            #[cfg(unix)]
            std::os::unix::fs::DirBuilderExt::mode(&mut b, 0o700);
            b.create(dir).map_err(|_| StoreError::Io)?;
        }
        let conn = Connection::open(path)?;
        conn.busy_timeout(BUSY_WAIT)?;
        // The first read fails on a file that is not a database.
        let mode: String = conn.query_row("PRAGMA journal_mode=WAL", [], |r| r.get(0))?;
        if !mode.eq_ignore_ascii_case("wal") {
            return Err(StoreError::Io);
        }
        conn.execute_batch("PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;")?;
        let check: String = conn.query_row("PRAGMA quick_check", [], |r| r.get(0))?;
        if check != "ok" {
            return Err(StoreError::Corrupt);
        }
        let store = Store {
            conn: Mutex::new(conn),
            path: path.to_owned(),
        };
        store.migrate()?;
        for suffix in ["", "-wal", "-shm"] {
            let mut p = path.as_os_str().to_owned();
            p.push(suffix);
            owner_only(Path::new(&p));
        }
        Ok(store)
    }

    /// The store in Glass's data directory.
    pub fn open_default() -> Result<Store, StoreError> {
        Store::open(&crate::paths::data_dir().join(FILE_NAME))
    }

    /// Where the database file is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn migrate(&self) -> Result<(), StoreError> {
        let mut conn = self.conn.lock().map_err(|_| StoreError::Io)?;
        let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        if version as usize > MIGRATIONS.len() {
            return Err(StoreError::TooNew);
        }
        for (i, sql) in MIGRATIONS.iter().enumerate().skip(version as usize) {
            let tx = conn.transaction()?;
            tx.execute_batch(sql)?;
            tx.execute_batch(&format!("PRAGMA user_version = {}", i + 1))?;
            tx.commit()?;
        }
        Ok(())
    }

    /// Run `f` with the connection.
    pub fn with<T>(
        &self,
        f: impl FnOnce(&mut Connection) -> Result<T, rusqlite::Error>,
    ) -> Result<T, StoreError> {
        let mut conn = self.conn.lock().map_err(|_| StoreError::Io)?;
        f(&mut conn).map_err(StoreError::from)
    }
}

/// A database path of its own for one unit test, under one scratch directory per test
/// process (so a run leaves one directory behind, named plainly).
#[cfg(test)]
pub(crate) fn scratch_file(tag: &str) -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    std::env::temp_dir()
        .join(format!("glass-unit-store-{}", std::process::id()))
        .join(format!("{tag}-{nanos}"))
        .join(FILE_NAME)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(tag: &str) -> PathBuf {
        scratch_file(tag)
    }

    #[test]
    fn opens_migrated_owner_only_and_again() {
        let path = temp("open");
        let s = Store::open(&path).unwrap();
        let v: i64 = s
            .with(|c| c.query_row("PRAGMA user_version", [], |r| r.get(0)))
            .unwrap();
        assert_eq!(v as usize, MIGRATIONS.len());
        drop(s);
        Store::open(&path).unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o600);
        }
    }

    #[test]
    fn a_corrupt_file_is_named_corrupt() {
        let path = temp("corrupt");
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, vec![b'x'; 8192]).unwrap();
        assert_eq!(Store::open(&path).err(), Some(StoreError::Corrupt));
    }

    #[test]
    fn a_store_another_process_holds_is_named_locked() {
        let path = temp("locked");
        let s = Store::open(&path).unwrap();
        let other = Connection::open(&path).unwrap();
        other.execute_batch("BEGIN EXCLUSIVE").unwrap();
        let write = s.with(|c| c.execute("DELETE FROM snapshots", []));
        assert_eq!(write.err(), Some(StoreError::Locked));
        other.execute_batch("COMMIT").unwrap();
        s.with(|c| c.execute("DELETE FROM snapshots", [])).unwrap();
    }

    #[test]
    fn a_newer_store_is_refused() {
        let path = temp("newer");
        let s = Store::open(&path).unwrap();
        s.with(|c| c.execute_batch("PRAGMA user_version = 99"))
            .unwrap();
        drop(s);
        assert_eq!(Store::open(&path).err(), Some(StoreError::TooNew));
    }

    // Covers: S17 WAL as any reader finds it; S26 `io` for a path that is no file.

    #[test]
    fn any_reader_finds_the_database_in_wal_mode() {
        let path = temp("wal");
        drop(Store::open(&path).unwrap());
        let c = Connection::open(&path).unwrap();
        let mode: String = c
            .query_row("PRAGMA journal_mode", [], |r| r.get(0))
            .unwrap();
        assert_eq!(mode.to_ascii_lowercase(), "wal");
    }

    #[test]
    fn a_store_path_that_is_no_file_is_named_io() {
        let path = temp("isdir");
        std::fs::create_dir_all(&path).unwrap();
        assert_eq!(Store::open(&path).err(), Some(StoreError::Io));
    }
}
