//! Answering the open JavaScript dialog.

use chromiumoxide_cdp::cdp::browser_protocol::page::HandleJavaScriptDialogParams;

use super::error::BrowserError;
use super::events::OpenDialog;
use super::page::Browser;

/// Dialogs: answering the JavaScript dialog a page opened.
/// Reached through [`Browser::dialogs`].
pub struct Dialogs<'b> {
    pub(in crate::browser) browser: &'b mut Browser,
}

impl Browser {
    /// The [`Dialogs`] handle over this browser.
    pub fn dialogs(&mut self) -> Dialogs<'_> {
        Dialogs { browser: self }
    }
}

impl Dialogs<'_> {
    /// Accept (with `prompt_text` for a prompt) or dismiss `dialog`, and forget it unless the
    /// page already opened the next one.
    pub async fn answer(
        &self,
        dialog: &OpenDialog,
        accept: bool,
        prompt_text: Option<&str>,
    ) -> Result<(), BrowserError> {
        let mut params = HandleJavaScriptDialogParams::new(accept);
        params.prompt_text = prompt_text.map(str::to_owned);
        self.browser.page_command(params).await?;
        self.browser.events.dialog_handled(dialog.id);
        Ok(())
    }
}
