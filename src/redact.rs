//! The one place that bounds and scrubs text leaving the server.
//!
//! Anything page-derived or client-derived that goes into a response passes through here, so
//! bounds are uniform and control characters never reach a client's terminal or log.

/// `text` with control characters replaced by spaces, whitespace runs collapsed, and cut to at
/// most `max_chars` characters (ending in `…` when cut).
pub fn bounded_text(text: &str, max_chars: usize) -> String {
    let mut out = String::with_capacity(text.len().min(max_chars * 4));
    let mut count = 0;
    let mut last_space = true;
    for c in text.chars() {
        let c = if c.is_control() || c.is_whitespace() {
            ' '
        } else {
            c
        };
        if c == ' ' {
            if last_space {
                continue;
            }
            last_space = true;
        } else {
            last_space = false;
        }
        if count == max_chars {
            out.pop();
            out.push('…');
            return out.trim_end().to_owned();
        }
        out.push(c);
        count += 1;
    }
    out.trim_end().to_owned()
}

/// A URL reduced for reports: scheme, host, port and path only (no credentials, query or
/// fragment), bounded. Read with the WHATWG parser Chrome uses, so the host reported is the
/// host Chrome connected to (`http://a.test\\@b.test/` is `a.test`); a string that is no URL
/// at all loses what follows `?` or `#`.
pub fn url_without_query(url: &str) -> String {
    let cleaned = match url::Url::parse(url.trim()) {
        Ok(mut parsed) => {
            let _ = parsed.set_username("");
            let _ = parsed.set_password(None);
            parsed.set_query(None);
            parsed.set_fragment(None);
            parsed.to_string()
        }
        Err(_) => {
            let no_fragment = url.split('#').next().unwrap_or("");
            no_fragment.split('?').next().unwrap_or("").to_owned()
        }
    };
    bounded_text(&cleaned, 512)
}

/// The page's own URL as results report it, the same in an observation, `navigate`'s answer
/// and an action's `caused.navigation`: path, query and fragment as the page has them (the
/// page itself shows them), credentials dropped, bounded.
pub fn page_url(url: &str) -> String {
    let cleaned = match url::Url::parse(url.trim()) {
        Ok(mut parsed) => {
            let _ = parsed.set_username("");
            let _ = parsed.set_password(None);
            parsed.to_string()
        }
        Err(_) => url.to_owned(),
    };
    bounded_text(&cleaned, 2048)
}

/// A URL as `listRequests` reports it: no credentials or fragment; its query's names kept
/// and their values replaced by `…` unless `values` (the policy allows network-details),
/// since query strings carry tokens and personal data. Bounded.
pub fn url_with_query_names(url: &str, values: bool) -> String {
    let Ok(mut parsed) = url::Url::parse(url.trim()) else {
        return url_without_query(url);
    };
    let _ = parsed.set_username("");
    let _ = parsed.set_password(None);
    parsed.set_fragment(None);
    let query = parsed.query().map(str::to_owned);
    parsed.set_query(None);
    let mut out = parsed.to_string();
    if let Some(q) = query.filter(|q| !q.is_empty()) {
        out.push('?');
        if values {
            out.push_str(&q);
        } else {
            out.push_str(&query_names(&q));
        }
    }
    bounded_text(&out, 1024)
}

/// A query as reports show it without its values: each name with `=…`, a bare part only when
/// it reads as a flag (`?print`), anything else `…`.
fn query_names(q: &str) -> String {
    q.split('&')
        .filter(|p| !p.is_empty())
        .map(|p| match p.split_once('=') {
            Some((name, _)) => format!("{}=…", bounded_text(name, 64)),
            None if is_query_flag(p) => p.to_owned(),
            None => "…".to_owned(),
        })
        .collect::<Vec<_>>()
        .join("&")
}

/// Every query in `text` (URLs, absolute or relative, as headers such as `Location`,
/// `Referer` or `Link` carry them) with its values replaced by `…` unless `values`, exactly as
/// [`url_with_query_names`] shows one URL's query; fragments are dropped. Bounded.
pub fn queries_in_text(text: &str, values: bool) -> String {
    if values {
        return bounded_text(text, 1024);
    }
    let ends = |c: char| c.is_whitespace() || matches!(c, '>' | '"' | '\'' | ',' | ';');
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find(['?', '#']) {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        let end = tail[1..].find(ends).map_or(tail.len(), |e| e + 1);
        let (part, after) = tail.split_at(end);
        if let Some(q) = part.strip_prefix('?') {
            let q = q.split('#').next().unwrap_or("");
            let shown = query_names(q);
            if !shown.is_empty() {
                out.push('?');
                out.push_str(&shown);
            }
        }
        rest = after;
    }
    out.push_str(rest);
    bounded_text(&out, 1024)
}

/// Every string of `v` that is an http(s) or ws(s) URL, reduced as
/// [`url_with_query_names`] shows it without values: what Glass stores (traces, checkpoints)
/// keeps no token a URL carried.
pub fn urls_in_json(v: &mut serde_json::Value) {
    match v {
        serde_json::Value::String(s) => {
            let lower = s.get(..8).unwrap_or(s).to_ascii_lowercase();
            if ["http://", "https://", "ws://", "wss://"]
                .iter()
                .any(|p| lower.starts_with(p))
                && (s.contains('?') || s.contains('#') || s.contains('@'))
            {
                *s = url_with_query_names(s, false);
            }
        }
        serde_json::Value::Array(a) => a.iter_mut().for_each(urls_in_json),
        serde_json::Value::Object(m) => m.values_mut().for_each(urls_in_json),
        _ => {}
    }
}

