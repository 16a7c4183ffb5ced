//! Files given to a page's file inputs, and file choosers a press opens. What a person presses to pick files is often no file input:
//! a drop zone's "Upload" button opens the input it keeps out of sight (react-dropzone,
//! Streamlit's uploader). Glass presses it as a person does, with the chooser Chrome would show
//! intercepted, and gives the files to the input that asked for them: Chrome names that input,
//! so nothing is guessed from the page's layout.

use std::sync::Arc;
use std::time::Duration;

use chromiumoxide_cdp::cdp::browser_protocol::dom::{BackendNodeId, SetFileInputFilesParams};
use chromiumoxide_cdp::cdp::browser_protocol::page::SetInterceptFileChooserDialogParams;
use chromiumoxide_cdp::cdp::js_protocol::runtime::RemoteObjectId;
use tokio::sync::broadcast::Receiver;
use tokio::sync::broadcast::error::RecvError;

use super::cdp::CdpEvent;
use super::error::BrowserError;
use super::page::Browser;

/// The file input files are given to: as the agent found it (`fileInput`), or as Chrome named
/// the one whose chooser a press opened.
#[derive(Clone, Copy, Debug)]
pub enum FileInput<'a> {
    /// A remote object id of the input.
    Object(&'a str),
    /// A backend node id of the input.
    Node(i64),
}

/// A file chooser the page opened.
#[derive(Clone, Copy, Debug)]
pub struct Chooser {
    /// The file input that asked, where one did (Chrome names it only for an
    /// `<input type="file">`, not for a page's own `showOpenFilePicker`).
    pub input: Option<i64>,
    /// It takes several files.
    pub multiple: bool,
}

/// The choosers the selected page opens from the moment it is made, while Glass intercepts
/// them (see [`Browser::intercept_choosers`]).
pub struct ChooserWatch {
    rx: Receiver<Arc<CdpEvent>>,
    session: String,
}

impl ChooserWatch {
    /// The first chooser the page opened since the watch began, waiting at most `within`.
    pub async fn opened(&mut self, within: Duration) -> Option<Chooser> {
        let deadline = tokio::time::Instant::now() + within;
        loop {
            let ev = match tokio::time::timeout_at(deadline, self.rx.recv()).await {
                Err(_) | Ok(Err(RecvError::Closed)) => return None,
                Ok(Err(RecvError::Lagged(_))) => continue,
                Ok(Ok(ev)) => ev,
            };
            if ev.method != "Page.fileChooserOpened"
                || ev.session_id.as_deref() != Some(self.session.as_str())
            {
                continue;
            }
            return Some(Chooser {
                input: ev.params["backendNodeId"].as_i64(),
                multiple: ev.params["mode"] == "selectMultiple",
            });
        }
    }
}

impl Browser {
    /// Keep the selected page's file choosers from opening, each told as it is asked for; the
    /// watch that hears them. [`Browser::release_choosers`] undoes it.
    pub async fn intercept_choosers(&self) -> Result<ChooserWatch, BrowserError> {
        let session = self.page()?.session_id.clone();
        let rx = self.cdp.subscribe();
        self.page_command(SetInterceptFileChooserDialogParams::new(true))
            .await?;
        Ok(ChooserWatch { rx, session })
    }

    /// Let the selected page's file choosers open again (nothing shows one in a headless
    /// Chrome: it dismisses them), as they were before [`Browser::intercept_choosers`].
    pub async fn release_choosers(&self) -> Result<(), BrowserError> {
        self.page_command(SetInterceptFileChooserDialogParams::new(false))
            .await
            .map(|_| ())
    }

    /// Hand local files (already resolved and allowed) to a file input, as choosing them in it
    /// does (the page sees `input` and `change`).
    pub async fn give_files(
        &self,
        to: FileInput<'_>,
        files: &[String],
    ) -> Result<(), BrowserError> {
        let mut params = SetFileInputFilesParams::new(files.to_vec());
        match to {
            FileInput::Object(object) => params.object_id = Some(RemoteObjectId::new(object)),
            FileInput::Node(node) => params.backend_node_id = Some(BackendNodeId::new(node)),
        }
        self.page_command(params).await.map(|_| ())
    }
}
