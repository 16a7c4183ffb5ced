//! Screenshots: the viewport, the whole page, one element's box or a given area, as PNG, JPEG
//! or WebP, at a scale.

use chromiumoxide_cdp::cdp::browser_protocol::page::{
    CaptureScreenshotFormat, CaptureScreenshotParams, GetLayoutMetricsParams, Viewport,
};

/// An image encoding Chrome can capture to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ImageFormat {
    /// Lossless (the default).
    #[default]
    Png,
    /// Lossy, with a quality.
    Jpeg,
    /// Lossy, with a quality; smaller than JPEG at the same quality.
    Webp,
}

impl ImageFormat {
    /// Its MIME type.
    pub fn mime(self) -> &'static str {
        match self {
            ImageFormat::Png => "image/png",
            ImageFormat::Jpeg => "image/jpeg",
            ImageFormat::Webp => "image/webp",
        }
    }
}

/// How to encode a screenshot.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shot {
    /// The encoding.
    pub format: ImageFormat,
    /// JPEG/WebP quality, 1 to 100.
    pub quality: Option<u8>,
    /// Image pixels per CSS pixel (before the [`MAX_EDGE`] bound).
    pub scale: f64,
}

impl Default for Shot {
    fn default() -> Shot {
        Shot {
            format: ImageFormat::Png,
            quality: None,
            scale: 1.0,
        }
    }
}

use super::error::BrowserError;
use super::page::Browser;

/// Largest screenshot edge, in CSS pixels; larger areas are scaled down.
pub const MAX_EDGE: f64 = 4096.0;

/// Capture: screenshots of the page or an element.
/// Reached through [`Browser::capture`].
pub struct Capture<'b> {
    pub(in crate::browser) browser: &'b mut Browser,
}

impl Browser {
    /// The [`Capture`] handle over this browser.
    pub fn capture(&mut self) -> Capture<'_> {
        Capture { browser: self }
    }
}

impl Capture<'_> {
    /// A PNG (base64) of `clip` (document coordinates), of the whole page when `full`, else
    /// of the viewport; edges scaled to at most [`MAX_EDGE`] CSS px.
    pub async fn screenshot(
        &self,
        clip: Option<(f64, f64, f64, f64)>,
        full: bool,
    ) -> Result<String, BrowserError> {
        self.screenshot_as(clip, full, Shot::default()).await
    }

    /// A screenshot (base64) as [`Capture::screenshot`] takes it, encoded as `shot` says.
    pub async fn screenshot_as(
        &self,
        clip: Option<(f64, f64, f64, f64)>,
        full: bool,
        shot: Shot,
    ) -> Result<String, BrowserError> {
        let format = match shot.format {
            ImageFormat::Png => CaptureScreenshotFormat::Png,
            ImageFormat::Jpeg => CaptureScreenshotFormat::Jpeg,
            ImageFormat::Webp => CaptureScreenshotFormat::Webp,
        };
        let mut params = CaptureScreenshotParams::builder()
            .format(format)
            .capture_beyond_viewport(false)
            .from_surface(true)
            // Fast zlib settings: a third larger PNG, half the encoding time.
            .optimize_for_speed(true)
            .build();
        if shot.format != ImageFormat::Png {
            params.quality = Some(i64::from(shot.quality.unwrap_or(80)));
        }
        let area = match clip {
            Some(c) => Some(c),
            None if full => {
                let m = self
                    .browser
                    .page_command(GetLayoutMetricsParams::default())
                    .await?;
                let size = m.css_content_size;
                Some((0.0, 0.0, size.width, size.height))
            }
            // The viewport as an area, when it is to be scaled.
            None if shot.scale != 1.0 => {
                let m = self
                    .browser
                    .page_command(GetLayoutMetricsParams::default())
                    .await?;
                let v = m.css_visual_viewport;
                Some((v.page_x, v.page_y, v.client_width, v.client_height))
            }
            None => None,
        };
        if let Some((x, y, w, h)) = area {
            let scale = (MAX_EDGE / (w.max(h) * shot.scale).max(1.0)).min(1.0) * shot.scale;
            params.clip = Some(Viewport {
                x,
                y,
                width: w.max(1.0),
                height: h.max(1.0),
                scale,
            });
            params.capture_beyond_viewport = Some(full);
        }
        let shot = self.browser.page_command(params).await?;
        Ok(AsRef::<str>::as_ref(&shot.data).to_owned())
    }
}

/// The bytes of a base64 text (what Chrome sends images in): saved screenshots are written
/// from it.
pub fn decode_base64(s: &str) -> Option<Vec<u8>> {
    fn val(c: u8) -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        } as u32)
    }
    let bytes: Vec<u8> = s.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    let mut out = Vec::with_capacity(bytes.len() / 4 * 3);
    for chunk in bytes.chunks(4) {
        let pad = chunk.iter().filter(|&&b| b == b'=').count();
        let mut n = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            let v = if c == b'=' { 0 } else { val(c)? };
            n |= v << (18 - 6 * i);
        }
        let b = n.to_be_bytes();
        out.extend_from_slice(&b[1..4 - pad.min(2)]);
    }
    Some(out)
}

impl super::page::Browser {
    /// The selected page's layout viewport in CSS pixels (what `clickAt` may reach).
    pub async fn viewport_size(&self) -> Result<(f64, f64), BrowserError> {
        let m = self
            .page_call("Page.getLayoutMetrics", serde_json::json!({}))
            .await?;
        let v = &m["cssLayoutViewport"];
        Ok((
            v["clientWidth"].as_f64().unwrap_or(0.0),
            v["clientHeight"].as_f64().unwrap_or(0.0),
        ))
    }

    /// The selected page printed to PDF (Chrome's print layout): the file's bytes.
    pub async fn print_pdf(
        &self,
        paper: (f64, f64),
        landscape: bool,
        background: bool,
    ) -> Result<Vec<u8>, BrowserError> {
        let v = self
            .cdp
            .call_raw(
                Some(&self.page()?.session_id),
                "Page.printToPDF",
                serde_json::json!({"paperWidth": paper.0, "paperHeight": paper.1,
                                   "landscape": landscape, "printBackground": background}),
                PRINT_TIMEOUT,
            )
            .await?;
        decode_base64(v["data"].as_str().unwrap_or("")).ok_or(BrowserError::Refused(0))
    }
}

/// How long Chrome may take to lay a page out for print.
const PRINT_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(60);

#[cfg(test)]
mod tests {
    #[test]
    fn base64_decodes() {
        assert_eq!(super::decode_base64("aGVsbG8=").unwrap(), b"hello");
        assert_eq!(super::decode_base64("aGk=").unwrap(), b"hi");
        assert_eq!(super::decode_base64("YWJj").unwrap(), b"abc");
        assert!(super::decode_base64("a$==").is_none());
    }
}
