//! Emulation of the selected page: screen, device, network, CPU, place, time zone, language
//! and media preferences, each one CDP setting, all undone by [`Emulation::reset`].
//!
//! Chrome keeps each override on the page target across navigations, so a setting stays until
//! it is reset or the tab closes; another tab starts with none.

use serde_json::{Value, json};

use super::error::BrowserError;
use super::page::Browser;

/// A device preset: what a page sees of a common phone, tablet or desktop screen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Device {
    /// Viewport width in CSS pixels.
    pub width: u32,
    /// Viewport height in CSS pixels.
    pub height: u32,
    /// Device pixels per CSS pixel.
    pub scale: f64,
    /// A mobile screen (meta viewport, overlay scrollbars) with touch.
    pub mobile: bool,
    /// The user agent the device's browser sends.
    pub user_agent: &'static str,
}

const IOS_UA: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const IPAD_UA: &str = "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const ANDROID_UA: &str = "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/148.0.0.0 Mobile Safari/537.36";

/// The presets `emulate` offers, by name.
pub const DEVICES: &[(&str, Device)] = &[
    (
        "iPhone 15",
        Device {
            width: 393,
            height: 852,
            scale: 3.0,
            mobile: true,
            user_agent: IOS_UA,
        },
    ),
    (
        "iPhone SE",
        Device {
            width: 375,
            height: 667,
            scale: 2.0,
            mobile: true,
            user_agent: IOS_UA,
        },
    ),
    (
        "Pixel 7",
        Device {
            width: 412,
            height: 915,
            scale: 2.625,
            mobile: true,
            user_agent: ANDROID_UA,
        },
    ),
    (
        "iPad Mini",
        Device {
            width: 768,
            height: 1024,
            scale: 2.0,
            mobile: true,
            user_agent: IPAD_UA,
        },
    ),
    (
        "Desktop HD",
        Device {
            width: 1920,
            height: 1080,
            scale: 1.0,
            mobile: false,
            user_agent: "",
        },
    ),
];

/// Network conditions: latency and throughput in each direction.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Throttle {
    /// Whether the page is offline altogether.
    pub offline: bool,
    /// Added round-trip latency, ms.
    pub latency_ms: f64,
    /// Bytes per second down (`None`: unlimited).
    pub down: Option<f64>,
    /// Bytes per second up (`None`: unlimited).
    pub up: Option<f64>,
}

impl Throttle {
    /// No page network at all.
    pub const OFFLINE: Throttle = Throttle {
        offline: true,
        latency_ms: 0.0,
        down: None,
        up: None,
    };
    /// DevTools' "Slow 3G": 2 s latency, 400 kbit/s each way.
    pub const SLOW_3G: Throttle = Throttle {
        offline: false,
        latency_ms: 2000.0,
        down: Some(50_000.0),
        up: Some(50_000.0),
    };
    /// DevTools' "Fast 3G": 563 ms latency, 1.44 Mbit/s down, 675 kbit/s up.
    pub const FAST_3G: Throttle = Throttle {
        offline: false,
        latency_ms: 562.5,
        down: Some(180_000.0),
        up: Some(84_375.0),
    };
    /// No throttling.
    pub const NONE: Throttle = Throttle {
        offline: false,
        latency_ms: 0.0,
        down: None,
        up: None,
    };
}

/// A place the page's geolocation reports.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Place {
    /// Degrees north.
    pub latitude: f64,
    /// Degrees east.
    pub longitude: f64,
    /// Metres.
    pub accuracy: f64,
}

/// What a setting failed on: Chrome refused the value (an unknown time zone or locale).
#[derive(Debug)]
pub enum EmulationError {
    /// Chrome refused the named setting's value.
    Refused(&'static str),
    /// The browser failed otherwise.
    Browser(BrowserError),
}

impl From<BrowserError> for EmulationError {
    fn from(e: BrowserError) -> Self {
        EmulationError::Browser(e)
    }
}

/// Emulation: the screen, network, CPU, place, time zone, locale and media the page sees.
/// Reached through [`Browser::emulation`].
pub struct Emulation<'b> {
    pub(in crate::browser) browser: &'b mut Browser,
}

impl Browser {
    /// The [`Emulation`] handle over this browser.
    pub fn emulation(&mut self) -> Emulation<'_> {
        Emulation { browser: self }
    }
}

