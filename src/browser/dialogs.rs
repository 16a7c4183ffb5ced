//! Answering the open JavaScript dialog.

use chromiumoxide_cdp::cdp::browser_protocol::page::HandleJavaScriptDialogParams;

use super::error::BrowserError;
use super::events::OpenDialog;
use super::page::Browser;

impl Browser {
    /// Accept (with `prompt_text` for a prompt) or dismiss `dialog`, and forget it unless the
    /// page already opened the next one.
    pub async fn answer_dialog(
        &self,
        dialog: &OpenDialog,
        accept: bool,
        prompt_text: Option<&str>,
    ) -> Result<(), BrowserError> {
        let mut params = HandleJavaScriptDialogParams::new(accept);
        params.prompt_text = prompt_text.map(str::to_owned);
        self.page_command(params).await?;
        self.events.dialog_handled(dialog.id);
        Ok(())
    }
}
