//! A tiny HTTP/1.1 server on 127.0.0.1 for browser tests: fixed routes, one thread per
//! connection, nothing else on the network.
#![allow(dead_code)]

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::Arc;
use std::thread;

/// One response.
#[derive(Clone)]
pub struct Page {
    pub status: u16,
    pub content_type: &'static str,
    pub body: Vec<u8>,
    pub headers: Vec<(String, String)>,
    /// How long the server takes before it answers (a slow backend).
    pub delay: std::time::Duration,
    /// Send the body up to this byte, then wait this long before the rest (a page that
    /// streams in: the browser parses the first part meanwhile).
    pub pause: Option<(usize, std::time::Duration)>,
}

impl Page {
    pub fn html(body: &str) -> Page {
        Page {
            status: 200,
            content_type: "text/html; charset=utf-8",
            body: body.as_bytes().to_vec(),
            headers: Vec::new(),
            delay: std::time::Duration::ZERO,
            pause: None,
        }
    }

    pub fn status(status: u16) -> Page {
        Page {
            status,
            content_type: "text/plain",
            body: Vec::new(),
            headers: Vec::new(),
            delay: std::time::Duration::ZERO,
            pause: None,
        }
    }

    pub fn delayed(mut self, ms: u64) -> Page {
        self.delay = std::time::Duration::from_millis(ms);
        self
    }

    /// The body streams in: what comes before `marker` at once, the rest `ms` later.
    pub fn paused_at(mut self, marker: &str, ms: u64) -> Page {
        let at = String::from_utf8_lossy(&self.body)
            .find(marker)
            .expect("the marker is in the body");
        self.pause = Some((at, std::time::Duration::from_millis(ms)));
        self
    }

    pub fn header(mut self, k: &str, v: &str) -> Page {
        self.headers.push((k.to_owned(), v.to_owned()));
        self
    }
}

/// A running server; it lives as long as the test process.
pub struct Server {
    pub port: u16,
    /// Every path requested so far (any route, including unknown ones).
    pub hits: Arc<std::sync::Mutex<Vec<String>>>,
    /// The same, each with its query.
    asked: Arc<std::sync::Mutex<Vec<String>>>,
    /// Woken on each request, for [`Server::wait_for`].
    arrived: Arc<std::sync::Condvar>,
    routes: Arc<std::sync::RwLock<HashMap<String, Page>>>,
}

/// The content type of a file served from a directory, by its extension.
fn content_type(path: &std::path::Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" => "text/javascript",
        "css" => "text/css",
        "json" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "woff" => "font/woff",
        "woff2" => "font/woff2",
        "ttf" => "font/ttf",
        _ => "application/octet-stream",
    }
}

impl Server {
    /// Serve fixed routes, plus files under each `(url prefix, directory)` pair, read when
    /// asked for.
    pub fn start_with_dirs(
        routes: Vec<(&str, Page)>,
        dirs: &[(&str, std::path::PathBuf)],
    ) -> Server {
        Self::start_inner(
            routes,
            dirs.iter()
                .map(|(p, d)| ((*p).to_owned(), d.clone()))
                .collect(),
        )
    }

    pub fn start(routes: Vec<(&str, Page)>) -> Server {
        Self::start_inner(routes, Vec::new())
    }

