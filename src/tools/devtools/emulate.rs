//! `emulate`: what the selected page believes about its screen, device, network, CPU, place,
//! time zone, language and media preferences; `reset` undoes all of it.

use std::sync::Arc;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::browser::emulation::{DEVICES, EmulationError, Place, Throttle};
use crate::tools::kernel::args;
use crate::tools::kernel::browser::session_for;
use crate::tools::kernel::effect::Effect;
use crate::tools::kernel::group::{Family, ToolGroup};
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::schema::input_schema;
use crate::tools::kernel::tool::{Call, Needs, RevisionRule, Services, Tool, ToolFuture};
use crate::try_tool;

/// `emulate`.
pub const EMULATE: Tool = Tool {
    name: "emulate",
    title: "Emulate a device or conditions",
    description: "Make the selected tab emulate a screen or device, network, CPU slowdown, geolocation, timezone, locale, color scheme or reduced motion, until reset.",
    group: ToolGroup::Standard,
    family: Family::DevTools,
    schema: input_schema::<EmulateArgs>,
    output: crate::tools::kernel::output::result_of::<EmulateResult>,
    effects: &[Effect::Steers],
    idempotent: true,
    needs: Needs::Page,
    revision: RevisionRule::Reads,
    run: crate::handler!(EmulateArgs, run),
};

/// Arguments of `emulate`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct EmulateArgs {
    /// Undo all first.
    reset: Option<bool>,
    /// CSS px.
    viewport: Option<Viewport>,
    /// Screen, touch, user agent.
    device: Option<DeviceName>,
    /// none: unthrottled.
    network: Option<NetworkPreset>,
    /// Custom: ms, kbit/s.
    throttle: Option<CustomThrottle>,
    #[schemars(range(min = 1.0, max = 20.0))]
    /// Times slower.
    cpu_slowdown: Option<f64>,
    /// Degrees; accuracy m.
    geolocation: Option<Geolocation>,
    /// IANA zone.
    #[schemars(length(min = 1, max = 64))]
    timezone: Option<String>,
    /// BCP 47.
    #[schemars(length(min = 2, max = 35))]
    locale: Option<String>,
    /// prefers-color-scheme.
    color_scheme: Option<ColorScheme>,
    /// prefers-reduced-motion.
    reduced_motion: Option<bool>,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct Viewport {
    #[schemars(range(min = 100, max = 4096))]
    width: u32,
    #[schemars(range(min = 100, max = 4096))]
    height: u32,
    /// Default 1.
    #[schemars(range(min = 0.5, max = 4.0))]
    device_scale_factor: Option<f64>,
    /// With touch.
    mobile: Option<bool>,
}

#[derive(Clone, Copy, Deserialize, JsonSchema)]
enum DeviceName {
    #[serde(rename = "iPhone 15")]
    IPhone15,
    #[serde(rename = "iPhone SE")]
    IPhoneSe,
    #[serde(rename = "Pixel 7")]
    Pixel7,
    #[serde(rename = "iPad Mini")]
    IPadMini,
    #[serde(rename = "Desktop HD")]
    DesktopHd,
}

impl DeviceName {
    fn name(self) -> &'static str {
        match self {
            DeviceName::IPhone15 => "iPhone 15",
            DeviceName::IPhoneSe => "iPhone SE",
            DeviceName::Pixel7 => "Pixel 7",
            DeviceName::IPadMini => "iPad Mini",
            DeviceName::DesktopHd => "Desktop HD",
        }
    }
}

