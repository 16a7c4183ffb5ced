//! The browser side: finding, launching and driving Chrome.
//!
//! The rest of Glass uses the names re-exported here; the files below import each other
//! directly, lowest first (cdp, launch, events, error, page, then what drives the page, then
//! the session), so no file imports one that imports it back.
//!
//! [`Browser`] (page.rs) keeps the selection and the two ways to the page: CDP commands
//! (`page_command`, `page_call`) and the page agent (`agent()`). Everything else is reached by
//! concern, each a handle over the browser defined with its methods in one file, so a reader
//! following a tool's argument goes straight from the tool to the file of its concern:
//! `pages()` (navigate.rs: navigation, history, location), `tabs()` (targets.rs), `frames()`,
//! `dialogs()`, `input()` (pointer and keys), `actions()` (act.rs: targeting, actionability,
//! settling what an action caused), `capture()`, `script()`, `trace()`, `bodies()`,
//! `emulation()`, `storage()` and `health()`.

pub mod act;
pub mod agent;
pub mod agent_calls;
pub mod bodies;
pub mod capture;
pub mod cdp;
pub mod chooser;
pub mod console;
pub mod dialogs;
pub mod drops;
pub mod emulation;
pub mod enforce;
pub mod error;
pub mod events;
pub mod frames;
pub mod health;
pub mod input;
pub mod keys;
pub mod launch;
pub mod locator;
pub mod missed;
pub mod navigate;
pub mod network;
pub mod page;
pub mod profile;
pub mod refs;
pub mod requests;
pub mod script;
pub mod session;
pub mod settle;
pub mod storage;
pub mod targets;
pub mod trace;
pub mod typed;

pub use capture::{ImageFormat, Shot, decode_base64};
pub use cdp::inputs_sent;
pub use error::BrowserError;
pub use events::{Download, OpenDialog, PageEvents, Popup};
pub use frames::FrameInfo;
pub use page::{Browser, CALL_TIMEOUT, FrameSelection, Interaction, PageTarget, VIEWPORT};
pub use session::{BrowserGuard, ProfileChoice, Session, SessionConfig};
pub use targets::{PopupWatch, TabInfo};
