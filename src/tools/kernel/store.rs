//! The local store as the tools reach it: one handle, opened on the first call that needs it
//! (never at start-up), and the one failure every store tool gives when it cannot serve.

use std::sync::{Arc, Mutex};

use crate::failure::{Failure, FailureKind};
use crate::store::{Store, StoreError};
use crate::tools::kernel::outcome::ToolOutcome;

/// The store, opened on first use; a failed open is not kept, so a repaired store serves the
/// next call.
#[derive(Default)]
pub struct StoreHandle {
    open: Mutex<Option<Arc<Store>>>,
}

impl std::fmt::Debug for StoreHandle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StoreHandle").finish_non_exhaustive()
    }
}

impl StoreHandle {
    /// The open store, opening it if needed.
    pub fn get(&self) -> Result<Arc<Store>, StoreError> {
        let mut slot = self.open.lock().map_err(|_| StoreError::Io)?;
        if let Some(s) = slot.as_ref() {
            return Ok(Arc::clone(s));
        }
        let s = Arc::new(Store::open_default()?);
        *slot = Some(Arc::clone(&s));
        Ok(s)
    }
}

/// The failure of a store that cannot serve.
pub fn store_failure(e: StoreError) -> ToolOutcome {
    ToolOutcome::Failed(
        Failure::of(FailureKind::StoreUnavailable, e.to_string()).with(
            "store",
            match e {
                StoreError::Locked => "locked",
                StoreError::Corrupt => "corrupt",
                StoreError::TooNew => "tooNew",
                StoreError::Io => "io",
            },
        ),
    )
}