#[derive(Clone, Copy, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
enum NetworkPreset {
    None,
    Offline,
    #[serde(rename = "slow3g")]
    Slow3g,
    #[serde(rename = "fast3g")]
    Fast3g,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct CustomThrottle {
    #[schemars(range(min = 0.0, max = 60_000.0))]
    latency_ms: f64,
    #[schemars(range(min = 1.0, max = 10_000_000.0))]
    download_kbps: Option<f64>,
    #[schemars(range(min = 1.0, max = 10_000_000.0))]
    upload_kbps: Option<f64>,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct Geolocation {
    #[schemars(range(min = -90.0, max = 90.0))]
    latitude: f64,
    #[schemars(range(min = -180.0, max = 180.0))]
    longitude: f64,
    #[schemars(range(min = 0.0, max = 100_000.0))]
    accuracy: Option<f64>,
}

#[derive(Clone, Copy, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
enum ColorScheme {
    Light,
    Dark,
}

/// The result of `emulate`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct EmulateResult {
    /// The settings this call applied, in order (`reset` first when asked).
    pub applied: Vec<&'static str>,
    /// The page revision.
    pub revision: u64,
}

fn run(services: Arc<Services>, input: Call<EmulateArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        if a.network.is_some() && a.throttle.is_some() {
            return args::invalid("throttle", "give network or throttle, not both").into();
        }
        if a.viewport.is_some() && a.device.is_some() {
            return args::invalid("viewport", "give viewport or device, not both").into();
        }
        let mut b = try_tool!(session_for(&services, &EMULATE).await);
        let mut applied = Vec::new();
        let outcome = async {
            if a.reset == Some(true) {
                b.emulation().reset().await?;
                applied.push("reset");
            }
            if let Some(v) = &a.viewport {
                let mobile = v.mobile.unwrap_or(false);
                b.emulation()
                    .screen(
                        v.width,
                        v.height,
                        v.device_scale_factor.unwrap_or(1.0),
                        mobile,
                    )
                    .await?;
                applied.push("viewport");
            }
            if let Some(name) = a.device {
                let device = DEVICES
                    .iter()
                    .find(|(n, _)| *n == name.name())
                    .map(|(_, d)| *d)
                    .ok_or(EmulationError::Refused("device"))?;
                b.emulation()
                    .screen(device.width, device.height, device.scale, device.mobile)
                    .await?;
                b.emulation().user_agent(device.user_agent).await?;
                applied.push("device");
            }
            let throttle = match (a.network, &a.throttle) {
                (Some(NetworkPreset::None), _) => Some(Throttle::NONE),
                (Some(NetworkPreset::Offline), _) => Some(Throttle::OFFLINE),
                (Some(NetworkPreset::Slow3g), _) => Some(Throttle::SLOW_3G),
                (Some(NetworkPreset::Fast3g), _) => Some(Throttle::FAST_3G),
                (None, Some(t)) => Some(Throttle {
                    offline: false,
                    latency_ms: t.latency_ms,
                    down: t.download_kbps.map(|k| k * 125.0),
                    up: t.upload_kbps.map(|k| k * 125.0),
                }),
                (None, None) => None,
            };
            if let Some(t) = throttle {
                b.emulation().network(t).await?;
                applied.push("network");
            }
            if let Some(rate) = a.cpu_slowdown {
                b.emulation().cpu(rate).await?;
                applied.push("cpuSlowdown");
            }
            if let Some(g) = &a.geolocation {
                b.emulation()
                    .place(Some(Place {
                        latitude: g.latitude,
                        longitude: g.longitude,
                        accuracy: g.accuracy.unwrap_or(50.0),
                    }))
                    .await?;
                applied.push("geolocation");
            }
            if let Some(zone) = &a.timezone {
                b.emulation().timezone(zone).await?;
                applied.push("timezone");
            }
            if let Some(locale) = &a.locale {
                b.emulation().locale(Some(locale)).await?;
                applied.push("locale");
            }
            if a.color_scheme.is_some() || a.reduced_motion.is_some() {
                let scheme = match a.color_scheme {
                    Some(ColorScheme::Light) => "light",
                    Some(ColorScheme::Dark) => "dark",
                    None => "",
                };
                let motion = match a.reduced_motion {
                    Some(true) => "reduce",
                    Some(false) => "no-preference",
                    None => "",
                };
                b.emulation().media(scheme, motion).await?;
                applied.push("media");
            }
            Ok::<(), EmulationError>(())
        }
        .await;
        match outcome {
            Ok(()) => ToolOutcome::ok(&EmulateResult {
                applied,
                revision: b.revision(),
            }),
            // Settings before the refused one stay applied; the error says which failed.
            Err(EmulationError::Refused(setting)) => {
                args::invalid(setting, "Chrome refused this value")
                    .with("applied", serde_json::json!(applied))
                    .into()
            }
            Err(EmulationError::Browser(e)) => e.into(),
        }
    })
}