/// Whether a query part without `=` reads as a flag (`?print`, `?v2`) rather than a value:
/// a short word of letters (`-`, `_`) starting with a letter, ending in at most three digits.
/// A number (a cache-busting timestamp, an id) or anything token-like, with digits inside,
/// is a value, and values are not shown.
fn is_query_flag(part: &str) -> bool {
    let word = part.trim_end_matches(|c: char| c.is_ascii_digit());
    part.len() <= 16
        && part.len() - word.len() <= 3
        && word.starts_with(|c: char| c.is_ascii_alphabetic())
        && word
            .bytes()
            .all(|b| b.is_ascii_alphabetic() || b == b'_' || b == b'-')
}

/// A Chrome network error code such as `ERR_NAME_NOT_RESOLVED`, if `text` is one.
pub fn net_error_code(text: &str) -> Option<String> {
    let code = text.trim().strip_prefix("net::").unwrap_or(text.trim());
    let valid = code.starts_with("ERR_")
        && code.len() <= 64
        && code
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_');
    valid.then(|| code.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_values_are_hidden_unless_allowed() {
        let u = "https://user:pw@a.test/s?q=secret&flag&page=2#frag";
        assert_eq!(
            url_with_query_names(u, false),
            "https://a.test/s?q=…&flag&page=…"
        );
        assert_eq!(
            url_with_query_names(u, true),
            "https://a.test/s?q=secret&flag&page=2"
        );
        assert_eq!(
            url_with_query_names("https://a.test/", false),
            "https://a.test/"
        );
        assert_eq!(
            url_with_query_names("https://a.test/x?eyJhbGciOiJIUzI1NiJ9.payload", false),
            "https://a.test/x?…"
        );
        // Flags stay; a bare number (JupyterLab's cache-busting stamp) or token is a value.
        assert_eq!(
            url_with_query_names("https://a.test/x?print&v2&utf8&1796162262957", false),
            "https://a.test/x?print&v2&utf8&…"
        );
        assert_eq!(
            url_with_query_names("https://a.test/x?a8f3b2c9d1e4f5a6&Xk29fQ7LpZ", false),
            "https://a.test/x?…&…"
        );
    }

    #[test]
    fn queries_inside_header_values_lose_their_values() {
        assert_eq!(
            queries_in_text("http://a.test/secrets?token=QT123&x", false),
            "http://a.test/secrets?token=…&x"
        );
        assert_eq!(
            queries_in_text("/p2?code=OAUTH&state=S#frag", false),
            "/p2?code=…&state=…"
        );
        assert_eq!(
            queries_in_text(
                "<https://c.test/a.css?v=SIG9>; rel=preload, </b?k=1>; rel=x",
                false
            ),
            "<https://c.test/a.css?v=…>; rel=preload, </b?k=…>; rel=x"
        );
        assert_eq!(queries_in_text("/p2?code=OAUTH", true), "/p2?code=OAUTH");
        let mut v = serde_json::json!({"args": {"data": {"url": "https://a.test/p?token=T1#f", "n": "plain?x=1"}}, "l": ["wss://b.test/s?k=K2"]});
        urls_in_json(&mut v);
        let s = v.to_string();
        assert!(
            !s.contains("T1") && !s.contains("K2") && s.contains("plain?x=1"),
            "{s}"
        );
    }

    #[test]
    fn text_is_collapsed_and_cut() {
        assert_eq!(bounded_text("  a\n\tb  ", 10), "a b");
        assert_eq!(bounded_text("abcdef", 3), "ab…");
        assert_eq!(bounded_text("abc", 3), "abc");
        assert_eq!(bounded_text("\u{7}x", 5), "x");
    }

    #[test]
    fn urls_lose_credentials_query_and_fragment() {
        assert_eq!(
            url_without_query("https://user:pw@example.com:8080/a/b?token=1#x"),
            "https://example.com:8080/a/b"
        );
        assert_eq!(url_without_query("about:blank"), "about:blank");
        // A backslash ends the authority of a special URL, as in Chrome.
        assert_eq!(
            url_without_query("http://a.test\\@b.test/x?q"),
            "http://a.test/@b.test/x"
        );
        assert_eq!(url_without_query("not a url?secret"), "not a url");
    }

    #[test]
    fn only_real_net_errors_pass() {
        assert_eq!(
            net_error_code("net::ERR_ABORTED").as_deref(),
            Some("ERR_ABORTED")
        );
        assert_eq!(net_error_code("Cannot navigate to invalid URL"), None);
    }

    #[test]
    fn only_bounded_err_codes_count_as_network_error_codes() {
        // Every condition on its own: the prefix, the length, the characters.
        assert_eq!(net_error_code("net::ABORTED"), None);
        assert_eq!(net_error_code(&format!("ERR_{}", "A".repeat(61))), None);
        assert_eq!(
            net_error_code(&format!("ERR_{}", "A".repeat(60))).map(|c| c.len()),
            Some(64)
        );
        assert_eq!(net_error_code("ERR_lower"), None);
        assert_eq!(net_error_code("ERR_A B"), None);
        assert_eq!(net_error_code("ERR_CODE_2").as_deref(), Some("ERR_CODE_2"));
    }
}
