//! Values read off a page, normalized to what a program can use: numbers whatever the locale's
//! separators, an amount with its currency code, ISO dates and times, booleans from the words
//! and marks pages use, absolute URLs, one of a closed set of options.
//!
//! Pure and browser-free (`extractStructured` feeds it the text the page agent read), so every
//! rule is unit-tested here. A text that does not parse as its kind is `None`: the caller
//! reports it as unparsed instead of guessing.

use serde_json::{Value, json};

/// How a page writes numbers: which of `.` and `,` is the decimal mark when only one of them
/// appears once (`1,234` is a thousand in English, one and a bit in German).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecimalMark {
    /// `.` is the decimal mark (English, Chinese, Japanese, Korean, ...).
    Point,
    /// `,` is the decimal mark (German, French, Spanish, Italian, Russian, ...).
    Comma,
    /// The page does not say: `,` followed by exactly three digits groups, `.` is decimal.
    Unknown,
}

impl DecimalMark {
    /// The mark of a page whose `lang` is `lang` (`en-GB`, `de`, empty).
    pub fn of_lang(lang: &str) -> DecimalMark {
        let primary = lang
            .split(['-', '_'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        match primary.as_str() {
            "" => DecimalMark::Unknown,
            "en" | "zh" | "ja" | "ko" | "he" | "th" | "hi" | "ms" | "ga" => DecimalMark::Point,
            "de" | "fr" | "es" | "it" | "pt" | "nl" | "ru" | "pl" | "sv" | "da" | "nb" | "no"
            | "fi" | "cs" | "sk" | "tr" | "uk" | "el" | "hu" | "ro" | "id" | "vi" | "ca" | "hr"
            | "sl" | "bg" | "lt" | "lv" | "et" => DecimalMark::Comma,
            _ => DecimalMark::Unknown,
        }
    }
}

/// Whether a page that writes dates with slashes puts the month first (`03/04/2025` is March
/// in the US, April in Britain).
fn month_first(lang: &str) -> Option<bool> {
    let l = lang.to_ascii_lowercase();
    if l == "en-us" || l == "en" {
        Some(true)
    } else if l.is_empty() {
        None
    } else {
        Some(false)
    }
}

/// The first number written in `text`, as a JSON number (an integer when it is one).
/// Accepts signs (`-`, `−`, `+`), accounting parentheses, grouping by `,` `.` `'` and spaces,
/// and a trailing `%` (the number of percent).
pub fn number(text: &str, mark: DecimalMark) -> Option<Value> {
    let chars: Vec<char> = text.chars().collect();
    let start = chars.iter().position(|c| c.is_ascii_digit())?;
    let mut negative = false;
    let mut paren = false;
    let mut k = start;
    // Look back over spaces and currency for a sign or an opening parenthesis.
    while k > 0 {
        let c = chars[k - 1];
        match c {
            '-' | '−' | '–' => {
                negative = true;
                break;
            }
            '(' => {
                paren = true;
                break;
            }
            '+' => break,
            c if c.is_whitespace() || c.is_alphabetic() || "$€£¥₹₩₽¤".contains(c) => {
                k -= 1
            }
            _ => break,
        }
    }
    let mut body = String::new();
    let mut end = start;
    while end < chars.len() {
        let c = chars[end];
        let next_digit = chars.get(end + 1).is_some_and(char::is_ascii_digit);
        if c.is_ascii_digit()
            || ((matches!(c, '.' | ',' | '\'' | '’') || is_space(c)) && next_digit)
        {
            body.push(c);
            end += 1;
        } else {
            break;
        }
    }
    let rest: String = chars[end..].iter().collect();
    if paren && !rest.trim_start().starts_with(')') && !rest.contains(')') {
        paren = false;
    }
    let value = parse_digits(&body, mark)?;
    let value = if negative || paren { -value } else { value };
    Some(as_number(value))
}

fn is_space(c: char) -> bool {
    c == ' ' || c == '\u{a0}' || c == '\u{202f}' || c == '\u{2009}'
}

/// Digits with grouping and at most one decimal mark.
fn parse_digits(body: &str, mark: DecimalMark) -> Option<f64> {
    let cleaned: String = body
        .chars()
        .filter(|c| !(is_space(*c) || *c == '\'' || *c == '’'))
        .collect();
    let dots = cleaned.matches('.').count();
    let commas = cleaned.matches(',').count();
    let decimal = match (dots, commas) {
        (0, 0) => None,
        // Both: the last one is the decimal mark, unless it repeats.
        (_, _) if dots > 0 && commas > 0 => {
            let last = if cleaned.rfind('.') > cleaned.rfind(',') {
                '.'
            } else {
                ','
            };
            let count = if last == '.' { dots } else { commas };
            if count > 1 {
                return None;
            }
            Some(last)
        }
        (d, 0) if d > 1 => None,
        (0, c) if c > 1 => None,
        (1, 0) => match mark {
            DecimalMark::Comma if groups_of_three(&cleaned, '.') => None,
            _ => Some('.'),
        },
        (0, 1) => match mark {
            DecimalMark::Comma => Some(','),
            DecimalMark::Point => None,
            DecimalMark::Unknown if groups_of_three(&cleaned, ',') => None,
            DecimalMark::Unknown => Some(','),
        },
        _ => return None,
    };
    // Grouping marks split the whole part into groups of three after the first.
    let whole = match decimal.and_then(|d| cleaned.rfind(d)) {
        Some(i) => &cleaned[..i],
        None => cleaned.as_str(),
    };
    if !whole.split(['.', ',']).skip(1).all(|g| g.len() == 3) {
        return None;
    }
    let mut plain = String::with_capacity(cleaned.len());
    for c in cleaned.chars() {
        if Some(c) == decimal {
            plain.push('.');
        } else if c.is_ascii_digit() {
            plain.push(c);
        }
    }
    plain.parse::<f64>().ok().filter(|v| v.is_finite())
}

/// Whether every `sep` in `s` is followed by exactly three digits (grouping, not a decimal).
fn groups_of_three(s: &str, sep: char) -> bool {
    s.split(sep).skip(1).all(|g| g.len() == 3)
}

fn as_number(v: f64) -> Value {
    if v.fract() == 0.0 && v.abs() < 9.0e15 {
        json!(v as i64)
    } else {
        json!(v)
    }
}

/// Currency symbols and the code each stands for (the first that matches wins, so `US$`
/// comes before `$`).
const SYMBOLS: &[(&str, &str)] = &[
    ("US$", "USD"),
    ("CA$", "CAD"),
    ("C$", "CAD"),
    ("A$", "AUD"),
    ("AU$", "AUD"),
    ("NZ$", "NZD"),
    ("HK$", "HKD"),
    ("R$", "BRL"),
    ("€", "EUR"),
    ("£", "GBP"),
    ("¥", "JPY"),
    ("₹", "INR"),
    ("₩", "KRW"),
    ("₽", "RUB"),
    ("₺", "TRY"),
    ("₪", "ILS"),
    ("zł", "PLN"),
    ("Kč", "CZK"),
    ("$", "USD"),
];

/// ISO 4217 codes Glass recognizes written beside an amount.
const CODES: &[&str] = &[
    "USD", "EUR", "GBP", "JPY", "CHF", "CAD", "AUD", "NZD", "CNY", "HKD", "SEK", "NOK", "DKK",
    "PLN", "CZK", "HUF", "INR", "BRL", "MXN", "ZAR", "KRW", "SGD", "RUB", "TRY", "ILS",
];

/// An amount with its currency: `{"amount": 1234.5, "currency": "EUR"}`. The currency is
/// the ISO code written beside the amount, else the one its symbol stands for; without
/// either it is not a currency value.
pub fn currency(text: &str, mark: DecimalMark) -> Option<Value> {
    let amount = number(text, mark)?;
    let upper = text.to_uppercase();
    let code = CODES
        .iter()
        .find(|c| {
            upper
                .match_indices(*c)
                .any(|(i, _)| word_edge(&upper, i, c.len()))
        })
        .map(|c| (*c).to_owned())
        .or_else(|| {
            SYMBOLS
                .iter()
                .find(|(s, _)| text.contains(s))
                .map(|(_, c)| (*c).to_owned())
        })?;
    Some(json!({"amount": amount, "currency": code}))
}

fn word_edge(s: &str, i: usize, len: usize) -> bool {
    let before = s[..i].chars().next_back();
    let after = s[i + len..].chars().next();
    !before.is_some_and(char::is_alphabetic) && !after.is_some_and(char::is_alphabetic)
}

const MONTHS: &[&str] = &[
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];

/// The month (1 to 12) a word names ("Mar", "march", "Sept."), in English.
pub fn month_of(word: &str) -> Option<u32> {
    let w = word.to_lowercase();
    let w = w.trim_end_matches('.');
    if w.len() < 3 {
        return None;
    }
    MONTHS
        .iter()
        .position(|m| w.starts_with(m))
        .map(|i| i as u32 + 1)
}

fn valid(y: i64, m: u32, d: u32) -> bool {
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&d) && (1..=9999).contains(&y)
}

/// A calendar date as `YYYY-MM-DD`: ISO (`2025-03-04`, also with a time after it),
/// `2025/03/04`, `4 March 2025`, `March 4, 2025`, `04.03.2025`, and slashed day and month in
/// the page's order (`lang`); a slashed date whose order the page does not say is read only
/// when one of the two numbers is over 12.
pub fn date(text: &str, lang: &str) -> Option<String> {
    let t = text.trim();
    let tokens: Vec<&str> = t
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|s| !s.is_empty())
        .collect();
    let num = |s: &str| {
        s.trim_end_matches(['.', 's', 't', 'n', 'd', 'r', 'h'])
            .parse::<u32>()
            .ok()
    };
    // Numeric forms.
    for token in &tokens {
        let parts: Vec<&str> = token.split(['-', '/', '.']).collect();
        if parts.len() < 3
            || !parts
                .iter()
                .take(3)
                .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()))
        {
            continue;
        }
        let (a, b, c) = (parts[0], parts[1], parts[2]);
        let (a_n, b_n, c_n): (u32, u32, u32) = (a.parse().ok()?, b.parse().ok()?, c.parse().ok()?);
        let sep = token.chars().find(|c| matches!(c, '-' | '/' | '.'))?;
        let (y, m, d) = if a.len() == 4 {
            (a_n as i64, b_n, c_n)
        } else if c.len() == 4 {
            if sep == '.' || sep == '-' {
                (c_n as i64, b_n, a_n)
            } else {
                match month_first(lang) {
                    Some(true) => (c_n as i64, a_n, b_n),
                    Some(false) => (c_n as i64, b_n, a_n),
                    None if a_n > 12 => (c_n as i64, b_n, a_n),
                    None if b_n > 12 => (c_n as i64, a_n, b_n),
                    None => return None,
                }
            }
        } else {
            continue;
        };
        return valid(y, m, d).then(|| format!("{y:04}-{m:02}-{d:02}"));
    }
    // Words: a month name with a day and a four-digit year around it.
    let month_at = tokens.iter().position(|w| month_of(w).is_some())?;
    let m = month_of(tokens[month_at])?;
    let year = tokens
        .iter()
        .filter_map(|w| w.parse::<i64>().ok())
        .find(|y| (1000..=9999).contains(y))?;
    let day = tokens
        .iter()
        .enumerate()
        .filter(|(i, _)| *i + 1 == month_at || *i == month_at + 1)
        .filter_map(|(_, w)| num(w))
        .find(|d| (1..=31).contains(d))?;
    valid(year, m, day).then(|| format!("{year:04}-{m:02}-{day:02}"))
}

