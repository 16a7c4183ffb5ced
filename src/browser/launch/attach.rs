//! `--attach`: a Chrome someone else started, reached through its DevTools endpoint (a WebSocket
//! URL, or `host:port` asked for it at `/json/version` over a minimal HTTP/1.1 exchange).

use std::time::Duration;

use chromiumoxide_cdp::cdp::browser_protocol::browser::GetVersionParams;
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use super::error::LaunchError;
use crate::browser::cdp::{Cdp, CdpOptions};

/// How to start a Chrome that Glass can attach to, said in every attach failure.
const HOW_TO_ATTACH: &str =
    "start Chrome with --remote-debugging-port=9222 and attach to http://127.0.0.1:9222";

/// Where an `--attach` endpoint points: a WebSocket URL as given, or the `host:port` of a
/// DevTools HTTP server (`http://host:port`, a bare `host:port`). Checked before anything
/// starts (`mcp-config`, `doctor`, `--mcp`), so a config never carries an endpoint that
/// cannot work.
#[derive(Debug, PartialEq, Eq)]
pub enum AttachEndpoint<'a> {
    /// `ws://…` or `wss://…`: the browser's own WebSocket.
    WebSocket(&'a str),
    /// `host:port`, asked for its WebSocket at `/json/version`.
    Http(&'a str),
}

impl<'a> AttachEndpoint<'a> {
    /// Parse an `--attach` value; the error says what is wrong in a few words.
    pub fn parse(endpoint: &'a str) -> Result<AttachEndpoint<'a>, &'static str> {
        if endpoint.starts_with("ws://") || endpoint.starts_with("wss://") {
            return Ok(AttachEndpoint::WebSocket(endpoint));
        }
        let rest = match endpoint.strip_prefix("http://") {
            Some(rest) => rest,
            None if endpoint.contains("://") => return Err("use ws://… or http://host:port"),
            None => endpoint,
        };
        let authority = rest.split('/').next().unwrap_or_default();
        match authority.rsplit_once(':') {
            Some((host, port)) if !host.is_empty() && port.parse::<u16>().is_ok_and(|p| p > 0) => {
                Ok(AttachEndpoint::Http(authority))
            }
            _ => Err("give http://host:port (the port of --remote-debugging-port) or ws://…"),
        }
    }
}

/// Connects to a Chrome someone else started: `ws://…` directly, or `http://host:port`
/// (the port of `--remote-debugging-port`; a bare `host:port` works too) via its
/// `/json/version`. Checks the endpoint answers `Browser.getVersion`. Never kills that Chrome.
pub async fn attach(endpoint: &str) -> Result<Cdp, LaunchError> {
    Ok(connect_attached(endpoint).await?.0)
}

/// Whether `endpoint` is a DevTools endpoint: the browser's product and version
/// (`Chrome/…`) when it is, else why not and how to start one (for `glass doctor`).
pub async fn probe(endpoint: &str) -> Result<String, LaunchError> {
    let (cdp, product) = connect_attached(endpoint).await?;
    drop(cdp);
    Ok(product)
}

async fn connect_attached(endpoint: &str) -> Result<(Cdp, String), LaunchError> {
    const T: Duration = Duration::from_secs(10);
    let fail = |reason: String| LaunchError::Attach {
        endpoint: endpoint.to_owned(),
        reason,
    };
    let not_devtools = |what: &str| {
        fail(format!(
            "it is not a Chrome DevTools endpoint ({what}); {HOW_TO_ATTACH}"
        ))
    };
    let ws_url = match AttachEndpoint::parse(endpoint).map_err(|r| fail(r.to_owned()))? {
        AttachEndpoint::WebSocket(url) => url.to_owned(),
        AttachEndpoint::Http(authority) => {
            let body = tokio::time::timeout(T, http_get(authority, "/json/version"))
                .await
                .map_err(|_| not_devtools("/json/version did not answer"))?
                .map_err(|e| match e.kind() {
                    std::io::ErrorKind::ConnectionRefused => {
                        fail(format!("nothing is listening there; {HOW_TO_ATTACH}"))
                    }
                    std::io::ErrorKind::Other => not_devtools(&format!("/json/version: {e}")),
                    _ => fail(format!("cannot connect ({}); {HOW_TO_ATTACH}", e.kind())),
                })?;
            let v: Value = serde_json::from_slice(&body)
                .map_err(|_| not_devtools("/json/version is not JSON"))?;
            v.get("webSocketDebuggerUrl")
                .and_then(Value::as_str)
                .ok_or_else(|| not_devtools("/json/version names no webSocketDebuggerUrl"))?
                .to_owned()
        }
    };
    let cdp = Cdp::connect_ws(&ws_url, &CdpOptions::default(), T)
        .await
        .map_err(|_| not_devtools("its WebSocket did not accept a DevTools connection"))?;
    let version = cdp
        .call(None, GetVersionParams::default(), T)
        .await
        .map_err(|_| not_devtools("it did not answer Browser.getVersion"))?;
    Ok((cdp, version.product.clone()))
}

/// Largest `/json/version` answer we read; the real one is under 1 KiB.
const HTTP_MAX: usize = 64 * 1024;

/// One HTTP/1.1 GET returning the body of a 200 answer. Chrome's DevTools server keeps
/// the connection open despite `Connection: close`, so we stop at Content-Length.
async fn http_get(authority: &str, path: &str) -> std::io::Result<Vec<u8>> {
    let mut stream = tokio::net::TcpStream::connect(authority).await?;
    let request = format!(
        "GET {path} HTTP/1.1\r\nHost: {authority}\r\nConnection: close\r\nAccept: application/json\r\n\r\n"
    );
    stream.write_all(request.as_bytes()).await?;
    let mut response = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        let n = stream.read(&mut chunk).await?;
        response.extend_from_slice(&chunk[..n]);
        if response.len() > HTTP_MAX {
            return Err(std::io::Error::other("answer too large"));
        }
        if let Some(body) = parse_http_response(&response, n == 0)? {
            return Ok(body);
        }
    }
}