    fn start_inner(routes: Vec<(&str, Page)>, dirs: Vec<(String, std::path::PathBuf)>) -> Server {
        let dirs = Arc::new(dirs);
        let routes: Arc<std::sync::RwLock<HashMap<String, Page>>> =
            Arc::new(std::sync::RwLock::new(
                routes
                    .into_iter()
                    .map(|(p, page)| (p.to_owned(), page))
                    .collect(),
            ));
        let served = Arc::clone(&routes);
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1");
        let port = listener.local_addr().unwrap().port();
        let hits = Arc::new(std::sync::Mutex::new(Vec::new()));
        let asked = Arc::new(std::sync::Mutex::new(Vec::new()));
        let arrived = Arc::new(std::sync::Condvar::new());
        let log = Arc::clone(&hits);
        let full = Arc::clone(&asked);
        let woken = Arc::clone(&arrived);
        thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let routes = Arc::clone(&served);
                let dirs = Arc::clone(&dirs);
                let log = Arc::clone(&log);
                let full = Arc::clone(&full);
                let woken = Arc::clone(&woken);
                thread::spawn(move || serve(stream, &routes, &dirs, (&log, &full, &woken)));
            }
        });
        Server {
            port,
            hits,
            asked,
            arrived,
            routes,
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }

    /// Serve `page` at `path` from now on (the app's state changed).
    pub fn set(&self, path: &str, page: Page) {
        self.routes.write().unwrap().insert(path.to_owned(), page);
    }

    /// How many times `path` was requested.
    pub fn count(&self, path: &str) -> usize {
        self.hits
            .lock()
            .unwrap()
            .iter()
            .filter(|p| *p == path)
            .count()
    }

    /// Wait (at most `limit`) until `path` was requested `n` times; how many times it was.
    pub fn wait_for(&self, path: &str, n: usize, limit: std::time::Duration) -> usize {
        let end = std::time::Instant::now() + limit;
        let mut hits = self.hits.lock().unwrap();
        loop {
            let count = hits.iter().filter(|p| *p == path).count();
            let now = std::time::Instant::now();
            if count >= n || now >= end {
                return count;
            }
            hits = self.arrived.wait_timeout(hits, end - now).unwrap().0;
        }
    }

    /// The requests for `path` so far, each with its query: what a page sent.
    pub fn requests(&self, path: &str) -> Vec<String> {
        self.asked
            .lock()
            .unwrap()
            .iter()
            .filter(|p| p.split('?').next() == Some(path))
            .cloned()
            .collect()
    }
}

/// A file under one of the served directories, when `key` names one (never outside it).
fn from_dirs(key: &str, dirs: &[(String, std::path::PathBuf)]) -> Option<Page> {
    for (prefix, dir) in dirs {
        // A whole path segment: "/npm/react" serves no file of "/npm/react-dom".
        let Some(rest) = key
            .strip_prefix(prefix.as_str())
            .filter(|rest| rest.starts_with('/'))
        else {
            continue;
        };
        let rel = rest.trim_start_matches('/');
        if rel.split('/').any(|p| p == ".." || p.is_empty()) {
            return None;
        }
        let path = dir.join(rel);
        let body = std::fs::read(&path).ok()?;
        return Some(Page {
            status: 200,
            content_type: content_type(&path),
            body,
            headers: Vec::new(),
            delay: std::time::Duration::ZERO,
            pause: None,
        });
    }
    None
}

fn serve(
    stream: TcpStream,
    routes: &std::sync::RwLock<HashMap<String, Page>>,
    dirs: &[(String, std::path::PathBuf)],
    (log, full, arrived): (
        &std::sync::Mutex<Vec<String>>,
        &std::sync::Mutex<Vec<String>>,
        &std::sync::Condvar,
    ),
) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut stream = stream;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 {
            return;
        }
        let path = line.split_whitespace().nth(1).unwrap_or("/").to_owned();
        loop {
            let mut h = String::new();
            if reader.read_line(&mut h).unwrap_or(0) == 0 || h == "\r\n" || h == "\n" {
                break;
            }
        }
        let key = path.split('?').next().unwrap_or("/");
        full.lock().unwrap().push(path.clone());
        log.lock().unwrap().push(key.to_owned());
        arrived.notify_all();
        let page = routes
            .read()
            .unwrap()
            .get(key)
            .cloned()
            .or_else(|| from_dirs(key, dirs))
            .unwrap_or_else(|| Page::status(404));
        thread::sleep(page.delay);
        let mut head = format!(
            "HTTP/1.1 {} X\r\nContent-Type: {}\r\nContent-Length: {}\r\n",
            page.status,
            page.content_type,
            page.body.len()
        );
        // Nothing is cached unless the page says how.
        if !page
            .headers
            .iter()
            .any(|(k, _)| k.eq_ignore_ascii_case("cache-control"))
        {
            head.push_str("Cache-Control: no-store\r\n");
        }
        for (k, v) in &page.headers {
            head.push_str(&format!("{k}: {v}\r\n"));
        }
        head.push_str("\r\n");
        let (first, rest) = match page.pause {
            Some((at, _)) => page.body.split_at(at.min(page.body.len())),
            None => (&page.body[..], &[][..]),
        };
        if stream.write_all(head.as_bytes()).is_err() || stream.write_all(first).is_err() {
            return;
        }
        if let Some((_, pause)) = page.pause {
            let _ = stream.flush();
            thread::sleep(pause);
            if stream.write_all(rest).is_err() {
                return;
            }
        }
    }
}