/// A date and time as ISO 8601 (`2025-03-04T09:30:00`, with the zone when the text gives
/// one: `Z` or `+01:00`). The date as [`date`] reads it; the time `H:MM` or `H:MM:SS`,
/// with `am`/`pm`.
pub fn date_time(text: &str, lang: &str) -> Option<String> {
    let t = text.trim();
    // ISO with a T: split there so the date part reads alone.
    let (date_part, time_part) = match t.find('T') {
        Some(i)
            if t[..i].len() == 10 && t.as_bytes().get(i + 1).is_some_and(u8::is_ascii_digit) =>
        {
            (&t[..i], &t[i + 1..])
        }
        _ => (t, t),
    };
    let day = date(date_part, lang)?;
    let time_token = time_part
        .split(|c: char| c.is_whitespace() || c == ',')
        .find(|w| w.contains(':') && w.starts_with(|c: char| c.is_ascii_digit()))?;
    let (clock, zone) = split_zone(time_token);
    let mut hms = clock.split(':').map(|p| p.parse::<u32>().ok());
    let mut h = hms.next()??;
    let min = hms.next()??;
    let s = hms.next().flatten().unwrap_or(0);
    let lower = t.to_lowercase();
    if lower.contains("pm") && h < 12 {
        h += 12;
    } else if lower.contains("am") && h == 12 {
        h = 0;
    }
    if h > 23 || min > 59 || s > 60 {
        return None;
    }
    Some(format!("{day}T{h:02}:{min:02}:{s:02}{zone}"))
}

