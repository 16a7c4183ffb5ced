//! A count of the input events this process sent to any page (`Input.dispatch*`): the journal
//! reads it before and after a call to know whether input reached the page.

/// Commands sent to Chrome that act on a page for the user: input events, navigations,
/// dialog answers, files handed to an input, tabs opened or closed. Counted process-wide (one
/// process drives one browser session) so the execution journal can tell a call that reached
/// the page from one that did not, even when the call was cancelled midway.
static INPUTS_SENT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Whether `method` acts on a page (see [`INPUTS_SENT`]).
pub fn dispatches_input(method: &str) -> bool {
    method.starts_with("Input.")
        || matches!(
            method,
            "Page.navigate"
                | "Page.reload"
                | "Page.navigateToHistoryEntry"
                | "Page.handleJavaScriptDialog"
                | "DOM.setFileInputFiles"
                | "Target.createTarget"
                | "Target.closeTarget"
        )
}

/// Count one action on a page that is not a CDP input command (a page-agent call that
/// changes the page, an evaluated expression).
pub fn note_input() {
    INPUTS_SENT.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
}

/// How many actions on pages this process has sent so far.
pub fn inputs_sent() -> u64 {
    INPUTS_SENT.load(std::sync::atomic::Ordering::SeqCst)
}
