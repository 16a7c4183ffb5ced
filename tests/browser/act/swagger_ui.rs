//! Swagger UI 5 (the API explorer of many backends, from npm: `scripts/test` installs
//! `swagger-ui-dist` once), on an OpenAPI document of a small pets API that this test's server
//! answers: an operation opened by its path (Swagger breaks paths with zero-width spaces in the
//! names it gives), tried out with an enum parameter chosen and a path parameter typed, sent by
//! "Execute" to the server chosen in its "Servers" select (a select alone in its label). Each
//! step is checked on the requests the server received.
#![cfg(target_os = "linux")]

use crate::common;

use std::time::Duration;

use common::web::{Page, Server};
use common::{Glass, apps, nav, ok};
use serde_json::{Value, json};

const INDEX: &str = r#"<!doctype html><html><head><meta charset="utf-8"><title>Pets API</title>
<link rel="stylesheet" href="/npm/swagger-ui-dist/swagger-ui.css"></head>
<body><div id="ui"></div><script src="/npm/swagger-ui-dist/swagger-ui-bundle.js"></script>
<script>window.ui = SwaggerUIBundle({url: '/openapi.json', dom_id: '#ui'});</script></body></html>"#;

/// The API: pets listed by status, and deleted by id; served at the root and under `/v2`.
const SPEC: &str = r#"{"openapi": "3.0.3", "info": {"title": "Pets", "version": "1.0.0"},
 "servers": [{"url": "/", "description": "main"}, {"url": "/v2", "description": "v2 prefix"}],
 "paths": {
  "/api/pets": {"get": {"tags": ["pets"], "summary": "List pets", "parameters": [
    {"name": "status", "in": "query", "schema": {"type": "string", "enum": ["available", "pending", "sold"]}}],
    "responses": {"200": {"description": "ok"}}}},
  "/api/pets/{id}": {"delete": {"tags": ["pets"], "summary": "Delete a pet", "parameters": [
    {"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}}],
    "responses": {"204": {"description": "deleted"}}}}}}"#;

fn open() -> (Glass, Server) {
    let web = Server::start_with_dirs(
        vec![
            ("/docs", Page::html(INDEX)),
            (
                "/openapi.json",
                Page::html(SPEC).header("Content-Type", "application/json"),
            ),
            (
                "/api/pets",
                Page::html("[]").header("Content-Type", "application/json"),
            ),
            ("/v2/api/pets/77", Page::html("")),
        ],
        &[("/npm/swagger-ui-dist", apps::npm_package("swagger-ui-dist"))],
    );
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/docs");
    let shown = g.call(
        json!("w"),
        "wait",
        json!({"kind": "textPresent", "text": "List pets", "timeoutMs": 15000}),
    );
    ok(&shown);
    (g, web)
}

fn call(g: &mut Glass, tool: &str, args: Value) -> Value {
    ok(&g.call(json!(tool), tool, args))
}

/// The one element of the page's whole observation with this role and context.
fn by_context(g: &mut Glass, role: &str, context: &str) -> Value {
    let obs = call(g, "observe", json!({"full": true}));
    let found: Vec<Value> = common::all_elements(&obs["elements"])
        .into_iter()
        .filter(|e| e["role"] == role && e["context"] == context)
        .collect();
    assert_eq!(found.len(), 1, "{role} in {context:?}: {obs}");
    found[0].clone()
}

/// An operation is opened by the path its button shows, tried out with an enum parameter
/// chosen (an unnamed select, known by its row), and executed: the server receives the query;
/// then, with the second server chosen in the "Servers" select, another operation's path
/// parameter is typed and sent there by its own Execute, known by the operation that shows it
/// (both operations are open; before, each Execute took the heading of the section around
/// them, and the other operation's buttons the "Responses" heading of the one open above).
#[test]
fn operations_are_opened_tried_out_and_sent_to_the_server_chosen() {
    let (mut g, web) = open();
    call(
        &mut g,
        "click",
        json!({"target": "role=button;name=get /api/pets"}),
    );
    call(
        &mut g,
        "click",
        json!({"target": "role=button;name=Try it out"}),
    );
    // The parameter's select has no name; its row says which it is.
    let status = by_context(&mut g, "combobox", "status string (query)");
    call(
        &mut g,
        "select",
        json!({"target": status["ref"], "label": "pending"}),
    );
    call(
        &mut g,
        "click",
        json!({"target": "role=button;name=Execute"}),
    );
    assert_eq!(web.wait_for("/api/pets", 1, Duration::from_secs(10)), 1);
    assert_eq!(web.requests("/api/pets"), ["/api/pets?status=pending"]);
    let servers = by_context(&mut g, "combobox", "Servers");
    assert_eq!(servers["name"], "", "{servers}");
    call(
        &mut g,
        "select",
        json!({"target": servers["ref"], "label": "/v2 - v2 prefix"}),
    );
    call(
        &mut g,
        "click",
        json!({"target": "role=button;name=delete /api/pets/{id}"}),
    );
    let tries = call(&mut g, "observe", json!({"full": true}));
    let try_buttons: Vec<Value> = common::all_elements(&tries["elements"])
        .into_iter()
        .filter(|e| e["role"] == "button" && e["name"] == "Try it out")
        .collect();
    assert_eq!(try_buttons.len(), 1, "{tries}");
    call(&mut g, "click", json!({"target": try_buttons[0]["ref"]}));
    call(
        &mut g,
        "type",
        json!({"target": "role=textbox;name=id", "text": "77"}),
    );
    // Both operations are open, each with its Execute: the one the DELETE operation shows.
    let execute = by_context(&mut g, "button", "DELETE /api/pets/{id} Delete a pet");
    assert_eq!(execute["name"], "Execute", "{execute}");
    call(&mut g, "click", json!({"target": execute["ref"]}));
    assert_eq!(
        web.wait_for("/v2/api/pets/77", 1, Duration::from_secs(10)),
        1
    );
    assert_eq!(web.requests("/api/pets").len(), 1);
}
