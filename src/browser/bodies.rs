//! Request and response bodies Chrome kept, for `getRequest` with `bodies`.
//!
//! Apart from the request log (`requests`, which the event watcher keeps) because reading a
//! body is a call to Chrome on behalf of a tool.

use super::capture::decode_base64;
use super::error::BrowserError;
use super::page::Browser;

/// A body as Chrome kept it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Body {
    /// Text (decoded from base64 when Chrome sent it so and it is UTF-8).
    Text(String),
    /// Bytes that are no UTF-8 text: only their count is reported.
    Binary(usize),
    /// Chrome no longer has it (not buffered, evicted, or the request had none).
    Unavailable,
}

/// Bodies: the request and response bodies Chrome kept for the network log.
/// Reached through [`Browser::bodies`].
pub struct Bodies<'b> {
    pub(in crate::browser) browser: &'b mut Browser,
}

impl Browser {
    /// The [`Bodies`] handle over this browser.
    pub fn bodies(&mut self) -> Bodies<'_> {
        Bodies { browser: self }
    }
}

impl Bodies<'_> {
    /// The response body of Chrome's request `chrome_id`, as far as Chrome kept it.
    pub async fn response(&self, chrome_id: &str) -> Result<Body, BrowserError> {
        if !self.browser.keep_bodies {
            return Ok(Body::Unavailable);
        }
        let answer = self
            .browser
            .page_call(
                "Network.getResponseBody",
                serde_json::json!({"requestId": chrome_id}),
            )
            .await;
        Ok(match answer {
            Ok(v) => decode_body(v["body"].as_str().unwrap_or(""), v["base64Encoded"] == true),
            // Chrome answers a protocol error for a body it does not have.
            Err(BrowserError::Refused(_)) => Body::Unavailable,
            Err(e) => return Err(e),
        })
    }

    /// The body the request `chrome_id` sent, as far as Chrome kept it.
    pub async fn request(&self, chrome_id: &str) -> Result<Body, BrowserError> {
        let answer = self
            .browser
            .page_call(
                "Network.getRequestPostData",
                serde_json::json!({"requestId": chrome_id}),
            )
            .await;
        Ok(match answer {
            Ok(v) => decode_body(
                v["postData"].as_str().unwrap_or(""),
                v["base64Encoded"] == true,
            ),
            Err(BrowserError::Refused(_)) => Body::Unavailable,
            Err(e) => return Err(e),
        })
    }
}

/// A body from Chrome's answer: text when it is UTF-8, else its size.
fn decode_body(body: &str, base64: bool) -> Body {
    if !base64 {
        return Body::Text(body.to_owned());
    }
    match decode_base64(body) {
        Some(bytes) => match String::from_utf8(bytes) {
            Ok(text) => Body::Text(text),
            Err(e) => Body::Binary(e.into_bytes().len()),
        },
        None => Body::Unavailable,
    }
}