// Helpers for [R1] [E1] [S1] [D1]: a server that records request headers (cookies, user agent)
// and paths with their query, and a server whose answers the test gives by hand (a request
// stays pending exactly as long as the test wants).

/// One request's head, read from a connection: its path (query included) and its headers
/// (names lowercased); `None` once the connection ends.
fn read_head(reader: &mut BufReader<TcpStream>) -> Option<(String, Vec<(String, String)>)> {
    let mut line = String::new();
    if reader.read_line(&mut line).unwrap_or(0) == 0 {
        return None;
    }
    let path = line.split_whitespace().nth(1).unwrap_or("/").to_owned();
    let mut headers = Vec::new();
    loop {
        let mut h = String::new();
        if reader.read_line(&mut h).unwrap_or(0) == 0 || h.trim().is_empty() {
            break;
        }
        if let Some((k, v)) = h.split_once(':') {
            headers.push((k.trim().to_ascii_lowercase(), v.trim().to_owned()));
        }
    }
    Some((path, headers))
}

/// A server on 127.0.0.1 that answers every path with one fixed response and keeps, for each
/// request, its path (query included) and its headers: what the browser sent, as a server
/// sees it (cookies, user agent). GET requests only.
/// Each request a [`Recorder`] saw: its path with query, and its headers.
pub type Seen = Arc<std::sync::Mutex<Vec<(String, Vec<(String, String)>)>>>;

pub struct Recorder {
    pub port: u16,
    pub seen: Seen,
}

impl Recorder {
    /// `extra`: more header lines, each ending in CRLF (`""` for none).
    pub fn start(content_type: &'static str, body: &'static str, extra: &'static str) -> Recorder {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1");
        let port = listener.local_addr().unwrap().port();
        let seen = Arc::new(std::sync::Mutex::new(Vec::new()));
        let log = Arc::clone(&seen);
        thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let log = Arc::clone(&log);
                thread::spawn(move || {
                    let mut reader = BufReader::new(stream.try_clone().unwrap());
                    let mut stream = stream;
                    while let Some((path, headers)) = read_head(&mut reader) {
                        log.lock().unwrap().push((path, headers));
                        let head = format!(
                            "HTTP/1.1 200 OK\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n{extra}\r\n",
                            body.len()
                        );
                        if stream.write_all(head.as_bytes()).is_err()
                            || stream.write_all(body.as_bytes()).is_err()
                        {
                            return;
                        }
                    }
                });
            }
        });
        Recorder { port, seen }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }

    /// The headers of the last request for exactly `path` (query included), if one came.
    pub fn headers_of(&self, path: &str) -> Option<Vec<(String, String)>> {
        self.seen
            .lock()
            .unwrap()
            .iter()
            .rev()
            .find(|(p, _)| p == path)
            .map(|(_, h)| h.clone())
    }

    /// Header `name` (lowercase) of the last request for exactly `path`.
    pub fn header(&self, path: &str, name: &str) -> Option<String> {
        self.headers_of(path)?
            .into_iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v)
    }

    /// How many requests came for exactly `path`.
    pub fn count(&self, path: &str) -> usize {
        self.seen
            .lock()
            .unwrap()
            .iter()
            .filter(|(p, _)| p == path)
            .count()
    }
}

/// A server on 127.0.0.1 that answers nothing by itself: each request is handed to the test
/// (its path with query, and the open connection, its head read) once it arrived, and the test
/// answers it with [`answer`] when it chooses.
pub fn held() -> (u16, std::sync::mpsc::Receiver<(String, TcpStream)>) {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1");
    let port = listener.local_addr().unwrap().port();
    let (tx, rx) = std::sync::mpsc::channel();
    thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let tx = tx.clone();
            thread::spawn(move || {
                let mut reader = BufReader::new(stream.try_clone().unwrap());
                if let Some((path, _)) = read_head(&mut reader) {
                    let _ = tx.send((path, stream));
                }
            });
        }
    });
    (port, rx)
}

/// Answer a held request and close its connection.
pub fn answer(mut stream: TcpStream, status: u16, headers: &[(&str, &str)], body: &str) {
    let mut head = format!(
        "HTTP/1.1 {status} X\r\nContent-Length: {}\r\nConnection: close\r\n",
        body.len()
    );
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str("\r\n");
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(body.as_bytes());
    let _ = stream.flush();
}