/// A time token's clock and its zone (`Z`, `+01:00`, or none); fractions of a second dropped.
fn split_zone(token: &str) -> (&str, String) {
    if let Some(clock) = token.strip_suffix('Z') {
        return (clock.split('.').next().unwrap_or(clock), "Z".into());
    }
    if let Some(i) = token.rfind(['+', '-']) {
        let zone = &token[i..];
        let digits: String = zone.chars().filter(char::is_ascii_digit).collect();
        if digits.len() == 4 {
            let clock = &token[..i];
            return (
                clock.split('.').next().unwrap_or(clock),
                format!("{}{}:{}", &zone[..1], &digits[..2], &digits[2..]),
            );
        }
    }
    (token.split('.').next().unwrap_or(token), String::new())
}

/// A yes or no a page writes: words, marks, 1 and 0.
pub fn boolean(text: &str) -> Option<bool> {
    let t = text.trim().to_lowercase();
    match t.as_str() {
        "true" | "yes" | "y" | "on" | "1" | "✓" | "✔" | "☑" | "checked" | "enabled" | "active" => {
            Some(true)
        }
        "false" | "no" | "n" | "off" | "0" | "✗" | "✘" | "☐" | "unchecked" | "disabled"
        | "inactive" | "-" | "–" | "—" => Some(false),
        _ => None,
    }
}

