//! Reading named values off the page model: a table's head and columns, a list, a region, the
//! section under a heading, a form field by its label, each normalized with where it came from.

use serde_json::{Map, Value, json};

use super::{FieldSpec, ValueKind};
use crate::normalize::{self, DecimalMark};

/// Normalizes what the agent read, as the page writes numbers and dates.
pub struct Reader {
    pub(super) mark: DecimalMark,
    pub(super) lang: String,
    pub(super) url: String,
}

impl Reader {
    /// One text (with the link it holds) as `kind`; `None` when it does not read as one.
    pub(super) fn scalar(
        &self,
        kind: ValueKind,
        text: &str,
        href: Option<&str>,
        f: &FieldSpec,
    ) -> Option<Value> {
        let t = text.trim();
        Some(match kind {
            ValueKind::String => json!(t),
            ValueKind::OptionalString => {
                if t.is_empty() {
                    Value::Null
                } else {
                    json!(t)
                }
            }
            ValueKind::Number => normalize::number(t, self.mark)?,
            ValueKind::Currency => normalize::currency(t, self.mark)?,
            ValueKind::Date => json!(normalize::date(t, &self.lang)?),
            ValueKind::DateTime => json!(normalize::date_time(t, &self.lang)?),
            ValueKind::Boolean => json!(normalize::boolean(t)?),
            ValueKind::Url => json!(normalize::url(t, href, &self.url)?),
            ValueKind::Enum => json!(normalize::one_of(t, f.options.as_deref().unwrap_or(&[]))?),
            ValueKind::List | ValueKind::Record | ValueKind::Table | ValueKind::RepeatedItems => {
                return None;
            }
        })
    }

    /// `scalar`, counting a miss and leaving it null. An empty text is null without a miss.
    pub(super) fn counted(
        &self,
        kind: ValueKind,
        cell: &Value,
        f: &FieldSpec,
        unparsed: &mut u64,
    ) -> Value {
        let text = cell["t"].as_str().unwrap_or("");
        match self.scalar(kind, text, cell["h"].as_str(), f) {
            Some(v) => v,
            None => {
                if !text.trim().is_empty() {
                    *unparsed += 1;
                }
                Value::Null
            }
        }
    }

    /// A table's rows, a column's values or a list's items, as `f.kind` says.
    pub(super) fn items(&self, f: &FieldSpec, r: &Value, unparsed: &mut u64) -> Vec<Value> {
        let cells: Vec<&Value> = if r["rows"].is_array() {
            r["rows"].as_array().into_iter().flatten().collect()
        } else {
            r["items"].as_array().into_iter().flatten().collect()
        };
        if f.kind == ValueKind::Table {
            let headers = headers(r["columns"].as_array().map(Vec::as_slice).unwrap_or(&[]));
            return cells
                .iter()
                .map(|row| {
                    let cells = row.as_array().into_iter().flatten().enumerate();
                    Value::Array(
                        cells
                            .map(|(i, cell)| {
                                let kind = headers
                                    .get(i)
                                    .map_or(ValueKind::String, |h| column_kind(f, h));
                                self.counted(kind, cell, f, unparsed)
                            })
                            .collect(),
                    )
                })
                .collect();
        }
        // A column's rows hold one cell each.
        let one = |v: &Value| -> Value {
            match v {
                Value::Array(a) => a.first().cloned().unwrap_or_default(),
                other => other.clone(),
            }
        };
        cells
            .iter()
            .map(|c| {
                let cell = one(c);
                match f.kind {
                    ValueKind::List => json!(cell["t"].as_str().unwrap_or("")),
                    ValueKind::RepeatedItems => {
                        let mut o = json!({"text": cell["t"].as_str().unwrap_or("")});
                        if let Some(h) = cell["h"].as_str() {
                            o["url"] = json!(h);
                        }
                        o
                    }
                    kind => self.counted(kind, &cell, f, unparsed),
                }
            })
            .collect()
    }

    /// A region's, section's or field's value.
    pub(super) fn single(&self, f: &FieldSpec, r: &Value, unparsed: &mut u64) -> Value {
        if f.kind == ValueKind::Record {
            let mut obj = Map::new();
            for pair in r["pairs"].as_array().into_iter().flatten() {
                let key = pair[0]
                    .as_str()
                    .unwrap_or("")
                    .trim_end_matches(':')
                    .trim()
                    .to_owned();
                if key.is_empty() || obj.contains_key(&key) {
                    continue;
                }
                let kind = column_kind(f, &key);
                let v = self.counted(kind, &pair[1], f, unparsed);
                obj.insert(key, v);
            }
            return Value::Object(obj);
        }
        if let Some(checked) = r["checked"].as_bool() {
            return match f.kind {
                ValueKind::Boolean => json!(checked),
                ValueKind::String | ValueKind::OptionalString => {
                    json!(if checked { "checked" } else { "unchecked" })
                }
                _ => {
                    *unparsed += 1;
                    Value::Null
                }
            };
        }
        self.counted(f.kind, &json!({"t": r["text"]}), f, unparsed)
    }
}

/// A table's column names, and the one currency of each currency column that has one.
pub type TableHead = (Vec<String>, Map<String, Value>);

/// For each currency column of `rows` whose parsed cells all carry one currency code: that
/// code by column name, each cell replaced by its amount. Mixed columns keep their objects.
pub fn hoist_currency(rows: &mut [Value], columns: &[String], f: &FieldSpec) -> Map<String, Value> {
    let mut hoisted = Map::new();
    for (i, column) in columns.iter().enumerate() {
        if column_kind(f, column) != ValueKind::Currency {
            continue;
        }
        let mut codes = rows
            .iter()
            .filter_map(|r| r.get(i))
            .filter(|c| !c.is_null())
            .map(|c| c["currency"].as_str().unwrap_or(""));
        let Some(first) = codes.next().map(str::to_owned) else {
            continue;
        };
        if !codes.all(|c| c == first) {
            continue;
        }
        for row in rows.iter_mut() {
            if let Some(cell) = row.get_mut(i) {
                if !cell.is_null() {
                    *cell = cell["amount"].take();
                }
            }
        }
        hoisted.insert(column.clone(), Value::String(first));
    }
    hoisted
}

/// A table's header texts as object keys: empty ones numbered, repeated ones suffixed.
pub fn headers(columns: &[Value]) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(columns.len());
    for (i, c) in columns.iter().enumerate() {
        let mut h = c.as_str().unwrap_or("").trim().to_owned();
        if h.is_empty() {
            h = format!("column {}", i + 1);
        }
        let base = h.clone();
        let mut n = 2;
        while out.contains(&h) {
            h = format!("{base} {n}");
            n += 1;
        }
        out.push(h);
    }
    out
}

/// The kind `f.columns` gives a column or label (matched ignoring case), else string.
fn column_kind(f: &FieldSpec, key: &str) -> ValueKind {
    f.columns
        .as_ref()
        .and_then(|c| {
            c.iter()
                .find(|(k, _)| k.eq_ignore_ascii_case(key))
                .map(|(_, v)| *v)
        })
        .unwrap_or(ValueKind::String)
}
