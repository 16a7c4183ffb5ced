//! Cookies and local storage of the selected page's origin, read and written for `cookies` and
//! `storageState` (saved login state). Only called behind the `cookie-access` capability.

use serde_json::{Value, json};

use super::error::BrowserError;
use super::page::Browser;

/// Storage: the cookies and local storage of the page's origins.
/// Reached through [`Browser::storage`].
pub struct Storage<'b> {
    pub(in crate::browser) browser: &'b mut Browser,
}

impl Browser {
    /// The [`Storage`] handle over this browser.
    pub fn storage(&mut self) -> Storage<'_> {
        Storage { browser: self }
    }
}

impl Storage<'_> {
    /// The cookies that would be sent to `urls` (every field Chrome reports).
    pub async fn cookies_for(&self, urls: &[String]) -> Result<Vec<Value>, BrowserError> {
        let r = self
            .browser
            .page_call("Network.getCookies", json!({"urls": urls}))
            .await?;
        Ok(r["cookies"].as_array().cloned().unwrap_or_default())
    }

    /// Set cookies (`Network.CookieParam` objects).
    pub async fn set_cookies(&self, cookies: &[Value]) -> Result<(), BrowserError> {
        self.browser
            .page_call("Network.setCookies", json!({"cookies": cookies}))
            .await
            .map(|_| ())
    }

    /// Delete one cookie by name, domain and path.
    pub async fn delete_cookie(
        &self,
        name: &str,
        domain: &str,
        path: &str,
    ) -> Result<(), BrowserError> {
        self.browser
            .page_call(
                "Network.deleteCookies",
                json!({"name": name, "domain": domain, "path": path}),
            )
            .await
            .map(|_| ())
    }

    /// The local storage of `origin` as `[key, value]` pairs.
    pub async fn local_storage(&self, origin: &str) -> Result<Vec<Value>, BrowserError> {
        let r = self
            .browser
            .page_call(
                "DOMStorage.getDOMStorageItems",
                json!({"storageId": {"securityOrigin": origin, "isLocalStorage": true}}),
            )
            .await?;
        Ok(r["entries"].as_array().cloned().unwrap_or_default())
    }

    /// Set `[key, value]` pairs in the local storage of `origin`.
    pub async fn set_local_storage(
        &self,
        origin: &str,
        entries: &[Value],
    ) -> Result<(), BrowserError> {
        for e in entries {
            let (Some(k), Some(v)) = (e[0].as_str(), e[1].as_str()) else {
                continue;
            };
            self.browser.page_call(
                "DOMStorage.setDOMStorageItem",
                json!({"storageId": {"securityOrigin": origin, "isLocalStorage": true}, "key": k, "value": v}),
            )
            .await?;
        }
        Ok(())
    }
}