/// An absolute http(s) URL: the link's own (the agent gives it absolute), else the text when
/// it is one, else the text as a path on the page's origin.
pub fn url(text: &str, href: Option<&str>, page_url: &str) -> Option<String> {
    if let Some(h) = href.filter(|h| h.starts_with("http://") || h.starts_with("https://")) {
        return Some(h.to_owned());
    }
    let t = text.trim();
    if (t.starts_with("http://") || t.starts_with("https://")) && !t.contains(char::is_whitespace) {
        return Some(t.to_owned());
    }
    if t.starts_with('/') && !t.starts_with("//") && !t.contains(char::is_whitespace) {
        let (scheme, rest) = page_url.split_once("://")?;
        let host = rest.split('/').next()?;
        return Some(format!("{scheme}://{host}{t}"));
    }
    None
}

/// The option `text` names, exactly or ignoring case and surrounding space.
pub fn one_of<'a>(text: &str, options: &'a [String]) -> Option<&'a str> {
    let t = text.trim();
    options
        .iter()
        .find(|o| o.as_str() == t)
        .or_else(|| options.iter().find(|o| o.trim().eq_ignore_ascii_case(t)))
        .map(String::as_str)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_in_every_locale() {
        let u = DecimalMark::Unknown;
        assert_eq!(number("1,234", u), Some(json!(1234)));
        assert_eq!(number("1,5", u), Some(json!(1.5)));
        assert_eq!(number("1.234,56", u), Some(json!(1234.56)));
        assert_eq!(number("1,234.56", u), Some(json!(1234.56)));
        assert_eq!(number("1 234,5", DecimalMark::Comma), Some(json!(1234.5)));
        assert_eq!(number("1.234", DecimalMark::Comma), Some(json!(1234)));
        assert_eq!(number("1.234", DecimalMark::Point), Some(json!(1.234)));
        assert_eq!(number("1,234", DecimalMark::Comma), Some(json!(1.234)));
        assert_eq!(number("1'234'567", u), Some(json!(1234567)));
        assert_eq!(number("−42", u), Some(json!(-42)));
        assert_eq!(number("(1,200.00)", u), Some(json!(-1200)));
        assert_eq!(number("12.5%", u), Some(json!(12.5)));
        assert_eq!(number("Total: 7 items", u), Some(json!(7)));
        assert_eq!(number("no digits", u), None);
        assert_eq!(number("1.2.3", u), None);
        assert_eq!(DecimalMark::of_lang("de-AT"), DecimalMark::Comma);
        assert_eq!(DecimalMark::of_lang("en-GB"), DecimalMark::Point);
    }

    #[test]
    fn currency_is_an_amount_and_a_code() {
        let u = DecimalMark::Unknown;
        assert_eq!(
            currency("$1,299.99", u),
            Some(json!({"amount": 1299.99, "currency": "USD"}))
        );
        assert_eq!(
            currency("12,50 €", DecimalMark::Comma),
            Some(json!({"amount": 12.5, "currency": "EUR"}))
        );
        assert_eq!(
            currency("CHF 1'200.-", u),
            Some(json!({"amount": 1200, "currency": "CHF"}))
        );
        assert_eq!(
            currency("US$ 5", u),
            Some(json!({"amount": 5, "currency": "USD"}))
        );
        assert_eq!(currency("1,200", u), None);
    }

    #[test]
    fn dates_in_the_forms_pages_use() {
        assert_eq!(date("2025-03-04", ""), Some("2025-03-04".into()));
        assert_eq!(date("2025-03-04 10:00", ""), Some("2025-03-04".into()));
        assert_eq!(date("4 March 2025", ""), Some("2025-03-04".into()));
        assert_eq!(date("March 4th, 2025", ""), Some("2025-03-04".into()));
        assert_eq!(date("Tue, Mar 4 2025", ""), Some("2025-03-04".into()));
        assert_eq!(date("04.03.2025", "de"), Some("2025-03-04".into()));
        assert_eq!(date("03/04/2025", "en-US"), Some("2025-03-04".into()));
        assert_eq!(date("04/03/2025", "en-GB"), Some("2025-03-04".into()));
        assert_eq!(date("04/03/2025", ""), None);
        assert_eq!(date("25/03/2025", ""), Some("2025-03-25".into()));
        // With no language, the number over 12 is the day, whichever side it is on.
        assert_eq!(date("03/25/2025", ""), Some("2025-03-25".into()));
        assert_eq!(date("2025-02-30", ""), None);
        assert_eq!(date("soon", ""), None);
    }

    #[test]
    fn date_times_keep_their_zone() {
        assert_eq!(
            date_time("2025-03-04T09:30:15Z", ""),
            Some("2025-03-04T09:30:15Z".into())
        );
        assert_eq!(
            date_time("2025-03-04T09:30:15.123+0100", ""),
            Some("2025-03-04T09:30:15+01:00".into())
        );
        assert_eq!(
            date_time("March 4, 2025 at 2:05 pm", ""),
            Some("2025-03-04T14:05:00".into())
        );
        assert_eq!(date_time("2025-03-04", ""), None);
        // Noon and midnight on the 12-hour clock.
        assert_eq!(
            date_time("2025-03-04 12:30 pm", ""),
            Some("2025-03-04T12:30:00".into())
        );
        assert_eq!(
            date_time("2025-03-04 12:30 AM", ""),
            Some("2025-03-04T00:30:00".into())
        );
    }

    #[test]
    fn booleans_urls_and_options() {
        assert_eq!(boolean(" Yes "), Some(true));
        assert_eq!(boolean("✗"), Some(false));
        assert_eq!(boolean("maybe"), None);
        assert_eq!(
            url("docs", Some("https://a.test/d"), "http://x.test/p"),
            Some("https://a.test/d".into())
        );
        assert_eq!(
            url("/rows/3", None, "http://127.0.0.1:8001/db/t?x=1"),
            Some("http://127.0.0.1:8001/rows/3".into())
        );
        assert_eq!(url("not a url", None, "http://x.test/"), None);
        let opts = vec!["Open".to_owned(), "Closed".to_owned()];
        assert_eq!(one_of(" closed", &opts), Some("Closed"));
        assert_eq!(one_of("pending", &opts), None);
    }

    // Covers: normalize rules N2–N9 gaps: unknown/empty lang, lang-decided separators, the
    // architecture's own examples, code beside amount vs symbol, code inside a word, 2025/03/04,
    // leap days, slashed dates by lang, ±hh:mm zones, bare H:MM, bad hours, protocol-relative and
    // non-http hrefs, booleans' words and marks, exact-before-case-insensitive options.

    #[test]
    fn the_rules_the_docs_give_as_examples_and_their_edges() {
        let u = DecimalMark::Unknown;
        // docs/architecture.md's examples.
        assert_eq!(
            currency("1.234,50 €", u),
            Some(json!({"amount": 1234.5, "currency": "EUR"}))
        );
        assert_eq!(date("March 4, 2025", ""), Some("2025-03-04".into()));
        // A language Glass does not know, or none, leaves the mark to the digits.
        assert_eq!(DecimalMark::of_lang(""), DecimalMark::Unknown);
        assert_eq!(DecimalMark::of_lang("xx-YY"), DecimalMark::Unknown);
        assert_eq!(DecimalMark::of_lang("pt_BR"), DecimalMark::Comma);
        assert_eq!(DecimalMark::of_lang("ZH-Hant"), DecimalMark::Point);
        // The page's language decides what one separator means.
        assert_eq!(number("1.007", DecimalMark::Comma), Some(json!(1007)));
        assert_eq!(number("1.007", DecimalMark::Point), Some(json!(1.007)));
        assert_eq!(number("−1.234,5", DecimalMark::Comma), Some(json!(-1234.5)));
        assert_eq!(number("1,2,3", u), None);
        // A code beside the amount wins over a symbol; a code inside a word is no code.
        assert_eq!(
            currency("$5 CAD", u),
            Some(json!({"amount": 5, "currency": "CAD"}))
        );
        assert_eq!(
            currency("5 EUR", u),
            Some(json!({"amount": 5, "currency": "EUR"}))
        );
        assert_eq!(currency("EURO 5", u), None);
        // Dates: slashes with the year first, leap days, slashed day and month by language.
        assert_eq!(date("2025/03/04", ""), Some("2025-03-04".into()));
        assert_eq!(date("2024-02-29", ""), Some("2024-02-29".into()));
        assert_eq!(date("2023-02-29", ""), None);
        assert_eq!(date("04/03/2025", "de"), Some("2025-03-04".into()));
        assert_eq!(date("04/03/2025", "en"), Some("2025-04-03".into()));
        // Date-times keep a zone written with a colon, either sign; a bare H:MM is read.
        assert_eq!(
            date_time("2025-03-04T09:30:15+01:00", ""),
            Some("2025-03-04T09:30:15+01:00".into())
        );
        assert_eq!(
            date_time("2025-03-04T09:30:15-05:00", ""),
            Some("2025-03-04T09:30:15-05:00".into())
        );
        assert_eq!(
            date_time("2025-03-04 9:05", ""),
            Some("2025-03-04T09:05:00".into())
        );
        assert_eq!(date_time("2025-03-04 25:00", ""), None);
        // URLs: absolute http(s) only; a protocol-relative text or a script href is not one.
        assert_eq!(url("//evil.test/x", None, "http://a.test/p"), None);
        assert_eq!(
            url("  https://b.test/p  ", None, "http://a.test/"),
            Some("https://b.test/p".into())
        );
        assert_eq!(
            url(
                "/p",
                Some("javascript:alert(1)"),
                "https://a.test:8443/x?q=1"
            ),
            Some("https://a.test:8443/p".into())
        );
        assert_eq!(url("see /p", None, "http://a.test/"), None);
        // Booleans: words and marks, either case.
        for yes in ["1", "on", "Checked", "ENABLED", "✔"] {
            assert_eq!(boolean(yes), Some(true), "{yes}");
        }
        for no in ["0", "off", "—", "Inactive", "☐"] {
            assert_eq!(boolean(no), Some(false), "{no}");
        }
        // Options: an exact match before a case-insensitive one.
        let opts = vec!["open".to_owned(), "Open".to_owned()];
        assert_eq!(one_of("Open", &opts), Some("Open"));
        assert_eq!(one_of("OPEN ", &opts), Some("open"));
    }
}