/// Parses an HTTP/1.x response read so far: `Ok(None)` means "need more bytes". Returns the
/// body of a 200 answer, honouring Content-Length (else the body ends at EOF); chunked
/// bodies are rejected (Chrome never sends them here).
pub(super) fn parse_http_response(response: &[u8], eof: bool) -> std::io::Result<Option<Vec<u8>>> {
    let bad = |m: &str| std::io::Error::other(m.to_owned());
    let Some(split) = response.windows(4).position(|w| w == b"\r\n\r\n") else {
        return if eof {
            Err(bad("malformed HTTP answer"))
        } else {
            Ok(None)
        };
    };
    let head = String::from_utf8_lossy(&response[..split]);
    let body = &response[split + 4..];
    let mut lines = head.split("\r\n");
    let status = lines.next().unwrap_or_default();
    let code = status.split_whitespace().nth(1).unwrap_or_default();
    if code != "200" {
        let code: String = code.chars().take(3).collect();
        return Err(bad(&format!("HTTP status {code}")));
    }
    let mut length = None;
    for line in lines {
        let Some((name, value)) = line.split_once(':') else {
            continue;
        };
        let (name, value) = (name.trim(), value.trim());
        if name.eq_ignore_ascii_case("transfer-encoding") && value.eq_ignore_ascii_case("chunked") {
            return Err(bad("chunked HTTP answer not supported"));
        }
        if name.eq_ignore_ascii_case("content-length") {
            length = value.parse::<usize>().ok();
        }
    }
    match length {
        Some(n) if n <= body.len() => Ok(Some(body[..n].to_vec())),
        Some(_) if eof => Err(bad("truncated HTTP answer")),
        Some(_) => Ok(None),
        None if eof => Ok(Some(body.to_vec())),
        None => Ok(None),
    }
}