impl Emulation<'_> {
    /// One emulation call; a refusal names `setting`.
    async fn call(
        &self,
        setting: &'static str,
        method: &str,
        params: Value,
    ) -> Result<(), EmulationError> {
        match self.browser.page_call(method, params).await {
            Ok(_) => Ok(()),
            Err(BrowserError::Refused(_)) => Err(EmulationError::Refused(setting)),
            Err(e) => Err(e.into()),
        }
    }

    /// Screen size, pixel ratio and mobile mode; `touch` and `user_agent` for a device.
    pub async fn screen(
        &self,
        width: u32,
        height: u32,
        scale: f64,
        mobile: bool,
    ) -> Result<(), EmulationError> {
        // Independent settings: sent together, one round trip.
        let (metrics, touch) = tokio::join!(
            self.call(
                "viewport",
                "Emulation.setDeviceMetricsOverride",
                json!({"width": width, "height": height, "deviceScaleFactor": scale, "mobile": mobile}),
            ),
            self.call(
                "viewport",
                "Emulation.setTouchEmulationEnabled",
                json!({"enabled": mobile, "maxTouchPoints": if mobile { 5 } else { 1 }}),
            ),
        );
        metrics.and(touch)
    }

    /// The user agent the page sees and sends ("" restores Chrome's own).
    pub async fn user_agent(&self, user_agent: &str) -> Result<(), EmulationError> {
        self.call(
            "device",
            "Emulation.setUserAgentOverride",
            json!({"userAgent": user_agent}),
        )
        .await
    }

    /// Network conditions of the page's requests.
    pub async fn network(&self, t: Throttle) -> Result<(), EmulationError> {
        self.call(
            "network",
            "Network.emulateNetworkConditions",
            json!({"offline": t.offline, "latency": t.latency_ms,
                   "downloadThroughput": t.down.unwrap_or(-1.0),
                   "uploadThroughput": t.up.unwrap_or(-1.0)}),
        )
        .await
    }

    /// Slow the page's CPU down `rate` times (1: full speed).
    pub async fn cpu(&self, rate: f64) -> Result<(), EmulationError> {
        self.call(
            "cpuSlowdown",
            "Emulation.setCPUThrottlingRate",
            json!({"rate": rate}),
        )
        .await
    }

    /// The position `navigator.geolocation` reports (and the permission to ask for it), or
    /// none.
    pub async fn place(&self, place: Option<Place>) -> Result<(), EmulationError> {
        match place {
            Some(p) => {
                // Headless Chrome refuses geolocation without the permission: granted for the
                // browser's pages, as a person would.
                let _ = self
                    .browser
                    .cdp
                    .call_raw(
                        None,
                        "Browser.grantPermissions",
                        json!({"permissions": ["geolocation"]}),
                        super::page::CALL_TIMEOUT,
                    )
                    .await;
                self.call(
                    "geolocation",
                    "Emulation.setGeolocationOverride",
                    json!({"latitude": p.latitude, "longitude": p.longitude, "accuracy": p.accuracy}),
                )
                .await
            }
            None => {
                self.call(
                    "geolocation",
                    "Emulation.clearGeolocationOverride",
                    json!({}),
                )
                .await
            }
        }
    }

    /// The page's time zone (an IANA name; "" restores the system's).
    pub async fn timezone(&self, zone: &str) -> Result<(), EmulationError> {
        self.call(
            "timezone",
            "Emulation.setTimezoneOverride",
            json!({"timezoneId": zone}),
        )
        .await
    }

    /// The page's locale (a BCP 47 tag; `None` restores Chrome's).
    pub async fn locale(&self, locale: Option<&str>) -> Result<(), EmulationError> {
        let params = match locale {
            Some(l) => json!({"locale": l}),
            None => json!({}),
        };
        self.call("locale", "Emulation.setLocaleOverride", params)
            .await
    }

    /// Media features: `prefers-color-scheme` and `prefers-reduced-motion` ("" for Chrome's).
    pub async fn media(
        &self,
        color_scheme: &str,
        reduced_motion: &str,
    ) -> Result<(), EmulationError> {
        self.call(
            "media",
            "Emulation.setEmulatedMedia",
            json!({"features": [
                {"name": "prefers-color-scheme", "value": color_scheme},
                {"name": "prefers-reduced-motion", "value": reduced_motion},
            ]}),
        )
        .await
    }

    /// Undo every emulation setting of the selected page: the settings are independent, so
    /// they are undone together, in one round trip.
    pub async fn reset(&self) -> Result<(), EmulationError> {
        let (metrics, touch, agent, network, cpu, place, zone, locale, media) = tokio::join!(
            self.call(
                "viewport",
                "Emulation.clearDeviceMetricsOverride",
                json!({}),
            ),
            self.call(
                "viewport",
                "Emulation.setTouchEmulationEnabled",
                json!({"enabled": false}),
            ),
            self.user_agent(""),
            self.network(Throttle::NONE),
            self.cpu(1.0),
            self.place(None),
            self.timezone(""),
            self.locale(None),
            self.media("", ""),
        );
        metrics
            .and(touch)
            .and(agent)
            .and(network)
            .and(cpu)
            .and(place)
            .and(zone)
            .and(locale)
            .and(media)
    }
}
