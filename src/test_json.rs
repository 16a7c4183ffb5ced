//! JSON helpers shared by the unit tests of the pure modules.

use serde_json::Value;

/// Removes insignificant whitespace from JSON text without reordering keys,
/// so the spec's pretty-printed examples can be compared byte for byte.
pub(crate) fn minify(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_string = false;
    let mut escaped = false;
    for c in text.chars() {
        if in_string {
            out.push(c);
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
        } else if c == '"' {
            in_string = true;
            out.push(c);
        } else if !c.is_whitespace() {
            out.push(c);
        }
    }
    out
}

/// Sets the value at a JSON pointer, creating the last key of an object.
pub(crate) fn with(mut v: Value, pointer: &str, new: Value) -> Value {
    let (parent, key) = pointer.rsplit_once('/').expect("pointer");
    match v.pointer_mut(parent).expect("parent exists") {
        Value::Object(map) => {
            map.insert(key.to_owned(), new);
        }
        Value::Array(items) => items[key.parse::<usize>().expect("index")] = new,
        _ => panic!("parent is not a container"),
    }
    v
}
