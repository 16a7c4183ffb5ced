//! Answering the open JavaScript dialog.

use serde_json::json;

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
        let mut params = json!({"accept": accept});
        if let Some(t) = prompt_text {
            params["promptText"] = json!(t);
        }
        self.page_call("Page.handleJavaScriptDialog", params)
            .await?;
        self.events.dialog_handled(dialog.id);
        Ok(())
    }
}
