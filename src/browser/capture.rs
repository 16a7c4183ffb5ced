//! Screenshots: the viewport, the whole page, or one element's box, as PNG.

use chromiumoxide_cdp::cdp::browser_protocol::page::{
    CaptureScreenshotFormat, CaptureScreenshotParams, GetLayoutMetricsParams, Viewport,
};

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
        let mut params = CaptureScreenshotParams::builder()
            .format(CaptureScreenshotFormat::Png)
            .capture_beyond_viewport(false)
            .from_surface(true)
            // Fast zlib settings: a third larger PNG, half the encoding time.
            .optimize_for_speed(true)
            .build();
        let area = match clip {
            Some(c) => Some(c),
            None if full => {
                let m = self.page_command(GetLayoutMetricsParams::default()).await?;
                let size = m.css_content_size;
                Some((0.0, 0.0, size.width, size.height))
            }
            None => None,
        };
        if let Some((x, y, w, h)) = area {
            let scale = (MAX_EDGE / w.max(h).max(1.0)).min(1.0);
            params.clip = Some(Viewport {
                x,
                y,
                width: w.max(1.0),
                height: h.max(1.0),
                scale,
            });
            params.capture_beyond_viewport = Some(full);
        }
        let shot = self.page_command(params).await?;
        Ok(AsRef::<str>::as_ref(&shot.data).to_owned())
    }
}
