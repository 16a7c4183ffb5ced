//! Screenshots: the viewport, the whole page, or one element's box, as PNG.

use serde_json::json;

use super::error::BrowserError;
use super::page::Browser;

/// Largest screenshot edge, in CSS pixels; larger areas are scaled down.
pub const MAX_EDGE: f64 = 4096.0;

impl Browser {
    /// A PNG (base64) of `clip` (document coordinates), of the whole page when `full`, else
    /// of the viewport; edges scaled to at most [`MAX_EDGE`] CSS px.
    pub async fn screenshot(
        &self,
        clip: Option<(f64, f64, f64, f64)>,
        full: bool,
    ) -> Result<String, BrowserError> {
        let mut params = json!({"format": "png", "captureBeyondViewport": false, "fromSurface": true,
            // Fast zlib settings: a third larger PNG, half the encoding time.
            "optimizeForSpeed": true});
        let area = match clip {
            Some(c) => Some(c),
            None if full => {
                let m = self.page_call("Page.getLayoutMetrics", json!({})).await?;
                let size = &m["cssContentSize"];
                Some((
                    0.0,
                    0.0,
                    size["width"].as_f64().unwrap_or(1.0),
                    size["height"].as_f64().unwrap_or(1.0),
                ))
            }
            None => None,
        };
        if let Some((x, y, w, h)) = area {
            let scale = (MAX_EDGE / w.max(h).max(1.0)).min(1.0);
            params["clip"] =
                json!({"x": x, "y": y, "width": w.max(1.0), "height": h.max(1.0), "scale": scale});
            params["captureBeyondViewport"] = json!(full);
        }
        let shot = self.page_call("Page.captureScreenshot", params).await?;
        shot["data"]
            .as_str()
            .map(str::to_owned)
            .ok_or(BrowserError::Agent)
    }
}
