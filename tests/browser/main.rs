//! Browser tests against real Chromium, one module per tool family (as in `src/tools/`):
//! each drives the real binary (or the browser layer) on pages the tests serve on 127.0.0.1 and
//! checks the page's own state.

#[path = "../common/mod.rs"]
mod common;

/// The browser session, its launch and recovery, the daemon, the command line and the policy.
mod session {
    mod browser_launch;
    mod browser_session;
    mod cli;
    mod cli_direct;
    mod daemon;
    mod failures;
    mod first_hour;
    mod policy;
    mod recovery;
}
/// Reading the page: the page agent, the page model, deltas, generated layouts, hostile pages.
mod page {
    mod browser_tools;
    mod data_grids;
    mod generated_layouts;
    mod hostile_pages;
    mod page_agent;
    mod page_delta;
    mod page_model;
}
/// Acting as a user does: pointer, keyboard, forms, waits.
mod act {
    mod ant_design;
    mod custom_selects;
    mod date_pickers;
    mod drag_libraries;
    mod element_plus;
    mod material_ui;
    mod quasar;
    mod redrawn_controls;
    mod reduced_from_apps;
    mod shadow_widgets;
    mod shiny_widgets;
    mod swagger_ui;
    mod typed_text;
    mod user_visible;
    mod vuetify;
    mod web_components;
}
/// Tabs, popups, frames and downloads.
mod tabs {
    mod browser_pages;
}
/// DevTools parity: network, console, performance, emulation, state.
mod devtools {
    mod parity;
    mod state;
}
/// Intents, verification and extraction.
mod semantic {
    mod extraction;
    mod intents;
    mod verification;
}
/// Batch, tasks and workflows.
mod run {
    mod batch;
    mod tasks;
    mod workflows;
}
/// The local store: snapshots and knowledge.
mod store {
    mod knowledge;
    mod local_store;
}
