//! Real apps (Datasette, JupyterLab, an MkDocs-Material site, CodeMirror 5, Monaco, the Wagtail
//! CMS, the Prefect server, a Streamlit app, TiddlyWiki) served on 127.0.0.1 from the folders `scripts/test` prepares.

#[path = "../common/mod.rs"]
mod common;

mod real_apps;
mod streamlit;
mod tiddlywiki;
